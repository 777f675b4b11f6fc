// <doc:ScrollBehaviour> §6: paging.

import Testing

@testable import ToolkitCore

@MainActor @Suite struct PagingTests {
    let start = Point(x: 300, y: 400)

    /// A 400 x 800 horizontal pager of 5 pages.
    func pager() -> ScrollScene {
        let s = ScrollScene(viewport: Size(width: 400, height: 800), contentSize: Size(width: 2000, height: 800))
        s.container.isPagingEnabled = true
        return s
    }

    @Test func rule6_1_slowReleaseGoesToTheNearestPage() {
        let s = pager()
        s.window.drag(from: start, to: start - Point(x: 160, y: 0), steps: 16, durationMS: 800, holdMS: 60)
        s.window.settle(s.container)
        #expect(s.container.contentOffset.x == 0)  // 150 pt: nearer to page 0
        s.window.drag(from: start, to: start - Point(x: 260, y: 0), steps: 26, durationMS: 1300, holdMS: 60)
        s.window.settle(s.container)
        #expect(s.container.contentOffset.x == 400)
    }

    @Test func rule6_2_aFlingGoesToTheNextPageAndNeverSkips() {
        let s = pager()
        s.window.drag(from: start, to: start - Point(x: 300, y: 0), steps: 3, durationMS: 30)
        #expect((s.delegate.releaseVelocities.first?.x ?? 0) >= 8000)
        #expect(s.delegate.offeredTargets.first?.x == 400)
        s.window.settle(s.container)
        #expect(s.container.contentOffset.x == 400)
    }

    @Test func rule6_2_theThreeHundredPointsPerSecondThreshold() {
        // 100 pt dragged (nearest page: 0), released at about 200 pt/s: back to page 0.
        let s = pager()
        s.window.touchDown(id: 1, at: start)
        s.window.moveLinearly(id: 1, from: start, to: start - Point(x: 90, y: 0), steps: 9, durationMS: 450)
        s.window.moveLinearly(
            id: 1, from: start - Point(x: 90, y: 0), to: start - Point(x: 110, y: 0),
            steps: 10, durationMS: 100)
        s.window.touchUp(id: 1)
        let slow = s.delegate.releaseVelocities.last?.x ?? 0
        #expect(slow > 100 && slow < 300)
        s.window.settle(s.container)
        #expect(s.container.contentOffset.x == 0)
        // Same distance released at about 400 pt/s: the next page.
        s.window.touchDown(id: 1, at: start)
        s.window.moveLinearly(id: 1, from: start, to: start - Point(x: 70, y: 0), steps: 7, durationMS: 350)
        s.window.moveLinearly(
            id: 1, from: start - Point(x: 70, y: 0), to: start - Point(x: 110, y: 0),
            steps: 10, durationMS: 100)
        s.window.touchUp(id: 1)
        let fast = s.delegate.releaseVelocities.last?.x ?? 0
        #expect(fast > 300)
        s.window.settle(s.container)
        #expect(s.container.contentOffset.x == 400)
    }

    @Test func rule6_3_theSnapReachesThePageWithinHalfASecond() {
        let s = pager()
        s.window.drag(from: start, to: start - Point(x: 200, y: 0), steps: 4, durationMS: 40)
        s.window.advance(ms: 500)
        #expect(near(s.container.contentOffset.x, 400, 0.5))
        var overshoot = false
        let token = s.container.observe(\.contentOffset.x) { _, c in if c.newValue > 400.5 { overshoot = true } }
        s.window.settle(s.container)
        #expect(!overshoot)
        token.invalidate()
    }

    @Test func rule6_3_currentPageChangesWhenThePageAtRestChanges() {
        let s = pager()
        var pages: [PageIndex] = []
        let token = s.container.observe(\.currentPage) { _, c in pages.append(c.newValue) }
        s.window.drag(from: start, to: start - Point(x: 200, y: 0), steps: 4, durationMS: 40)
        #expect(pages.isEmpty)  // not while moving
        s.window.advance(ms: 100)
        #expect(pages.isEmpty)
        s.window.settle(s.container)
        #expect(pages == [PageIndex(column: 1, row: 0)])
        #expect(s.container.currentPage.column == 1)
        token.invalidate()
    }

