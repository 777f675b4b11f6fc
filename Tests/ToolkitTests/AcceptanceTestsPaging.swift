// Acceptance tests, <doc:ScrollBehaviour> §6 (paging), public API only.

import Testing
import ToolkitCore

@MainActor
@Suite struct AcceptanceTestsPaging {
    /// Three horizontal pages of 400 pt (range 0...800).
    func pager() -> ScrollScene {
        let s = ScrollScene(contentSize: Size(width: 1200, height: 800))
        s.container.isPagingEnabled = true
        return s
    }

    /// A horizontal drag of `dx` (negative = finger to the left = forward), `ms` long, then a hold of
    /// `holdMS` and a lift.
    func hDrag(
        _ s: ScrollScene, from: Point = Point(x: 300, y: 400), dx: Double, steps: Int = 10, ms: Double = 200,
        holdMS: Double = 0, id: Int = 1
    ) {
        s.window.touchDown(id: id, at: from)
        s.window.moveLinearly(id: id, from: from, to: Point(x: from.x + dx, y: from.y), steps: steps, durationMS: ms)
        if holdMS > 0 { s.window.advance(ms: holdMS) }
        s.window.touchUp(id: id)
    }

    @Test func aSlowDragShortOfHalfAPageSnapsBackWithin0_5s() {
        let s = pager()
        hDrag(s, dx: -190, holdMS: 60)  // 180 pt after the slop
        #expect(s.delegate.releaseVelocities.first == .zero)
        let spent = s.window.runToRest(s.container)
        #expect(spent <= 500, "snap took \(spent) ms")
        #expect(s.container.contentOffset == .zero)
        #expect(s.container.currentPage == PageIndex(column: 0, row: 0))
    }

    @Test func aSlowDragPastHalfAPageSnapsForwardWithin0_5s() {
        let s = pager()
        hDrag(s, dx: -230, holdMS: 60)  // 220 pt
        let spent = s.window.runToRest(s.container)
        #expect(spent <= 500, "snap took \(spent) ms")
        #expect(s.container.contentOffset == Point(x: 400, y: 0))
        #expect(s.container.currentPage == PageIndex(column: 1, row: 0))
    }

    @Test func aShortFlickOver300ptPerSecondTurnsThePage() {
        let s = pager()
        hDrag(s, dx: -60, steps: 4, ms: 50)  // 1200 pt/s, 50 pt of scrolling
        #expect(abs((s.delegate.releaseVelocities.first?.x ?? 0) - 1200) < 20)
        #expect(s.delegate.offeredTargets.first == Point(x: 400, y: 0))
        let spent = s.window.runToRest(s.container)
        #expect(spent <= 500, "snap took \(spent) ms")
        #expect(s.container.contentOffset == Point(x: 400, y: 0))
    }

    @Test func aSlowReleaseUnder300ptPerSecondGoesToTheNearestPage() {
        let s = pager()
        // 250 pt/s for the last 200 ms, 150 pt in all: nearest is page 0.
        s.window.touchDown(id: 1, at: Point(x: 300, y: 400))
        s.window.moveLinearly(id: 1, from: Point(x: 300, y: 400), to: Point(x: 200, y: 400), steps: 5, durationMS: 100)
        s.window.moveLinearly(id: 1, from: Point(x: 200, y: 400), to: Point(x: 150, y: 400), steps: 20, durationMS: 200)
        s.window.touchUp(id: 1)
        #expect(abs((s.delegate.releaseVelocities.first?.x ?? 0) - 250) < 5)
        s.window.runToRest(s.container)
        #expect(s.container.contentOffset == .zero)
    }

    @Test func theFastestFlingNeverSkipsAPage() {
        let s = pager()
        hDrag(s, dx: -290, steps: 4, ms: 30)  // far over 8000 pt/s
        #expect(s.delegate.releaseVelocities.first?.x == 8000)
        let spent = s.window.runToRest(s.container)
        #expect(spent <= 500)
        #expect(s.container.contentOffset == Point(x: 400, y: 0))
        // And again from page 1: page 2, the last.
        hDrag(s, dx: -290, steps: 4, ms: 30, id: 2)
        s.window.runToRest(s.container)
        #expect(s.container.contentOffset == Point(x: 800, y: 0))
        // Past the last page there is nothing more: it stays on it.
        hDrag(s, dx: -290, steps: 4, ms: 30, id: 3)
        s.window.runToRest(s.container)
        #expect(s.container.contentOffset == Point(x: 800, y: 0))
        // Backwards, one page at a time.
        hDrag(s, from: Point(x: 50, y: 400), dx: 300, steps: 4, ms: 30, id: 4)
        s.window.runToRest(s.container)
        #expect(s.container.contentOffset == Point(x: 400, y: 0))
    }

