// Snap offsets of a scroll container (<doc:ScrollBehaviour> §15), per axis. With [a, b] the visible area after
// `contentInset` along the axis, a subview gives .start: frame.min - a, .end: frame.max - b,
// .center: frame.mid - (a + b)/2, clamped into the range so the range's ends are reachable targets.
// A moving motion goes to the nearest offset not behind where it would rest, so a fling never stops short.

/// The sorted snap offsets of a container, per axis, in points. Empty when snapping is off.
struct SnapOffsets: Sendable {
    /// Offsets along x and y, ascending, unique.
    var horizontal: [Double] = []
    var vertical: [Double] = []

    subscript(axis: Axis) -> [Double] {
        get { axis == .horizontal ? horizontal : vertical }
        set { if axis == .horizontal { horizontal = newValue } else { vertical = newValue } }
    }

    /// Fraction of the visible length within which `.proximity` snaps.
    static let proximityFraction = 0.3

    /// The offset for a view of `frame` along `axis` with `alignment`, unclamped.
    static func offset(
        for frame: Rect, alignment: SnapAlignment, axis: Axis, length: Double,
        leadingInset: Double, trailingInset: Double
    ) -> Double {
        let lo = frame.origin[axis]
        let hi = lo + frame.size[axis]
        let a = leadingInset
        let b = length - trailingInset
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
        var lo = 0
        var hi = list.count
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
