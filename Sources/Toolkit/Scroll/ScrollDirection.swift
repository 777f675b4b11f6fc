/// The direction of a change of a `Point`, typically `contentOffset`, one answer per axis.
///
/// It describes the *offset*: a finger dragging the content up makes `contentOffset.y` grow, which is `.down`.
public struct ScrollDirection: Equatable, Sendable {
    /// Horizontal direction.
    public enum Horizontal: Sendable {
        /// x did not change (or a value was not finite).
        case none
        /// x shrank.
        case left
        /// x grew.
        case right
    }

    /// Vertical direction (y grows downwards).
    public enum Vertical: Sendable {
        /// y did not change (or a value was not finite).
        case none
        /// y shrank.
        case up
        /// y grew.
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

    /// The direction of the move from `old` to `new`, per axis. A non-finite coordinate reads `.none` (a bad value
    /// must not read as a scroll); any finite difference counts, however small.
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
