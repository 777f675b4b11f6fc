/// A view whose subviews can be selected and focused, as a list's rows (<doc:ScrollBehaviour> §19).
@MainActor
protocol AccessibleSelection: View {
    /// The view's own states from its selection (`.multiselectable`).
    var accessibilityOwnStates: AccessibilityStates { get }
    /// The states of `item`, one of the view's subviews (`.selectable`, `.selected`, `.focused`).
    func accessibilityStates(ofItem item: View) -> AccessibilityStates
}
