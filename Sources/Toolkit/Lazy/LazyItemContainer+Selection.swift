// Selecting items with taps, clicks, keys and the app's own calls (<doc:ScrollBehaviour> §19, §20); the rules are
// `ItemSelection`'s, this file connects them to a container: which item a touch ended on, the modifiers held, the
// notification, the redraw.
//
// An item is selected when its content touch ends (`contentTouchEnded`, from the window's touch routing): so a tap
// that stops a fling (its touch never reaches the content) selects nothing, and a tap waits for the container's
// content delay like any content touch. A drag that scrolls cancels the content touch: no selection either.

import Foundation

extension LazyItemContainer {
    /// Sets the selection mode: going to `.single` keeps at most the first selected item; `.none` keeps the
    /// selection.
    func setSelectionMode(_ mode: SelectionMode) {
        guard mode != items.selection.mode else { return }
        items.selection.mode = mode
        if mode == .single, let first = items.selection.selected.first, items.selection.selected.count > 1 {
            updateSelection { $0.selected = IndexSet(integer: first) }
        }
    }

    /// Sets the selected items: those out of range dropped (in `.single` mode all but the first).
    func setSelectedItems(_ newValue: IndexSet) {
        var selected = newValue
        let count = itemCount
        if let last = selected.last, last >= count { selected.remove(integersIn: max(0, count)..<(last + 1)) }
        if let first = selected.first, first < 0 { selected.remove(integersIn: first..<0) }
        if items.selection.mode == .single, let first = selected.first, selected.count > 1 {
            selected = IndexSet(integer: first)
        }
        updateSelection {
            $0.selected = selected
            $0.base = selected
        }
    }

    /// Sets the focused item (out of range: ignored); the Shift anchor goes there.
    func setFocusedItem(_ newValue: Int?) {
        if let newValue, newValue < 0 || newValue >= itemCount { return }
        updateSelection {
            $0.focus = newValue
            $0.anchor = newValue
            $0.base = $0.selected
        }
    }

    /// Runs `change` on the selection, then redraws and notifies when the set or the focus changed.
    func updateSelection(_ change: (inout ItemSelection) -> Void) {
        let before = items.selection.selected
        let focused = items.selection.focus
        change(&items.selection)
        if items.selection.selected != before || items.selection.focus != focused {
            selectionDidChange(from: before, focus: focused)
        }
    }

    /// The selection or the focus changed from `before` / `focus`: redraw, tell accessibility and the app (the
    /// app's handler last: it may change the selection again).
    func selectionDidChange(from before: IndexSet, focus: Int?) {
        if drawsSelection { setNeedsDisplay() }
        if items.selection.focus != focus { focusedItemDidChange() }
        if items.selection.selected != before {
            accessibilitySelectionDidChange(from: before)
            onSelectionChange?(items.selection.selected)
        }
    }

    /// After a reload: items past the new end leave the selection.
    func clampSelection() {
        let count = itemCount
        updateSelection { $0.clamp(to: count) }
    }

    /// A content touch ended (not cancelled) on `view`, inside this container: the item holding it is tapped.
    func itemTouchEnded(in view: View) {
        guard items.selection.mode != .none, let item = item(containing: view) else { return }
        let modifiers = attachedWindow?.keyboardModifiers ?? []
        updateSelection { $0.click(item, modifiers: modifiers) }
    }
}
