/// A rectangle by its edges, in window points, as the canvas computes a clip (origin plus size could move an
/// edge by a rounding error). Shared by views' clips and the window's scroll bookkeeping.
struct ClipEdges: Equatable {
    var x0 = -Double.infinity
    var y0 = -Double.infinity
    var x1 = Double.infinity
    var y1 = Double.infinity

    mutating func intersect(x0: Double, y0: Double, x1: Double, y1: Double) {
        self.x0 = max(self.x0, x0)
        self.y0 = max(self.y0, y0)
        self.x1 = min(self.x1, x1)
        self.y1 = min(self.y1, y1)
    }

    /// The rectangle (empty when the edges cross or are not finite).
    var rect: Rect {
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x1 > x0, y1 > y0 else { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The rectangle with edges within `tolerance` of a whole point moved onto it: edges computed through a
    /// fractional offset come out a few ulps off, which would let a sliver of a band reach the rows beside it.
    func wholeRect(tolerance: Double = 1e-6) -> Rect {
        func snap(_ v: Double) -> Double { abs(v - v.rounded()) <= tolerance ? v.rounded() : v }
        var snapped = self
        snapped.x0 = snap(x0)
        snapped.y0 = snap(y0)
        snapped.x1 = snap(x1)
        snapped.y1 = snap(y1)
        return snapped.rect
    }

    /// Whether every edge is within `tolerance` points of `other`'s.
    func isClose(to other: ClipEdges, tolerance: Double = 1e-6) -> Bool {
        abs(x0 - other.x0) <= tolerance && abs(y0 - other.y0) <= tolerance
            && abs(x1 - other.x1) <= tolerance && abs(y1 - other.y1) <= tolerance
    }
}
