// <doc:ScrollBehaviour> §21, edge auto-scroll: while a row is lifted, and while the mouse drags a selection in
// `.multiple` mode (lists and grids), a finger within 48 pt of the visible rect's top or bottom scrolls the content
// at a speed linear in its depth into the band, up to 1,500 pt/s at the edge and beyond, frame after frame while
// it holds still, stopping at the end of the content; what lies under the finger follows every frame.

import Foundation
import Testing

@testable import ToolkitCore

@MainActor
extension HeadlessWindow {
    /// Runs exactly the next frame (frames are at k/60 s, in whole nanoseconds), and returns its time in seconds.
    @discardableResult
    func nextFrame() -> Double {
        let before = frameCount
        let next = Int64(before + 1) * 1_000_000_000 / 60
        advance(by: .nanoseconds(next) - now + .nanoseconds(1))
        precondition(frameCount == before + 1)
        return Double(next) / 1e9
    }
}

/// Offsets at successive frame times: the speed between each pair, points per second.
@MainActor
func frameSpeeds(_ window: HeadlessWindow, _ container: ScrollContainer, frames: Int) -> [Double] {
    var last = (time: window.nextFrame(), y: container.contentOffset.y)
    var speeds: [Double] = []
    for _ in 0..<frames {
        let time = window.nextFrame()
        let y = container.contentOffset.y
        speeds.append((y - last.y) / (time - last.time))
        last = (time, y)
    }
    return speeds
}

@MainActor @Suite struct EdgeAutoScrollTests {
    @Test func theSpeedIsLinearInTheDepthIntoTheBand() {
        let height = 800.0
        #expect(EdgeAutoScroller.speed(atY: 400, height: height) == 0)
        #expect(EdgeAutoScroller.speed(atY: 48, height: height) == 0)
        #expect(EdgeAutoScroller.speed(atY: 24, height: height) == -750)
        #expect(EdgeAutoScroller.speed(atY: 0, height: height) == -1500)
        #expect(EdgeAutoScroller.speed(atY: -300, height: height) == -1500)
        #expect(EdgeAutoScroller.speed(atY: 752, height: height) == 0)
        #expect(EdgeAutoScroller.speed(atY: 776, height: height) == 750)
        #expect(EdgeAutoScroller.speed(atY: 788, height: height) == 1125)
        #expect(EdgeAutoScroller.speed(atY: 800, height: height) == 1500)
        #expect(EdgeAutoScroller.speed(atY: 950, height: height) == 1500)
    }

    /// A lifted row 9 (396 ..< 440) of 10,000, held at its middle, with the finger then at window y `y`.
    private func liftedAndHeld(at y: Double, count: Int = 10_000) -> ReorderScene {
        let s = ReorderScene(count: count)
        s.liftByTouch(9)
        s.window.touchMove(id: 1, to: Point(x: 200, y: y))
        return s
    }

