// <doc:ScrollBehaviour> §17: the accessible tree derived from the view tree (roles, names, states, extents,
// actions, children, events), through HeadlessWindow.

import Testing

@testable import ToolkitCore

/// A view that counts taps (began then ended) and says it handles them.
@MainActor
private final class TapRow: View {
    var began = 0, ended = 0, cancelled = 0
    let title: String
    init(frame: Rect, title: String) {
        self.title = title
        super.init(frame: frame)
    }
    override var defaultAccessibilityRole: AccessibilityRole { .listItem }
    override var defaultAccessibilityLabel: String? { title }
    override var accessibilityHandlesTaps: Bool { true }
    override func touchesBegan(_ touches: [Touch]) { began += 1 }
    override func touchesEnded(_ touches: [Touch]) { ended += 1 }
    override func touchesCancelled(_ touches: [Touch]) { cancelled += 1 }
}

/// A 400 x 600 window: a bar (plain view) with two buttons at y 0...44, a list (scroll container) at y 44...444
/// of 50 rows of 56 pt (2800 pt), each row a tappable view holding a label; a hidden label; a footer label.
@MainActor
private struct A11yScene {
    let window = HeadlessWindow(size: Size(width: 400, height: 600))
    let bar = View(frame: Rect(x: 0, y: 0, width: 400, height: 44))
    let first = Button(frame: Rect(x: 8, y: 6, width: 86, height: 32), title: "List")
    let second = Button(frame: Rect(x: 100, y: 6, width: 86, height: 32), title: "Paging")
    let list = ScrollContainer(frame: Rect(x: 0, y: 44, width: 400, height: 400))
    var rows: [TapRow] = []
    var labels: [Label] = []
    let hidden = Label(frame: Rect(x: 0, y: 450, width: 400, height: 20), text: "Secret")
    let footer = Label(frame: Rect(x: 0, y: 500, width: 400, height: 20), text: "Footer")

    init() {
        bar.addSubview(first)
        bar.addSubview(second)
        window.rootView.addSubview(bar)
        list.contentSize = Size(width: 400, height: 2800)
        list.smoothWheelScrolling = false
        for i in 0..<50 {
            let row = TapRow(frame: Rect(x: 0, y: Double(i) * 56, width: 400, height: 56), title: "Row \(i + 1)")
            let label = Label(frame: Rect(x: 64, y: 18, width: 300, height: 20), text: "Row \(i + 1) · こんにちは")
            label.isAccessibilityElement = false
            row.addSubview(label)
            rows.append(row)
            labels.append(label)
            list.addSubview(row)
        }
        window.rootView.addSubview(list)
        hidden.isHidden = true
        window.rootView.addSubview(hidden)
        window.rootView.addSubview(footer)
    }

    var tree: AccessibilityTree { window.core.accessibility }
}

@MainActor @Suite struct AccessibilityTests {
    // MARK: - Defaults

