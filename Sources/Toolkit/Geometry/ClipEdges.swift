// Views compute the rectangle they are clipped to (`View.visibleEdgesInWindow`) and the window's scroll bookkeeping
// compares it across frames (`ScrollMove`): both sit on this type, below them in the layers.

/// A rectangle by its edges, in window points, exactly as the canvas computes a clip (no origin-plus-size
/// arithmetic, which could move an edge by a rounding error).
struct ClipEdges: Equatable {
    var x0 = -Double.infinity
    var y0 = -Double.infinity
    var x1 = Double.infinity
    var y1 = Double.infinity

    /// Narrows to the overlap with the given edges.
    mutating func intersect(x0: Double, y0: Double, x1: Double, y1: Double) {
        self.x0 = max(self.x0, x0)
        self.y0 = max(self.y0, y0)
        self.x1 = min(self.x1, x1)
        self.y1 = min(self.y1, y1)
    }

    /// The rectangle, in points (empty when the edges cross or are not finite).
    var rect: Rect {
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x1 > x0, y1 > y0 else { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The rectangle with every edge within `tolerance` points of a whole number moved onto it: edges computed
    /// through a fractional content offset come out a few ulps off (283.9999999999998 for 284), which would
    /// make a band edge fall between pixel rows and a sliver of it reach the rows beside the band.
    func wholeRect(tolerance: Double = 1e-6) -> Rect {
        func snap(_ v: Double) -> Double { abs(v - v.rounded()) <= tolerance ? v.rounded() : v }
        var snapped = self
        snapped.x0 = snap(x0)
        snapped.y0 = snap(y0)
        snapped.x1 = snap(x1)
        snapped.y1 = snap(y1)
        return snapped.rect
    }

    /// The same rectangle within `tolerance` points on every edge (the same geometry computed at another
    /// content offset differs in the last bits).
    func isClose(to other: ClipEdges, tolerance: Double = 1e-6) -> Bool {
        abs(x0 - other.x0) <= tolerance && abs(y0 - other.y0) <= tolerance
            && abs(x1 - other.x1) <= tolerance && abs(y1 - other.y1) <= tolerance
    }
}
