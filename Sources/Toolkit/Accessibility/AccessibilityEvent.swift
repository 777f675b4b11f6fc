/// A change of the accessible tree a bridge reports to assistive technologies; nil stands for the window.
@MainActor
public enum AccessibilityEvent {
    /// `child` (exposed) joined the children of `parent` (nil: the window) at `index`.
    case childAdded(parent: View?, child: View, index: Int)
    /// `child` (exposed) left the children of `parent` (nil: the window); it was at `index`.
    case childRemoved(parent: View?, child: View, index: Int)
    /// The view's name changed (a label's text, a button's title, `accessibilityLabel`).
    case nameChanged(View)
    /// The view's extents, or those of its exposed descendants, changed: a scroll pane scrolled.
    case boundsChanged(View)
    /// The keyboard focus moved to `view` (nil: nothing holds it); for a list, to its focused row.
    case focusChanged(View?)
    /// The items `view` selects changed (a list's selection).
    case selectionChanged(View)
    /// `view` gained (true) or lost the state (`.selected` for a list's row).
    case stateChanged(View, AccessibilityStates, Bool)
}