    @Test func aFlingGoesToTheFirstBoundaryPastTheReleaseOffset() {
        let s = pager()
        // From 100, drag past page 1's boundary (to 480) and flick on forwards: page 2, not page 1.
        s.container.contentOffset = Point(x: 100, y: 0)
        s.window.touchDown(id: 1, at: Point(x: 390, y: 400))
        s.window.moveLinearly(id: 1, from: Point(x: 390, y: 400), to: Point(x: 0, y: 400), steps: 10, durationMS: 200)
        s.window.touchUp(id: 1)
        #expect(s.container.contentOffset.x > 400)
        s.window.runToRest(s.container)
        #expect(s.container.contentOffset == Point(x: 800, y: 0))
    }

    @Test func aBackwardFlingFromPastABoundaryReturnsToThatBoundary() {
        let s = pager()
        s.container.contentOffset = Point(x: 400, y: 0)
        // Drag forwards 60 pt slowly, then flick back 40 pt: back to 400, not to 0.
        s.window.touchDown(id: 1, at: Point(x: 300, y: 400))
        s.window.moveLinearly(id: 1, from: Point(x: 300, y: 400), to: Point(x: 230, y: 400), steps: 10, durationMS: 300)
        s.window.moveLinearly(id: 1, from: Point(x: 230, y: 400), to: Point(x: 270, y: 400), steps: 4, durationMS: 40)
        s.window.touchUp(id: 1)
        #expect((s.delegate.releaseVelocities.first?.x ?? 0) < -300)
        #expect(s.container.contentOffset.x > 400)
        s.window.runToRest(s.container)
        #expect(s.container.contentOffset == Point(x: 400, y: 0))
    }

    @Test func currentPageChangesOnceWhenThePageAtRestChanges() {
        let s = pager()
        var changes: [(PageIndex?, PageIndex)] = []
        let token = s.container.observe(\.currentPage) { _, change in changes.append((change.oldValue, change.newValue))
        }
        s.window.touchDown(id: 1, at: Point(x: 390, y: 400))
        s.window.moveLinearly(id: 1, from: Point(x: 390, y: 400), to: Point(x: 100, y: 400), steps: 10, durationMS: 300)
        // Mid-drag, past half a page: still on page 0 (no page is at rest).
        #expect(s.container.currentPage == PageIndex(column: 0, row: 0))
        s.window.advance(ms: 60)
        s.window.touchUp(id: 1)
        s.window.runToRest(s.container)
        #expect(changes.count == 1)
        #expect(changes.first?.0 == PageIndex(column: 0, row: 0))
        #expect(changes.first?.1 == PageIndex(column: 1, row: 0))
        #expect(s.container.currentPage == PageIndex(column: 1, row: 0))
        token.invalidate()
    }

    @Test func currentPageFollowsADirectlySetOffset() {
        let s = pager()
        s.container.contentOffset = Point(x: 800, y: 0)
        #expect(s.container.currentPage == PageIndex(column: 2, row: 0))
    }

    @Test func verticalPagingByBoundsHeight() {
        let s = ScrollScene()  // 400 x 800 container, 4000 tall contentSize: pages at 0, 800, ... 3200
        s.container.isPagingEnabled = true
        s.window.fling(from: Point(x: 200, y: 700), to: Point(x: 200, y: 400), steps: 4, durationMS: 50)
        let spent = s.window.runToRest(s.container)
        #expect(spent <= 500)
        #expect(s.container.contentOffset == Point(x: 0, y: 800))
        #expect(s.container.currentPage == PageIndex(column: 0, row: 1))
    }

