// <doc:ScrollBehaviour> §21, drag to reorder: the long press and the mouse's handle lift a row, the others slide
// apart over 0.2 s, the drop calls the data source once (never when dropped in place), Escape and a touch cancel put
// the row back. Rows are 44 pt in a 400 x 800 list (ListScene).

import Foundation
import Testing

@testable import ToolkitCore

/// Rows that show `items[row]` and move their items when the list says so, recording every move.
@MainActor
final class ReorderRows: ListDataSource {
    var items: [Int]
    /// The moves the list asked for, in order.
    var moves: [(from: Int, to: Int)] = []

    init(count: Int) {
        items = Array(0..<count)
    }

    func numberOfRows(in list: ListContainer) -> Int { items.count }

    func list(_ list: ListContainer, viewForRow row: Int) -> View {
        let view = list.dequeueReusableView(kind: "row") as? ListRowView ?? ListRowView(frame: .zero)
        view.row = items[row]
        view.reuseKind = "row"
        return view
    }

    func list(_ list: ListContainer, moveRow row: Int, to newRow: Int) {
        moves.append((row, newRow))
        items.insert(items.remove(at: row), at: newRow)
    }
}

@MainActor
struct ReorderScene {
    let scene: ListScene
    let rows: ReorderRows
    var window: HeadlessWindow { scene.window }
    var list: ListContainer { scene.list }

    init(count: Int = 100) {
        rows = ReorderRows(count: count)
        let recording = RecordingRows(count: 0)
        scene = ListScene(recording)
        scene.list.dataSource = rows
        scene.list.reorderingEnabled = true
    }

    /// The window y of the middle of `row` (no scroll).
    static func middle(_ row: Int) -> Double { Double(row) * 44 + 22 }

    /// Lifts `row` with a finger held 0.5 s at its middle (x 200).
    func liftByTouch(_ row: Int) {
        window.touchDown(id: 1, at: Point(x: 200, y: ReorderScene.middle(row) - list.contentOffset.y))
        window.advance(ms: 500)
    }

    /// Moves finger 1 by `dy` from `row`'s middle in a few steps.
    func drag(from row: Int, by dy: Double) {
        let start = Point(x: 200, y: ReorderScene.middle(row) - list.contentOffset.y)
        window.moveLinearly(id: 1, from: start, to: start + Point(x: 0, y: dy), steps: 4, durationMS: 64)
    }

    /// The item shown at `row` by its view (the row must be alive).
    func shown(_ row: Int) -> Int { (list.view(forRow: row) as! ListRowView).row }
}

@MainActor @Suite struct ListReorderTests {
    @Test func defaultsOffAndTheDataSourceDefaultDoesNothing() {
        let list = ListContainer(frame: .zero)
        #expect(!list.reorderingEnabled)
        #expect(list.movingRow == nil && list.movingRowDestination == nil)
        // Without reordering, a long press lifts nothing.
        let s = ListScene(RecordingRows(count: 50))
        s.window.touchDown(id: 1, at: Point(x: 200, y: 110))
        s.window.advance(ms: 600)
        #expect(s.list.movingRow == nil)
        s.window.touchUp(id: 1)
    }

    @Test func aLongPressLiftsAtHalfASecondNotBefore() {
        let s = ReorderScene()
        s.window.touchDown(id: 1, at: Point(x: 200, y: 110))
        s.window.advance(ms: 499)
        #expect(s.list.movingRow == nil)
        s.window.advance(ms: 1)
        #expect(s.list.movingRow == 2 && s.list.movingRowDestination == 2)
        // Lifted: above every row, with its shadow just below it.
        let lifted = s.list.view(forRow: 2)!
        #expect(s.list.subviews.last === lifted)
        #expect(s.list.subviews[s.list.subviews.count - 2] is LiftShadowView)
        // The row's own touch was cancelled when the long press won the finger.
        #expect((lifted as! ListRowView).touchKinds.last == "cancelled")
        s.window.touchUp(id: 1)
        #expect(s.rows.moves.isEmpty)
    }

