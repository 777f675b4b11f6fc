// Acceptance tests, <doc:ScrollBehaviour> §2 (touch arbitration), through the public API only.

import Testing
import ToolkitCore

@MainActor
@Suite struct AcceptanceTestsArbitration {
    let p = Point(x: 200, y: 400)

    // MARK: 2.3 the delay, at its edges

    @Test func contentGetsBeganExactlyAt150msWithTheDownsPositionAndTime() {
        let s = ScrollScene()
        s.window.advance(ms: 5)  // the down is not at time zero
        s.window.touchDown(id: 1, at: p)
        s.window.advance(ms: 149.999)
        #expect(s.content.calls.isEmpty)
        #expect(s.container.isTracking)
        s.window.advance(ms: 0.001)
        #expect(s.content.calls.map(\.kind) == [.began])
        #expect(s.content.calls.first?.location == p)
        #expect(s.content.calls.first?.timestamp == .milliseconds(5))
        s.window.touchUp(id: 1)
        #expect(s.content.kinds == [.began, .ended])
    }

    @Test func delayFollowsContentTouchDelay() {
        let s = ScrollScene()
        s.container.contentTouchDelay = .milliseconds(40)
        s.window.touchDown(id: 1, at: p)
        s.window.advance(ms: 39)
        #expect(s.content.calls.isEmpty)
        s.window.advance(ms: 1)
        #expect(s.content.kinds == [.began])
    }

    // MARK: 2.4 a quick tap