    @Test func defaultRolesAndNames() {
        let label = Label(frame: .zero, text: "Hello")
        let button = Button(frame: .zero, title: "OK")
        let container = ScrollContainer(frame: .zero)
        let plain = View(frame: .zero)
        #expect(
            label.accessibilityRole == .label && label.accessibilityLabel == "Hello" && label.isAccessibilityElement)
        #expect(
            button.accessibilityRole == .button && button.accessibilityLabel == "OK" && button.isAccessibilityElement)
        #expect(container.accessibilityRole == .scrollPane && container.accessibilityLabel == nil)
        #expect(container.isAccessibilityElement)
        #expect(plain.accessibilityRole == .none && plain.accessibilityLabel == nil && !plain.isAccessibilityElement)
        // The name follows the text until the app names the view; nil returns to the text.
        label.text = "Bye"
        #expect(label.accessibilityLabel == "Bye")
        label.accessibilityLabel = "Farewell"
        label.text = "Later"
        #expect(label.accessibilityLabel == "Farewell")
        label.accessibilityLabel = nil
        #expect(label.accessibilityLabel == "Later")
        // A plain view made an element is a group; a label taken out is not exposed.
        plain.isAccessibilityElement = true
        #expect(plain.exposedRole == .group)
        label.isAccessibilityElement = false
        #expect(!label.isAccessibilityElement && label.accessibilityRole == .label)
    }

    @Test func superviewGivesItsSubviewsARole() {
        final class Rows: View {
            override func defaultAccessibilityRole(forSubview subview: View) -> AccessibilityRole? { .listItem }
        }
        let rows = Rows(frame: .zero)
        let row = View(frame: .zero)
        rows.addSubview(row)
        #expect(row.accessibilityRole == .listItem && row.isAccessibilityElement)
        row.accessibilityRole = .button
        #expect(row.accessibilityRole == .button)
    }

    // MARK: - Tree

    @Test func treeSkipsViewsThatAreNotExposed() {
        let s = A11yScene()
        let top = s.tree.children(of: nil)
        // The root and the bar are plain views: their children take their place.
        #expect(top.count == 5)
        #expect(top[0] === s.first && top[1] === s.second && top[2] === s.list && top[3] === s.hidden)
        #expect(top[4] === s.footer)
        #expect(s.tree.childCount(of: s.list) == 50)
        #expect(s.tree.parent(of: s.rows[7]) === s.list)
        #expect(s.tree.parent(of: s.first) == nil)
        #expect(s.tree.indexInParent(of: s.rows[7]) == 7)
        #expect(s.tree.indexInParent(of: s.second) == 1)
        // The label inside a row was taken out: the row has no children.
        #expect(s.tree.childCount(of: s.rows[0]) == 0)
        #expect(s.tree.indexInParent(of: s.labels[0]) == nil)
        let snapshot = s.tree.snapshot()
        #expect(snapshot.map(\.role) == [.button, .button, .scrollPane, .label, .label])
        #expect(snapshot.map(\.name) == ["List", "Paging", "", "Secret", "Footer"])
        #expect(snapshot[2].children.count == 50)
        #expect(snapshot[2].children[1].name == "Row 2" && snapshot[2].children[1].indexInParent == 1)
        #expect(snapshot[2].children[1].role == .listItem)
    }

    @Test func idsFindExposedViewsInTheWindowOnly() {
        let s = A11yScene()
        let id = s.tree.id(of: s.rows[3])
        #expect(s.tree.view(withID: id) === s.rows[3])
        #expect(s.tree.id(of: s.rows[3]) == id)
        #expect(s.tree.view(withID: s.tree.id(of: s.labels[3])) == nil)  // not exposed
        s.rows[3].removeFromSuperview()
        #expect(s.tree.view(withID: id) == nil)
        s.list.addSubview(s.rows[3])
        #expect(s.tree.view(withID: id) === s.rows[3])
    }

    @Test func itemPositionsCountTheRowsAListHolds() {
        let s = A11yScene()
        #expect(s.tree.itemPosition(of: s.rows[2])! == (2, 50))
        #expect(s.tree.itemPosition(of: s.first) == nil)  // not a list item
        // A list that makes only the rows it shows says where they stand among all of its rows.
        final class LazyRows: View {
            override var defaultAccessibilityRole: AccessibilityRole { .list }
            override func defaultAccessibilityRole(forSubview subview: View) -> AccessibilityRole? { .listItem }
            override var accessibilityItemCount: Int? { 10_000 }
            override func accessibilityItemIndex(of item: View) -> Int? {
                500 + (subviews.firstIndex { $0 === item } ?? 0)
            }
        }
        let list = LazyRows(frame: Rect(x: 0, y: 520, width: 400, height: 80))
        let alive = [
            View(frame: Rect(x: 0, y: 0, width: 400, height: 40)),
            View(frame: Rect(x: 0, y: 40, width: 400, height: 40))
        ]
        for row in alive { list.addSubview(row) }
        s.window.rootView.addSubview(list)
        #expect(s.tree.childCount(of: list) == 2 && s.tree.role(of: list) == .list)
        #expect(s.tree.itemPosition(of: alive[1])! == (501, 10_000))
    }

    // MARK: - Extents and states

    @Test func extentsAreInWindowCoordinatesAndFollowScrolling() {
        let s = A11yScene()
        #expect(s.tree.extents(of: s.second) == Rect(x: 100, y: 6, width: 86, height: 32))
        #expect(s.tree.extents(of: s.rows[2]) == Rect(x: 0, y: 44 + 112, width: 400, height: 56))
        s.list.contentOffset = Point(x: 0, y: 100)
        #expect(s.tree.extents(of: s.rows[2]) == Rect(x: 0, y: 44 + 12, width: 400, height: 56))
    }

    @Test func hiddenAndClippedViewsAreNotShowing() {
        let s = A11yScene()
        let shown: AccessibilityStates = [.visible, .showing, .enabled, .sensitive]
        #expect(s.tree.states(of: s.rows[0]) == shown)
        // Rows 0-6 meet the 400 pt list (row 7 starts at 392); row 8 (448...504) is clipped away entirely.
        #expect(s.tree.states(of: s.rows[7]).contains(.showing))
        #expect(s.tree.states(of: s.rows[8]) == [.visible, .enabled, .sensitive])
        #expect(s.tree.visibleExtents(of: s.rows[7]) == Rect(x: 0, y: 436, width: 400, height: 8))
        #expect(s.tree.states(of: s.hidden) == [.enabled, .sensitive])
        s.second.isEnabled = false
        #expect(s.tree.states(of: s.second) == [.visible, .showing])
        // Scrolled: row 0 leaves, row 8 shows.
        s.list.contentOffset = Point(x: 0, y: 100)
        #expect(!s.tree.states(of: s.rows[0]).contains(.showing))
        #expect(s.tree.states(of: s.rows[8]).contains(.showing))
    }

    @Test func elementAtPointIsTheDeepestShowingOne() {
        let s = A11yScene()
        #expect(s.tree.element(at: Point(x: 120, y: 20)) === s.second)
        #expect(s.tree.element(at: Point(x: 200, y: 44 + 56 * 3 + 10)) === s.rows[3])
        #expect(s.tree.element(at: Point(x: 200, y: 460)) == nil)  // the hidden label
        #expect(s.tree.element(at: Point(x: 200, y: 510)) === s.footer)
    }

    // MARK: - Actions

    @Test func actionsByRole() {
        let s = A11yScene()
        #expect(s.tree.actions(of: s.first) == [.click])
        #expect(s.tree.actions(of: s.rows[0]) == [.click])
        #expect(s.tree.actions(of: s.list) == [.scrollUp, .scrollDown, .scrollLeft, .scrollRight])
        #expect(s.tree.actions(of: s.footer) == [])
        #expect(
            AccessibilityAction.allCases.map(\.rawValue) == [
                "click", "scroll-up", "scroll-down", "scroll-left",
                "scroll-right"
            ])
    }

    @Test func clickTapsThroughTheArbitration() {
        let s = A11yScene()
        #expect(s.tree.perform(.click, on: s.second))
        #expect(s.second.actionCount == 1 && s.first.actionCount == 0)
        // A row inside the list (which delays content touches): the quick tap reaches it as began, then ended.
        #expect(s.tree.perform(.click, on: s.rows[2]))
        #expect(s.rows[2].began == 1 && s.rows[2].ended == 1 && s.rows[2].cancelled == 0)
        #expect(s.window.core.touchRouter.activeTouchCount == 0)
        // A label offers no click.
        #expect(!s.tree.perform(.click, on: s.footer))
        // A disabled button is not hit: no tap is made.
        s.first.isEnabled = false
        #expect(!s.tree.perform(.click, on: s.first))
        #expect(s.first.actionCount == 0)
    }

    @Test func clickOnARowOutOfViewScrollsItInFirst() {
        let s = A11yScene()
        #expect(s.tree.perform(.click, on: s.rows[20]))
        // Row 20 (1120...1176) ends at the list's bottom edge: offset 1176 - 400.
        #expect(s.list.contentOffset == Point(x: 0, y: 776))
        #expect(s.rows[20].ended == 1)
    }

    @Test func clickDuringAFlingStopsItAndOpensNothing() {
        let s = A11yScene()
        s.window.touchDown(id: 1, at: Point(x: 200, y: 400))
        for i in 1...5 {
            s.window.advance(ms: 10)
            s.window.touchMove(id: 1, to: Point(x: 200, y: 400 - Double(i) * 40))
        }
        s.window.touchUp(id: 1)
        s.window.advance(ms: 16)
        let row = s.tree.element(at: Point(x: 200, y: 300)) as! TapRow
        #expect(s.tree.perform(.click, on: row))
        #expect(row.ended == 0)
        let stopped = s.list.contentOffset
        s.window.advance(ms: 200)
        #expect(s.list.contentOffset == stopped)
    }

    @Test func scrollActionsMoveAVisibleLengthMinus40() {
        let s = A11yScene()
        #expect(s.tree.perform(.scrollDown, on: s.list))
        #expect(s.list.contentOffset == Point(x: 0, y: 360))
        #expect(s.tree.perform(.scrollDown, on: s.list))
        #expect(s.list.contentOffset == Point(x: 0, y: 720))
        #expect(s.tree.perform(.scrollUp, on: s.list))
        #expect(s.list.contentOffset == Point(x: 0, y: 360))
        // No horizontal range: not done.
        #expect(!s.tree.perform(.scrollRight, on: s.list))
        #expect(!s.tree.perform(.scrollDown, on: s.footer))
    }

    @Test func scrollActionsMovePagesWhenPaging() {
        let s = A11yScene()
        s.list.isPagingEnabled = true
        #expect(s.tree.perform(.scrollDown, on: s.list))
        s.window.advance(ms: 1000)
        #expect(s.list.contentOffset == Point(x: 0, y: 400))
        #expect(s.tree.perform(.scrollDown, on: s.list))
        s.window.advance(ms: 1000)
        #expect(s.list.contentOffset == Point(x: 0, y: 800))
    }

    @Test func scrollToShowsAViewThroughNestedContainers() {
        let window = HeadlessWindow(size: Size(width: 400, height: 800))
        let outer = ScrollContainer(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        outer.contentSize = Size(width: 400, height: 3000)
        let inner = ScrollContainer(frame: Rect(x: 0, y: 1000, width: 400, height: 200))
        inner.contentSize = Size(width: 2000, height: 200)
        let target = Label(frame: Rect(x: 1500, y: 50, width: 100, height: 40), text: "Far")
        inner.addSubview(target)
        outer.addSubview(inner)
        window.rootView.addSubview(outer)
        let tree = window.core.accessibility
        #expect(!tree.states(of: target).contains(.showing))
        #expect(tree.scrollToVisible(target))
        // Inner: the label's right edge (1600) at its right edge (400 wide). Outer: the inner container's rows
        // 1050...1090 at the bottom edge (800 tall).
        #expect(inner.contentOffset == Point(x: 1200, y: 0))
        #expect(outer.contentOffset == Point(x: 0, y: 290))
        #expect(tree.extents(of: target) == Rect(x: 300, y: 760, width: 100, height: 40))
        #expect(tree.states(of: target).contains(.showing))
    }

    // MARK: - Events

    @Test func eventsReportChangesWhileSomeoneListens() {
        let s = A11yScene()
        var events: [String] = []
        func describe(_ view: View?) -> String {
            view.map { s.tree.name(of: $0).isEmpty ? "\($0.exposedRole)" : s.tree.name(of: $0) } ?? "window"
        }
        s.tree.onEvent = { event in
            switch event {
            case .childAdded(let parent, let child, let index):
                events.append("add \(describe(child)) to \(describe(parent)) at \(index)")
            case .childRemoved(let parent, let child, let index):
                events.append("remove \(describe(child)) from \(describe(parent)) at \(index)")
            case .nameChanged(let view): events.append("name \(describe(view))")
            case .boundsChanged(let view): events.append("bounds \(describe(view))")
            case .focusChanged(let view): events.append("focus \(describe(view))")
            case .selectionChanged(let view): events.append("selection \(describe(view))")
            case .stateChanged(let view, _, let on): events.append("state \(describe(view)) \(on)")
            }
        }
        // A plain view holding two labels: its two labels join the window.
        let box = View(frame: Rect(x: 0, y: 520, width: 400, height: 40))
        box.addSubview(Label(frame: .zero, text: "A"))
        box.addSubview(Label(frame: .zero, text: "B"))
        s.window.rootView.addSubview(box)
        s.rows[1].removeFromSuperview()
        s.footer.text = "Changed"
        s.list.contentOffset = Point(x: 0, y: 10)
        s.window.core.setFocus(s.list)
        s.window.core.setFocus(nil)
        s.footer.isAccessibilityElement = false
        #expect(
            events == [
                "add A to window at 5", "add B to window at 6", "remove Row 2 from scrollPane at 1",
                "name Changed", "bounds scrollPane", "focus scrollPane", "focus window",
                "remove Changed from window at -1"
            ])
        // Nothing is reported with no listener.
        s.tree.onEvent = nil
        events = []
        s.footer.isAccessibilityElement = true
        s.list.contentOffset = Point(x: 0, y: 20)
        #expect(events.isEmpty)
    }
}
