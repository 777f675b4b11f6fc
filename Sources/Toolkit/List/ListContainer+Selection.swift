// A list's selection and focus as public API (<doc:ScrollBehaviour> §19); the rules and their wiring are the lazy
// engine's (`ItemSelection`, `LazyItemContainer+Selection.swift`, `+Keys.swift`, `+SelectionDrawing.swift`).

import Foundation

extension ListContainer {
    /// How many rows taps, clicks and keys select: `.none` (default), `.single`, `.multiple`. Going to `.single`
    /// keeps at most the first selected row; `.none` keeps the selection (the app may still set it).
    public var selectionMode: SelectionMode {
        get { items.selection.mode }
        set { setSelectionMode(newValue) }
    }

    /// The selected rows (Foundation's `IndexSet`: ranges, so all of 10,000,000 rows is one range). Setting it
    /// drops rows out of range (and in `.single` mode all but the first) and calls `onSelectionChange` when it
    /// changed.
    public var selectedRows: IndexSet {
        get { items.selection.selected }
        set { setSelectedItems(newValue) }
    }

    /// The row the keys move from (drawn with a focus ring), or nil: then the keys scroll (<doc:ScrollBehaviour>
    /// §7). Setting a row out of range is ignored. Set by taps and clicks when rows can be selected.
    public var focusedRow: Int? {
        get { items.selection.focus }
        set { setFocusedItem(newValue) }
    }
}
