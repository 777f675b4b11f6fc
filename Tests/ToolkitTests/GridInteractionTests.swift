// <doc:ScrollBehaviour> §20: a grid's keys, selection, batch updates and prefetching. The grid is 400 x 800: 3
// columns of 128 pt, rows 128 pt apart (see GridContainerTests).

import Foundation
import Testing

@testable import ToolkitCore

@MainActor
extension GridScene {
    func press(_ key: Key, _ modifiers: KeyModifiers = []) {
        window.key(key, pressed: true, modifiers: modifiers)
        window.key(key, pressed: false, modifiers: modifiers)
    }

    /// A primary click at window point `point` with `modifiers` held.
    func click(_ point: Point, _ modifiers: KeyModifiers = []) {
        window.setKeyboardModifiers(modifiers)
        window.pointerMove(to: point)
        window.pointerButton(.left, pressed: true)
        window.pointerButton(.left, pressed: false)
        window.setKeyboardModifiers([])
        window.advance(ms: 20)
    }
}

@MainActor @Suite struct GridKeyTests {
    /// Ten items: rows 0-2, 3-5, 6-8 and 9 alone.
    private func tenItems() -> GridScene {
        let s = GridScene(RecordingItems(count: 10))
        s.grid.selectionMode = .single
        s.window.core.setFocus(s.grid)
        return s
    }

    @Test func arrowsMoveInTwoDimensions() {
        let s = tenItems()
        s.grid.focusedItem = 4
        s.press(.down)
        #expect(s.grid.focusedItem == 7)
        // Row 3 has only item 9: Down from 7 goes to the last item, and stays there.
        s.press(.down)
        #expect(s.grid.focusedItem == 9)
        s.press(.down)
        #expect(s.grid.focusedItem == 9)
        s.press(.up)
        #expect(s.grid.focusedItem == 6)
        s.press(.left)
        #expect(s.grid.focusedItem == 5)
        s.press(.right)
        #expect(s.grid.focusedItem == 6)
        s.press(.home)
        #expect(s.grid.focusedItem == 0)
        s.press(.left)
        #expect(s.grid.focusedItem == 0)
        s.press(.end)
        #expect(s.grid.focusedItem == 9)
        #expect(s.grid.selectedItems == IndexSet(integer: 9))
    }

    @Test func downOnTheLastFullRowGoesToTheLastItem() {
        let s = tenItems()
        s.grid.focusedItem = 8
        s.press(.down)
        #expect(s.grid.focusedItem == 9)
    }

    @Test func rightToLeftArrowsKeepTheirDirection() {
        let s = tenItems()
        s.grid.layoutDirection = .rightToLeft
        s.grid.focusedItem = 4
        s.press(.left)  // item 5 is to the left of item 4 when rows fill from the right
        #expect(s.grid.focusedItem == 5)
        s.press(.right)
        #expect(s.grid.focusedItem == 4)
    }

    @Test func pageKeysMoveByTheFullyVisibleRowsMinusOne() {
        let s = GridScene(RecordingItems(count: 1_000))
        s.window.core.setFocus(s.grid)
        s.grid.focusedItem = 1
        // Rows 0 ... 5 are fully visible (row 5 ends at 760), row 6 is cut: 6 − 1 = 5 rows, 15 items.
        s.press(.pageDown)
        #expect(s.grid.focusedItem == 16)
        // Item 16 is in row 5, fully visible: no scroll.
        #expect(s.grid.contentOffset.y == 0)
        s.press(.pageDown)
        #expect(s.grid.focusedItem == 31)
        // Row 10 (1,280 ... 1,400) is shown by the least scroll: its bottom at the visible bottom.
        #expect(s.grid.contentOffset.y == 600)
        s.press(.pageUp)
        #expect(s.grid.focusedItem == 16)
    }

    @Test func shiftExtendsInItemOrder() {
        let s = tenItems()
        s.grid.selectionMode = .multiple
        s.grid.focusedItem = 1
        s.press(.down, .shift)
        #expect(s.grid.selectedItems == IndexSet(integersIn: 1...4))
        s.press(.right, .shift)
        #expect(s.grid.selectedItems == IndexSet(integersIn: 1...5))
    }

    @Test func clicksSelectAndTheGapSelectsNothing() {
        let s = GridScene(RecordingItems(count: 100))
        s.grid.selectionMode = .multiple
        var changes: [IndexSet] = []
        s.grid.onSelectionChange = { changes.append($0) }
        s.click(Point(x: 200, y: 60))
        #expect(s.grid.selectedItems == IndexSet(integer: 1))
        s.click(Point(x: 200, y: 200), .shift)
        #expect(s.grid.selectedItems == IndexSet(integersIn: 1...4))
        s.click(Point(x: 132, y: 60))
        #expect(s.grid.selectedItems == IndexSet(integersIn: 1...4))
        #expect(changes.count == 2)
    }
}