    @Test func quickTapDeliversBeganThenEndedInTheSameTurn() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: p)
        s.window.advance(ms: 60)
        s.window.touchUp(id: 1)
        #expect(s.content.kinds == [.began, .ended])
        #expect(s.content.calls.first?.timestamp == .zero)
        #expect(s.content.calls.first?.location == p)
        #expect(!s.container.isTracking)
        s.window.advance(ms: 500)
        #expect(s.content.kinds == [.began, .ended])
        #expect(s.delegate.milestones.isEmpty)
    }

    // MARK: 2.2 the slop, at its edge

    @Test func aMoveOfExactlyTheSlopDoesNotDrag() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: p)
        s.window.advance(ms: 16)
        s.window.touchMove(id: 1, to: Point(x: 200, y: 390))
        #expect(!s.container.isDragging)
        #expect(s.container.contentOffset == .zero)
        s.window.advance(ms: 16)
        s.window.touchMove(id: 1, to: Point(x: 206, y: 408))  // |(6, 8)| = 10, diagonal
        #expect(!s.container.isDragging)
        s.window.advance(ms: 200)
        #expect(s.content.kinds == [.began])
        #expect(s.delegate.milestones.isEmpty)
    }

    @Test func aMoveJustPastTheSlopDragsAndTheContentNeverHearsOfIt() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: p)
        s.window.advance(ms: 16)
        s.window.touchMove(id: 1, to: Point(x: 200, y: 389.99))
        #expect(s.container.isDragging)
        #expect(abs(s.container.contentOffset.y - 0.01) < 1e-9)
        #expect(s.container.contentOffset.x == 0)
        s.window.advance(ms: 16)
        s.window.touchMove(id: 1, to: Point(x: 200, y: 300))
        #expect(abs(s.container.contentOffset.y - 90) < 1e-9)
        s.window.advance(ms: 300)
        s.window.touchUp(id: 1)
        s.window.runToRest(s.container)
        #expect(s.content.calls.isEmpty)
        #expect(s.delegate.milestones.first == "willBeginDragging")
    }

    @Test func aFastFirstMoveScrollsOnlyByWhatExceedsTheSlop() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: p)
        s.window.advance(ms: 8)
        s.window.touchMove(id: 1, to: Point(x: 200, y: 250))
        #expect(abs(s.container.contentOffset.y - 140) < 1e-9)
    }

    @Test func slopFollowsTouchSlop() {
        let s = ScrollScene()
        s.container.touchSlop = 30
        s.window.touchDown(id: 1, at: p)
        s.window.advance(ms: 16)
        s.window.touchMove(id: 1, to: Point(x: 200, y: 371))
        #expect(!s.container.isDragging)
        s.window.advance(ms: 16)
        s.window.touchMove(id: 1, to: Point(x: 200, y: 369))
        #expect(s.container.isDragging)
        #expect(abs(s.container.contentOffset.y - 1) < 1e-9)
    }

    // MARK: 2.1 / 2.5 without the delay, content first

    @Test func withoutDelayTheContentBeginsAtOnceAndIsCancelledAtTheSlop() {
        let s = ScrollScene()
        s.container.delaysContentTouches = false
        s.window.touchDown(id: 1, at: p)
        #expect(s.content.kinds == [.began])
        s.window.advance(ms: 16)
        s.window.touchMove(id: 1, to: Point(x: 200, y: 395))
        #expect(s.content.calls.map(\.kind) == [.began, .moved])
        #expect(!s.container.isDragging)
        s.window.advance(ms: 16)
        s.window.touchMove(id: 1, to: Point(x: 200, y: 389.99))
        #expect(s.content.kinds == [.began, .cancelled])
        #expect(s.container.isDragging)
        // No jump: the first delta is measured from where the slop was crossed.
        #expect(abs(s.container.contentOffset.y - 0.01) < 1e-9)
        s.window.advance(ms: 16)
        s.window.touchMove(id: 1, to: Point(x: 200, y: 380))
        #expect(abs(s.container.contentOffset.y - 10) < 1e-9)
        s.window.touchUp(id: 1)
        #expect(s.content.kinds == [.began, .cancelled])
        #expect(s.content.grammarHolds)
    }

    @Test func afterTheDelayAMovePastTheSlopCancelsTheContent() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: p)
        s.window.advance(ms: 200)
        #expect(s.content.kinds == [.began])
        s.window.touchMove(id: 1, to: Point(x: 200, y: 350))
        #expect(s.content.kinds == [.began, .cancelled])
        #expect(abs(s.container.contentOffset.y - 40) < 1e-9)
    }

    @Test func withoutCanCancelTheContentKeepsTheTouchAndNothingScrolls() {
        let s = ScrollScene()
        s.container.delaysContentTouches = false
        s.container.canCancelContentTouches = false
        s.window.touchDown(id: 1, at: p)
        s.window.moveLinearly(id: 1, from: p, to: Point(x: 200, y: 100), steps: 10, durationMS: 100)
        s.window.touchUp(id: 1)
        s.window.advance(ms: 1000)
        #expect(s.content.kinds == [.began, .ended])
        #expect(s.content.calls.filter { $0.kind == .moved }.count == 10)
        #expect(s.container.contentOffset == .zero)
        #expect(s.delegate.events.isEmpty)
    }

    @Test func aControlIsNotCancelledByDefault() {
        let s = ScrollScene()
        let control = RecordingControl(frame: Rect(x: 100, y: 300, width: 200, height: 200))
        s.content.addSubview(control)
        s.window.touchDown(id: 1, at: p)
        s.window.advance(ms: 200)
        s.window.moveLinearly(id: 1, from: p, to: Point(x: 200, y: 200), steps: 5, durationMS: 80)
        s.window.touchUp(id: 1)
        #expect(control.kinds == [.began, .moved, .ended])
        #expect(s.container.contentOffset == .zero)
    }

    @Test func aControlTouchedAndDraggedBeforeTheDelayScrolls() {
        // Within the delay the control has not begun: the drag takes the touch and the control hears nothing.
        let s = ScrollScene()
        let control = RecordingControl(frame: Rect(x: 100, y: 300, width: 200, height: 200))
        s.content.addSubview(control)
        s.window.touchDown(id: 1, at: p)
        s.window.moveLinearly(id: 1, from: p, to: Point(x: 200, y: 300), steps: 5, durationMS: 80)
        s.window.touchUp(id: 1)
        #expect(control.kinds.isEmpty)
        #expect(s.container.contentOffset.y > 80)
    }

    @Test func touchesShouldBeginFalseKeepsTheContentOut() {
        final class Refusing: ScrollContainer {
            override func touchesShouldBegin(_ touches: [Touch], in view: View) -> Bool { false }
        }
        let s = ScrollScene(container: Refusing(frame: .zero))
        s.window.touchDown(id: 1, at: p)
        s.window.advance(ms: 200)
        s.window.touchUp(id: 1)
        s.window.touchDown(id: 2, at: p)
        s.window.touchUp(id: 2)
        #expect(s.content.calls.isEmpty)
        // The container still scrolls.
        s.window.touchDown(id: 3, at: p)
        s.window.moveLinearly(id: 3, from: p, to: Point(x: 200, y: 300), steps: 5, durationMS: 100)
        #expect(s.container.isDragging)
    }

    @Test func touchesShouldCancelFalseKeepsTheTouchWithTheContent() {
        final class Keeping: ScrollContainer {
            override func touchesShouldCancel(in view: View) -> Bool { false }
        }
        let s = ScrollScene(container: Keeping(frame: .zero))
        s.window.touchDown(id: 1, at: p)
        s.window.advance(ms: 200)
        s.window.moveLinearly(id: 1, from: p, to: Point(x: 200, y: 200), steps: 5, durationMS: 80)
        s.window.touchUp(id: 1)
        #expect(s.content.kinds == [.began, .ended])
        #expect(s.container.contentOffset == .zero)
    }

    @Test func touchesShouldCancelIsAskedAboutTheHitView() {
        final class Asking: ScrollContainer {
            var asked: [ObjectIdentifier] = []
            override func touchesShouldCancel(in view: View) -> Bool {
                asked.append(ObjectIdentifier(view))
                return true
            }
        }
        let c = Asking(frame: .zero)
        let s = ScrollScene(container: c)
        let control = RecordingControl(frame: Rect(x: 100, y: 300, width: 200, height: 200))
        s.content.addSubview(control)
        s.window.touchDown(id: 1, at: p)
        s.window.advance(ms: 200)
        s.window.moveLinearly(id: 1, from: p, to: Point(x: 200, y: 200), steps: 5, durationMS: 80)
        #expect(c.asked.contains(ObjectIdentifier(control)))
        #expect(control.kinds == [.began, .cancelled])
        #expect(s.container.isDragging)
    }

    // MARK: 2.6 the axis gate

    @Test func aDragAlongAnAxisTheContainerCannotScrollGoesToTheContent() {
        let s = ScrollScene()  // 400 wide content in a 400 wide container: vertical only
        s.window.touchDown(id: 1, at: p)
        s.window.moveLinearly(id: 1, from: p, to: Point(x: 300, y: 395), steps: 5, durationMS: 50)
        #expect(!s.container.isDragging)
        #expect(s.content.kinds == [.began])
        // The decision is taken: later vertical motion does not scroll this sequence.
        s.window.moveLinearly(id: 1, from: Point(x: 300, y: 395), to: Point(x: 300, y: 100), steps: 5, durationMS: 50)
        s.window.touchUp(id: 1)
        #expect(s.container.contentOffset == .zero)
        #expect(s.content.kinds == [.began, .ended])
        #expect(s.content.calls.first?.location == p)
    }

    // MARK: 2.8 catching a motion

    @Test func aTapThatStopsAFlingIsNotDeliveredAndTheContentStaysStill() {
        let s = ScrollScene()
        s.window.fling(from: Point(x: 200, y: 600), to: Point(x: 200, y: 300), steps: 4, durationMS: 50)
        s.window.advance(ms: 100)
        #expect(s.container.isDecelerating)
        s.window.touchDown(id: 2, at: p)
        let caught = s.container.contentOffset
        #expect(!s.container.isDecelerating)
        #expect(s.container.isTracking)
        #expect(!s.container.isDragging)
        s.window.advance(ms: 300)  // longer than the delay
        #expect(s.container.contentOffset == caught)
        s.window.touchUp(id: 2)
        s.window.advance(ms: 1000)
        #expect(s.content.calls.isEmpty)
        #expect(s.container.contentOffset == caught)
        #expect(!s.container.isTracking)
    }

    @Test func aTapThatStopsASpringBackIsNotDeliveredAndTheContentStillRests() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: p)
        s.window.moveLinearly(id: 1, from: p, to: Point(x: 200, y: 700), steps: 10, durationMS: 200)
        s.window.advance(ms: 60)
        s.window.touchUp(id: 1)
        s.window.advance(ms: 50)
        #expect(s.container.contentOffset.y < -1)
        s.window.touchDown(id: 2, at: p)
        s.window.advance(ms: 30)
        s.window.touchUp(id: 2)
        s.window.runToRest(s.container)
        s.window.advance(ms: 600)
        #expect(s.content.calls.isEmpty)
        #expect(s.container.contentOffset.y == 0)
    }

    @Test func aCaughtFlingCanBeDraggedOnWithoutAJump() {
        let s = ScrollScene()
        s.window.fling(from: Point(x: 200, y: 600), to: Point(x: 200, y: 300), steps: 4, durationMS: 50)
        s.window.advance(ms: 100)
        s.window.touchDown(id: 2, at: p)
        let caught = s.container.contentOffset.y
        s.window.advance(ms: 16)
        s.window.touchMove(id: 2, to: Point(x: 200, y: 380))
        #expect(s.container.isDragging)
        #expect(abs(s.container.contentOffset.y - (caught + 10)) < 1e-9)
        #expect(s.content.calls.isEmpty)
    }

    // MARK: 2.9 every touch ends once

    @Test func compositorCancelEndsEveryContentTouchOnce() {
        let s = ScrollScene()
        s.container.delaysContentTouches = false
        s.window.touchDown(id: 1, at: p)
        s.window.touchDown(id: 2, at: Point(x: 100, y: 100))
        s.window.touchCancel()
        #expect(s.content.kinds == [.began, .began, .cancelled, .cancelled])
        s.window.touchMove(id: 1, to: Point(x: 200, y: 100))
        s.window.touchUp(id: 1)
        s.window.touchUp(id: 2)
        s.window.touchCancel()
        #expect(s.content.kinds == [.began, .began, .cancelled, .cancelled])
        #expect(s.content.grammarHolds)
        #expect(!s.container.isTracking)
    }

    @Test func compositorCancelWhilePendingDeliversNothing() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: p)
        s.window.advance(ms: 50)
        s.window.touchCancel()
        s.window.advance(ms: 500)
        s.window.touchUp(id: 1)
        #expect(s.content.calls.isEmpty)
        #expect(!s.container.isTracking)
    }

    @Test func compositorCancelMidDragSettlesInsideTheRange() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: p)
        s.window.moveLinearly(id: 1, from: p, to: Point(x: 200, y: 700), steps: 10, durationMS: 160)
        #expect(s.container.contentOffset.y < 0)
        s.window.touchCancel()
        #expect(!s.container.isDragging)
        #expect(!s.container.isTracking)
        s.window.runToRest(s.container)
        s.window.advance(ms: 700)
        #expect(s.container.contentOffset == .zero)
        #expect(s.content.calls.isEmpty)
    }

    @Test func compositorCancelMidDecelerationLeavesTheFlingToRestInRange() {
        let s = ScrollScene()
        s.window.fling(from: Point(x: 200, y: 600), to: Point(x: 200, y: 100), steps: 4, durationMS: 40)
        s.window.advance(ms: 100)
        #expect(s.container.isDecelerating)
        s.window.touchCancel()
        s.window.runToRest(s.container)
        #expect(!s.container.isDecelerating)
        let y = s.container.contentOffset.y
        #expect(y >= 0 && y <= 3200)
        s.window.advance(ms: 1000)
        #expect(s.container.contentOffset.y == y)
    }

    @Test func aViewRemovedWhileTrackingIsCancelledOnce() {
        let s = ScrollScene()
        s.container.delaysContentTouches = false
        s.window.touchDown(id: 1, at: p)
        s.content.removeFromSuperview()
        #expect(s.content.kinds == [.began, .cancelled])
        s.window.touchMove(id: 1, to: Point(x: 200, y: 395))
        s.window.touchUp(id: 1)
        s.window.touchCancel()
        #expect(s.content.kinds == [.began, .cancelled])
    }

    @Test func aViewRemovedWhilePendingNeverBegins() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: p)
        s.content.removeFromSuperview()
        s.window.advance(ms: 300)
        s.window.touchUp(id: 1)
        #expect(s.content.calls.isEmpty)
    }

    @Test func theContainerRemovedMidDragStopsWithoutCrashing() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: p)
        s.window.moveLinearly(id: 1, from: p, to: Point(x: 200, y: 300), steps: 5, durationMS: 80)
        #expect(s.container.isDragging)
        s.container.removeFromSuperview()
        #expect(!s.container.isDragging)
        #expect(!s.container.isTracking)
        let y = s.container.contentOffset.y
        s.window.touchMove(id: 1, to: Point(x: 200, y: 100))
        s.window.touchUp(id: 1)
        s.window.advance(ms: 1000)
        #expect(s.container.contentOffset.y == y)
        #expect(s.content.calls.isEmpty)
        // Its delegate heard the drag end, and nothing is left running.
        #expect(s.delegate.milestones.last == "didEndDragging(false)")
        #expect(!s.container.isDecelerating)
    }

    @Test func theContainerRemovedMidDecelerationStops() {
        let s = ScrollScene()
        s.window.fling(from: Point(x: 200, y: 600), to: Point(x: 200, y: 300), steps: 4, durationMS: 50)
        s.window.advance(ms: 50)
        s.container.removeFromSuperview()
        #expect(!s.container.isDecelerating)
        let y = s.container.contentOffset.y
        s.window.advance(ms: 1000)
        #expect(s.container.contentOffset.y == y)
    }

    // MARK: 2.7 nested containers

    @Test func nestedVerticalDragScrollsTheListOnly() {
        let n = NestedScene(rowsPerList: 1)
        n.window.touchDown(id: 1, at: p)
        n.window.moveLinearly(id: 1, from: p, to: Point(x: 230, y: 200), steps: 10, durationMS: 200)
        #expect(n.lists[0].isDragging)
        #expect(!n.pager.isDragging)
        #expect(n.pager.contentOffset == .zero)
        n.window.advance(ms: 60)
        n.window.touchUp(id: 1)
        n.window.advance(ms: 1000)
        #expect(n.pager.contentOffset == .zero)
        #expect(abs(n.lists[0].contentOffset.y - 190) < 1)
        #expect(n.lists[0].contentOffset.x == 0)
        #expect(n.rows[0][0].calls.isEmpty)
        #expect(n.pagerDelegate.events.isEmpty)
    }

    @Test func nestedHorizontalDragPagesAndTheListNeverMoves() {
        let n = NestedScene(rowsPerList: 1)
        n.window.touchDown(id: 1, at: Point(x: 350, y: 400))
        n.window.moveLinearly(id: 1, from: Point(x: 350, y: 400), to: Point(x: 100, y: 440), steps: 10, durationMS: 300)
        #expect(n.pager.isDragging)
        #expect(!n.lists[0].isDragging)
        n.window.advance(ms: 60)
        n.window.touchUp(id: 1)
        n.window.runToRest(n.pager)
        #expect(n.pager.contentOffset == Point(x: 400, y: 0))
        #expect(n.pager.currentPage == PageIndex(column: 1, row: 0))
        for list in n.lists { #expect(list.contentOffset == .zero) }
        #expect(n.rows[0][0].calls.isEmpty)
    }

    @Test func nestedFastVerticalFlickScrollsTheListAndNeverThePager() {
        let n = NestedScene(rowsPerList: 1)
        var pagerMoved = false
        let token = n.pager.observe(\.contentOffset) { _, _ in pagerMoved = true }
        // 300 pt in 4 events over 50 ms, with some sideways wobble (60 pt).
        n.window.fling(from: Point(x: 200, y: 600), to: Point(x: 260, y: 300), steps: 4, durationMS: 50)
        #expect(n.lists[0].isDecelerating)
        n.window.runToRest(n.lists[0])
        #expect(!pagerMoved)
        #expect(n.lists[0].contentOffset.y > 1000)
        #expect(n.lists[0].contentOffset.x == 0)
        #expect(n.rows[0][0].calls.isEmpty)
        token.invalidate()
    }

    @Test func nestedFastHorizontalFlickTurnsOnePageAndNeverMovesTheList() {
        let n = NestedScene(rowsPerList: 1)
        var listMoved = false
        let token = n.lists[0].observe(\.contentOffset) { _, _ in listMoved = true }
        n.window.fling(from: Point(x: 300, y: 400), to: Point(x: 0, y: 340), steps: 4, durationMS: 50)
        n.window.runToRest(n.pager)
        #expect(n.pager.contentOffset == Point(x: 400, y: 0))
        #expect(!listMoved)
        #expect(n.rows[0][0].calls.isEmpty)
        token.invalidate()
    }

    @Test func nestedVerticalFlickWhileThePagerSnapsStillScrollsTheList() {
        let n = NestedScene(rowsPerList: 1)
        n.window.fling(from: Point(x: 300, y: 400), to: Point(x: 100, y: 400), steps: 4, durationMS: 50)
        n.window.advance(ms: 50)
        #expect(n.pager.isDecelerating)
        // A vertical flick: 50 ms into its snap toward page 1 the pager shows content x 200 + about 290, page 1's
        // list, which takes the flick.
        let spot = Point(x: 200, y: 600)
        n.window.fling(id: 2, from: spot, to: Point(x: 200, y: 300), steps: 4, durationMS: 50)
        let scrolled = n.lists.filter { $0.contentOffset.y > 50 }
        #expect(scrolled.count == 1)
        #expect(scrolled.first === n.lists[1])
        n.window.runToRest(n.pager)
        for list in n.lists { n.window.runToRest(list) }
        // The pager still rests on a page.
        #expect(n.pager.contentOffset.x == 400)
        #expect(n.pager.contentOffset.y == 0)
        for probe in n.allRows { #expect(probe.calls.isEmpty) }
    }

    @Test func nestedHorizontalFlickDuringAListFlingPagesAndStopsTheList() {
        let n = NestedScene(rowsPerList: 1)
        n.window.fling(from: Point(x: 200, y: 700), to: Point(x: 200, y: 400), steps: 4, durationMS: 50)
        n.window.advance(ms: 100)
        #expect(n.lists[0].isDecelerating)
        n.window.fling(id: 2, from: Point(x: 300, y: 400), to: Point(x: 100, y: 410), steps: 4, durationMS: 50)
        let caught = n.lists[0].contentOffset
        n.window.runToRest(n.pager)
        n.window.advance(ms: 600)
        #expect(n.pager.contentOffset == Point(x: 400, y: 0))
        #expect(n.lists[0].contentOffset == caught)
        #expect(!n.lists[0].isDecelerating)
        for probe in n.allRows { #expect(probe.calls.isEmpty) }
    }

    @Test func nestedTapReachesTheListContentAfterTheDelayOnce() {
        let n = NestedScene(rowsPerList: 1)
        n.window.touchDown(id: 1, at: p)
        n.window.advance(ms: 150)
        #expect(n.rows[0][0].kinds == [.began])
        n.window.touchUp(id: 1)
        #expect(n.rows[0][0].kinds == [.began, .ended])
    }
}
