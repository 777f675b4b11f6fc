// <doc:ScrollBehaviour> §15, scroll anchoring: content added, removed or resized before the first visible content
// subview moves the offset by that view's displacement, in the same turn, so nothing moves on screen.

import Testing

@testable import ToolkitCore

/// A 400 x 800 container over `count` rows of 100 pt stacked from y = 0, each a direct content subview.
@MainActor
private struct RowsScene {
    let window = HeadlessWindow(size: Size(width: 400, height: 800))
    let container = ScrollContainer(frame: Rect(x: 0, y: 0, width: 400, height: 800))
    var rows: [View] = []

    init(count: Int = 40, anchoring: Bool = true) {
        container.maintainsVisibleContentPosition = anchoring
        for index in 0..<count {
            let row = View(frame: Rect(x: 0, y: Double(index) * 100, width: 400, height: 100))
            container.addSubview(row)
            rows.append(row)
        }
        container.contentSize = Size(width: 400, height: Double(count) * 100)
        window.rootView.addSubview(container)
    }

    /// Inserts a row of `height` at the top: the new view first, then every row moved down, then the size.
    mutating func insertAtTop(height: Double) {
        let row = View(frame: Rect(x: 0, y: 0, width: 400, height: height))
        container.addSubview(row)
        for old in rows { old.frame = old.frame.offsetBy(Point(x: 0, y: height)) }
        rows.insert(row, at: 0)
        container.contentSize = Size(width: 400, height: container.contentSize.height + height)
    }

    /// Where `row` is on screen (window coordinates).
    func screenY(_ row: View) -> Double { row.convert(Point.zero, to: nil).y }
}

@MainActor @Suite struct ScrollAnchoringTests {
    @Test func defaultIsOff() {
        #expect(!ScrollContainer(frame: .zero).maintainsVisibleContentPosition)
    }

    @Test func insertingAboveTheVisibleRowsKeepsThemStill() {
        var s = RowsScene()
        s.container.contentOffset = Point(x: 0, y: 1000)
        let anchor = s.rows[10]
        #expect(s.screenY(anchor) == 0)
        s.insertAtTop(height: 50)
        #expect(s.container.contentOffset.y == 1050)
        #expect(s.screenY(anchor) == 0)
        // Twice in one turn: the same anchor is followed.
        s.insertAtTop(height: 30)
        #expect(s.container.contentOffset.y == 1080)
        #expect(s.screenY(anchor) == 0)
    }

    @Test func withoutAnchoringTheContentMoves() {
        var s = RowsScene(anchoring: false)
        s.container.contentOffset = Point(x: 0, y: 1000)
        s.insertAtTop(height: 50)
        #expect(s.container.contentOffset.y == 1000)
        #expect(s.screenY(s.rows[11]) == 50)
    }

    @Test func atTheMinimumEdgeNewRowsShow() {
        var s = RowsScene()
        s.insertAtTop(height: 50)
        #expect(s.container.contentOffset.y == 0)
        #expect(s.screenY(s.rows[0]) == 0)
        #expect(s.screenY(s.rows[1]) == 50)
    }

    @Test func resizingBeforeTheAnchorShiftsAndAfterItDoesNot() {
        let s = RowsScene()
        s.container.contentOffset = Point(x: 0, y: 1030)  // row 10 is the anchor, 30 pt of it above the top
        let anchor = s.rows[10]
        // Row 3 grows by 20: the rows after it move down.
        s.rows[3].frame.size.height = 120
        for row in s.rows[4...] { row.frame = row.frame.offsetBy(Point(x: 0, y: 20)) }
        #expect(s.container.contentOffset.y == 1050)
        #expect(s.screenY(anchor) == -30)
        // Row 15 (after the anchor) shrinks: nothing visible above it moves, no shift.
        s.window.advance(ms: 1)
        s.rows[15].frame.size.height = 60
        for row in s.rows[16...] { row.frame = row.frame.offsetBy(Point(x: 0, y: -40)) }
        #expect(s.container.contentOffset.y == 1050)
        #expect(s.screenY(anchor) == -30)
        // The anchor itself grows: its origin stays, no shift.
        s.window.advance(ms: 1)
        anchor.frame.size.height = 200
        #expect(s.container.contentOffset.y == 1050)
    }

    @Test func removingBeforeTheAnchorShiftsBack() {
        var s = RowsScene()
        s.container.contentOffset = Point(x: 0, y: 1000)
        let anchor = s.rows[10]
        let removed = s.rows.remove(at: 2)
        removed.removeFromSuperview()
        for row in s.rows[2...] { row.frame = row.frame.offsetBy(Point(x: 0, y: -100)) }
        #expect(s.container.contentOffset.y == 900)
        #expect(s.screenY(anchor) == 0)
    }

    @Test func aFlingGoesOnShifted() {
        // Twin scenes, the same fling; one gets 50 pt inserted at the top halfway through.
        let plain = RowsScene(count: 400)
        var shifted = RowsScene(count: 400)
        for s in [plain, shifted] {
            s.container.contentOffset = Point(x: 0, y: 2000)
            s.window.fling(from: Point(x: 200, y: 600), to: Point(x: 200, y: 400))
            s.window.advance(ms: 200)
            #expect(s.container.isDecelerating)
        }
        let before = shifted.container.contentOffset.y
        shifted.insertAtTop(height: 50)
        #expect(shifted.container.contentOffset.y == before + 50)
        #expect(shifted.container.isDecelerating)
        plain.window.settle(plain.container)
        shifted.window.settle(shifted.container)
        #expect(abs(shifted.container.contentOffset.y - (plain.container.contentOffset.y + 50)) < 0.01)
    }

    @Test func aDragGoesOnShiftedFollowingTheFinger() {
        var s = RowsScene()
        s.container.contentOffset = Point(x: 0, y: 1000)
        s.window.touchDown(id: 1, at: Point(x: 200, y: 600))
        s.window.moveLinearly(id: 1, from: Point(x: 200, y: 600), to: Point(x: 200, y: 500), steps: 5, durationMS: 100)
        #expect(s.container.isDragging)
        let during = s.container.contentOffset.y
        let anchor = s.rows.first { s.screenY($0) <= 0 && s.screenY($0) + 100 > 0 }!
        let anchorY = s.screenY(anchor)
        s.insertAtTop(height: 40)
        #expect(s.container.contentOffset.y == during + 40)
        #expect(s.screenY(anchor) == anchorY)
        #expect(s.container.isDragging)
        // The finger moves 30 pt more: the content follows it 1:1 from where it now is.
        s.window.advance(ms: 16)
        s.window.touchMove(id: 1, to: Point(x: 200, y: 470))
        #expect(s.container.contentOffset.y == during + 40 + 30)
        s.window.touchUp(id: 1)
    }
}
