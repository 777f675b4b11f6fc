// <doc:ScrollBehaviour> §2.7: nested containers. A horizontal pager of vertical lists works with no app code, slow or
// fast.

import Testing

@testable import ToolkitCore

@MainActor @Suite struct NestedContainerTests {
    let start = Point(x: 200, y: 400)

    @Test func rule2_7_verticalDragScrollsTheListNotThePager() {
        let s = NestedScene()
        s.window.drag(from: start, to: start - Point(x: 30, y: 300), steps: 15, durationMS: 300, holdMS: 60)
        s.window.settle(s.lists[0])
        #expect(s.lists[0].contentOffset.y > 250)
        #expect(s.pager.contentOffset == .zero)
        #expect(s.pagerDelegate.events.isEmpty)
        #expect(s.allRows.allSatisfy { $0.calls.isEmpty })
    }

    @Test func rule2_7_horizontalDragPagesAndTheListNeverMoves() {
        let s = NestedScene()
        var listMoved = false
        let token = s.lists[0].observe(\.contentOffset) { _, _ in listMoved = true }
        s.window.drag(from: start, to: start - Point(x: 300, y: 40), steps: 15, durationMS: 300, holdMS: 60)
        s.window.settle(s.pager)
        #expect(near(s.pager.contentOffset.x, 400))
        #expect(s.pager.currentPage == PageIndex(column: 1, row: 0))
        #expect(!listMoved)
        #expect(s.listDelegates[0].events.isEmpty)
        token.invalidate()
    }

    @Test func rule2_7_fastHorizontalFlickInOneEventPages() {
        let s = NestedScene()
        s.window.touchDown(id: 1, at: start)
        s.window.advance(ms: 8)
        // One big first move that crosses the slop, mostly horizontal with some vertical.
        s.window.touchMove(id: 1, to: start + Point(x: -150, y: -60))
        s.window.advance(ms: 8)
        s.window.touchMove(id: 1, to: start + Point(x: -260, y: -100))
        s.window.touchUp(id: 1)
        #expect(s.pager.isDecelerating)
        s.window.settle(s.pager)
        #expect(near(s.pager.contentOffset.x, 400))
        #expect(s.lists[0].contentOffset == .zero)
        #expect(s.allRows.allSatisfy { $0.calls.isEmpty })
    }

    @Test func rule2_7_fastVerticalFlickInOneEventScrollsTheList() {
        let s = NestedScene()
        s.window.touchDown(id: 1, at: start)
        s.window.advance(ms: 8)
        s.window.touchMove(id: 1, to: start + Point(x: -70, y: -180))
        s.window.advance(ms: 8)
        s.window.touchMove(id: 1, to: start + Point(x: -120, y: -320))
        s.window.touchUp(id: 1)
        #expect(s.lists[0].isDecelerating)
        #expect(!s.pager.isTracking && !s.pager.isDecelerating)
        s.window.settle(s.lists[0])
        #expect(s.lists[0].contentOffset.y > 320)
        #expect(s.pager.contentOffset == .zero)
    }

    @Test func rule2_7_contentTouchIsCancelledOnceByTheClaimingContainer() {
        let s = NestedScene()
        s.window.touchDown(id: 1, at: start)
        s.window.advance(ms: 200)
        let row = s.rows[0][2]
        #expect(row.calls.map(\.kind) == [.began])
        s.window.moveLinearly(id: 1, from: start, to: start - Point(x: 200, y: 0), steps: 10, durationMS: 100)
        s.window.touchUp(id: 1)
        #expect(row.summary == [.began, .cancelled])
        #expect(row.grammarViolation(requireEnded: true) == nil)
    }

    @Test func rule2_7_aFlingOnTheListThenATapOnTheSettlingPagerIsNotDelivered() {
        let s = NestedScene()
        // Page to 1 with a fling, catch the pager mid-snap, lift: it completes to a page, the row gets nothing.
        s.window.drag(from: start, to: start - Point(x: 200, y: 0), steps: 4, durationMS: 40)
        s.window.advance(ms: 60)
        #expect(s.pager.isDecelerating)
        s.window.touchDown(id: 2, at: start)
        s.window.advance(ms: 30)
        s.window.touchUp(id: 2)
        s.window.settle(s.pager)
        let x = s.pager.contentOffset.x
        #expect(x == 400)
        #expect(s.allRows.allSatisfy { $0.calls.isEmpty })
    }

    /// <doc:ScrollBehaviour> §2.7 with a second finger: while the pager drags, a finger landing on a list (idle,
    /// visible because the pager is between pages) joins the pager's drag only. The list never takes it: if it did, the
    /// finger's vertical motion would scroll the list while the same finger steers the pager.
    @Test func rule2_7_aSecondFingerDuringAnOuterDragJoinsTheOuterDragOnly() {
        let s = NestedScene()
        s.window.touchDown(id: 1, at: start)
        s.window.moveLinearly(id: 1, from: start, to: Point(x: 0, y: 400), steps: 10, durationMS: 100)
        #expect(s.pager.isDragging)
        let pagerX = s.pager.contentOffset.x
        #expect(pagerX > 150)
        // x = 350 in the window is x = 350 + pagerX > 400 in the pager: the second list.
        let second = Point(x: 350, y: 400)
        s.window.advance(ms: 16)
        s.window.touchDown(id: 2, at: second)
        #expect(!s.lists[1].isTracking)
        s.window.moveLinearly(id: 2, from: second, to: second - Point(x: 0, y: 300), steps: 10, durationMS: 160)
        #expect(s.lists[1].contentOffset == .zero)
        #expect(!s.lists[1].isDragging)
        #expect(s.listDelegates[1].events.isEmpty)
        #expect(s.pager.isDragging)
        // The pager follows the centroid: the second finger joined without a jump, and moved only vertically.
        #expect(near(s.pager.contentOffset.x, pagerX))
        s.window.touchUp(id: 2)
        s.window.touchUp(id: 1)
        s.window.settle(s.pager)
        #expect(s.lists.allSatisfy { $0.contentOffset == .zero && !$0.isTracking })
        #expect(s.allRows.allSatisfy { $0.calls.isEmpty })
    }

    /// Before the outer container drags, the innermost container still gets a second finger as usual.
    @Test func rule2_7_aSecondFingerBeforeAnyDragStillReachesTheList() {
        let s = NestedScene()
        s.window.touchDown(id: 1, at: start)
        s.window.advance(ms: 16)
        s.window.touchDown(id: 2, at: start + Point(x: 50, y: 0))
        #expect(s.lists[0].isTracking)
        s.window.touchMove([(1, start - Point(x: 0, y: 100)), (2, start + Point(x: 50, y: -100))])
        #expect(s.lists[0].isDragging)
        #expect(!s.pager.isDragging)
    }
}
