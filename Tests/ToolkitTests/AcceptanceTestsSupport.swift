// Helpers for the acceptance tests: written as an outsider would, against the public names of
// shared/spec/API.md only (`import Toolkit`, no @testable). Every helper name starts with `acc`/`Acc` so it
// cannot collide with the project's own (internal-access) test helpers in the same test target.

import Testing
import ToolkitCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One touch call received by an `AccProbe`.
struct AccCall: Equatable, CustomStringConvertible {
    enum Kind: String { case began, moved, ended, cancelled }
    var kind: Kind
    var id: Int
    var location: Point
    var timestamp: Duration
    var description: String { "\(kind.rawValue)#\(id)" }
}

/// A content view that records every touch call.
@MainActor
final class AccProbe: View {
    var calls: [AccCall] = []
    private func record(_ kind: AccCall.Kind, _ touches: [Touch]) {
        for t in touches {
            calls.append(AccCall(kind: kind, id: t.id, location: t.location, timestamp: t.timestamp))
        }
    }
    override func touchesBegan(_ touches: [Touch]) { record(.began, touches) }
    override func touchesMoved(_ touches: [Touch]) { record(.moved, touches) }
    override func touchesEnded(_ touches: [Touch]) { record(.ended, touches) }
    override func touchesCancelled(_ touches: [Touch]) { record(.cancelled, touches) }

    /// The kinds received, without moves.
    var kinds: [AccCall.Kind] { calls.map(\.kind).filter { $0 != .moved } }

    /// The per-touch grammar: began, moved*, then exactly one of ended / cancelled, nothing after.
    var grammarHolds: Bool {
        var open: Set<Int> = [], closed: Set<Int> = []
        for c in calls {
            switch c.kind {
            case .began:
                if open.contains(c.id) { return false }
                open.insert(c.id); closed.remove(c.id)
            case .moved:
                if !open.contains(c.id) { return false }
            case .ended, .cancelled:
                if open.remove(c.id) == nil { return false }
                closed.insert(c.id)
            }
        }
        return true
    }
}

/// A `Control` that records touch calls (scroll containers do not cancel controls by default).
@MainActor
final class AccControl: Control {
    var kinds: [AccCall.Kind] = []
    override func touchesBegan(_ touches: [Touch]) { kinds.append(.began) }
    override func touchesMoved(_ touches: [Touch]) { if kinds.last != .moved { kinds.append(.moved) } }
    override func touchesEnded(_ touches: [Touch]) { kinds.append(.ended) }
    override func touchesCancelled(_ touches: [Touch]) { kinds.append(.cancelled) }
}

/// What the container said about itself when a delegate method ran.
struct AccState: Equatable {
    var tracking: Bool
    var dragging: Bool
    var decelerating: Bool
}

/// A delegate that logs its calls, with the container's state at each one.
@MainActor
final class AccDelegate: ScrollContainerDelegate {
    /// Calls by name, runs of didScroll collapsed to one entry.
    var log: [String] = []
    /// Every call, didScroll included each time.
    var fullLog: [String] = []
    var states: [String: AccState] = [:]
    var velocities: [Point] = []
    var offeredTargets: [Point] = []
    var didScrollCount = 0
    var didEndScrollingAnimationCount = 0
    /// When set, `willEndDragging` replaces the target with its result.
    var retarget: ((Point, Point) -> Point)?
    /// Runs in every didScroll.
    var onScroll: ((ScrollContainer) -> Void)?

