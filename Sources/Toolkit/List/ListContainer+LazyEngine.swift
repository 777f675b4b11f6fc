// What a list gives the lazy engine (`LazyItemContainer`): its shape (rows by height), its data source's count and
// prefetch calls, its pinned header, and what a key scroll drops.

extension ListContainer: LazyItemContainer {
    var itemLayout: RowHeights { heights }

    var itemNoun: String { "row" }

    func countedItems() -> Int? {
        dataSource.map { min(max(0, $0.numberOfRows(in: self)), RowHeights.maximumCount) }
    }

    var pinnedItem: (item: Int, view: View)? {
        pinned.map { ($0.row, $0.view) }
    }

    var carriedItem: (item: Int, view: View)? {
        movement.map { ($0.row, $0.view) }
    }

    func itemIndex(at point: Point) -> Int? {
        guard heights.count > 0, point.x >= 0, point.x < bounds.width, point.y >= 0, point.y < heights.totalHeight
        else { return nil }
        return heights.row(at: point.y)
    }

    func dropScrollTarget() {
        pendingRowTarget = nil
    }

    func prefetch(_ rows: [Int]) { dataSource?.list(self, prefetchRows: rows) }

    func cancelPrefetching(_ rows: [Int]) { dataSource?.list(self, cancelPrefetchingForRows: rows) }
}
