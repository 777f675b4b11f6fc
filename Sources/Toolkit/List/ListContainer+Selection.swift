// A list's selection and focus under its rows' names (<doc:ScrollBehaviour> §19): `LazyContainer`'s items are the
// rows; the rules and their wiring are the lazy engine's (`ItemSelection`, `LazyItemContainer+Selection.swift`,
// `+Keys.swift`, `+SelectionDrawing.swift`).

import Foundation

extension ListContainer {
    /// The selected rows (Foundation's `IndexSet`: ranges, so all of 10,000,000 rows is one range). Setting it
    /// drops rows out of range (and in `.single` mode all but the first) and calls `onSelectionChange` when it
    /// changed.
    public var selectedRows: IndexSet {
        get { selectedItems }
        set { selectedItems = newValue }
    }

    /// The row the keys move from (drawn with a focus ring), or nil: then the keys scroll (<doc:ScrollBehaviour>
    /// §7). Setting a row out of range is ignored. Set by taps and clicks when rows can be selected.
    public var focusedRow: Int? {
        get { focusedItem }
        set { focusedItem = newValue }
    }
}
