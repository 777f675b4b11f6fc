/// The direction of a change of a `Point`, typically `contentOffset`, one answer per axis.
///
/// Directions describe how the *offset* changed, not how the finger moved: dragging the content up with a finger
/// makes `contentOffset.y` grow, which is `.down` (the viewport travels down the content), matching
/// `ScrollContainer`'s velocity sign convention.
public struct ScrollDirection: Equatable, Sendable {
    /// Horizontal direction of a change.
    public enum Horizontal: Sendable {
        /// The x coordinate did not change (or either value was not finite).
        case none
        /// The x coordinate shrank.
        case left
        /// The x coordinate grew.
        case right
    }

    /// Vertical direction of a change (y grows downwards).
    public enum Vertical: Sendable {
        /// The y coordinate did not change (or either value was not finite).
        case none
        /// The y coordinate shrank.
        case up
        /// The y coordinate grew.
        case down
    }

    /// Direction along x.
    public var horizontal: Horizontal
    /// Direction along y.
    public var vertical: Vertical

    /// Creates a direction from its two components.
    public init(horizontal: Horizontal, vertical: Vertical) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// The direction of the move from `old` to `new`, in points, decided per axis.
    ///
    /// An axis whose old or new coordinate is NaN or infinite reports `.none`: no direction can be told, and a
    /// bad value must not read as a scroll. Any finite difference counts, however small, so that a handler sees
    /// the same direction the offset really took.
    public init(old: Point, new: Point) {
        if old.x.isFinite && new.x.isFinite && new.x != old.x {
            horizontal = new.x > old.x ? .right : .left
        } else {
            horizontal = .none
        }
        if old.y.isFinite && new.y.isFinite && new.y != old.y {
            vertical = new.y > old.y ? .down : .up
        } else {
            vertical = .none
        }
    }
}
