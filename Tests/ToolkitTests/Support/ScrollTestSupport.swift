// Shared helpers for the scroll tests: a view that records the touch calls it gets, a delegate that
// records its callbacks, scene builders and gesture scripts on `HeadlessWindow`.

import Testing
@testable import ToolkitCore

/// One touch call a `RecordingView` received.
struct TouchCall: Equatable, CustomStringConvertible {
    enum Kind: String { case began, moved, ended, cancelled }
    var kind: Kind
    var id: Int
    var location: Point
    var timestamp: Duration

    var description: String { "\(kind.rawValue)(\(id))" }
}

/// A view that records every touch call, per touch.
@MainActor
final class RecordingView: View {
    var calls: [TouchCall] = []
    var onCall: ((TouchCall) -> Void)?

    private func record(_ kind: TouchCall.Kind, _ touches: [Touch]) {
        for t in touches {
            let call = TouchCall(kind: kind, id: t.id, location: t.location, timestamp: t.timestamp)
            calls.append(call)
            onCall?(call)
        }
    }
    override func touchesBegan(_ touches: [Touch]) { record(.began, touches) }
    override func touchesMoved(_ touches: [Touch]) { record(.moved, touches) }
    override func touchesEnded(_ touches: [Touch]) { record(.ended, touches) }
    override func touchesCancelled(_ touches: [Touch]) { record(.cancelled, touches) }

    /// The kinds received, moves collapsed (a run of moves counts once).
    var summary: [TouchCall.Kind] {
        var out: [TouchCall.Kind] = []
        for c in calls where !(c.kind == .moved && out.last == .moved) { out.append(c.kind) }
        return out
    }

    /// Checks the per-touch grammar: began, moved*, then exactly one of ended / cancelled, nothing after.
    /// Returns the first violation, or nil. With `requireEnded`, every begun touch must have ended.
    func grammarViolation(requireEnded: Bool) -> String? {
        var open: Set<Int> = []
        for c in calls {
            switch c.kind {
            case .began:
                if open.contains(c.id) { return "began twice for \(c.id)" }
                open.insert(c.id)
            case .moved:
                if !open.contains(c.id) { return "moved for \(c.id) not begun/after end" }
            case .ended, .cancelled:
                if open.remove(c.id) == nil { return "\(c.kind) for \(c.id) not begun/after end" }
            }
        }
        if requireEnded && !open.isEmpty { return "touches never ended: \(open.sorted())" }
        return nil
    }
}

/// A delegate recording its callbacks by name.
@MainActor
final class RecordingDelegate: ScrollContainerDelegate {
    var events: [String] = []
    var releaseVelocities: [Point] = []
    var offeredTargets: [Point] = []
    /// When set, `willEndDragging` moves the target there.
    var overrideTarget: Point?
    var didScrollCount = 0

    func scrollContainerDidScroll(_ container: ScrollContainer) {
        didScrollCount += 1
        if events.last != "didScroll" { events.append("didScroll") }
    }
    func scrollContainerWillBeginDragging(_ container: ScrollContainer) { events.append("willBeginDragging") }
    func scrollContainerWillEndDragging(_ container: ScrollContainer, velocity: Point,
                                        targetContentOffset: inout Point) {
        events.append("willEndDragging")
        releaseVelocities.append(velocity)
        offeredTargets.append(targetContentOffset)
        if let overrideTarget { targetContentOffset = overrideTarget }
    }
    func scrollContainerDidEndDragging(_ container: ScrollContainer, willDecelerate: Bool) {
        events.append("didEndDragging(\(willDecelerate))")
    }
    func scrollContainerWillBeginDecelerating(_ container: ScrollContainer) { events.append("willBeginDecelerating") }
    func scrollContainerDidEndDecelerating(_ container: ScrollContainer) { events.append("didEndDecelerating") }
    func scrollContainerDidEndScrollingAnimation(_ container: ScrollContainer) {
        events.append("didEndScrollingAnimation")
    }
}

/// A window holding one scroll container over a recording content view.
@MainActor
struct ScrollScene {
    let window: HeadlessWindow
    let container: ScrollContainer
    let content: RecordingView
    let delegate: RecordingDelegate

    /// Container `viewport` at the window origin, content of `contentSize` filling the content area.
    init(viewport: Size = Size(width: 400, height: 800), contentSize: Size = Size(width: 400, height: 4000),
         container: ScrollContainer? = nil) {
        window = HeadlessWindow(size: viewport)
        self.container = container ?? ScrollContainer(frame: Rect(origin: .zero, size: viewport))
        self.container.frame = Rect(origin: .zero, size: viewport)
        self.container.contentSize = contentSize
        content = RecordingView(frame: Rect(origin: .zero, size: contentSize))
        delegate = RecordingDelegate()
        self.container.delegate = delegate
        self.container.addSubview(content)
        window.rootView.addSubview(self.container)
    }
}

extension HeadlessWindow {
    /// Advances by `ms` milliseconds.
    func advance(ms: Double) {
        advance(by: .microseconds(Int64((ms * 1000).rounded())))
    }

    /// Moves finger `id` from `from` to `to` in `steps` equal moves spread over `duration` ms (the first move
    /// one step after now). Does not touch down or lift.
    func moveLinearly(id: Int, from: Point, to: Point, steps: Int, durationMS: Double) {
        for k in 1...max(1, steps) {
            advance(ms: durationMS / Double(steps))
            let f = Double(k) / Double(steps)
            touchMove(id: id, to: from + (to - from) * f)
        }
    }

    /// A whole drag: down at `from`, linear moves to `to`, optional hold, up.
    func drag(id: Int = 1, from: Point, to: Point, steps: Int = 10, durationMS: Double = 200,
              holdMS: Double = 0, lift: Bool = true) {
        touchDown(id: id, at: from)
        moveLinearly(id: id, from: from, to: to, steps: steps, durationMS: durationMS)
        if holdMS > 0 { advance(ms: holdMS) }
        if lift { touchUp(id: id) }
    }

    /// Runs frames until the scroll container is at rest (or `maxMS` passed).
    func settle(_ container: ScrollContainer, maxMS: Double = 10_000) {
        var elapsed = 0.0
        while (container.isDecelerating || container.isDragging || container.arbitration.isAnimating)
                && elapsed < maxMS {
            advance(ms: 10)
            elapsed += 10
        }
        advance(ms: 20)
    }
}

/// `a` and `b` within `tolerance`.
func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool {
    abs(a - b) <= tolerance
}
