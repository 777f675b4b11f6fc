// <doc:ScrollBehaviour> §19, selection and focus: taps, clicks with Ctrl and Shift, keys, the least scroll that
// shows the focused row, drawing. Rows are 44 pt in a 400 x 800 list unless said.

import Foundation
import Testing

@testable import ToolkitCore

@MainActor
extension ListScene {
    /// A quick tap at window y `y` (x 200).
    func tap(y: Double) {
        window.touchDown(id: 1, at: Point(x: 200, y: y))
        window.touchUp(id: 1)
        window.advance(ms: 20)
    }

    /// A primary click at window y `y` with `modifiers` held.
    func click(y: Double, _ modifiers: KeyModifiers = []) {
        window.setKeyboardModifiers(modifiers)
        window.pointerMove(to: Point(x: 200, y: y))
        window.pointerButton(.left, pressed: true)
        window.pointerButton(.left, pressed: false)
        window.setKeyboardModifiers([])
        window.advance(ms: 20)
    }

    func press(_ key: Key, _ modifiers: KeyModifiers = []) {
        window.key(key, pressed: true, modifiers: modifiers)
        window.key(key, pressed: false, modifiers: modifiers)
    }
}

@MainActor @Suite struct ListSelectionTests {
    @Test func defaultsSelectNothing() {
        let s = ListScene(RecordingRows(count: 100))
        #expect(s.list.selectionMode == .none && s.list.selectedRows.isEmpty && s.list.focusedRow == nil)
        #expect(s.list.drawsSelection)
        s.tap(y: 100)
        #expect(s.list.selectedRows.isEmpty && s.list.focusedRow == nil)
    }

    @Test func aTapSelectsOneRowInSingleModeAndTogglesInMultiple() {
        let s = ListScene(RecordingRows(count: 100))
        s.list.selectionMode = .single
        var changes: [IndexSet] = []
        s.list.onSelectionChange = { changes.append($0) }
        s.tap(y: 100)  // row 2 (88 ..< 132)
        s.tap(y: 200)  // row 4
        #expect(s.list.selectedRows == IndexSet(integer: 4))
        #expect(s.list.focusedRow == 4)
        #expect(changes == [IndexSet(integer: 2), IndexSet(integer: 4)])
        s.list.selectionMode = .multiple
        s.tap(y: 100)
        s.tap(y: 300)  // row 6
        s.tap(y: 200)  // row 4 again: off
        #expect(s.list.selectedRows == IndexSet([2, 6]))
        #expect(changes.count == 5)
    }

    @Test func ctrlClickTogglesAndShiftClickSelectsARange() {
        let s = ListScene(RecordingRows(count: 100))
        s.list.selectionMode = .multiple
        s.click(y: 100)  // row 2, the anchor
        s.click(y: 300, .shift)  // rows 2 ... 6
        #expect(s.list.selectedRows == IndexSet(integersIn: 2..<7))
        s.click(y: 200, .control)  // row 4 off, the anchor moves there
        #expect(s.list.selectedRows == IndexSet([2, 3, 5, 6]))
        s.click(y: 500, .shift)  // 4 ... 11 added to what was selected when the anchor was set
        #expect(s.list.selectedRows == IndexSet([2, 3]).union(IndexSet(integersIn: 4..<12)))
        s.click(y: 400, .shift)  // extending again replaces the last extension: 4 ... 9
        #expect(s.list.selectedRows == IndexSet([2, 3]).union(IndexSet(integersIn: 4..<10)))
        // A click gives the list the keyboard focus.
        #expect(s.window.core.focusedView === s.list)
    }

    @Test func theTapThatStopsAFlingSelectsNothing() {
        let s = ListScene(RecordingRows(count: 10_000))
        s.list.selectionMode = .single
        s.window.fling(from: Point(x: 200, y: 600), to: Point(x: 200, y: 300))
        s.window.advance(ms: 100)
        #expect(s.list.isDecelerating)
        s.tap(y: 400)
        #expect(s.list.selectedRows.isEmpty)
        #expect(!s.list.isDecelerating)
        // The next tap selects.
        s.tap(y: 400)
        #expect(s.list.selectedRows.count == 1)
    }

    @Test func aRowIsSelectedWhenItsContentTouchEndsNotBefore() {
        let s = ListScene(RecordingRows(count: 100))
        s.list.selectionMode = .single
        s.window.touchDown(id: 1, at: Point(x: 200, y: 100))
        s.window.advance(ms: 300)
        #expect(s.view(2).touchKinds == ["began"])
        #expect(s.list.selectedRows.isEmpty)
        s.window.touchUp(id: 1)
        #expect(s.list.selectedRows == IndexSet(integer: 2))
        // A drag that scrolls cancels the content touch: nothing selected.
        s.window.drag(from: Point(x: 200, y: 600), to: Point(x: 200, y: 300), steps: 10, durationMS: 300, holdMS: 100)
        #expect(s.list.selectedRows == IndexSet(integer: 2))
    }

