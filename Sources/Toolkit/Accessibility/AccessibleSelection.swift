/// A view whose subviews can be selected and focused, as a list's rows (<doc:ScrollBehaviour> §19). Items are
/// counted by index among all of them (`accessibilityItemCount`), alive as views or not.
@MainActor
protocol AccessibleSelection: View {
    /// The view's own states from its selection (`.multiselectable`).
    var accessibilityOwnStates: AccessibilityStates { get }
    /// The states of `item`, one of the view's subviews (`.selectable`, `.selected`, `.focused`).
    func accessibilityStates(ofItem item: View) -> AccessibilityStates
    /// How many items are selected.
    var accessibilitySelectedItemCount: Int { get }
    /// The index of the `n`-th selected item (from 0, in item order), or nil when fewer are selected.
    func accessibilitySelectedItem(_ n: Int) -> Int?
    /// The view showing `item` now, or nil when it is not alive.
    func accessibilityView(forItem item: Int) -> View?
    /// Whether `item` is selected.
    func accessibilityIsSelected(_ item: Int) -> Bool
    /// Selects `item` as the user would (alone in single selection, added in multiple); false when not possible.
    func accessibilitySelect(_ item: Int) -> Bool
    /// Deselects `item`; false when it was not selected or cannot be deselected.
    func accessibilityDeselect(_ item: Int) -> Bool
    /// Selects every item; false unless multiple selection.
    func accessibilitySelectAll() -> Bool
    /// Deselects every item; false when the user cannot select here.
    func accessibilityClearSelection() -> Bool
}
