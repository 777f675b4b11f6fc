// The one harness of the scroll tests, the acceptance tests (AcceptanceTests*.swift) included: a view and a
// control that record the touch calls they get, a delegate that records its callbacks, the scene builder, and
// gesture scripts on `HeadlessWindow`. The acceptance tests themselves import only ToolkitCore's public names;
// the harness may look inside (`settle` waits for the arbitration's animations too).

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

    /// The kinds received, without moves.
    var kinds: [TouchCall.Kind] { calls.map(\.kind).filter { $0 != .moved } }

    /// Whether the per-touch grammar holds (see `grammarViolation(requireEnded:)`), touches still down allowed.
    var grammarHolds: Bool { grammarViolation(requireEnded: false) == nil }

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

/// A `Control` that records the kinds of touch calls it gets, moves collapsed (scroll containers do not cancel
/// controls by default).
@MainActor
final class RecordingControl: Control {
    var kinds: [TouchCall.Kind] = []
    override func touchesBegan(_ touches: [Touch]) { kinds.append(.began) }
    override func touchesMoved(_ touches: [Touch]) { if kinds.last != .moved { kinds.append(.moved) } }
    override func touchesEnded(_ touches: [Touch]) { kinds.append(.ended) }
    override func touchesCancelled(_ touches: [Touch]) { kinds.append(.cancelled) }
}

/// What the container said about itself when a delegate method ran.
struct RecordedState: Equatable {
    var tracking: Bool
    var dragging: Bool
    var decelerating: Bool
}

/// A delegate recording its callbacks by name, with the container's state at the first call of each.
@MainActor
final class RecordingDelegate: ScrollContainerDelegate {
    /// Calls by name, runs of didScroll collapsed to one entry.
    var events: [String] = []
    /// Every call, didScroll included each time.
    var fullLog: [String] = []
    /// The container's state at the first call of each name.
    var states: [String: RecordedState] = [:]
    var releaseVelocities: [Point] = []
    var offeredTargets: [Point] = []
    /// When set, `willEndDragging` moves the target there.
    var overrideTarget: Point?
    /// When set, `willEndDragging` replaces the target with its result (velocity, offered target).
    var retarget: ((Point, Point) -> Point)?
    /// Runs in every didScroll.
    var onScroll: ((ScrollContainer) -> Void)?
    var didScrollCount = 0
    var didEndScrollingAnimationCount = 0

    /// The calls without didScroll.
    var milestones: [String] { events.filter { $0 != "didScroll" } }

