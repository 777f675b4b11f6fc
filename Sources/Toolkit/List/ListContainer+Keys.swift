// The keys of a list with a focused row (<doc:ScrollBehaviour> §19): Up / Down move the focus one row, Page Up /
// Page Down by the rows fully visible minus one, Home / End to the ends; Shift + a move extends the selection from
// the anchor (`.multiple`), Space toggles the focused row (`.multiple`), Ctrl + A selects every row (`.multiple`).
// After a move the focused row is fully visible, scrolled there by the least distance, a sticky header counted as
// covering the top. Without a focused row, the keys scroll (`ScrollContainer+Keyboard.swift`).
//
// The row is shown at once, not with the keys' 0.1 s step: the focus ring lands on a row that is there. Rows come
// into view measured (the layout measures them), so the offset is set again if measuring moved the row (a few
// rounds at most): End on 10,000,000 rows measures only the rows at the end.

extension ListContainer {
    /// The keysym of `a` (Ctrl + A selects every row).
    static let selectAllKey = Key.other(0x61)

    /// Handles `key` as a selection or focus key; false when it is not one here (it then scrolls).
    func selectionKey(_ key: Key, modifiers: KeyModifiers) -> Bool {
        let count = heights.count
        if key == ListContainer.selectAllKey, modifiers.contains(.control) {
            guard selection.mode == .multiple else { return false }
            updateSelection { _ = $0.selectAll(count: count) }
            return true
        }
        guard let focus = selection.focus, count > 0 else { return false }
        let target: Int
        switch key {
        case .up: target = focus - 1
        case .down: target = focus + 1
        case .pageUp: target = focus - pageRowCount()
        case .pageDown: target = focus + pageRowCount()
        case .home: target = 0
        case .end: target = count - 1
        case .space:
            guard selection.mode == .multiple else { return false }
            updateSelection { _ = $0.toggleFocused() }
            reveal(row: focus)
            return true
        case .left, .right, .tab, .enter, .escape, .backspace, .other:
            return false
        }
        let row = min(max(0, target), count - 1)
        let extending = modifiers.contains(.shift)
        updateSelection { $0.moveFocus(to: row, extending: extending) }
        reveal(row: row)
        return true
    }

    /// The rows a page key moves: those fully visible (below a pinned header) minus one, at least one.
    func pageRowCount() -> Int {
        let visible = visibleRows
        guard !visible.isEmpty else { return 1 }
        let top = contentOffset.y + coveredTop(forRow: visible.lowerBound)
        let bottom = contentOffset.y + bounds.height
        var full = 0
        for row in visible {
            let frame = frameForRow(row)
            if frame.minY >= top - 1e-9 && frame.maxY <= bottom + 1e-9 { full += 1 }
        }
        return max(1, full - 1)
    }

    /// Scrolls by the least distance that shows `row` fully (none when it is), a sticky header counted as
    /// covering the top; measured rows on the way may move it, so the offset follows (a few rounds).
    func reveal(row: Int) {
        guard row >= 0, row < heights.count, bounds.height > 0 else { return }
        for _ in 0..<4 {
            let frame = frameForRow(row)
            let cover = coveredTop(forRow: row)
            let top = contentOffset.y + cover
            let bottom = contentOffset.y + bounds.height
            var y = contentOffset.y
            if frame.minY < top - 1e-9 || frame.height > bounds.height - cover {
                y = frame.minY - cover
            } else if frame.maxY > bottom + 1e-9 {
                y = frame.maxY - bounds.height
            }
            y = makePolicy().clamp(y, .vertical)
            guard abs(y - contentOffset.y) > 1e-9 else { return }
            // Setting the offset stops a fling or an animation that would carry the row away again.
            pendingRowTarget = nil
            contentOffset = Point(x: contentOffset.x, y: y)
        }
    }

    /// The height a sticky header covers at the top when `row` is near the top: the height of the header pinned
    /// above it (none for a header row itself, or without headers).
    func coveredTop(forRow row: Int) -> Double {
        guard let source = dataSource, !dataSourceHasNoHeaders else { return 0 }
        guard let header = headerRow(atOrBefore: row, source: source), header != row else { return 0 }
        return heights.height(of: header)
    }
}
