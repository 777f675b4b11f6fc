// Whole-pixel scrolling: a view that scrolls by copying pixels draws its content at a rounded origin.
extension View {
    /// Whether this view's content is drawn at its `bounds.origin` rounded to whole device pixels: a view that
    /// scrolls by copying pixels and clips, shown at scale 1 (see `drawingOrigin(pixelsPerPoint:)`).
    var snapsContentToPixels: Bool {
        scrollsByCopyingPixels && clipsToBounds && storedScale == 1
    }

    /// The bounds origin this view's content is drawn at, in points: for a view that scrolls by copying pixels
    /// (and clips, at scale 1, under no scale), `bounds.origin` rounded to whole pixels at `pixelsPerPoint`, so
    /// that a scroll by any amount (a fling's fractional offsets) moves the drawn content by whole pixels, which a
    /// copy (or a move of the buffer's start) reproduces exactly; `bounds.origin` otherwise. Only drawing follows
    /// it (the content lands at most half a pixel from its exact place); `contentOffset`, `convert(_:to:)`, hit
    /// testing and touches keep the exact origin, and damage inside such a view is widened to cover the
    /// difference (`damageSlack`). The clip, the background and the overlay (indicators) stay at the exact frame.
    func drawingOrigin(pixelsPerPoint s: Double) -> Point {
        guard snapsContentToPixels, View.roundsOrigins(at: s) else { return boundsOrigin }
        return View.snapped(boundsOrigin, pixelsPerPoint: s)
    }

    /// Whether content is drawn at rounded origins at `s` pixels per point: at 1, 2, 4... pixels per point,
    /// where a whole pixel is an exact binary fraction of a point, so rounded origins place content on exactly
    /// the same pixel fractions frame after frame. At other scales (1.5, 3) the exact origin is drawn and only
    /// scrolls by whole pixels are copied.
    static func roundsOrigins(at s: Double) -> Bool {
        s.isFinite && s >= 1 && s.significand == 1
    }

    /// `drawingOrigin(pixelsPerPoint:)` for drawing on `canvas` under its current transform (no snapping under a
    /// scale, where whole pixels of the view are not whole pixels of the canvas).
    func drawingOrigin(on canvas: Canvas) -> Point {
        guard canvas.isUnscaled else { return boundsOrigin }
        return drawingOrigin(pixelsPerPoint: canvas.pixelsPerPoint)
    }

    /// `origin` rounded to whole pixels at `s` pixels per point.
    static func snapped(_ origin: Point, pixelsPerPoint s: Double) -> Point {
        Point(x: (origin.x * s).rounded() / s, y: (origin.y * s).rounded() / s)
    }
}