    private func note(_ name: String, _ c: ScrollContainer) {
        fullLog.append(name)
        if !(name == "didScroll" && log.last == "didScroll") { log.append(name) }
        if states[name] == nil {
            states[name] = AccState(tracking: c.isTracking, dragging: c.isDragging, decelerating: c.isDecelerating)
        }
    }
    func scrollContainerDidScroll(_ c: ScrollContainer) {
        didScrollCount += 1
        note("didScroll", c)
        onScroll?(c)
    }
    func scrollContainerWillBeginDragging(_ c: ScrollContainer) { note("willBeginDragging", c) }
    func scrollContainerWillEndDragging(_ c: ScrollContainer, velocity: Point, targetContentOffset: inout Point) {
        note("willEndDragging", c)
        velocities.append(velocity)
        offeredTargets.append(targetContentOffset)
        if let retarget { targetContentOffset = retarget(velocity, targetContentOffset) }
    }
    func scrollContainerDidEndDragging(_ c: ScrollContainer, willDecelerate: Bool) {
        note("didEndDragging(\(willDecelerate))", c)
    }
    func scrollContainerWillBeginDecelerating(_ c: ScrollContainer) { note("willBeginDecelerating", c) }
    func scrollContainerDidEndDecelerating(_ c: ScrollContainer) { note("didEndDecelerating", c) }
    func scrollContainerDidEndScrollingAnimation(_ c: ScrollContainer) {
        didEndScrollingAnimationCount += 1
        note("didEndScrollingAnimation", c)
    }

    /// The log without didScroll entries.
    var milestones: [String] { log.filter { $0 != "didScroll" } }
}

/// A window with one scroll container (at the window origin) over one recording content view.
@MainActor
struct AccScene {
    let window: HeadlessWindow
    let container: ScrollContainer
    let content: AccProbe
    let delegate = AccDelegate()

    init(viewport: Size = Size(width: 400, height: 800), content size: Size = Size(width: 400, height: 4000),
         container: ScrollContainer? = nil) {
        window = HeadlessWindow(size: viewport)
        let c = container ?? ScrollContainer(frame: Rect(origin: .zero, size: viewport))
        c.frame = Rect(origin: .zero, size: viewport)
        c.contentSize = size
        content = AccProbe(frame: Rect(origin: .zero, size: size))
        c.addSubview(content)
        c.delegate = delegate
        window.rootView.addSubview(c)
        self.container = c
    }
}

extension HeadlessWindow {
    /// Advances by `ms` milliseconds (rounded to the microsecond).
    func accAdvance(_ ms: Double) {
        advance(by: .microseconds(Int64((ms * 1000).rounded())))
    }

    /// Moves finger `id` from `from` to `to` in `steps` equal moves over `ms` milliseconds; the first move
    /// comes one step after now.
    func accMove(_ id: Int, from: Point, to: Point, steps: Int, ms: Double) {
        for k in 1...steps {
            accAdvance(ms / Double(steps))
            let f = Double(k) / Double(steps)
            touchMove(id: id, to: Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f))
        }
    }

    /// A fling: down at `from`, `steps` equal moves to `to` over `ms`, lift right after the last move.
    func accFling(_ id: Int = 1, from: Point, to: Point, steps: Int = 4, ms: Double = 50) {
        touchDown(id: id, at: from)
        accMove(id, from: from, to: to, steps: steps, ms: ms)
        touchUp(id: id)
    }

    /// Advances 1 ms at a time until `done()` or `limitMS` passed; returns the time spent, in ms.
    @discardableResult
    func accRun(until done: () -> Bool, limitMS: Double = 20_000) -> Double {
        var spent = 0.0
        while !done() && spent < limitMS {
            accAdvance(1)
            spent += 1
        }
        return spent
    }

    /// Runs until the container is neither dragging nor decelerating (at rest after a release).
    @discardableResult
    func accSettle(_ c: ScrollContainer, limitMS: Double = 20_000) -> Double {
        accRun(until: { !c.isDecelerating && !c.isDragging }, limitMS: limitMS)
    }
}

/// Seconds in a Duration.
func accSeconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
}

/// The spec's rubber band b(x) = (1 - 1/(x*0.55/d + 1)) * d.
func accRubberBand(_ x: Double, _ d: Double) -> Double {
    (1 - 1 / (x * 0.55 / d + 1)) * d
}

/// The spec's total travel of a fling: -v0 / (1000 ln r).
func accTravel(_ v0: Double, rate: Double) -> Double {
    -v0 / (1000 * log(rate))
}
