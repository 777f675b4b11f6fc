// <doc:ScrollBehaviour> §17 for `ListContainer`: the list is a list, its rows are list items that know their place
// among all rows (not only the live ones), and the scroll actions reach rows that are not alive yet.

import Foundation
import Testing

@testable import ToolkitCore

@MainActor
private final class NamedRows: ListDataSource {
    let count: Int
    init(count: Int) { self.count = count }
    func numberOfRows(in list: ListContainer) -> Int { count }
    func list(_ list: ListContainer, viewForRow row: Int) -> View {
        let label = (list.dequeueReusableView(kind: "row") as? Label) ?? Label(frame: .zero, text: "")
        label.reuseKind = "row"
        label.text = "Contact \(row)"
        return label
    }
}

@MainActor
@Suite struct ListAccessibilityTests {
    private func scene(rows: Int) -> (HeadlessWindow, ListContainer, NamedRows) {
        let window = HeadlessWindow(size: Size(width: 320, height: 440))
        let list = ListContainer(frame: Rect(x: 0, y: 0, width: 320, height: 440))
        let source = NamedRows(count: rows)
        list.dataSource = source
        list.reloadData()
        window.rootView.addSubview(list)
        window.advance(by: .milliseconds(16))
        return (window, list, source)
    }

    @Test func theListIsAListAndItsLiveRowsAreItsItems() throws {
        let (window, list, source) = scene(rows: 1_000_000)
        let tree = window.core.accessibility
        defer { withExtendedLifetime(source) {} }  // the list holds its data source weakly
        #expect(tree.role(of: list) == .list)
        let items = tree.children(of: list)
        // 440 pt of 44 pt rows: the 10 visible rows, and the ones made within a visible height below.
        #expect(items.count == list.numberOfLiveViews)
        #expect(items.allSatisfy { tree.role(of: $0) == .listItem })
        let third = try #require(list.view(forRow: 2))
        #expect(tree.name(of: third) == "Contact 2")
        let position = try #require(tree.itemPosition(of: third))
        #expect(position.index == 2)
        #expect(position.count == 1_000_000)
        // The list keeps the scroll pane's actions.
        #expect(tree.actions(of: list) == [.scrollUp, .scrollDown, .scrollLeft, .scrollRight])
    }

    @Test func scrollDownReachesRowsThatWereNotAliveAndTheyKnowTheirPlace() throws {
        let (window, list, source) = scene(rows: 1_000_000)
        let tree = window.core.accessibility
        defer { withExtendedLifetime(source) {} }
        #expect(list.view(forRow: 30) == nil)
        // One action: a visible length minus 40 pt, 440 - 40 = 400 pt.
        #expect(tree.perform(.scrollDown, on: list))
        window.advance(by: .seconds(1))
        #expect(list.contentOffset.y == 400)
        let row = try #require(list.view(forRow: 12))
        #expect(tree.role(of: row) == .listItem)
        #expect(tree.itemPosition(of: row)?.index == 12)
        #expect(tree.name(of: row) == "Contact 12")
    }

    @Test func aViewTheAppAddsToTheListIsNotAnItem() {
        let (window, list, source) = scene(rows: 3)
        defer { withExtendedLifetime(source) {} }
        let badge = Label(frame: Rect(x: 0, y: 0, width: 40, height: 20), text: "New")
        list.addSubview(badge)
        #expect(window.core.accessibility.role(of: badge) == .label)
    }

    /// <doc:ScrollBehaviour> §19: selectable, selected and focused rows, a multiselectable list, and events when the
    /// selection or the focused row changes.
    @Test func rowsCarryTheirSelectionStatesAndChangesAreReported() throws {
        let (window, list, source) = scene(rows: 100)
        defer { withExtendedLifetime(source) {} }
        let tree = window.core.accessibility
        let second = try #require(list.view(forRow: 1))
        #expect(!tree.states(of: second).contains(.selectable))
        list.selectionMode = .multiple
        #expect(tree.states(of: list).contains(.multiselectable))
        #expect(tree.states(of: second).contains(.selectable))
        var events: [String] = []
        tree.onEvent = { event in
            switch event {
            case .selectionChanged(let view): events.append(view === list ? "selection" : "?")
            case .stateChanged(let view, let state, let on):
                events.append(
                    "\(state == .selected ? "selected" : "?") \(list.accessibilityItemIndex(of: view) ?? -1) \(on)")
            case .focusChanged(let view):
                events.append("focus \(view.map { list.accessibilityItemIndex(of: $0) ?? -1 } ?? -1)")
            default: break
            }
        }
        list.selectedRows = IndexSet([1, 2])
        #expect(tree.states(of: second).contains(.selected))
        #expect(events == ["selected 1 true", "selected 2 true", "selection"])
        events = []
        window.core.setFocus(list)
        list.focusedRow = 2
        #expect(events == ["focus -1", "focus 2"])
        #expect(tree.states(of: try #require(list.view(forRow: 2))).contains(.focused))
        tree.onEvent = nil
    }