    @Test func aLiftedRowScrollsTheListFrameByFrameAtTheSpeedOfItsDepth() {
        // 24 pt into the bottom band: 750 pt/s, at every frame, while the finger holds still.
        var s = liftedAndHeld(at: 776)
        for speed in frameSpeeds(s.window, s.list, frames: 30) { #expect(abs(speed - 750) < 1e-6) }
        s.window.touchUp(id: 1)
        // At the edge and beyond: 1,500 pt/s.
        s = liftedAndHeld(at: 800)
        for speed in frameSpeeds(s.window, s.list, frames: 10) { #expect(abs(speed - 1500) < 1e-6) }
        s.window.touchMove(id: 1, to: Point(x: 200, y: 900))
        for speed in frameSpeeds(s.window, s.list, frames: 10) { #expect(abs(speed - 1500) < 1e-6) }
        // 48 pt in or more: nothing.
        s.window.touchMove(id: 1, to: Point(x: 200, y: 752))
        for speed in frameSpeeds(s.window, s.list, frames: 10) { #expect(speed == 0) }
        // The top band, the same way up.
        s.window.touchMove(id: 1, to: Point(x: 200, y: 12))
        for speed in frameSpeeds(s.window, s.list, frames: 10) { #expect(abs(speed + 1125) < 1e-6) }
        s.window.touchUp(id: 1)
        #expect(s.rows.moves.count == 1)
    }

    @Test func itStopsAtTheEndOfTheContentWithNoRubberBand() {
        // 30 rows: 1,320 pt of content, so the offset ends at 520.
        let s = liftedAndHeld(at: 795, count: 30)
        var highest = 0.0
        for _ in 0..<120 {
            s.window.nextFrame()
            highest = max(highest, s.list.contentOffset.y)
        }
        #expect(highest == 520 && s.list.contentOffset.y == 520)
        // The lifted row is still under the finger, over the last rows.
        #expect(s.list.movingRowDestination == 29)
        s.window.touchUp(id: 1)
        s.window.advance(ms: 500)
        #expect(s.rows.moves.count == 1 && s.rows.moves[0] == (9, 29))
        #expect(s.list.contentOffset.y == 520)
    }

    @Test func theDropTargetFollowsTheRowsUnderAStillFingerEveryFrame() {
        let s = liftedAndHeld(at: 770)
        let lifted = s.list.view(forRow: 9)!
        var targets: Set<Int> = []
        for _ in 0..<60 {
            s.window.nextFrame()
            // The lifted row's top, 22 pt above the finger, over content that moved: with 44 pt rows, the row
            // drops before the first other row whose middle is at or below that top.
            let top = s.list.contentOffset.y + 770 - 22
            let expected = Int(((top - 22) / 44).rounded(.up))
            #expect(s.list.movingRowDestination == expected)
            #expect(lifted.frame.minY == top)
            targets.insert(expected)
        }
        // 18 pt into the band: 562.5 pt/s, some 12 rows a second.
        #expect(targets.count > 10)
        s.window.touchUp(id: 1)
        let offset = s.list.contentOffset.y
        s.window.advance(ms: 100)
        // The drop stops the scrolling.
        #expect(s.list.contentOffset.y == offset)
    }

    @Test func aRowCarriedFarFromItsPlaceKeepsItsViewAndLandsOnce() {
        let s = liftedAndHeld(at: 799)
        let lifted = s.list.view(forRow: 9)!
        s.window.advance(ms: 2_000)
        // Its own place scrolled out of the alive rows; it is still drawn under the finger.
        #expect(s.list.view(forRow: 9) == nil)
        #expect(lifted.superview === s.list)
        let target = s.list.movingRowDestination!
        #expect(target > 60)
        s.window.touchUp(id: 1)
        s.window.advance(ms: 400)
        #expect(s.rows.moves.count == 1 && s.rows.moves[0] == (9, target))
        #expect(s.list.view(forRow: target) === lifted)
        #expect(s.shown(target) == 9)
        // Every subview is an alive row once: no shadow, no stray view.
        let rowViews = s.list.subviews.filter { $0 is ListRowView }
        #expect(rowViews.count == s.list.numberOfLiveViews && rowViews.count == s.list.subviews.count)
        #expect(Set(rowViews.map { ObjectIdentifier($0) }).count == rowViews.count)
    }

    @Test func aMouseDragSelectsTheRangeAndAutoScrollsExtendingItEveryFrame() {
        let s = ListScene(RecordingRows(count: 10_000))
        s.list.selectionMode = .multiple
        var changes = 0
        s.list.onSelectionChange = { _ in changes += 1 }
        s.window.pointerMove(to: Point(x: 200, y: 110))  // row 2
        s.window.pointerButton(.left, pressed: true)
        for y in stride(from: 130.0, through: 300, by: 20) {
            s.window.advance(ms: 16)
            s.window.pointerMove(to: Point(x: 200, y: y))
        }
        #expect(s.list.selectedRows == IndexSet(integersIn: 2...6))
        #expect(s.list.focusedRow == 2)
        // To 10 pt above the bottom (38 pt into the band: 1,187.5 pt/s), held still.
        s.window.pointerMove(to: Point(x: 200, y: 790))
        for speed in frameSpeeds(s.window, s.list, frames: 20) { #expect(abs(speed - 1187.5) < 1e-6) }
        for _ in 0..<30 {
            s.window.nextFrame()
            let under = Int(((s.list.contentOffset.y + 790) / 44).rounded(.down))
            #expect(s.list.selectedRows == IndexSet(integersIn: 2...under))
        }
        s.window.pointerButton(.left, pressed: false)
        let selected = s.list.selectedRows
        let offset = s.list.contentOffset.y
        s.window.advance(ms: 200)
        #expect(s.list.contentOffset.y == offset && s.list.selectedRows == selected)
        #expect(changes > 20)
        // Back up past the pressed row, the range turns around it.
        s.window.pointerMove(to: Point(x: 200, y: 400))
        s.window.pointerButton(.left, pressed: true)
        s.window.advance(ms: 16)
        s.window.pointerMove(to: Point(x: 200, y: 300))
        s.window.advance(ms: 16)
        s.window.pointerMove(to: Point(x: 200, y: 200))
        let pressed = Int(((offset + 400) / 44).rounded(.down))
        let reached = Int(((offset + 200) / 44).rounded(.down))
        #expect(s.list.selectedRows == IndexSet(integersIn: reached...pressed))
        s.window.pointerButton(.left, pressed: false)
    }

    @Test func aClickStillTogglesAndTouchDragsStillScroll() {
        let s = ListScene(RecordingRows(count: 1000))
        s.list.selectionMode = .multiple
        s.click(y: 110)
        #expect(s.list.selectedRows == IndexSet(integer: 2))
        s.window.drag(from: Point(x: 200, y: 600), to: Point(x: 200, y: 300), steps: 10, durationMS: 300)
        #expect(s.list.selectedRows == IndexSet(integer: 2))
        #expect(s.list.contentOffset.y > 0)
    }

    @Test func aListWhoseMouseDragsScrollSelectsNothingByDragging() {
        let s = ListScene(RecordingRows(count: 1000))
        s.list.selectionMode = .multiple
        s.list.pointerDragScrolls = true
        s.window.pointerMove(to: Point(x: 200, y: 600))
        s.window.pointerButton(.left, pressed: true)
        for step in 1...10 {
            s.window.advance(ms: 16)
            s.window.pointerMove(to: Point(x: 200, y: 600 - 30 * Double(step)))
        }
        s.window.pointerButton(.left, pressed: false)
        #expect(s.list.selectedRows.isEmpty)
        #expect(s.list.contentOffset.y > 200)
    }

    @Test func aGridsMouseDragSelectsInBothAxesAndAutoScrolls() {
        // 3 columns of 128 pt, rows 128 pt apart (items 120 tall).
        let s = GridScene(RecordingItems(count: 3_000))
        s.grid.selectionMode = .multiple
        s.window.pointerMove(to: Point(x: 200, y: 60))  // item 1
        s.window.pointerButton(.left, pressed: true)
        s.window.advance(ms: 16)
        s.window.pointerMove(to: Point(x: 120, y: 130))
        s.window.advance(ms: 16)
        s.window.pointerMove(to: Point(x: 60, y: 200))  // item 3: row 1, column 0
        #expect(s.grid.selectedItems == IndexSet(integersIn: 1...3))
        s.window.advance(ms: 16)
        s.window.pointerMove(to: Point(x: 330, y: 330))  // item 8
        #expect(s.grid.selectedItems == IndexSet(integersIn: 1...8))
        // Into the bottom band, in the right column: 24 pt deep, 750 pt/s.
        s.window.pointerMove(to: Point(x: 330, y: 776))
        for speed in frameSpeeds(s.window, s.grid, frames: 20) { #expect(abs(speed - 750) < 1e-6) }
        for _ in 0..<20 {
            s.window.nextFrame()
            let y = s.grid.contentOffset.y + 776
            // Under the pointer, or in the gap below a row: the last item passed.
            if let item = s.grid.item(at: Point(x: 330, y: y)) {
                #expect(s.grid.selectedItems == IndexSet(integersIn: 1...item))
            }
        }
        s.window.pointerButton(.left, pressed: false)
        #expect(s.grid.selectedItems.count > 20)
    }
}
