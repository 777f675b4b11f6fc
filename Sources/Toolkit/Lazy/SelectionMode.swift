/// How many items of a list (or grid) can be selected (<doc:ScrollBehaviour> §19).
public enum SelectionMode: Sendable, Hashable {
    /// Nothing is selected by taps, clicks or keys (the app may still set the selection).
    case none
    /// At most one item: a tap selects it alone.
    case single
    /// Any number: a tap toggles an item, Shift extends a range, Ctrl + A selects all.
    case multiple
}