    @Test func aMousePressOnTheHandleLiftsAtOnceAndElsewhereDoesNot() {
        let s = ReorderScene()
        // Elsewhere on the row: nothing before the long press's half second.
        s.window.pointerMove(to: Point(x: 200, y: 110))
        s.window.pointerButton(.left, pressed: true)
        s.window.advance(ms: 100)
        #expect(s.list.movingRow == nil)
        s.window.pointerButton(.left, pressed: false)
        s.window.advance(ms: 100)
        // On the handle (the trailing 44 pt): at once, at the press's own time.
        s.window.pointerMove(to: Point(x: 380, y: 110))
        s.window.pointerButton(.left, pressed: true)
        s.window.advance(by: .zero)
        #expect(s.list.movingRow == 2)
        // A drag moves it; the release drops it.
        s.window.pointerMove(to: Point(x: 380, y: 110 + 132))
        s.window.pointerButton(.left, pressed: false)
        #expect(s.rows.moves.count == 1 && s.rows.moves[0] == (2, 5))
        // A finger on the handle is not the mouse: the handle alone lifts nothing for it.
        s.window.advance(ms: 500)
        s.window.touchDown(id: 1, at: Point(x: 380, y: 110))
        s.window.advance(ms: 100)
        #expect(s.list.movingRow == nil)
        s.window.touchUp(id: 1)
    }

    @Test func aHandlePressBeatsTheDragSelectionEvenWhenThePointerMovesAtOnce() {
        let s = ReorderScene()
        s.list.selectionMode = .multiple
        // Pressed on the handle and moved 30 pt before any timer ran: the handle lifts the row, nothing selected.
        s.window.pointerMove(to: Point(x: 380, y: 110))
        s.window.pointerButton(.left, pressed: true)
        s.window.pointerMove(to: Point(x: 380, y: 140))
        s.window.advance(by: .zero)
        #expect(s.list.movingRow == 2)
        s.window.pointerMove(to: Point(x: 380, y: 242))
        s.window.pointerButton(.left, pressed: false)
        #expect(s.rows.moves.count == 1 && s.rows.moves[0] == (2, 5))
        #expect(s.list.selectedRows.isEmpty)
        // Off the handle the same motion selects.
        s.window.advance(ms: 500)
        s.window.pointerMove(to: Point(x: 200, y: 110))
        s.window.pointerButton(.left, pressed: true)
        s.window.pointerMove(to: Point(x: 200, y: 160))
        s.window.advance(by: .zero)
        #expect(s.list.movingRow == nil && s.list.selectedRows == IndexSet(integersIn: 2...3))
        s.window.pointerButton(.left, pressed: false)
    }

    @Test func theOtherRowsSlideApartOverATwoTenthsSecond() {
        let s = ReorderScene()
        s.liftByTouch(2)
        // 44 pt down: the lifted row covers row 3's place, which slides up to row 2's (88) from 132.
        s.window.touchMove(id: 1, to: Point(x: 200, y: 154))
        #expect(s.list.movingRowDestination == 3)
        let start = s.window.now
        #expect(s.scene.screenY(3) > 88)
        s.window.advance(ms: 100)
        let halfway = s.scene.screenY(3)
        #expect(halfway > 88 && halfway < 132)
        // Still on its way just before 0.2 s, there from then on.
        s.window.advance(by: .milliseconds(190) - (s.window.now - start))
        #expect(s.scene.screenY(3) > 88)
        s.window.advance(ms: 30)
        #expect(s.scene.screenY(3) == 88)
        // The lifted row follows the finger (held 22 pt into it): its top at 132; row 4 did not move.
        #expect(s.scene.screenY(2) == 132)
        #expect(s.scene.screenY(4) == 176)
        s.window.touchUp(id: 1)
    }

    @Test func theLiftedRowIsDrawnAboveTheOthersWithAShadowAndHandles() {
        let s = ReorderScene()
        s.list.backgroundColor = Color(white: 1)
        let red = Color(red: 1, green: 0, blue: 0)
        let blue = Color(red: 0, green: 0, blue: 1)
        s.list.view(forRow: 2)?.backgroundColor = red
        s.list.view(forRow: 3)?.backgroundColor = blue
        s.liftByTouch(2)
        // 30 pt down: the lifted row spans 118 ..< 162, row 3 slid up to 88 ..< 132 under it.
        s.window.touchMove(id: 1, to: Point(x: 200, y: 140))
        s.window.advance(ms: 300)
        let image = s.window.render()
        #expect(image.pixel(x: 100, y: 125) == red.premultipliedARGB)
        #expect(image.pixel(x: 100, y: 100) == blue.premultipliedARGB)
        // The shadow darkens row 3 just above the lifted row.
        let shadowed = image.pixel(x: 100, y: 116)
        #expect(shadowed != blue.premultipliedARGB && shadowed & 0xFF < 0xFF && shadowed & 0xFF > 0x80)
        // The handle's middle line on the lifted row (x 367 ..< 385, its middle at 140).
        #expect(image.pixel(x: 376, y: 140) == Color(white: 0.55).premultipliedARGB)
        #expect(image.pixel(x: 300, y: 140) == red.premultipliedARGB)
        s.window.touchUp(id: 1)
    }

