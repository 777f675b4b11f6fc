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
}
