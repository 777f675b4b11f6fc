// Selecting rows with taps, clicks and the app's own calls (<doc:ScrollBehaviour> §19); the rules are the lazy
// engine's (`ItemSelection`), this file connects them to the list: which row a touch ended on, the modifiers held,
// the notification, the redraw.
//
// A row is selected when its content touch ends (`contentTouchEnded`, from the window's touch routing): so a tap
// that stops a fling (its touch never reaches the content) selects nothing, and a tap waits for the container's
// content delay like any content touch. A drag that scrolls cancels the content touch: no selection either.

import Foundation

extension ListContainer {
    /// How many rows taps, clicks and keys select: `.none` (default), `.single`, `.multiple`. Going to `.single`
    /// keeps at most the first selected row; `.none` keeps the selection (the app may still set it).
    public var selectionMode: SelectionMode {
        get { selection.mode }
        set {
            guard newValue != selection.mode else { return }
            selection.mode = newValue
            if newValue == .single, let first = selection.selected.first, selection.selected.count > 1 {
                updateSelection { $0.selected = IndexSet(integer: first) }
            }
        }
    }

    /// The selected rows (Foundation's `IndexSet`: ranges, so all of 10,000,000 rows is one range). Setting it
    /// drops rows out of range (and in `.single` mode all but the first) and calls `onSelectionChange` when it
    /// changed.
    public var selectedRows: IndexSet {
        get { selection.selected }
        set {
            var rows = newValue
            let count = heights.count
            if let last = rows.last, last >= count { rows.remove(integersIn: max(0, count)..<(last + 1)) }
            if let first = rows.first, first < 0 { rows.remove(integersIn: first..<0) }
            if selection.mode == .single, let first = rows.first, rows.count > 1 { rows = IndexSet(integer: first) }
            updateSelection {
                $0.selected = rows
                $0.base = rows
            }
        }
    }

    /// The row the keys move from (drawn with a focus ring), or nil: then the keys scroll (<doc:ScrollBehaviour>
    /// §7). Setting a row out of range is ignored. Set by taps and clicks when rows can be selected.
    public var focusedRow: Int? {
        get { selection.focus }
        set {
            if let newValue, newValue < 0 || newValue >= heights.count { return }
            updateSelection {
                $0.focus = newValue
                $0.anchor = newValue
                $0.base = $0.selected
            }
        }
    }

    /// Runs `change` on the selection, then redraws and notifies when the set or the focus changed.
    func updateSelection(_ change: (inout ItemSelection) -> Void) {
        let before = selection.selected
        let focused = selection.focus
        change(&selection)
        if selection.selected != before || selection.focus != focused {
            selectionDidChange(from: before, focus: focused)
        }
    }

    /// The selection or the focus changed from `before` / `focus`: redraw, tell accessibility and the app (the
    /// app's handler last: it may change the selection again).
    func selectionDidChange(from before: IndexSet, focus: Int?) {
        if drawsSelection { setNeedsDisplay() }
        if selection.focus != focus { focusedRowDidChange() }
        if selection.selected != before {
            accessibilitySelectionDidChange(from: before)
            onSelectionChange?(selection.selected)
        }
    }

    /// After a reload: rows past the new end leave the selection.
    func clampSelection() {
        updateSelection { $0.clamp(to: heights.count) }
    }

    /// A content touch ended (not cancelled) on `view`, inside this list: the row holding it is tapped.
    func rowTouchEnded(in view: View) {
        guard selection.mode != .none, let row = row(containing: view) else { return }
        let modifiers = attachedWindow?.keyboardModifiers ?? []
        updateSelection { $0.click(row, modifiers: modifiers) }
    }

    /// The row whose view holds `view` (a row view or a view inside one), or nil.
    func row(containing view: View) -> Int? {
        var current: View? = view
        while let candidate = current, candidate !== self {
            if candidate.superview === self { return row(showing: candidate) }
            current = candidate.superview
        }
        return nil
    }
}
