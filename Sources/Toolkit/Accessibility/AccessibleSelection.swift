/// A view whose items (direct subviews) can be selected and focused, as a list's rows are: the accessible tree
/// reads their states here (<doc:ScrollBehaviour> §19).
@MainActor
protocol AccessibleSelection: View {
    /// The view's own states from its selection (`.multiselectable`).
    var accessibilityOwnStates: AccessibilityStates { get }
    /// The states of `item`, one of the view's subviews (`.selectable`, `.selected`, `.focused`).
    func accessibilityStates(ofItem item: View) -> AccessibilityStates
}
