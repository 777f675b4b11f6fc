/// Which part of a view a scroll container aligns with its visible area when it snaps to it
/// (`View.snapAlignment`, <doc:ScrollBehaviour> §15; CSS `scroll-snap-align`).
public enum SnapAlignment: Sendable, Equatable {
    /// The view's leading edge (top, left) at the visible area's leading edge.
    case start
    /// The view's centre at the visible area's centre.
    case center
    /// The view's trailing edge (bottom, right) at the visible area's trailing edge.
    case end
}
