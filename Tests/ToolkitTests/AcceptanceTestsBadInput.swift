// Acceptance tests, <doc:ScrollBehaviour> §10 (bad input): nothing crashes, nothing gets stuck, no non-finite
// offset ever, and the rules of section 2 still hold.

import Testing
import ToolkitCore

@MainActor
@Suite struct AcceptanceTestsBadInput {
    let p = Point(x: 200, y: 400)

    /// Checks every offset the container reports is finite.
    func watchFinite(_ c: ScrollContainer, _ ok: @escaping (Bool) -> Void) -> Observation {
        c.observe(\.contentOffset) { _, change in ok(change.newValue.isFinite) }
    }

    @Test func nonFiniteTouchCoordinatesAreDropped() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: Point(x: .nan, y: 10))
        s.window.touchDown(id: 2, at: Point(x: 10, y: .infinity))
        #expect(!s.container.isTracking)
        s.window.advance(ms: 300)
        s.window.touchUp(id: 1)
        s.window.touchUp(id: 2)
        #expect(s.content.calls.isEmpty)
        // Mid-drag, a non-finite move changes nothing; the drag goes on.
        s.window.touchDown(id: 3, at: p)
        s.window.moveLinearly(id: 3, from: p, to: Point(x: 200, y: 300), steps: 5, durationMS: 80)
        let y = s.container.contentOffset.y
        s.window.touchMove(id: 3, to: Point(x: .nan, y: .nan))
        s.window.touchMove(id: 3, to: Point(x: 200, y: -.infinity))
        #expect(s.container.contentOffset.y == y)
        s.window.advance(ms: 16)
        s.window.touchMove(id: 3, to: Point(x: 200, y: 290))
        #expect(abs(s.container.contentOffset.y - (y + 10)) < 1e-9)
        s.window.touchUp(id: 3)
        s.window.runToRest(s.container)
        #expect(s.container.contentOffset.y.isFinite)
    }

    @Test func movesAndUpsForUnknownIdsAreIgnored() {
        let s = ScrollScene()
        s.window.touchMove(id: 9, to: p)
        s.window.touchUp(id: 9)
        s.window.touchDown(id: 1, at: p)
        s.window.touchMove(id: 2, to: Point(x: 200, y: 100))
        s.window.touchUp(id: 2)
        #expect(!s.container.isDragging)
        s.window.advance(ms: 150)
        s.window.touchUp(id: 1)
        #expect(s.content.kinds == [.began, .ended])
    }

    @Test func aSecondDownForTheSameIdIsUpThenDown() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: p)
        s.window.advance(ms: 50)
        s.window.touchDown(id: 1, at: Point(x: 100, y: 100))
        // The first sequence was a quick tap.
        #expect(s.content.kinds == [.began, .ended])
        #expect(s.content.calls.first?.location == p)
        s.window.advance(ms: 150)
        #expect(s.content.kinds == [.began, .ended, .began])
        #expect(s.content.calls.last?.location == Point(x: 100, y: 100))
        s.window.touchUp(id: 1)
        #expect(s.content.kinds == [.began, .ended, .began, .ended])
        #expect(s.content.grammarHolds)
    }

    @Test func aSecondDownForTheSameIdMidDragEndsTheDrag() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: p)
        s.window.moveLinearly(id: 1, from: p, to: Point(x: 200, y: 300), steps: 5, durationMS: 80)
        #expect(s.container.isDragging)
        s.window.advance(ms: 100)
        s.window.touchDown(id: 1, at: Point(x: 200, y: 600))
        #expect(!s.container.isDragging)
        #expect(s.delegate.milestones.contains("didEndDragging(false)"))
        s.window.advance(ms: 10)
        s.window.touchUp(id: 1)
        #expect(s.content.grammarHolds)
        #expect(s.content.kinds == [.began, .ended])  // the new down was a quick tap
    }

    @Test func eventsAfterACancelAreTolerated() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: p)
        s.window.moveLinearly(id: 1, from: p, to: Point(x: 200, y: 300), steps: 5, durationMS: 80)
        s.window.touchCancel()
        s.window.touchMove(id: 1, to: Point(x: 200, y: 100))
        s.window.touchUp(id: 1)
        s.window.touchCancel()
        s.window.runToRest(s.container)
        #expect(s.content.calls.isEmpty)
        // The next sequence works as usual.
        s.window.touchDown(id: 1, at: p)
        s.window.advance(ms: 30)
        s.window.touchUp(id: 1)
        #expect(s.content.kinds == [.began, .ended])
    }

    @Test func aContainerShrunkToZeroMidDragStaysFinite() {
        let s = ScrollScene()
        s.container.isPagingEnabled = true
        var finite = true
        let token = watchFinite(s.container) { if !$0 { finite = false } }
        s.window.touchDown(id: 1, at: p)
        s.window.moveLinearly(id: 1, from: p, to: Point(x: 200, y: 300), steps: 5, durationMS: 80)
        s.container.frame = Rect(x: 0, y: 0, width: 0, height: 0)
        s.window.moveLinearly(id: 1, from: Point(x: 200, y: 300), to: Point(x: 200, y: 700), steps: 4, durationMS: 40)
        s.window.touchUp(id: 1)
        s.window.runToRest(s.container)
        s.window.advance(ms: 1000)
        #expect(finite)
        #expect(s.container.contentOffset.isFinite)
        #expect(!s.container.isDecelerating)
        let y = s.container.contentOffset.y
        #expect(y >= 0 && y <= 4000)
        token.invalidate()
    }

    @Test func aZeroSizeContainerHandlesProgrammaticScrolling() {
        let window = HeadlessWindow(size: Size(width: 400, height: 800))
        let c = ScrollContainer(frame: .zero)
        c.contentSize = Size(width: 100, height: 100)
        c.isPagingEnabled = true
        window.rootView.addSubview(c)
        c.setContentOffset(Point(x: 50, y: 50), animated: true)
        window.advance(ms: 500)
        // A zero-size container has no page size (a bounds dimension below 1 pt means no paging): the animation
        // rests at the requested offset, inside the range 0...100.
        #expect(c.contentOffset == Point(x: 50, y: 50))
        c.scrollRectToVisible(Rect(x: 0, y: 0, width: 10, height: 10), animated: true)
        window.advance(ms: 500)
        #expect(c.contentOffset.isFinite)
        _ = c.currentPage
        window.touchDown(id: 1, at: .zero)
        window.touchUp(id: 1)
        _ = window.render()
    }

    @Test func aZeroSizeWindowIsHarmless() {
        let window = HeadlessWindow(size: .zero)
        let c = ScrollContainer(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        c.contentSize = Size(width: 100, height: 1000)
        window.rootView.addSubview(c)
        window.touchDown(id: 1, at: Point(x: 10, y: 10))
        window.moveLinearly(id: 1, from: Point(x: 10, y: 10), to: Point(x: 10, y: -200), steps: 4, durationMS: 40)
        window.touchUp(id: 1)
        window.advance(ms: 3000)
        #expect(c.contentOffset.isFinite)
        let image = window.render()
        #expect(image.width == 0 && image.height == 0)
    }

    @Test func negativeAndNonFiniteGeometryIsCleaned() {
        let s = ScrollScene()
        s.container.contentSize = Size(width: -100, height: .nan)
        #expect(s.container.contentSize.width >= 0 && s.container.contentSize.height >= 0)
        s.container.contentInset = EdgeInsets(top: .infinity, left: .nan, bottom: -.infinity, right: 0)
        #expect(s.container.contentInset.top.isFinite && s.container.contentInset.left.isFinite)
        s.container.contentOffset = Point(x: .nan, y: 5)
        #expect(s.container.contentOffset == .zero)
        s.container.setContentOffset(Point(x: 0, y: .infinity), animated: true)
        s.container.scrollRectToVisible(Rect(x: .nan, y: 0, width: 10, height: 10), animated: true)
        s.window.advance(ms: 500)
        #expect(s.container.contentOffset == .zero)
        s.container.alwaysBounceVertical = true
        s.window.fling(from: p, to: Point(x: 200, y: 100), steps: 4, durationMS: 40)
        s.window.runToRest(s.container)
        #expect(s.container.contentOffset == .zero)
    }

    @Test func aNegativeContainerSizeNeverMakesNonFiniteOffsets() {
        let s = ScrollScene()
        s.container.frame = Rect(x: 0, y: 0, width: -400, height: -800)
        s.container.isPagingEnabled = true
        s.container.setContentOffset(Point(x: 0, y: 300), animated: true)
        s.window.advance(ms: 500)
        #expect(s.container.contentOffset.isFinite)
        s.container.scrollRectToVisible(Rect(x: 0, y: 1000, width: 10, height: 10), animated: false)
        #expect(s.container.contentOffset.isFinite)
    }

    @Test func outOfRangeDecelerationRatesAreClampedAndStillComeToRest() {
        for raw in [0.0, 1.0, 1.5, -1.0, Double.nan, Double.infinity, -Double.infinity] {
            let s = ScrollScene()
            s.container.decelerationRate = DecelerationRate(rawValue: raw)
            var finite = true
            let token = watchFinite(s.container) { if !$0 { finite = false } }
            s.window.fling(from: p, to: Point(x: 200, y: 100), steps: 4, durationMS: 40)
            s.window.runToRest(s.container, limitMS: 30_000)
            #expect(finite, "rate \(raw)")
            #expect(!s.container.isDecelerating, "rate \(raw)")
            let y = s.container.contentOffset.y
            #expect(y >= 0 && y <= 3200, "rate \(raw): \(y)")
            token.invalidate()
        }
    }

    @Test func badTouchSettingsAreClamped() {
        let s = ScrollScene()
        s.container.touchSlop = -5
        s.container.minimumNumberOfTouches = 0
        s.container.maximumNumberOfTouches = -3
        s.container.contentTouchDelay = .milliseconds(-100)
        s.window.touchDown(id: 1, at: p)
        s.window.advance(ms: 16)
        s.window.touchMove(id: 1, to: Point(x: 200, y: 399))
        // Slop counted as zero: the 1 pt move drags (one finger still drags). A zero delay gave the content
        // the touch at the first timer dispatch: the drag cancels it.
        #expect(s.container.isDragging)
        s.window.touchUp(id: 1)
        #expect(s.content.kinds == [.began, .cancelled])
        s.container.touchSlop = .nan
        s.window.touchDown(id: 2, at: p)
        s.window.advance(ms: 16)
        s.window.touchMove(id: 2, to: Point(x: 200, y: 398))
        #expect(s.container.isDragging)
        s.window.touchUp(id: 2)
    }

    @Test func badPageSizesMeanNoPagingOnThatAxis() {
        for size in [
            Size(width: .nan, height: .nan), Size(width: -400, height: -1),
            Size(width: .infinity, height: .infinity)
        ] {
            let s = ScrollScene(contentSize: Size(width: 1200, height: 800))
            s.container.isPagingEnabled = true
            s.container.pageSize = size
            s.window.touchDown(id: 1, at: Point(x: 300, y: 400))
            s.window.moveLinearly(
                id: 1, from: Point(x: 300, y: 400), to: Point(x: 150, y: 400), steps: 10, durationMS: 200)
            s.window.advance(ms: 60)
            s.window.touchUp(id: 1)
            s.window.runToRest(s.container)
            #expect(s.container.contentOffset.isFinite)
            // No paging: the drag moved the content 150 pt less the 10 pt slop, and the finger then rested 60 ms
            // (more than 0.04 s: zero velocity), so it stays there.
            #expect(abs(s.container.contentOffset.x - 140) < 1e-9, "page \(size): \(s.container.contentOffset)")
        }
    }

    @Test func absurdlyFarMovesStayFinite() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: p)
        s.window.advance(ms: 16)
        s.window.touchMove(id: 1, to: Point(x: 200, y: 1e12))
        #expect(s.container.contentOffset.isFinite)
        #expect(s.container.contentOffset.y >= -800)
        s.window.advance(ms: 16)
        s.window.touchMove(id: 1, to: Point(x: 200, y: -1e15))
        #expect(s.container.contentOffset.isFinite)
        #expect(s.container.contentOffset.y <= 3200 + 800)
        s.window.touchUp(id: 1)
        #expect(s.delegate.releaseVelocities.first.map { abs($0.y) <= 8000 } == true)
        s.window.runToRest(s.container)
        // Released far past the end while moving that way: the content springs back to the end of the range.
        #expect(s.container.contentOffset.y == 3200)
    }

    @Test func aContainerMovedBetweenWindowsMidDragIsReset() {
        let s = ScrollScene()
        let other = HeadlessWindow(size: Size(width: 400, height: 800))
        s.window.touchDown(id: 1, at: p)
        s.window.moveLinearly(id: 1, from: p, to: Point(x: 200, y: 300), steps: 5, durationMS: 80)
        other.rootView.addSubview(s.container)
        #expect(!s.container.isDragging && !s.container.isTracking)
        s.window.touchMove(id: 1, to: Point(x: 200, y: 100))
        s.window.touchUp(id: 1)
        // It works in its new window.
        other.touchDown(id: 1, at: p)
        other.moveLinearly(id: 1, from: p, to: Point(x: 200, y: 300), steps: 5, durationMS: 80)
        #expect(s.container.isDragging)
        other.touchUp(id: 1)
        other.runToRest(s.container)
        #expect(s.content.calls.isEmpty)
    }
}
