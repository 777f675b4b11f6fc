// Bookkeeping for scrolling by copying pixels (see `View.scrollsByCopyingPixels`).
//
// Between two frames, a view's content offset may change several times (one touch frame each). With D the
// accumulated offset change, the next frame equals the last presented one shifted inside the view's visible
// rectangle M: new[w] = old[w + D] wherever w + D lies in M (window points). What must still be drawn:
//   - the strip of M whose source lies outside M: M \ (M - D);
//   - damage inside M, at the place its pixels moved to. A rectangle r damaged while the content had moved by
//     d so far is stale content; it was at r + d in the presented frame and lands at r + d - D. So damage
//     inside M is kept in presented-frame coordinates (`damageInside`, r + d) and moved by -D at draw time;
//   - what is drawn over the content but does not move with it (indicators, later siblings overlapping M):
//     its place, and the place its old pixels were copied to (the place minus D).
// The content is drawn at its origin rounded to whole pixels (`View.drawingOrigin(pixelsPerPoint:)`), so D as
// drawn is the difference of the rounded origins, a whole number of pixels, whatever the exact offsets.
// With several changes the strips compose: a pixel whose source left M in an earlier change lies in that
// change's strip, moved with the later ones (kept as damage inside M), and the total strip covers the rest.

/// A scroll of one view's content since the last frame, to be applied by copying pixels.
struct ScrollMove {
    /// A rectangle by its edges, in window points, exactly as the canvas computes a clip (no origin-plus-size
    /// arithmetic, which could move an edge by a rounding error).
    struct Edges: Equatable {
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
        func isClose(to other: Edges, tolerance: Double = 1e-6) -> Bool {
            abs(x0 - other.x0) <= tolerance && abs(y0 - other.y0) <= tolerance
                && abs(x1 - other.x1) <= tolerance && abs(y1 - other.y1) <= tolerance
        }
    }

    /// The view whose content moved, for merging its later changes (`WindowCore.pendingMoveView` holds the
    /// reference itself, which keeps this identity unique; a reference here would cost a retain per copy).
    let viewID: ObjectIdentifier
    /// Its visible rectangle when the first change of the frame was recorded, window points.
    let edges: Edges
    /// `edges.rect`.
    let rect: Rect
    /// The accumulated offset change D, points: new[w] = old[w + D].
    var delta: Point
    /// The view's `bounds.origin` before the first change: with the origin at draw time, the whole pixels the
    /// drawn content moved (`View.drawingOrigin(pixelsPerPoint:)` rounds both).
    let startOrigin: Point
    /// Damage recorded inside `rect` since the first change, in presented-frame coordinates (points).
    var damageInside: DamageRegion
}
