extension View {
    /// Moves the canvas from the superview's coordinates into this view's own (translation, then scale), with
    /// the bounds origin drawn at `origin` (`drawingOrigin(on:)`, computed by the caller before this call).
    /// Applies to `canvas` (in its state at the start of a window's drawing) what drawing the window applies before
    /// this view's `drawOverlay`: each ancestor's transform below the root, this view's, and the step from its
    /// drawn origin to its exact one. Shapes drawn then land on the pixels they would in the window's drawing,
    /// computed with the same arithmetic.
    func applyOverlayTransform(to canvas: Canvas) {
        let origin = applyDrawnTransform(to: canvas)
        if origin != boundsOrigin { canvas.translate(by: origin - boundsOrigin) }
    }

    /// Applies the transforms of this view's ancestors below the root and its own, as drawing does before its
    /// content; returns its drawing origin.
    private func applyDrawnTransform(to canvas: Canvas) -> Point {
        guard let superview else { return drawingOrigin(on: canvas) }
        _ = superview.applyDrawnTransform(to: canvas)
        let origin = drawingOrigin(on: canvas)
        applyTransform(to: canvas, drawnAt: origin)
        return origin
    }

    func applyTransform(to canvas: Canvas, drawnAt origin: Point) {
        if storedScale == 1 {
            canvas.translate(by: storedFrame.origin - origin)
        } else {
            canvas.translate(by: storedFrame.origin)
            canvas.scale(by: storedScale)
            canvas.translate(by: Point.zero - origin)
        }
    }

    /// The rectangle the canvas clips this view's drawing to, in window points, computed edge by edge with the
    /// very arithmetic of `drawHierarchy` (translations added root first, each clipping view's bounds added to
    /// its translation), so that scaling and snapping it gives the canvas's clip box exactly. Infinite edges
    /// where nothing clips. Nil when this view or one above it is hidden (it is not drawn).
    ///
    /// With `pixelsPerPoint`, views drawn at a rounded origin count at that origin, as drawing on a canvas of that
    /// scale places them (`drawingOrigin(pixelsPerPoint:)`); without, at their exact origin.
    func visibleEdgesInWindow(pixelsPerPoint: Double? = nil) -> ClipEdges? {
        var edges = ClipEdges()
        var translation = Point.zero
        guard accumulateClip(&edges, &translation, pixelsPerPoint) else { return nil }
        return edges
    }

    /// Adds the ancestors' translations and clips, then this view's; false when one of them is hidden.
    private func accumulateClip(_ edges: inout ClipEdges, _ translation: inout Point,
                                _ pixelsPerPoint: Double?) -> Bool {
        let origin = pixelsPerPoint.map { drawingOrigin(pixelsPerPoint: $0) } ?? boundsOrigin
        if let parent = superview {
            guard parent.accumulateClip(&edges, &translation, pixelsPerPoint) else { return false }
            // drawHierarchy translates by frame.origin - (drawing) origin before drawing a subview.
            translation += storedFrame.origin - origin
        }
        guard !isHidden else { return false }
        if clipsToBounds {
            let b = Rect(origin: origin, size: storedFrame.size)
            edges.intersect(x0: b.minX + translation.x, y0: b.minY + translation.y,
                            x1: b.maxX + translation.x, y1: b.maxY + translation.y)
        }
        return true
    }

    /// Draws this view and its subviews that intersect `dirty` (in this view's coordinates).
    func drawHierarchy(in canvas: Canvas, dirty: Rect) {
        drawHierarchy(in: canvas, dirty: dirty, drawnAt: drawingOrigin(on: canvas))
    }

