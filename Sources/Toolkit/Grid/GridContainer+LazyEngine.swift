// What a grid gives the lazy engine (`LazyItemContainer`): its shape (rows of adaptive columns), its data source's
// count and prefetch calls, and where its keys move the focus.
//
// Keys (<doc:ScrollBehaviour> §20): Left / Right one item in their direction (right to left, Left goes on to the
// next item), Up / Down one row in the same column (past the ends: the first / last item, so Down on the last row,
// or into a shorter last row, lands on the last item), Page Up / Page Down by the rows fully visible minus one, in
// the same column, Home / End the first / last item.

extension GridContainer: LazyItemContainer {
    var itemLayout: GridLayout { layout }

    var itemNoun: String { "item" }

    func countedItems() -> Int? {
        dataSource.map { min(max(0, $0.numberOfItems(in: self)), GridLayout.maximumCount) }
    }

    var pinnedItem: (item: Int, view: View)? { nil }

    var carriedItem: (item: Int, view: View)? { nil }

    func itemIndex(at point: Point) -> Int? { layout.item(at: point) }

    func coveredTop(forItem item: Int) -> Double { 0 }

    func dropScrollTarget() {}

    func focusTarget(for key: Key, from focus: Int) -> Int? {
        let forward = layoutDirection == .leftToRight ? 1 : -1
        let columns = layout.columns
        switch key {
        case .left: return focus - forward
        case .right: return focus + forward
        case .up: return focus - columns
        case .down: return focus + columns
        case .pageUp: return focus - pageLineCount() * columns
        case .pageDown: return focus + pageLineCount() * columns
        case .home: return 0
        case .end: return layout.count - 1
        case .tab, .enter, .escape, .backspace, .space, .other: return nil
        }
    }

    func prefetch(_ items: [Int]) { dataSource?.grid(self, prefetchItems: items) }

    func cancelPrefetching(_ items: [Int]) { dataSource?.grid(self, cancelPrefetchingForItems: items) }
}