    private func note(_ name: String, _ container: ScrollContainer) {
        fullLog.append(name)
        if !(name == "didScroll" && events.last == "didScroll") { events.append(name) }
        if states[name] == nil {
            states[name] = RecordedState(
                tracking: container.isTracking, dragging: container.isDragging,
                decelerating: container.isDecelerating)
        }
    }
    func scrollContainerDidScroll(_ container: ScrollContainer) {
        didScrollCount += 1
        note("didScroll", container)
        onScroll?(container)
    }
    func scrollContainerWillBeginDragging(_ container: ScrollContainer) { note("willBeginDragging", container) }
    func scrollContainerWillEndDragging(
        _ container: ScrollContainer, velocity: Point,
        targetContentOffset: inout Point
    ) {
        note("willEndDragging", container)
        releaseVelocities.append(velocity)
        offeredTargets.append(targetContentOffset)
        if let overrideTarget { targetContentOffset = overrideTarget }
        if let retarget { targetContentOffset = retarget(velocity, targetContentOffset) }
    }
    func scrollContainerDidEndDragging(_ container: ScrollContainer, willDecelerate: Bool) {
        note("didEndDragging(\(willDecelerate))", container)
    }
    func scrollContainerWillBeginDecelerating(_ container: ScrollContainer) {
        note("willBeginDecelerating", container)
    }
    func scrollContainerDidEndDecelerating(_ container: ScrollContainer) { note("didEndDecelerating", container) }
    func scrollContainerDidEndScrollingAnimation(_ container: ScrollContainer) {
        didEndScrollingAnimationCount += 1
        note("didEndScrollingAnimation", container)
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
    init(
        viewport: Size = Size(width: 400, height: 800), contentSize: Size = Size(width: 400, height: 4000),
        container: ScrollContainer? = nil
    ) {
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

/// A horizontal pager of three 400 x 800 pages, each a vertical list (4000 pt of content) of `rowsPerList`
/// recording rows of equal height (20 rows of 200 pt by default; 1 makes each list's content one probe).
@MainActor
struct NestedScene {
    let window = HeadlessWindow(size: Size(width: 400, height: 800))
    let pager = ScrollContainer(frame: Rect(x: 0, y: 0, width: 400, height: 800))
    var lists: [ScrollContainer] = []
    var rows: [[RecordingView]] = []
    let pagerDelegate = RecordingDelegate()
    var listDelegates: [RecordingDelegate] = []

    init(rowsPerList: Int = 20) {
        let rowHeight = 4000 / Double(rowsPerList)
        pager.contentSize = Size(width: 1200, height: 800)
        pager.isPagingEnabled = true
        pager.delegate = pagerDelegate
        for page in 0..<3 {
            let list = ScrollContainer(frame: Rect(x: Double(page) * 400, y: 0, width: 400, height: 800))
            list.contentSize = Size(width: 400, height: 4000)
            let d = RecordingDelegate()
            list.delegate = d
            listDelegates.append(d)
            var pageRows: [RecordingView] = []
            for r in 0..<rowsPerList {
                let row = RecordingView(frame: Rect(x: 0, y: Double(r) * rowHeight, width: 400, height: rowHeight))
                list.addSubview(row)
                pageRows.append(row)
            }
            rows.append(pageRows)
            pager.addSubview(list)
            lists.append(list)
        }
        window.rootView.addSubview(pager)
    }

    var allRows: [RecordingView] { rows.flatMap { $0 } }
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
    func drag(
        id: Int = 1, from: Point, to: Point, steps: Int = 10, durationMS: Double = 200,
        holdMS: Double = 0, lift: Bool = true
    ) {
        touchDown(id: id, at: from)
        moveLinearly(id: id, from: from, to: to, steps: steps, durationMS: durationMS)
        if holdMS > 0 { advance(ms: holdMS) }
        if lift { touchUp(id: id) }
    }

    /// A fling: down at `from`, `steps` equal moves to `to` over `durationMS`, lift right after the last move.
    func fling(id: Int = 1, from: Point, to: Point, steps: Int = 4, durationMS: Double = 50) {
        drag(id: id, from: from, to: to, steps: steps, durationMS: durationMS)
    }

    /// Advances 1 ms at a time until `done()` or `limitMS` passed; returns the time spent, in ms.
    @discardableResult
    func run(until done: () -> Bool, limitMS: Double = 20_000) -> Double {
        var spent = 0.0
        while !done() && spent < limitMS {
            advance(ms: 1)
            spent += 1
        }
        return spent
    }

    /// Advances 1 ms at a time until `container` is neither dragging nor decelerating (at rest after a
    /// release, as its public state says); returns the time that took, in ms (a measurement, unlike `settle`).
    @discardableResult
    func runToRest(_ container: ScrollContainer, limitMS: Double = 20_000) -> Double {
        run(until: { !container.isDecelerating && !container.isDragging }, limitMS: limitMS)
    }

    /// Runs frames until the scroll container is at rest (or `maxMS` passed).
    func settle(_ container: ScrollContainer, maxMS: Double = 10_000) {
        var elapsed = 0.0
        while (container.isDecelerating || container.isDragging || container.arbitration.isAnimating)
            && elapsed < maxMS
        {
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

/// Whether `c` rests where <doc:ScrollBehaviour> §1 and §6 say a container at rest may be, computed from its public
/// properties alone (an oracle independent of `ScrollPolicy`): each axis inside `-inset.leading ... content +
/// inset.trailing - bounds` (or at `-inset.leading` when the content is smaller), and on paging axes a multiple
/// of the page size (the bounds size unless `pageSize` is set) from the start of the range, or the end of the
/// range. Within `tolerance` points.
@MainActor
func restsWhereTheSpecAllows(_ c: ScrollContainer, tolerance: Double = 1e-6) -> Bool {
    let offset = c.contentOffset
    for axis in Axis.allCases {
        let horizontal = axis == .horizontal
        let leading = horizontal ? c.contentInset.left : c.contentInset.top
        let trailing = horizontal ? c.contentInset.right : c.contentInset.bottom
        let content = horizontal ? c.contentSize.width : c.contentSize.height
        let viewport = horizontal ? c.bounds.width : c.bounds.height
        let low = -leading
        let high = max(low, content + trailing - viewport)
        let x = horizontal ? offset.x : offset.y
        guard x >= low - tolerance, x <= high + tolerance else { return false }
        let pagesThisAxis = c.isPagingEnabled && c.pagingAxes.contains(horizontal ? .horizontal : .vertical)
        let page = c.pageSize.map { horizontal ? $0.width : $0.height } ?? viewport
        if pagesThisAxis && page >= 1 && page.isFinite {
            let k = ((x - low) / page).rounded()
            let onBoundary = abs(low + k * page - x) <= tolerance
            guard onBoundary || abs(x - high) <= tolerance else { return false }
        }
    }
    return true
}

/// Draws `core` in full into a fresh image (`width` x `height` pixels at `pixelsPerPoint`) and compares it, pixel
/// for pixel, with `pixel(x, y)`: how many pixels differ, and the first one as "(x, y)".
@MainActor
func differencesFromFullRender(
    _ core: WindowCore, width: Int, height: Int, pixelsPerPoint: Double,
    pixel: (Int, Int) -> UInt32
) -> (count: Int, first: String) {
    var full = Image(width: width, height: height)
    core.addDamage(Rect(origin: .zero, size: core.size))
    Canvas.draw(into: &full, pixelsPerPoint: pixelsPerPoint) { core.draw(into: $0) }
    var wrong = 0
    var first = ""
    for y in 0..<height {
        for x in 0..<width where pixel(x, y) != full.pixel(x: x, y: y) {
            if wrong == 0 { first = "(\(x), \(y))" }
            wrong += 1
        }
    }
    return (wrong, first)
}
