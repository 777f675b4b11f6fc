// <doc:ScrollBehaviour> §14, flings hand off: a fling that reaches the latched container's edge passes its velocity
// at that instant to the next container up, which decelerates from it at its own rate; the one that handed off does
// not bounce. Paging containers chain too.

import Foundation
import Testing

@testable import ToolkitCore

@MainActor @Suite struct ScrollChainFlingTests {
    typealias Nest = ScrollChainHandOffTests.Nest

    /// A flick: finger 1 moves by `dy` in 3 frames of 16 ms from `start` and lifts at once.
    static func flick(_ window: HeadlessWindow, from start: Point, by delta: Point) {
        window.touchDown(id: 1, at: start)
        for step in 1...3 {
            window.advance(ms: 16)
            window.touchMove(
                id: 1,
                to: Point(
                    x: start.x + delta.x * Double(step) / 3,
                    y: start.y + delta.y * Double(step) / 3))
        }
        window.touchUp(id: 1)
    }

    @Test func aFlingReachingTheListsEdgeGoesOnInTheFeedWithoutABounce() {
        let n = Nest(feedHeight: 6000)
        n.feed.contentOffset = Point(x: 0, y: 500)  // the list at window y 100...400
        n.list.contentOffset = Point(x: 0, y: 400)
        Self.flick(n.window, from: Point(x: 200, y: 350), by: Point(x: 0, y: -90))
        let released = n.list.contentOffset.y
        let velocity = n.listDelegate.releaseVelocities.last?.y ?? 0
        #expect(velocity > 1000 && n.list.isDecelerating && n.feed.contentOffset.y == 500)
        var highest = 0.0
        for _ in 0..<600 {
            n.window.advance(ms: 16)
            highest = max(highest, n.list.contentOffset.y)
        }
        // The list stopped at its edge, never past it; the feed went on. With the same rate, the feed's travel is
        // what the list's fling had left at the edge: its natural travel v / (1000 ln(1/0.998)) less the way to it.
        #expect(highest == 700 && n.list.contentOffset.y == 700)
        let natural = velocity / (1000 * log(1 / 0.998))
        #expect(abs(n.feed.contentOffset.y - (500 + natural - (700 - released))) < 0.5)
        #expect(n.listDelegate.milestones.suffix(2) == ["willBeginDecelerating", "didEndDecelerating"])
        #expect(n.feedDelegate.milestones == ["willBeginDecelerating", "didEndDecelerating"])
        #expect(!n.feed.isDecelerating && !n.list.isDecelerating)
    }

    @Test func theFeedDeceleratesAtItsOwnRate() {
        let n = Nest(feedHeight: 6000)
        n.feed.decelerationRate = .fast
        n.feed.contentOffset = Point(x: 0, y: 500)
        n.list.contentOffset = Point(x: 0, y: 400)
        Self.flick(n.window, from: Point(x: 200, y: 350), by: Point(x: 0, y: -90))
        let released = n.list.contentOffset.y
        let velocity = n.listDelegate.releaseVelocities.last?.y ?? 0
        n.window.advance(ms: 10000)
        // The velocity at the edge, v + 1000 ln(0.998) x, carries the feed v_e / (1000 ln(1/0.99)).
        let atEdge = velocity + 1000 * log(0.998) * (700 - released)
        #expect(atEdge > 0)
        #expect(abs(n.feed.contentOffset.y - (500 + atEdge / (1000 * log(1 / 0.99)))) < 0.5)
        #expect(n.list.contentOffset.y == 700)
    }

    @Test func aReleaseAtTheListsEdgeFlingsTheFeed() {
        let n = Nest(feedHeight: 6000)
        n.feed.contentOffset = Point(x: 0, y: 500)
        n.list.contentOffset = Point(x: 0, y: 660)
        Self.flick(n.window, from: Point(x: 200, y: 350), by: Point(x: 0, y: -120))
        // 110 past the slop: 40 for the list, 70 for the feed; the release velocity is the feed's.
        #expect(n.list.contentOffset.y == 700)
        let lifted = n.feed.contentOffset.y
        #expect(lifted == 570)
        let velocity = n.feedDelegate.releaseVelocities.last?.y ?? 0
        #expect(velocity > 1000 && n.feed.isDecelerating && !n.list.isDecelerating)
        n.window.advance(ms: 10000)
        #expect(n.list.contentOffset.y == 700)
        #expect(abs(n.feed.contentOffset.y - (lifted + velocity / (1000 * log(1 / 0.998)))) < 0.01)
        #expect(
            n.feedDelegate.milestones == [
                "willBeginDragging", "willEndDragging", "didEndDragging(true)",
                "willBeginDecelerating", "didEndDecelerating"
            ])
    }

    @Test func anInnerPagerOnItsLastPageLetsAFlickPageTheOuterPager() {
        let window = HeadlessWindow(size: Size(width: 400, height: 300))
        let outer = ScrollContainer(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        outer.contentSize = Size(width: 1200, height: 300)
        outer.isPagingEnabled = true
        let inner = ScrollContainer(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        inner.contentSize = Size(width: 800, height: 300)
        inner.isPagingEnabled = true
        outer.addSubview(inner)
        window.rootView.addSubview(outer)
        inner.contentOffset = Point(x: 400, y: 0)  // its last page
        Self.flick(window, from: Point(x: 300, y: 150), by: Point(x: -60, y: 0))
        window.advance(ms: 1000)
        #expect(outer.contentOffset.x == 400 && inner.contentOffset.x == 400)
        // Halfway through a drag: the inner pager reaches its last page, the rest moves the outer one, and the
        // flick pages it.
        inner.contentOffset = Point(x: 350, y: 0)
        outer.contentOffset = Point(x: 0, y: 0)
        Self.flick(window, from: Point(x: 300, y: 150), by: Point(x: -90, y: 0))
        #expect(inner.contentOffset.x == 400 && outer.contentOffset.x == 30)
        window.advance(ms: 1000)
        #expect(outer.contentOffset.x == 400 && inner.contentOffset.x == 400)
    }
}