    /// <doc:ScrollBehaviour> §19: assistive technologies select by item index, far beyond the alive rows, with the
    /// notifications a click gives; the selected child out of view has no object.
    @Test func selectionByIndexReachesEveryRowOfTenMillion() throws {
        let (window, list, source) = scene(rows: 10_000_000)
        defer { withExtendedLifetime(source) {} }
        let tree = window.core.accessibility
        list.selectionMode = .multiple
        var changes: [IndexSet] = []
        list.onSelectionChange = { changes.append($0) }
        var events: [String] = []
        tree.onEvent = { event in
            switch event {
            case .selectionChanged: events.append("selection")
            case .stateChanged(let view, _, let on):
                events.append("\(list.accessibilityItemIndex(of: view) ?? -1) \(on)")
            default: break
            }
        }
        #expect(tree.selectsItems(list))
        #expect(tree.selectItem(9_999_999, of: list))
        #expect(tree.selectItem(3, of: list))
        #expect(list.selectedRows == IndexSet([3, 9_999_999]))
        #expect(tree.selectedItemCount(of: list) == 2)
        #expect(tree.isItemSelected(9_999_999, of: list))
        #expect(!tree.isItemSelected(4, of: list))
        // The first selected item is alive (row 3): its view; the second is not: no view.
        let first = try #require(tree.selectedItem(0, of: list))
        #expect(first.index == 3 && first.view === list.view(forRow: 3))
        let second = try #require(tree.selectedItem(1, of: list))
        #expect(second.index == 9_999_999 && second.view == nil)
        #expect(tree.selectedItem(2, of: list) == nil)
        #expect(tree.states(of: try #require(list.view(forRow: 3))).contains(.selected))
        #expect(events == ["selection", "3 true", "selection"])
        #expect(changes == [IndexSet(integer: 9_999_999), IndexSet([3, 9_999_999])])

        #expect(tree.deselectItem(3, of: list))
        #expect(!tree.deselectItem(3, of: list))
        #expect(tree.deselectSelectedItem(0, of: list))
        #expect(list.selectedRows.isEmpty)
        // Out of range: refused, nothing changes.
        #expect(!tree.selectItem(10_000_000, of: list))
        #expect(!tree.selectItem(-1, of: list))
        #expect(!tree.deselectItem(-1, of: list))

        // Select all: one range of ten million, one notification.
        changes = []
        #expect(tree.selectAllItems(of: list))
        #expect(tree.selectedItemCount(of: list) == 10_000_000)
        #expect(list.selectedRows.rangeView.count == 1)
        #expect(tree.selectedItem(9_999_999, of: list)?.index == 9_999_999)
        #expect(changes.count == 1)
        #expect(tree.clearSelection(of: list))
        #expect(tree.selectedItemCount(of: list) == 0)
        tree.onEvent = nil
    }

    /// Single selection: a selected index replaces the selection and select-all is refused; `.none`: the user
    /// cannot select, so neither can an assistive technology.
    @Test func selectionByIndexFollowsTheMode() {
        let (window, list, source) = scene(rows: 100)
        defer { withExtendedLifetime(source) {} }
        let tree = window.core.accessibility
        list.selectionMode = .single
        #expect(tree.selectItem(5, of: list))
        #expect(tree.selectItem(7, of: list))
        #expect(list.selectedRows == IndexSet(integer: 7))
        #expect(!tree.selectAllItems(of: list))
        #expect(list.selectedRows == IndexSet(integer: 7))
        list.selectionMode = .none
        #expect(!tree.selectItem(2, of: list))
        #expect(!tree.clearSelection(of: list))
        #expect(tree.selectedItemCount(of: list) == 1)
        // A view that selects nothing offers no selection.
        let label = Label(frame: Rect(x: 0, y: 0, width: 40, height: 20), text: "x")
        window.rootView.addSubview(label)
        #expect(!tree.selectsItems(label))
        #expect(tree.selectedItemCount(of: label) == nil)
    }

    /// The grid shares the engine: the same selection by item index.
    @Test func aGridSelectsByItemIndexToo() throws {
        let window = HeadlessWindow(size: Size(width: 400, height: 800))
        let grid = GridContainer(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        let source = CountedItems(count: 1_000_000)
        grid.dataSource = source
        grid.reloadData()
        window.rootView.addSubview(grid)
        window.advance(by: .milliseconds(16))
        defer { withExtendedLifetime(source) {} }
        let tree = window.core.accessibility
        grid.selectionMode = .multiple
        #expect(tree.selectItem(4, of: grid))
        #expect(tree.selectItem(999_999, of: grid))
        #expect(grid.selectedItems == IndexSet([4, 999_999]))
        #expect(tree.states(of: try #require(grid.view(forItem: 4))).contains(.selected))
        #expect(tree.selectAllItems(of: grid))
        #expect(tree.selectedItemCount(of: grid) == 1_000_000)
    }
}

@MainActor
private final class CountedItems: GridDataSource {
    let count: Int
    init(count: Int) { self.count = count }
    func numberOfItems(in grid: GridContainer) -> Int { count }
    func grid(_ grid: GridContainer, viewForItem item: Int) -> View {
        let view = grid.dequeueReusableView(kind: "item") ?? View(frame: .zero)
        view.reuseKind = "item"
        return view
    }
}