    @Test func rule6_1_customPageSize() {
        let s = pager()
        s.container.pageSize = Size(width: 100, height: 100)
        s.window.drag(from: start, to: start - Point(x: 240, y: 0), steps: 24, durationMS: 1200, holdMS: 60)
        s.window.settle(s.container)
        #expect(s.container.contentOffset.x == 200)  // 230 after the slop: nearest multiple of 100
        #expect(s.container.currentPage.column == 2)
    }

    @Test func rule6_1_lastPartialPageIsClampedToTheRange() {
        let s = ScrollScene(viewport: Size(width: 400, height: 800), contentSize: Size(width: 1000, height: 800))
        s.container.isPagingEnabled = true
        s.container.contentOffset = Point(x: 400, y: 0)
        s.window.drag(from: start, to: start - Point(x: 300, y: 0), steps: 3, durationMS: 30)
        s.window.settle(s.container)
        #expect(s.container.contentOffset.x == 600)  // max offset, not 800
    }

    @Test func rule6_4_pagingAxesPageOneWayAndScrollFreelyTheOther() {
        let s = ScrollScene(viewport: Size(width: 400, height: 800), contentSize: Size(width: 2000, height: 8000))
        s.container.isPagingEnabled = true
        s.container.pagingAxes = [.horizontal]
        // A vertical fling decelerates freely.
        s.window.drag(from: start, to: start - Point(x: 0, y: 150), steps: 5, durationMS: 50)
        s.window.settle(s.container)
        let y = s.container.contentOffset.y
        #expect(y > 150)
        #expect(y.truncatingRemainder(dividingBy: 800) != 0)
        #expect(s.container.contentOffset.x == 0)
        // A horizontal fling pages.
        s.window.drag(from: start, to: start - Point(x: 150, y: 0), steps: 5, durationMS: 50)
        s.window.settle(s.container)
        #expect(s.container.contentOffset.x == 400)
        #expect(s.container.contentOffset.y == y)
    }

    /// Page sizes below 1 pt mean no paging along that axis (<doc:ScrollBehaviour> §10: no impossible values): a page
    /// of 1e-12 pt would put every boundary within rounding of the start, and searching them would not end.
    @Test func pageSizesBelowOnePointMeanNoPaging() {
        for tiny in [1e-12, 1e-6, 0.5, 0.999] {
            let s = pager()
            s.container.pageSize = Size(width: tiny, height: tiny)
            // A slow drag of 150 pt and a hold: without paging it stays where the finger left it.
            s.window.drag(from: start, to: start - Point(x: 160, y: 0), steps: 16, durationMS: 800, holdMS: 60)
            s.window.settle(s.container)
            #expect(near(s.container.contentOffset.x, 150), "page \(tiny)")
            #expect(s.container.currentPage == .zero, "page \(tiny)")
            // A fling decelerates freely (no snap back to a boundary near the start).
            s.window.drag(from: start, to: start - Point(x: 100, y: 0), steps: 4, durationMS: 40)
            s.window.settle(s.container)
            #expect(s.container.contentOffset.x > 600, "page \(tiny)")
        }
        // From 1 pt on, pages are pages.
        let s = pager()
        s.container.pageSize = Size(width: 1, height: 1)
        s.container.contentOffset = Point(x: 1000, y: 0)
        #expect(s.container.currentPage == PageIndex(column: 1000, row: 0))
    }

    /// A finger that lands on a pager a hair (less than the 0.001 pt rest tolerance) off a page and lifts without
    /// dragging leaves it exactly on the page (§6: a paging container rests on a page), as a still release does.
    @Test func aTouchThatDoesNotDragLeavesAPagerAHairOffAPageOnIt() {
        let s = pager()
        s.container.contentOffset = Point(x: 400.0000882, y: 0)
        s.window.touchDown(id: 1, at: start)
        s.window.advance(ms: 40)
        s.window.touchUp(id: 1)
        s.window.settle(s.container)
        #expect(s.container.contentOffset.x == 400)
    }
}