    @Test func aDropDownCallsTheDataSourceOnceAndTheRowSettles() {
        let s = ReorderScene()
        let view = s.list.view(forRow: 2)
        s.liftByTouch(2)
        s.drag(from: 2, by: 132)
        #expect(s.list.movingRowDestination == 5)
        s.window.touchUp(id: 1)
        #expect(s.rows.moves.count == 1 && s.rows.moves[0] == (2, 5))
        #expect(s.list.movingRow == nil)
        // The list moved its own row: the same view, now row 5, settling into place.
        #expect(s.list.view(forRow: 5) === view)
        s.window.advance(ms: 400)
        #expect(s.scene.screenY(5) == 220)
        #expect((0..<8).map(s.shown) == [0, 1, 3, 4, 5, 2, 6, 7])
        #expect(s.rows.moves.count == 1)
    }

    @Test func aDropUpCallsTheDataSourceOnceWithItsIndices() {
        let s = ReorderScene()
        s.list.selectionMode = .multiple
        s.list.selectedRows = IndexSet(integer: 8)
        s.liftByTouch(8)
        s.drag(from: 8, by: -220)
        #expect(s.list.movingRowDestination == 3)
        s.window.touchUp(id: 1)
        #expect(s.rows.moves.count == 1 && s.rows.moves[0] == (8, 3))
        s.window.advance(ms: 400)
        #expect((0..<10).map(s.shown) == [0, 1, 2, 8, 3, 4, 5, 6, 7, 9])
        // The selection went with the row.
        #expect(s.list.selectedRows == IndexSet(integer: 3))
    }

    @Test func aDropWhereItStartedCallsNothing() {
        let s = ReorderScene()
        s.liftByTouch(4)
        s.drag(from: 4, by: 15)
        s.drag(from: 4, by: -15)
        #expect(s.list.movingRowDestination == 4)
        s.window.touchUp(id: 1)
        #expect(s.rows.moves.isEmpty)
        s.window.advance(ms: 400)
        #expect(s.scene.screenY(4) == 176)
    }

    @Test func escapeReturnsTheRowWithNoCall() {
        let s = ReorderScene()
        s.liftByTouch(2)
        s.drag(from: 2, by: 132)
        #expect(s.window.core.focusedView === s.list)
        s.window.key(.escape, pressed: true)
        s.window.key(.escape, pressed: false)
        #expect(s.list.movingRow == nil)
        // Later motion and the lift do nothing.
        s.window.touchMove(id: 1, to: Point(x: 200, y: 400))
        s.window.touchUp(id: 1)
        s.window.advance(ms: 400)
        #expect(s.rows.moves.isEmpty)
        #expect(s.scene.screenY(2) == 88 && s.scene.screenY(3) == 132)
    }

    @Test func aTouchCancelReturnsTheRowWithNoCall() {
        let s = ReorderScene()
        s.liftByTouch(2)
        s.drag(from: 2, by: 132)
        s.window.touchCancel()
        #expect(s.list.movingRow == nil)
        s.window.advance(ms: 400)
        #expect(s.rows.moves.isEmpty)
        #expect(s.scene.screenY(2) == 88 && s.scene.screenY(5) == 220)
        #expect((0..<8).map(s.shown) == Array(0..<8))
    }

    @Test func turningReorderingOffOrAnUpdatePutsTheRowBack() {
        let s = ReorderScene()
        s.liftByTouch(2)
        s.drag(from: 2, by: 132)
        s.list.reorderingEnabled = false
        #expect(s.list.movingRow == nil)
        s.window.touchUp(id: 1)
        s.list.reorderingEnabled = true
        s.window.advance(ms: 400)
        s.liftByTouch(2)
        s.drag(from: 2, by: 132)
        s.rows.items.append(100)
        s.list.insertRows(at: [100])
        #expect(s.list.movingRow == nil)
        s.window.touchUp(id: 1)
        #expect(s.rows.moves.isEmpty)
    }

    @Test func aLongPressThatBeganKeepsTheFingerFromTheList() {
        let s = ReorderScene()
        s.liftByTouch(5)
        s.drag(from: 5, by: 200)
        #expect(s.list.contentOffset.y == 0 && !s.list.isDragging)
        s.window.touchUp(id: 1)
        // A finger that moves before the half second scrolls instead.
        s.window.advance(ms: 400)
        s.window.drag(from: Point(x: 200, y: 600), to: Point(x: 200, y: 300), steps: 10, durationMS: 300)
        #expect(s.list.movingRow == nil && s.list.contentOffset.y > 0)
    }
}
