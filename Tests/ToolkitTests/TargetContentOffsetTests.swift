// The delegate's targetContentOffset is where the content comes to rest (<doc:ScrollBehaviour> §5): within 0.01 pt at
// rest, on a monotonic path, for targets short of, beyond and behind the natural landing point, and a short target no
// later than the natural deceleration would have come to rest. Driven through a HeadlessWindow's touches.

import Testing
import ToolkitCore

@MainActor
@Suite struct TargetContentOffsetTests {
    /// Where the delegate puts the target, relative to the natural landing point `natural` and the offset at the
    /// release `released` (vertical axis; the fling goes down the content).
    enum Placement: CustomTestStringConvertible, Sendable, CaseIterable {
        case shortByAThird, shortToATwentieth, shortInTheLastQuarterPoint, beyondByHalf, beyondThreeTimes,
            behind, behindByAPoint

        func target(natural: Double, released: Double) -> Double {
            let travel = natural - released
            switch self {
            case .shortByAThird: return natural - travel / 3
            case .shortToATwentieth: return released + travel / 20
            case .shortInTheLastQuarterPoint: return natural - 0.25
            case .beyondByHalf: return natural + travel / 2
            case .beyondThreeTimes: return natural + travel * 3
            case .behind: return released - 300
            case .behindByAPoint: return released - 1
            }
        }

        var isShort: Bool {
            switch self {
            case .shortByAThird, .shortToATwentieth, .shortInTheLastQuarterPoint: return true
            case .beyondByHalf, .beyondThreeTimes, .behind, .behindByAPoint: return false
            }
        }

        var testDescription: String { "\(self)" }
    }

    /// What a fling did after the release.
    struct Landing {
        var released: Point
        var natural: Point
        var rest: Point
        /// Milliseconds from the release until the container stopped decelerating.
        var restMS: Double
        /// Whether every offset seen on the way moved toward `rest` and never past it, per axis.
        var monotonic: Bool
    }

    /// A 2000 pt/s flick up (the content moves down) on a tall list from offset 3000, sampled every 10 ms; the
    /// delegate's target is `retarget(natural, released)`, or the natural one when nil.
    func fling(velocity: Point = Point(x: 0, y: 2000), retarget: ((Point, Point) -> Point)?) -> Landing {
        let s = ScrollScene(contentSize: Size(width: 4000, height: 40_000))
        s.container.contentOffset = Point(x: 1000, y: 3000)
        var released = Point.zero
        // The container, not the scene: the scene owns the delegate, which would then own itself (a leak).
        s.delegate.retarget = { [container = s.container] _, offered in
            released = container.contentOffset
            return retarget?(offered, released) ?? offered
        }
        let start = Point(x: 200, y: 600)
        s.window.touchDown(id: 1, at: start)
        for k in 1...10 {
            s.window.advance(ms: 10)
            s.window.touchMove(id: 1, to: start - velocity * (Double(k) * 0.01))
        }
        s.window.touchUp(id: 1)
        let natural = s.delegate.offeredTargets.first ?? .zero
        let rest = retarget?(natural, released) ?? natural
        var last = s.container.contentOffset
        var monotonic = true
        s.delegate.onScroll = { c in
            let now = c.contentOffset
            for axis in [Axis.horizontal, .vertical] {
                let toward = rest[axis] - last[axis]
                let step = now[axis] - last[axis]
                let left = rest[axis] - now[axis]
                if step * toward < -1e-9 || left * toward < -1e-9 { monotonic = false }
            }
            last = now
        }
        let spent = s.window.runToRest(s.container)
        return Landing(
            released: released, natural: natural, rest: s.container.contentOffset, restMS: spent,
            monotonic: monotonic)
    }

    @Test(arguments: Placement.allCases)
    func theTargetIsReachedExactly(_ placement: Placement) {
        let natural = fling(retarget: nil)
        var target = Point.zero
        let landing = fling { offered, released in
            target = Point(x: offered.x, y: placement.target(natural: offered.y, released: released.y))
            return target
        }
        #expect(landing.natural == natural.natural)
        #expect(abs(landing.rest.y - target.y) <= 0.01, "rest \(landing.rest.y), target \(target.y)")
        #expect(landing.rest.x == landing.released.x)
        #expect(landing.monotonic)
        if placement.isShort {
            #expect(landing.restMS <= natural.restMS, "\(landing.restMS) ms, natural \(natural.restMS) ms")
        }
    }

    @Test func aTargetOnBothAxesIsReachedOnBoth() {
        // A diagonal flick; the delegate moves the target short on x and beyond on y.
        var target = Point.zero
        let landing = fling(velocity: Point(x: 1500, y: 2500)) { offered, released in
            target = Point(x: offered.x - (offered.x - released.x) / 2, y: offered.y + 400.375)
            return target
        }
        #expect(abs(landing.rest.x - target.x) <= 0.01)
        #expect(abs(landing.rest.y - target.y) <= 0.01)
        #expect(landing.monotonic)
    }

    @Test func theTargetStaysPutAfterRest() {
        var target = Point.zero
        let s = ScrollScene(contentSize: Size(width: 400, height: 40_000))
        s.delegate.retarget = { _, offered in
            target = Point(x: 0, y: offered.y - 123.456)
            return target
        }
        s.window.fling(from: Point(x: 200, y: 700), to: Point(x: 200, y: 500), steps: 5, durationMS: 60)
        s.window.runToRest(s.container)
        let rest = s.container.contentOffset
        #expect(abs(rest.y - target.y) <= 0.01)
        s.window.advance(ms: 1000)
        #expect(s.container.contentOffset == rest)
        #expect(!s.container.isDecelerating && !s.container.isDragging)
    }
}
