// <doc:ScrollBehaviour> §10: bad input never crashes nor leaves the container stuck.

import Testing

@testable import ToolkitCore

@MainActor @Suite struct BadInputTests {
    let start = Point(x: 200, y: 400)

    @Test func rule10_1_nonFiniteCoordinatesAreDropped() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: Point(x: .nan, y: 10))
        #expect(!s.container.isTracking)
        s.window.touchDown(id: 1, at: start)
        s.window.advance(ms: 200)
        s.window.touchMove(id: 1, to: Point(x: .infinity, y: 0))
        s.window.touchMove(id: 1, to: Point(x: 200, y: -.infinity))
        #expect(s.content.calls.map(\.kind) == [.began])
        #expect(s.container.contentOffset == .zero)
        s.container.contentOffset = Point(x: .nan, y: 0)
        s.container.setContentOffset(Point(x: 0, y: .infinity), animated: true)
        s.container.contentSize = Size(width: .nan, height: -5)
        #expect(s.container.contentOffset == .zero)
        #expect(s.container.contentSize == .zero)
        s.window.touchUp(id: 1)
        #expect(s.content.summary == [.began, .ended])
    }

    @Test func rule10_2_unknownIdsAreIgnored() {
        let s = ScrollScene()
        s.window.touchMove(id: 7, to: start)
        s.window.touchUp(id: 7)
        #expect(s.content.calls.isEmpty)
        #expect(!s.container.isTracking)
        s.window.touchDown(id: 1, at: start)
        s.window.touchUp(id: 2)
        s.window.advance(ms: 200)
        #expect(s.content.calls.map(\.kind) == [.began])
    }

    @Test func rule10_2_aSecondDownForTheSameIdIsUpThenDown() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: start)
        s.window.advance(ms: 200)
        s.window.touchDown(id: 1, at: start + Point(x: 0, y: 100))
        #expect(s.content.calls.map(\.kind) == [.began, .ended])
        s.window.advance(ms: 200)
        s.window.touchUp(id: 1)
        #expect(s.content.calls.map(\.kind) == [.began, .ended, .began, .ended])
        #expect(s.content.calls[2].location == start + Point(x: 0, y: 100))
    }

    @Test func rule10_2_timeRunningBackwardsCountsAsNoTimePassing() {
        let s = ScrollScene()
        s.window.advance(ms: 1000)
        let core = s.window.core
        core.handle(.touchDown(id: 1, location: start, timestamp: .milliseconds(1000)))
        core.handle(.touchFrame(timestamp: .milliseconds(1000)))
        for k in 1...5 {
            core.handle(
                .touchMotion(
                    id: 1, location: start - Point(x: 0, y: Double(k) * 40),
                    timestamp: .milliseconds(1000 - k * 50)))
            core.handle(.touchFrame(timestamp: .milliseconds(1000 - k * 50)))
        }
        core.handle(.touchUp(id: 1, timestamp: .milliseconds(500)))
        core.handle(.touchFrame(timestamp: .milliseconds(500)))
        let v = s.delegate.releaseVelocities.first ?? Point(x: .nan, y: .nan)
        #expect(v.isFinite)
        s.window.settle(s.container)
        #expect(s.container.contentOffset.isFinite)
        #expect(!s.container.isTracking && !s.container.isDecelerating)
        #expect(restsWhereTheSpecAllows(s.container))
    }

    @Test func rule10_2_eventsAfterACancelAreTolerated() {
        let s = ScrollScene()
        s.window.drag(from: start, to: start - Point(x: 0, y: 100), steps: 5, durationMS: 50, lift: false)
        s.window.touchCancel()
        s.window.touchMove(id: 1, to: start - Point(x: 0, y: 300))
        s.window.touchUp(id: 1)
        s.window.touchCancel()
        s.window.settle(s.container)
        #expect(s.container.contentOffset.y == 90)  // no fling after a cancel; the move after it did nothing
        #expect(s.content.calls.isEmpty)
    }

    @Test func rule10_3_zeroAndNegativeSizes() {
        for viewport in [Size.zero, Size(width: 400, height: 0), Size(width: -10, height: 800)] {
            for content in [Size.zero, Size(width: 400, height: 4000), Size(width: 10, height: 10)] {
                let s = ScrollScene(viewport: Size(width: 400, height: 800), contentSize: content)
                s.container.frame = Rect(origin: .zero, size: viewport)
                s.container.isPagingEnabled = true
                s.container.alwaysBounceVertical = true
                s.window.drag(from: start, to: start - Point(x: 0, y: 300), steps: 3, durationMS: 30)
                s.window.settle(s.container)
                #expect(s.container.contentOffset.isFinite)
                #expect(!s.container.isDecelerating)
            }
        }
    }

    @Test func rule10_3_contentSmallerThanTheContainerDoesNotScroll() {
        let s = ScrollScene(contentSize: Size(width: 100, height: 100))
        s.window.drag(from: start, to: start - Point(x: 0, y: 300), steps: 3, durationMS: 30)
        s.window.settle(s.container)
        #expect(s.container.contentOffset == .zero)
        #expect(s.delegate.events.isEmpty)
        #expect(s.content.summary == [])  // the content is 100 x 100: the touch landed on the container
    }

    @Test func rule10_3_aZeroPageSizeMeansNoPaging() {
        let s = ScrollScene(contentSize: Size(width: 400, height: 20_000))
        s.container.isPagingEnabled = true
        s.container.pageSize = Size(width: 0, height: 0)
        s.window.drag(from: start, to: start - Point(x: 0, y: 150), steps: 5, durationMS: 50)
        s.window.settle(s.container)
        #expect(s.container.contentOffset.y > 300)
        #expect(s.container.contentOffset.y.truncatingRemainder(dividingBy: 800) != 0)
        #expect(s.container.currentPage == PageIndex(column: 0, row: 0))
    }

    @Test func rule10_3_decelerationRatesOutsideTheOpenIntervalAreClamped() {
        for raw in [0.0, -1.0, 1.0, 1.5, .nan, .infinity] {
            let s = ScrollScene(contentSize: Size(width: 400, height: 20_000))
            s.container.decelerationRate = DecelerationRate(rawValue: raw)
            s.window.drag(from: start, to: start - Point(x: 0, y: 150), steps: 5, durationMS: 50)
            s.window.settle(s.container, maxMS: 60_000)
            #expect(s.container.contentOffset.isFinite, "rate \(raw)")
            #expect(!s.container.isDecelerating, "rate \(raw)")
            #expect(restsWhereTheSpecAllows(s.container), "rate \(raw)")
        }
    }

    @Test func rule10_4_aViewRemovedWhileTrackingGetsOneCancel() {
        let s = ScrollScene()
        let row = RecordingView(frame: Rect(x: 0, y: 300, width: 400, height: 200))
        s.content.addSubview(row)
        s.window.touchDown(id: 1, at: start)
        s.window.advance(ms: 200)
        #expect(row.calls.map(\.kind) == [.began])
        row.removeFromSuperview()
        #expect(row.calls.map(\.kind) == [.began, .cancelled])
        s.window.touchMove(id: 1, to: start + Point(x: 0, y: 3))
        s.window.touchUp(id: 1)
        #expect(row.calls.count == 2)
    }

    @Test func rule10_4_aHeldViewRemovedBeforeTheDelayIsNeverDelivered() {
        let s = ScrollScene()
        let row = RecordingView(frame: Rect(x: 0, y: 300, width: 400, height: 200))
        s.content.addSubview(row)
        s.window.touchDown(id: 1, at: start)
        row.removeFromSuperview()
        s.window.advance(ms: 200)
        s.window.touchUp(id: 1)
        #expect(row.calls.isEmpty)
        #expect(s.content.calls.isEmpty)
    }

    @Test func rule10_4_aContainerRemovedMidDragLetsGo() {
        let s = ScrollScene()
        s.window.drag(from: start, to: start - Point(x: 0, y: 100), steps: 5, durationMS: 50, lift: false)
        #expect(s.container.isDragging)
        s.container.removeFromSuperview()
        #expect(!s.container.isDragging && !s.container.isTracking)
        #expect(s.delegate.events.last == "didEndDragging(false)")
        s.window.touchMove(id: 1, to: start - Point(x: 0, y: 200))
        s.window.touchUp(id: 1)
        s.window.advance(ms: 500)
        #expect(s.content.calls.isEmpty)
    }

    @Test func rule10_4_aButtonActionThatRemovesItsPageIsSafe() {
        let s = NestedScene()
        let list = s.lists[0]
        let button = Button(frame: Rect(x: 0, y: 0, width: 400, height: 4000), title: "Remove") { [weak list] _ in
            list?.removeFromSuperview()  // weak: the list owns the button, whose action would own the list
        }
        list.addSubview(button)
        s.window.touchDown(id: 1, at: Point(x: 200, y: 400))
        s.window.advance(ms: 50)
        s.window.touchUp(id: 1)
        #expect(button.actionCount == 1)
        #expect(list.superview == nil)
        s.window.touchDown(id: 2, at: Point(x: 200, y: 400))
        s.window.advance(ms: 200)
        s.window.touchUp(id: 2)
        #expect(!s.pager.isTracking)
    }

    @Test func rule10_1_aNonFiniteTargetFromTheDelegateIsIgnored() {
        let s = ScrollScene(viewport: Size(width: 400, height: 800), contentSize: Size(width: 2000, height: 800))
        s.container.isPagingEnabled = true
        s.delegate.overrideTarget = Point(x: .nan, y: .infinity)
        s.window.drag(from: Point(x: 300, y: 400), to: Point(x: 100, y: 400), steps: 4, durationMS: 40)
        s.window.settle(s.container)
        #expect(s.container.contentOffset == Point(x: 400, y: 0))
    }
}
