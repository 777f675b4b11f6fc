// <doc:ScrollBehaviour> §8 (programmatic scrolling) and §1 (direct offsets).

import Testing

@testable import ToolkitCore

@MainActor @Suite struct ProgrammaticScrollTests {
    @Test func rule8_1_animatedOffsetTakesThreeTenthsEaseOut() {
        let s = ScrollScene()
        s.container.setContentOffset(Point(x: 0, y: 1000), animated: true)
        #expect(s.container.contentOffset == .zero)
        s.window.advance(ms: 150)
        // Ease-out: more than half way at half time.
        #expect(s.container.contentOffset.y > 600 && s.container.contentOffset.y < 1000)
        s.window.advance(ms: 140)
        #expect(s.container.contentOffset.y < 1000)
        s.window.advance(ms: 30)
        #expect(s.container.contentOffset.y == 1000)
        #expect(s.delegate.events == ["didScroll", "didEndScrollingAnimation"])
        #expect(s.delegate.didScrollCount >= 17 && s.delegate.didScrollCount <= 20)  // one per frame
        s.window.advance(ms: 500)
        #expect(s.delegate.events.filter { $0 == "didEndScrollingAnimation" }.count == 1)
        #expect(!s.container.isDecelerating && !s.container.isDragging)
    }

    @Test func rule8_1_animatedOffsetCancelsADeceleration() {
        let s = ScrollScene(contentSize: Size(width: 400, height: 20_000))
        s.window.drag(from: Point(x: 200, y: 600), to: Point(x: 200, y: 300), steps: 5, durationMS: 50)
        s.window.advance(ms: 50)
        #expect(s.container.isDecelerating)
        s.container.setContentOffset(Point(x: 0, y: 100), animated: true)
        #expect(!s.container.isDecelerating)
        s.window.advance(ms: 400)
        #expect(s.container.contentOffset.y == 100)
        #expect(!s.delegate.events.contains("didEndDecelerating"))
        #expect(s.delegate.events.last == "didEndScrollingAnimation")
    }

    @Test func rule1_anAnimationWhoseTargetAResizeTookOutOfRangeEndsInsideIt() {
        let s = ScrollScene()  // 400 x 800 over 400 x 4000: the range ends at 3200
        s.container.setContentOffset(Point(x: 0, y: 3200), animated: true)
        // The container grows before the first frame: the range now ends at 3000, below the animation's target.
        s.container.frame = Rect(x: 0, y: 0, width: 400, height: 1000)
        s.window.advance(ms: 1000)
        #expect(s.container.contentOffset.y == 3000)
        #expect(!s.container.isDecelerating && !s.container.isDragging)
        #expect(s.delegate.events.filter { $0 == "didEndScrollingAnimation" }.count == 1)
    }

    @Test func rule8_2_scrollRectToVisibleScrollsTheLeastAmount() {
        let s = ScrollScene()
        s.container.scrollRectToVisible(Rect(x: 0, y: 1000, width: 100, height: 100), animated: false)
        #expect(s.container.contentOffset.y == 300)  // bottom edge aligned
        s.container.scrollRectToVisible(Rect(x: 0, y: 500, width: 100, height: 100), animated: false)
        #expect(s.container.contentOffset.y == 300)  // already visible
        s.container.scrollRectToVisible(Rect(x: 0, y: 100, width: 100, height: 100), animated: true)
        s.window.advance(ms: 400)
        #expect(s.container.contentOffset.y == 100)  // top edge aligned
        s.container.scrollRectToVisible(Rect(x: 0, y: 3900, width: 100, height: 500), animated: false)
        #expect(s.container.contentOffset.y == 3200)  // clamped into the range
    }

    @Test func rule1_directOffsetStaysWhereSetAndStopsMotion() {
        let s = ScrollScene(contentSize: Size(width: 400, height: 20_000))
        s.container.contentOffset = Point(x: 0, y: -300)  // out of range: allowed
        s.window.advance(ms: 1000)
        #expect(s.container.contentOffset.y == -300)
        s.window.drag(from: Point(x: 200, y: 600), to: Point(x: 200, y: 300), steps: 5, durationMS: 50)
        s.window.advance(ms: 50)
        #expect(s.container.isDecelerating)
        s.container.contentOffset = Point(x: 0, y: 700)
        #expect(!s.container.isDecelerating)
        s.window.advance(ms: 1000)
        #expect(s.container.contentOffset.y == 700)
    }

    @Test func rule1_theRangeFollowsInsetsAndContentSize() {
        let s = ScrollScene(viewport: Size(width: 400, height: 800), contentSize: Size(width: 400, height: 1000))
        s.container.contentInset = EdgeInsets(top: 50, left: 0, bottom: 30, right: 0)
        let p = s.container.makePolicy()
        #expect(p.minOffset.y == -50)
        #expect(p.maxOffset.y == 230)
        #expect(!p.scrollable.contains(.horizontal))
        s.container.alwaysBounceHorizontal = true
        #expect(s.container.makePolicy().scrollable.contains(.horizontal))
    }

    /// <doc:ScrollBehaviour> §8 and the doc of `setContentOffset(_:animated:)`: an animated target is clamped into the
    /// range, also for a container in no window (where the move happens at once, there being no frames).
    @Test func rule8_1_animatedOffsetOutsideAWindowIsClampedToo() {
        let container = ScrollContainer(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        container.contentSize = Size(width: 400, height: 4000)
        container.setContentOffset(Point(x: 50, y: 99_999), animated: true)
        #expect(container.contentOffset == Point(x: 0, y: 3200))
        container.setContentOffset(Point(x: -10, y: -500), animated: true)
        #expect(container.contentOffset == .zero)
        // Not animated, the offset is set as asked, anywhere (<doc:ScrollBehaviour> §1).
        container.setContentOffset(Point(x: 0, y: 99_999), animated: false)
        #expect(container.contentOffset == Point(x: 0, y: 99_999))
    }
}
