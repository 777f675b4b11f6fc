// The keys of a lazy container with a focused item (<doc:ScrollBehaviour> §19, §20). The shape says where a key
// goes (`focusTarget`: a list by rows, a grid in two dimensions); the engine clamps it into the items, moves the
// focus (Shift extends the selection from the anchor in `.multiple`, `.single` selects the focused item), and shows
// it. Space toggles the focused item (`.multiple`), Ctrl + A selects every item (`.multiple`). Without a focused
// item, the keys scroll (`ScrollContainer+Keyboard.swift`).
//
// After a move the focused item is fully visible, scrolled there by the least distance, a sticky header counted as
// covering the top. It is shown at once, not with the keys' 0.1 s step: the focus ring lands on an item that is
// there. Items come into view laid out (a list measures them), so the offset is set again if that moved the item (a
// few rounds at most): End on 10,000,000 items lays out only the items at the end.

extension LazyItemContainer {
    /// Handles `key` as a selection or focus key; false when it is not one here (it then scrolls).
    func selectionKey(_ key: Key, modifiers: KeyModifiers) -> Bool {
        let count = itemCount
        if key == Key.selectAll, modifiers.contains(.control) {
            guard items.selection.mode == .multiple else { return false }
            updateSelection { _ = $0.selectAll(count: count) }
            return true
        }
        guard let focus = items.selection.focus, count > 0 else { return false }
        if key == .space {
            guard items.selection.mode == .multiple else { return false }
            updateSelection { _ = $0.toggleFocused() }
            reveal(item: focus)
            return true
        }
        guard let target = focusTarget(for: key, from: focus) else { return false }
        let item = min(max(0, target), count - 1)
        let extending = modifiers.contains(.shift)
        updateSelection { $0.moveFocus(to: item, extending: extending) }
        reveal(item: item)
        return true
    }

    /// The lines a page key moves: those fully visible (below a covered top) minus one, at least one.
    func pageLineCount() -> Int {
        let visible = visibleItemRange
        guard !visible.isEmpty else { return 1 }
        let layout = itemLayout
        let top = contentOffset.y + coveredTop(forItem: visible.lowerBound)
        let bottom = contentOffset.y + bounds.height
        var full = 0
        var line = layout.line(ofItem: visible.lowerBound)
        let last = layout.line(ofItem: visible.upperBound - 1)
        while line <= last {
            let lineTop = layout.origin(ofLine: line)
            if lineTop >= top - 1e-9 && lineTop + layout.height(ofLine: line) <= bottom + 1e-9 { full += 1 }
            line += 1
        }
        return max(1, full - 1)
    }

    /// Scrolls by the least distance that shows `item` fully (none when it is), a sticky header counted as
    /// covering the top; items laid out on the way may move it, so the offset follows (a few rounds).
    func reveal(item: Int) {
        guard item >= 0, item < itemCount, bounds.height > 0 else { return }
        for _ in 0..<4 {
            let layout = itemLayout
            let minY = layout.top(ofItem: item)
            let maxY = layout.bottom(ofItem: item)
            let cover = coveredTop(forItem: item)
            let top = contentOffset.y + cover
            let bottom = contentOffset.y + bounds.height
            var y = contentOffset.y
            if minY < top - 1e-9 || maxY - minY > bounds.height - cover {
                y = minY - cover
            } else if maxY > bottom + 1e-9 {
                y = maxY - bounds.height
            }
            y = makePolicy().clamp(y, .vertical)
            guard abs(y - contentOffset.y) > 1e-9 else { return }
            // Setting the offset stops a fling or an animation that would carry the item away again.
            dropScrollTarget()
            contentOffset = Point(x: contentOffset.x, y: y)
        }
    }
}

extension Key {
    /// The keysym of `a` (Ctrl + A selects every item).
    static let selectAll = Key.other(0x61)
}
