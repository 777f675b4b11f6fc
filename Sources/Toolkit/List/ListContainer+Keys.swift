// Where a list's keys move the focused row (<doc:ScrollBehaviour> §19): Up / Down by one row, Page Up / Page Down
// by the rows fully visible (below a pinned header) minus one, Home / End to the ends. The rest (selection, Space,
// Ctrl + A, showing the row) is the lazy engine's (`LazyItemContainer+Keys.swift`).

extension ListContainer {
    /// The keysym of `a` (Ctrl + A selects every row).
    static let selectAllKey = Key.selectAll

    func focusTarget(for key: Key, from focus: Int) -> Int? {
        switch key {
        case .up: focus - 1
        case .down: focus + 1
        case .pageUp: focus - pageLineCount()
        case .pageDown: focus + pageLineCount()
        case .home: 0
        case .end: heights.count - 1
        case .left, .right, .tab, .enter, .escape, .backspace, .space, .other: nil
        }
    }

    /// The height a sticky header covers at the top when `row` is near the top: the height of the header pinned
    /// above it (none for a header row itself, or without headers).
    func coveredTop(forItem row: Int) -> Double {
        guard let source = dataSource, !dataSourceHasNoHeaders else { return 0 }
        guard let header = headerRow(atOrBefore: row, source: source), header != row else { return 0 }
        return heights.height(of: header)
    }
}
