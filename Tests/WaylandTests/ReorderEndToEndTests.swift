import Testing
import ToolkitTesting

@testable import Toolkit
@testable import ToolkitCore

/// <doc:ScrollBehaviour> §21 through the Wayland seat: a list with reordering on in a `WaylandWindow`, moved by the
/// test compositor's real `wl_touch` (a long press, a drag) and `wl_pointer` (a press on the reorder handle, held
/// still at the bottom edge while the list auto-scrolls on the compositor's frame callbacks).
@MainActor
@Suite struct ReorderEndToEndTests {
    /// Rows of 44 pt that record the moves the list asks for.
    final class Rows: ListDataSource {
        var items = Array(0..<200)
        var moves: [(from: Int, to: Int)] = []

        func numberOfRows(in list: ListContainer) -> Int { items.count }

        func list(_ list: ListContainer, viewForRow row: Int) -> View {
            let view = list.dequeueReusableView(kind: "row") ?? View(frame: .zero)
            view.reuseKind = "row"
            view.backgroundColor = Color(white: items[row] % 2 == 0 ? 1 : 0.9)
            return view
        }

        func list(_ list: ListContainer, moveRow row: Int, to newRow: Int) {
            moves.append((row, newRow))
            items.insert(items.remove(at: row), at: newRow)
        }
    }

    /// A mapped 400 x 400 window filled by a list of 200 rows with reordering on.
    private func mapped(_ compositor: TestCompositor, _ rows: Rows) throws -> (WaylandWindow, ListContainer) {
        let window = try WaylandWindow(
            title: "reorder", size: Size(width: 400, height: 400), appID: "org.toolkit.tests",
            connection: .fileDescriptor(compositor.connectClientFD()))
        let list = ListContainer(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        list.dataSource = rows
        list.reorderingEnabled = true
        window.rootView.addSubview(list)
        try window.pump { window.presentedFrameCount >= 1 }
        return (window, list)
    }

    @Test func aLongPressAndADragMoveARowOnce() throws {
        let compositor = try TestCompositor()
        let rows = Rows()
        let (window, list) = try mapped(compositor, rows)
        compositor.touchDown(id: 1, at: Point(x: 200, y: 110))
        compositor.touchFrame()
        try window.pump("the row lifted", limit: .seconds(5)) { list.movingRow == 2 }
        // 132 pt down in steps: the row drops at 5.
        for step in 1...6 {
            try window.idle(for: .milliseconds(16))
            compositor.touchMotion(id: 1, to: Point(x: 200, y: 110 + 22 * Double(step)))
            compositor.touchFrame()
        }
        try window.pump("the target at 5") { list.movingRowDestination == 5 }
        compositor.touchUp(id: 1)
        compositor.touchFrame()
        try window.pump("the drop") { list.movingRow == nil }
        #expect(rows.moves.count == 1 && rows.moves.first! == (2, 5))
        #expect(Array(rows.items.prefix(7)) == [0, 1, 3, 4, 5, 2, 6])
    }

    @Test func theMouseHandleLiftsAtOnceAndAStillPointerAtTheEdgeKeepsScrolling() throws {
        let compositor = try TestCompositor()
        let rows = Rows()
        let (window, list) = try mapped(compositor, rows)
        compositor.pointerEnter(at: Point(x: 380, y: 110))
        compositor.pointerFrame()
        compositor.pointerButton(.left, pressed: true)
        compositor.pointerFrame()
        try window.pump("the row lifted", limit: .seconds(2)) { list.movingRow == 2 }
        // To 4 pt above the bottom edge, then no more events: the frames scroll the list (1,375 pt/s).
        compositor.pointerMotion(to: Point(x: 380, y: 396))
        compositor.pointerFrame()
        try window.pump("the list scrolled 600 pt", limit: .seconds(5)) { list.contentOffset.y > 600 }
        #expect(list.movingRowDestination! > 15)
        compositor.pointerButton(.left, pressed: false)
        compositor.pointerFrame()
        try window.pump("the drop") { list.movingRow == nil }
        #expect(rows.moves.count == 1 && rows.moves.first!.from == 2 && rows.moves.first!.to > 15)
        let offset = list.contentOffset.y
        try window.idle(for: .milliseconds(100))
        #expect(list.contentOffset.y == offset)
    }
}