    /// `drawHierarchy(in:dirty:)` with the bounds origin drawn at `origin` (`drawingOrigin(on:)`, which the
    /// superview computed under its own transform, before moving the canvas into this view).
    private func drawHierarchy(in canvas: Canvas, dirty: Rect, drawnAt origin: Point) {
        guard !isHidden else { return }
        canvas.saveState()
        // The bounds as drawn: at a rounded origin for a view drawn at whole pixels (its frame either way).
        let drawnBounds = Rect(origin: origin, size: storedFrame.size)
        if clipsToBounds { canvas.clip(to: drawnBounds) }
        let visible = clipsToBounds ? dirty.intersection(drawnBounds) : dirty
        if let backgroundColor { fillBackground(backgroundColor, in: canvas, visible: visible, bounds: drawnBounds) }
        draw(in: canvas)
        // Among many stacked subviews, only the band under the dirty area (found by binary search).
        for index in subviewCandidates(meeting: visible) where index < subviews.count {
            let subview = subviews[index]
            guard !subview.isHidden else { continue }
            // The subview's frame is in our coordinates; skip it when it cannot touch the dirty area.
            guard subview.frame.intersects(visible) || !subview.clipsToBounds && !subview.subviews.isEmpty else {
                continue
            }
            canvas.saveState()
            let subviewOrigin = subview.drawingOrigin(on: canvas)
            let subviewDirty = subview.rectFromSuperview(visible, drawnAt: subviewOrigin)
            subview.applyTransform(to: canvas, drawnAt: subviewOrigin)
            subview.drawHierarchy(in: canvas, dirty: subviewDirty, drawnAt: subviewOrigin)
            canvas.restoreState()
        }
        if origin != boundsOrigin {
            // The overlay (indicators) does not move with the content: drawn at the exact origin, where the
            // window's damage for it is.
            canvas.translate(by: origin - boundsOrigin)
        }
        drawOverlay(in: canvas)
        canvas.restoreState()
    }

    /// Fills the background, except where subviews with an opaque background will fill over it anyway (a
    /// list's rows over the window's background): the same pixels, written once instead of twice.
    ///
    /// Safe by construction: an opaque background is filled with SRC over the subview's whole clipped box
    /// before anything else of the subview draws, and every pixel of `covered` is such a box (computed with
    /// the canvas arithmetic the subview's own fill uses), so what is skipped here would be overwritten.
    /// Only the fill is skipped; `draw(in:)` still draws everywhere.
    private func fillBackground(_ color: Color, in canvas: Canvas, visible: Rect, bounds: Rect) {
        var covered = PixelRegion()
        if !subviews.isEmpty { collectOpaqueCoverage(in: canvas, visible: visible, into: &covered) }
        canvas.fillBackground(bounds, color: color, excluding: covered)
    }

    /// Adds to `covered` (pixels) the boxes that subviews with an opaque background will fill while this view's
    /// subviews draw under the canvas's current state; looks inside subviews without one. Walks exactly the
    /// subviews `drawHierarchy` draws. `covered` only ever holds pixels that will be filled (a box that does
    /// not fit is left out).
    private func collectOpaqueCoverage(in canvas: Canvas, visible: Rect, into covered: inout PixelRegion) {
        for index in subviewCandidates(meeting: visible) where index < subviews.count {
            let subview = subviews[index]
            guard !subview.isHidden,
                  subview.frame.intersects(visible) || !subview.clipsToBounds && !subview.subviews.isEmpty else {
                continue
            }
            canvas.saveState()
            let origin = subview.drawingOrigin(on: canvas)
            let drawnBounds = Rect(origin: origin, size: subview.storedFrame.size)
            let subDirty = subview.rectFromSuperview(visible, drawnAt: origin)
            subview.applyTransform(to: canvas, drawnAt: origin)
            if subview.clipsToBounds { canvas.clip(to: drawnBounds) }
            if subview.backgroundColor?.isOpaque == true {
                canvas.addClippedBox(of: drawnBounds, to: &covered)
            } else if !subview.subviews.isEmpty {
                let subVisible = subview.clipsToBounds ? subDirty.intersection(drawnBounds) : subDirty
                subview.collectOpaqueCoverage(in: canvas, visible: subVisible, into: &covered)
            }
            canvas.restoreState()
        }
    }
}
