// What assistive technologies hear of a list's selection and focus (<doc:ScrollBehaviour> §19): the list is
// multiselectable in `.multiple` mode, its rows selectable (unless `.none`), selected and focused (the focused row of
// a list holding the keyboard focus); changes are reported to the window's accessible tree, which sends them as
// events only while a client listens. Only alive rows are objects there, so only they are reported.

import Foundation

extension ListContainer: AccessibleSelection {
    var accessibilityOwnStates: AccessibilityStates {
        selection.mode == .multiple ? .multiselectable : []
    }

    func accessibilityStates(ofItem item: View) -> AccessibilityStates {
        guard let row = row(showing: item) else { return [] }
        var states: AccessibilityStates = selection.mode == .none ? [] : .selectable
        if selection.selected.contains(row) { states.insert(.selected) }
        if selection.focus == row, holdsKeyboardFocus { states.insert(.focused) }
        return states
    }

    /// Whether the window's keyboard focus is on this list.
    var holdsKeyboardFocus: Bool {
        hostWindow?.focusedView === self
    }

    /// The selected set changed from `before`: the rows alive whose state flipped, then the list.
    func accessibilitySelectionDidChange(from before: IndexSet) {
        guard let window = hostWindow else { return }
        for index in liveViews.indices {
            guard let view = liveViews[index] else { continue }
            let row = liveFirst + index
            let now = selection.selected.contains(row)
            if now != before.contains(row) { window.accessibilityDidChange(view, .selected(now)) }
        }
        window.accessibilityDidChange(self, .selection)
    }

    /// The focused row changed: with the keyboard focus here, assistive technologies follow it to the row.
    func focusedRowDidChange() {
        guard holdsKeyboardFocus, let window = hostWindow, let row = selection.focus, let view = view(forRow: row)
        else { return }
        window.accessibilityDidChange(view, .focusedItem)
    }
}
