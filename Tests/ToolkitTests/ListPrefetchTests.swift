// <doc:ScrollBehaviour> §20, prefetching for lists: rows of 44 pt in a 400 x 800 list (ListScene).

import Testing

@testable import ToolkitCore

@MainActor
private final class PrefetchingRows: ListDataSource {
    var prefetched: [[Int]] = []
    var cancelled: [[Int]] = []
    func numberOfRows(in list: ListContainer) -> Int { 100_000 }
    func list(_ list: ListContainer, viewForRow row: Int) -> View {
        let view = list.dequeueReusableView(kind: "row") ?? View(frame: .zero)
        view.reuseKind = "row"
        return view
    }
    func list(_ list: ListContainer, prefetchRows rows: [Int]) { prefetched.append(rows) }
    func list(_ list: ListContainer, cancelPrefetchingForRows rows: [Int]) { cancelled.append(rows) }
}

@MainActor @Suite struct ListPrefetchTests {
    @Test func rowsAheadAreAskedAndCancelledWhenTheMotionTurns() {
        let source = PrefetchingRows()
        let window = HeadlessWindow(size: Size(width: 400, height: 800))
        let list = ListContainer(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        window.rootView.addSubview(list)
        list.dataSource = source
        #expect(source.prefetched.isEmpty)
        // 20 pt in 16 ms: rows 0 ... 18 meet 20 ... 820; the rows meeting 820 ... 1,620 are 18 ... 36: 19 ... 36
        // are asked, nearest first.
        window.advance(ms: 16)
        list.contentOffset = Point(x: 0, y: 20)
        #expect(list.visibleRows == 0..<19)
        #expect(source.prefetched == [Array(19..<37)])
        // Up again: all of them are cancelled, none has come into view.
        window.advance(ms: 16)
        list.contentOffset = Point(x: 0, y: 10)
        #expect(source.cancelled == [Array(19..<37)])
    }
}