@MainActor @Suite struct GridBatchUpdateTests {
    @Test func insertsAboveKeepTheFirstVisibleItemAndItsView() {
        let source = RecordingItems(count: 1_000)
        let s = GridScene(source)
        s.grid.selectionMode = .multiple
        s.grid.contentOffset = Point(x: 0, y: 1_280)  // row 10: item 30 at the top
        let view = s.view(30)
        s.grid.selectedItems = IndexSet(integer: 31)
        source.ids.insert(contentsOf: [-1, -2, -3], at: 0)
        s.grid.insertItems(at: [0, 1, 2])
        // Item 30 is now 33, in row 11 (1,408): the offset follows it, the view is the same.
        #expect(s.grid.view(forItem: 33) === view)
        #expect(s.grid.contentOffset.y == 1_408)
        #expect(s.grid.selectedItems == IndexSet(integer: 34))
        #expect(s.grid.numberOfItems == 1_003)
    }

    @Test func deletesAndMovesCarryIdentity() {
        let source = RecordingItems(count: 20)
        let s = GridScene(source)
        let four = s.view(4)
        let seven = s.view(7)
        source.ids.remove(at: 1)
        let moved = source.ids.remove(at: 6)  // old item 7
        source.ids.insert(moved, at: 0)
        s.grid.performBatchUpdates(animated: false) {
            s.grid.deleteItems(at: [1])
            s.grid.moveItem(7, to: 0)
        }
        #expect(s.grid.view(forItem: 0) === seven)
        #expect(s.grid.view(forItem: 4) === four)
        #expect(s.view(4).frame == Rect(x: 136, y: 128, width: 128, height: 120))
        #expect((s.grid.view(forItem: 1) as? GridItemView)?.item == 0)
    }

    @Test func aBatchTheDataSourceDisagreesWithReloads() {
        let source = RecordingItems(count: 20)
        let s = GridScene(source)
        var messages: [String] = []
        let saved = Diagnostics.onReport
        Diagnostics.onReport = { messages.append($0) }
        s.grid.insertItems(at: [0])
        Diagnostics.onReport = saved
        #expect(messages.count == 1 && messages[0].contains("counts 20 items"))
        #expect(s.grid.numberOfItems == 20)
    }
}

@MainActor @Suite struct GridPrefetchTests {
    @Test func itemsAheadOfTheMotionAreAskedNearestFirstAndCancelledWhenItTurns() {
        let source = RecordingItems(count: 1_000)
        let s = GridScene(source)
        #expect(source.prefetched.isEmpty)
        // 10 pt in 16 ms (625 pt/s): the rows within 800 pt below the visible rect, 810 ... 1,610, are rows 6 ...
        // 12; items 18 ... 20 are in view already, so 21 ... 38 are asked, in order.
        s.window.advance(ms: 16)
        s.grid.contentOffset = Point(x: 0, y: 10)
        #expect(source.prefetched == [Array(21..<39)])
        // Further down (130 pt in 50 ms: 2,600 pt/s): only the new row.
        s.window.advance(ms: 50)
        s.grid.contentOffset = Point(x: 0, y: 140)
        #expect(source.prefetched.last == Array(39..<42))
        // Back up: what was asked and not shown yet is cancelled (rows 7 ... 13: items 21 ... 41 minus the row
        // that came into view at 140, items 21 ... 23).
        s.window.advance(ms: 16)
        s.grid.contentOffset = Point(x: 0, y: 130)
        #expect(source.cancelled == [Array(24..<42)])
    }

    @Test func movingUpAsksInDescendingOrder() {
        let source = RecordingItems(count: 1_000)
        let s = GridScene(source)
        s.grid.contentOffset = Point(x: 0, y: 12_800)  // row 100 at the top: item 300
        s.window.advance(ms: 100)
        source.prefetched = []
        s.window.advance(ms: 16)
        s.grid.contentOffset = Point(x: 0, y: 12_790)
        // Rows meeting 11,990 ... 12,790 are rows 93 ... 99; row 99 (items 297 ... 299) came into view: items 296
        // down to 279, nearest first.
        #expect(source.prefetched == [Array((279..<297).reversed())])
    }

    @Test func aFastMotionAsksNothing() {
        let source = RecordingItems(count: 100_000)
        let s = GridScene(source)
        // 400 pt per 16 ms = 25,000 pt/s, above 4 visible heights per second (3,200 pt/s).
        for step in 1...20 {
            s.window.advance(ms: 16)
            s.grid.contentOffset = Point(x: 0, y: Double(step) * 400)
        }
        #expect(source.prefetched.isEmpty)
        // Slowing down to 625 pt/s: the window ahead is asked again.
        s.window.advance(ms: 16)
        s.grid.contentOffset = Point(x: 0, y: 8_010)
        #expect(source.prefetched.count == 1)
        #expect(source.prefetched[0].first == s.grid.visibleItems.upperBound)
    }
}
