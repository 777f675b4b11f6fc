// <doc:ScrollBehaviour> §15, pull to refresh: trigger by the rubber-banded overscroll at the lift, `onRefresh` once,
// the offset resting at minOffset - height until `endRefreshing()` brings it back over 0.3 s, a second pull doing
// nothing more, the spinner drawn by the toolkit.

import Testing

@testable import ToolkitCore

@MainActor @Suite struct RefreshControlTests {
    /// A 400 x 800 container over 4000 pt with a refresh control counting its refreshes.
    final class Counter { var refreshes = 0 }

    static func scene() -> (ScrollScene, RefreshControl, Counter) {
        let s = ScrollScene()
        let control = RefreshControl()
        let counter = Counter()
        control.onRefresh = { counter.refreshes += 1 }
        s.container.refreshControl = control
        return (s, control, counter)
    }

    /// Pulls the content down by `finger` points past the top edge (plus the 10 pt slop), holds still, lifts.
    static func pull(_ s: ScrollScene, finger: Double) {
        s.window.drag(
            from: Point(x: 200, y: 100), to: Point(x: 200, y: 110 + finger), steps: 10, durationMS: 200,
            holdMS: 100)
    }

    @Test func defaultsAndPlacement() {
        let (s, control, _) = RefreshControlTests.scene()
        #expect(control.triggerDistance == 80 && control.height == 60 && !control.isRefreshing)
        #expect(control.superview === s.container)
        #expect(control.frame == Rect(x: 0, y: -60, width: 400, height: 60))  // just above the content
        let other = RefreshControl()
        s.container.refreshControl = other
        #expect(control.superview == nil && other.superview === s.container)
        s.container.refreshControl = nil
        #expect(other.superview == nil)
    }

    @Test func aPullPastTheTriggerRefreshesOnceAndRestsBelowTheEdge() {
        let (s, control, counter) = RefreshControlTests.scene()
        // 170 pt of finger past the edge shows b = (1 - 1 / (170·0.55/800 + 1))·800 = 83.716 pt >= 80.
        s.window.touchDown(id: 1, at: Point(x: 200, y: 100))
        s.window.moveLinearly(
            id: 1, from: Point(x: 200, y: 100), to: Point(x: 200, y: 280), steps: 10,
            durationMS: 200)
        s.window.advance(ms: 100)
        #expect(abs(s.container.contentOffset.y + 83.716) < 0.001)
        #expect(!control.isRefreshing && counter.refreshes == 0)  // nothing before the lift
        s.window.touchUp(id: 1)
        #expect(control.isRefreshing && counter.refreshes == 1)
        s.window.advance(ms: 1000)
        #expect(s.container.contentOffset.y == -60)  // minOffset - height
        #expect(s.container.makePolicy().minOffset.y == -60)
        #expect(!s.container.isDecelerating && counter.refreshes == 1)
    }

    @Test func aPullShortOfTheTriggerDoesNotRefresh() {
        let (s, control, counter) = RefreshControlTests.scene()
        // 150 pt of finger: b = 74.8 pt < 80.
        RefreshControlTests.pull(s, finger: 150)
        #expect(!control.isRefreshing && counter.refreshes == 0)
        s.window.advance(ms: 1000)
        #expect(s.container.contentOffset.y == 0)
    }

    @Test func aSecondPullWhileRefreshingDoesNothingMore() {
        let (s, control, counter) = RefreshControlTests.scene()
        RefreshControlTests.pull(s, finger: 200)
        s.window.advance(ms: 1000)
        RefreshControlTests.pull(s, finger: 300)
        #expect(control.isRefreshing && counter.refreshes == 1)
        s.window.advance(ms: 1000)
        #expect(s.container.contentOffset.y == -60)
    }

    @Test func endRefreshingReturnsToTheEdgeOverThreeTenths() {
        let (s, control, counter) = RefreshControlTests.scene()
        RefreshControlTests.pull(s, finger: 200)
        s.window.advance(ms: 1000)
        control.endRefreshing()
        #expect(!control.isRefreshing)
        s.window.advance(ms: 150)
        // Ease-out at half time: 7/8 of the way from -60 to 0.
        #expect(abs(s.container.contentOffset.y + 7.5) < 1.5)
        s.window.advance(ms: 150)
        #expect(s.container.contentOffset.y == 0)
        #expect(s.container.makePolicy().minOffset.y == 0)
        // A new pull refreshes again.
        RefreshControlTests.pull(s, finger: 200)
        #expect(counter.refreshes == 2)
    }

    @Test func onRefreshMayEndTheRefreshAtOnce() {
        let (s, control, counter) = RefreshControlTests.scene()
        // Weak, as an app would: the control owns its closure.
        control.onRefresh = { [weak control] in
            counter.refreshes += 1
            control?.endRefreshing()
        }
        RefreshControlTests.pull(s, finger: 200)
        #expect(counter.refreshes == 1 && !control.isRefreshing)
        s.window.advance(ms: 1000)
        #expect(s.container.contentOffset.y == 0)
        #expect(!s.container.isDecelerating && !s.container.isDragging)
    }

    @Test func beginRefreshingShowsTheControlWithoutCallingOnRefresh() {
        let (s, control, counter) = RefreshControlTests.scene()
        control.beginRefreshing()
        #expect(control.isRefreshing && counter.refreshes == 0)
        s.window.advance(ms: 300)
        #expect(s.container.contentOffset.y == -60)
        control.endRefreshing()
        s.window.advance(ms: 300)
        #expect(s.container.contentOffset.y == 0)
    }

    @Test func theSpinnerIsDrawnWhileRefreshingAndTurns() {
        let (s, control, _) = RefreshControlTests.scene()
        s.container.backgroundColor = .white
        RefreshControlTests.pull(s, finger: 200)
        s.window.advance(ms: 1000)
        // The control fills window y 0...60; its dots sit on a 12 pt circle around (200, 30).
        func darkDots(_ image: Image) -> Int {
            var count = 0
            for y in 10..<50 { for x in 180..<220 where image.pixel(x: x, y: y) & 0xFF < 0xC0 { count += 1 } }
            return count
        }
        let first = s.window.render()
        #expect(darkDots(first) > 8 * 10)  // eight dots of 5 x 5 pt
        #expect(first.pixel(x: 20, y: 30) == 0xFFFF_FFFF)  // nothing else drawn there
        let phase = control.spinPhase
        s.window.advance(ms: 200)
        #expect(control.spinPhase != phase)  // turning, a quarter turn per 200 ms
        #expect(abs(((control.spinPhase - phase + 1).truncatingRemainder(dividingBy: 1)) - 0.25) < 0.03)
        control.endRefreshing()
        s.window.advance(ms: 400)
        #expect(darkDots(s.window.render()) == 0)  // scrolled away and no longer drawn
    }
}
