// Snap offsets of a scroll container (<doc:ScrollBehaviour> §15; CSS scroll snap), per axis, and how a resting
// point is moved onto one.
//
// A content subview with a `snapAlignment` gives one offset per scrollable axis: with L the container's length
// along the axis and [a, b] the visible area after `contentInset` (a = inset.leading, b = L - inset.trailing),
//     .start:  offset = frame.min - a          (its leading edge at the visible leading edge)
//     .end:    offset = frame.max - b          (its trailing edge at the visible trailing edge)
//     .center: offset = frame.mid - (a + b)/2  (its centre at the visible centre)
// clamped into the range, so the ends of the range are reachable targets when an item cannot be aligned.
//
// Choosing (the policy asks; `natural` is where the motion would rest on its own, `direction` the sign of the
// motion or 0):
// - Moving: the nearest offset not behind `natural` in the direction of motion (a fling never stops short of the
//   next target); past the last one, the last one.
// - At rest (direction 0): the nearest one.
// - `.proximity` snaps only when `natural` lies within 0.3 x the visible length of some snap offset.

/// The sorted snap offsets of a container, per axis, in points. Empty when snapping is off.
struct SnapOffsets: Sendable {
    /// Offsets along x, ascending, without duplicates.
    var horizontal: [Double] = []
    /// Offsets along y, ascending, without duplicates.
    var vertical: [Double] = []

    /// The offsets along `axis`.
    subscript(axis: Axis) -> [Double] {
        get { axis == .horizontal ? horizontal : vertical }
        set { if axis == .horizontal { horizontal = newValue } else { vertical = newValue } }
    }

    /// Fraction of the visible length within which `.proximity` snaps.
    static let proximityFraction = 0.3

    /// The offset for a view of `frame` along `axis` with `alignment` (see the file header), unclamped.
    static func offset(for frame: Rect, alignment: SnapAlignment, axis: Axis, length: Double,
                       leadingInset: Double, trailingInset: Double) -> Double {
        let lo = frame.origin[axis], hi = lo + frame.size[axis]
        let a = leadingInset, b = length - trailingInset
        switch alignment {
        case .start: return lo - a
        case .end: return hi - b
        case .center: return (lo + hi) / 2 - (a + b) / 2
        }
    }

    /// The snap offset for a motion along `axis` that would rest at `natural` moving in the sign of `direction`
    /// (0: at rest), or nil when there is none (no offsets, or `.proximity` and none near enough).
    func target(_ axis: Axis, natural: Double, direction: Double, mode: Snapping, visibleLength: Double) -> Double? {
        let list = self[axis]
        guard mode != .none, let first = list.first, let last = list.last, natural.isFinite else { return nil }
        // The nearest, for proximity and for a resting point (binary search: the first offset >= natural).
        var lo = 0, hi = list.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if list[mid] < natural { lo = mid + 1 } else { hi = mid }
        }
        let above = lo < list.count ? list[lo] : last
        let below = lo > 0 ? list[lo - 1] : first
        let nearest = abs(above - natural) < abs(natural - below) ? above : below
        if mode == .proximity && abs(nearest - natural) > SnapOffsets.proximityFraction * max(0, visibleLength) {
            return nil
        }
        // Within rounding of an offset counts as on it, so that a motion ending there does not go on to the next.
        let tolerance = ScrollPolicy.restTolerance
        if abs(nearest - natural) <= tolerance { return nearest }
        if direction > 0 { return above >= natural ? above : last }
        if direction < 0 { return below <= natural ? below : first }
        return nearest
    }
}