    @Test func aCustomPageSizeWithALastPageClampedToTheRange() {
        let s = ScrollScene()
        s.container.isPagingEnabled = true
        s.container.pageSize = Size(width: 300, height: 300)
        s.container.contentOffset = Point(x: 0, y: 3000)
        // Forward fling from 3000: the next boundary would be 3300 > 3200, so the end of the range.
        s.window.fling(from: Point(x: 200, y: 700), to: Point(x: 200, y: 600), steps: 4, durationMS: 50)
        s.window.runToRest(s.container)
        #expect(s.container.contentOffset.y == 3200)
        // Slow drag back to 2890 and release: nearest boundary 3000 (not 2700 or 3200).
        s.window.touchDown(id: 2, at: Point(x: 200, y: 300))
        s.window.moveLinearly(id: 2, from: Point(x: 200, y: 300), to: Point(x: 200, y: 620), steps: 10, durationMS: 300)
        s.window.advance(ms: 60)
        s.window.touchUp(id: 2)
        s.window.runToRest(s.container)
        #expect(s.container.contentOffset.y == 3000)
        // From 310, a flick forward released at 360: the first boundary past it is 600.
        s.container.contentOffset = Point(x: 0, y: 310)
        s.window.fling(id: 3, from: Point(x: 200, y: 700), to: Point(x: 200, y: 640), steps: 4, durationMS: 50)
        s.window.runToRest(s.container)
        #expect(s.container.contentOffset.y == 600)
    }

    @Test func pagingAxesHorizontalOnlyLeavesVerticalFree() {
        let s = ScrollScene(contentSize: Size(width: 1200, height: 40_000))
        s.container.isPagingEnabled = true
        s.container.pagingAxes = [.horizontal]
        // A vertical fling decelerates freely (no page snap): the spec's travel.
        s.window.fling(from: Point(x: 200, y: 700), to: Point(x: 200, y: 400), steps: 4, durationMS: 50)
        let v = s.delegate.releaseVelocities.first?.y ?? 0
        let released = s.container.contentOffset.y
        s.window.runToRest(s.container)
        let travel = s.container.contentOffset.y - released
        #expect(abs(travel - accTravel(v, rate: 0.998)) < 1, "travel \(travel)")
        #expect(s.container.contentOffset.x == 0)
        // A horizontal flick pages.
        s.window.fling(id: 2, from: Point(x: 300, y: 400), to: Point(x: 240, y: 400), steps: 4, durationMS: 50)
        s.window.runToRest(s.container)
        #expect(s.container.contentOffset.x == 400)
    }

    @Test func aZeroPageSizeMeansNoPaging() {
        let s = pager()
        s.container.pageSize = Size(width: 0, height: 0)
        hDrag(s, dx: -150, holdMS: 60)
        s.window.runToRest(s.container)
        s.window.advance(ms: 600)
        #expect(abs(s.container.contentOffset.x - 140) < 1e-9)
    }

    @Test func pagesAreCountedFromTheStartOfTheRangeWithInsets() {
        let s = pager()
        s.container.contentInset = EdgeInsets(top: 0, left: 20, bottom: 0, right: 0)
        s.container.contentOffset = Point(x: -20, y: 0)
        hDrag(s, dx: -60, steps: 4, ms: 50)
        s.window.runToRest(s.container)
        #expect(s.container.contentOffset == Point(x: 380, y: 0))
        #expect(s.container.currentPage == PageIndex(column: 1, row: 0))
    }

    @Test func aCaughtPageSnapStillEndsOnAPage() {
        let s = pager()
        hDrag(s, dx: -60, steps: 4, ms: 50)
        s.window.advance(ms: 60)
        s.window.touchDown(id: 2, at: Point(x: 200, y: 400))
        let caught = s.container.contentOffset.x
        // The 1200 pt/s release snaps toward page 1 (400); 60 ms into that spring the content is past half way.
        #expect(caught > 200 && caught < 400)
        s.window.advance(ms: 30)
        s.window.touchUp(id: 2)
        s.window.advance(ms: 600)
        // The tap released nothing that moves: the content goes to the nearest page boundary, 400.
        #expect(s.container.contentOffset.x == 400)
        #expect(s.content.calls.isEmpty)
    }
}
