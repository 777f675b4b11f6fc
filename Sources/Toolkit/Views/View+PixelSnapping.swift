// Whole-pixel scrolling: a view that scrolls by copying pixels draws its content at its origin rounded to whole
// pixels, so that any scroll (a fling's fractional offsets) moves the drawing by whole pixels, which a copy
// reproduces. Offsets, conversions and hit testing stay exact; damage is widened by `damageSlack`.
extension View {
    var snapsContentToPixels: Bool {
        scrollsByCopyingPixels && clipsToBounds && storedScale == 1
    }

    /// The bounds origin this view's content is drawn at, in points.
    func drawingOrigin(pixelsPerPoint s: Double) -> Point {
        guard snapsContentToPixels, View.roundsOrigins(at: s) else { return boundsOrigin }
        return View.snapped(boundsOrigin, pixelsPerPoint: s)
    }

    /// Whether origins are rounded at `s` pixels per point: at powers of two, where a pixel is an exact binary
    /// fraction of a point, so content lands on the same pixel fractions frame after frame.
    static func roundsOrigins(at s: Double) -> Bool {
        s.isFinite && s >= 1 && s.significand == 1
    }

    /// `drawingOrigin(pixelsPerPoint:)` under the canvas's transform (none under a scale).
    func drawingOrigin(on canvas: Canvas) -> Point {
        guard canvas.isUnscaled else { return boundsOrigin }
        return drawingOrigin(pixelsPerPoint: canvas.pixelsPerPoint)
    }

    static func snapped(_ origin: Point, pixelsPerPoint s: Double) -> Point {
        Point(x: (origin.x * s).rounded() / s, y: (origin.y * s).rounded() / s)
    }
}