    @Test func keysMoveTheFocusAndSelect() {
        let s = ListScene(RecordingRows(count: 1000))
        s.list.selectionMode = .single
        s.tap(y: 100)  // row 2, focused and selected
        s.press(.down)
        #expect(s.list.focusedRow == 3 && s.list.selectedRows == IndexSet(integer: 3))
        s.press(.up)
        s.press(.up)
        s.press(.up)
        s.press(.up)  // stops at row 0
        #expect(s.list.focusedRow == 0 && s.list.contentOffset.y == 0)
        // Page Down: 18 rows fully visible (18 · 44 = 792 ≤ 800), minus one: 17.
        s.press(.pageDown)
        #expect(s.list.focusedRow == 17 && s.list.contentOffset.y == 0)
        // Down to 18 (ending at 836): the least scroll shows it, 36 pt.
        s.press(.down)
        #expect(s.list.focusedRow == 18 && s.list.contentOffset.y == 36)
        s.press(.end)
        #expect(s.list.focusedRow == 999 && s.list.contentOffset.y == 1000 * 44 - 800)
        s.press(.home)
        #expect(s.list.focusedRow == 0 && s.list.contentOffset.y == 0)
    }

    @Test func shiftSpaceAndCtrlAInMultipleMode() {
        let s = ListScene(RecordingRows(count: 1000))
        s.list.selectionMode = .multiple
        s.tap(y: 100)  // row 2 on, the anchor
        s.press(.down, .shift)
        s.press(.down, .shift)
        #expect(s.list.selectedRows == IndexSet(integersIn: 2..<5) && s.list.focusedRow == 4)
        s.press(.up, .shift)
        #expect(s.list.selectedRows == IndexSet(integersIn: 2..<4))
        s.press(.down)
        s.press(.down)  // focus 5, selection unchanged
        #expect(s.list.selectedRows == IndexSet(integersIn: 2..<4) && s.list.focusedRow == 5)
        s.press(.space)
        #expect(s.list.selectedRows == IndexSet([2, 3, 5]))
        s.press(.space)
        #expect(s.list.selectedRows == IndexSet([2, 3]))
        s.press(ListContainer.selectAllKey, .control)
        #expect(s.list.selectedRows == IndexSet(integersIn: 0..<1000))
    }

    /// Without a focused row the keys scroll as any container (40 pt per arrow).
    @Test func withoutAFocusedRowTheKeysScroll() {
        let s = ListScene(RecordingRows(count: 1000))
        s.list.selectionMode = .multiple
        s.window.core.setFocus(s.list)
        s.press(.down)
        s.window.advance(ms: 300)
        #expect(s.list.contentOffset.y == 40)
        #expect(s.list.focusedRow == nil)
        // With one set by the app, they move it.
        s.list.focusedRow = 30
        s.press(.down)
        #expect(s.list.focusedRow == 31)
        // Row 31 ends at 1408: shown at the bottom.
        #expect(s.list.contentOffset.y == 1408 - 800)
    }

    /// End on 10,000,000 rows shows the last row fully after one key, asking only about rows near the end.
    @Test func endOnTenMillionRows() {
        let s = ListScene(RecordingRows(count: 10_000_000, height: { $0 % 2 == 0 ? 60 : nil }))
        s.list.focusedRow = 0
        s.window.core.setFocus(s.list)
        s.rows.heightsAsked = []
        s.press(.end)
        let last = s.list.frameForRow(9_999_999)
        #expect(s.list.focusedRow == 9_999_999)
        #expect(abs(last.maxY - (s.list.contentOffset.y + 800)) < 1e-6)
        #expect(s.rows.heightsAsked.allSatisfy { $0 > 9_999_900 })
    }

    /// A sticky header covers the top: a row under it is scrolled to just below the header.
    @Test func theFocusedRowIsShownBelowAStickyHeader() {
        let s = ListScene(
            RecordingRows(
                count: 1000, height: { $0 % 100 == 0 ? 30 : nil },
                header: { $0 % 100 == 0 }))
        s.list.contentOffset = Point(x: 0, y: 30 + 44 * 20)  // row 21 at the top, under header 0
        s.list.focusedRow = 22
        s.window.core.setFocus(s.list)
        s.press(.up)  // row 21: its top (30 + 20 · 44 = 910) must show below the 30 pt header
        #expect(s.list.focusedRow == 21)
        #expect(s.list.contentOffset.y == 910 - 30)
    }

    /// The highlight is drawn behind selected rows (here clear ones) and the ring around the focused row.
    @Test func theSelectionIsDrawn() {
        let s = ListScene(RecordingRows(count: 100))
        s.list.backgroundColor = .white
        s.list.selectionMode = .multiple
        s.list.selectedRows = IndexSet([1])
        s.list.focusedRow = 3
        let image = s.window.render()
        let highlight = SelectionColors.light.highlight.premultipliedARGB
        let ring = SelectionColors.light.focusRing.premultipliedARGB
        #expect(image.pixel(x: 200, y: 66) == highlight)
        #expect(image.pixel(x: 200, y: 110) == Color.white.premultipliedARGB)
        #expect(image.pixel(x: 200, y: 132) == ring)  // row 3's top edge
        #expect(image.pixel(x: 200, y: 150) == Color.white.premultipliedARGB)
        s.list.drawsSelection = false
        let plain = s.window.render()
        #expect(plain.pixel(x: 200, y: 66) == Color.white.premultipliedARGB)
        #expect(plain.pixel(x: 200, y: 132) == Color.white.premultipliedARGB)
    }
}
