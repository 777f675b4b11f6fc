/// The pointer's shape over a view (see `View.cursor`). A backend turns it into a platform cursor: the Wayland
/// window loads the named image from the cursor theme, or draws a built-in one when the theme has none.
public enum Cursor: Sendable, Hashable, CaseIterable {
    /// The default arrow.
    case arrow
    /// A pointing hand: something to press (controls, buttons, links).
    case hand
    /// An I-beam: text that can be selected or edited.
    case text
    /// A thin cross: precise picking.
    case crosshair
    /// An open hand: something that can be dragged.
    case grab
    /// A closed hand: something being dragged.
    case grabbing
    /// A slashed circle: the action under the pointer is not allowed.
    case notAllowed
}
