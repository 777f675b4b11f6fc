/// Whether a scroll container comes to rest on snap offsets (`ScrollContainer.snapping`, <doc:ScrollBehaviour>
/// §15; CSS `scroll-snap-type`). The snap offsets come from content subviews with a `snapAlignment`.
public enum Snapping: Sendable, Equatable {
    /// Rest wherever the motion ends.
    case none
    /// Rest on a snap offset when the natural resting offset lies within 0.3 × the visible length of one.
    case proximity
    /// Every resting offset is a snap offset (when the content has any).
    case mandatory
}
