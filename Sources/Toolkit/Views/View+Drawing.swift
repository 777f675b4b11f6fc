extension View {
    /// Applies to `canvas` the transforms drawing applies before this view's `drawOverlay`, with the same arithmetic.
    func applyOverlayTransform(to canvas: Canvas) {
        let origin = applyDrawnTransform(to: canvas)
        if origin != boundsOrigin { canvas.translate(by: origin - boundsOrigin) }
    }

    /// Applies the ancestors' transforms below the root and this view's; returns its drawing origin.
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

    /// The canvas's clip for this view in window points, with `drawHierarchy`'s arithmetic (so it snaps to the
    /// canvas's clip box exactly); nil when hidden. With `pixelsPerPoint`, at the drawing origins of that scale.
    func visibleEdgesInWindow(pixelsPerPoint: Double? = nil) -> ClipEdges? {
        var edges = ClipEdges()
        var translation = Point.zero
        guard accumulateClip(&edges, &translation, pixelsPerPoint) else { return nil }
        return edges
    }

    private func accumulateClip(
        _ edges: inout ClipEdges, _ translation: inout Point,
        _ pixelsPerPoint: Double?
    ) -> Bool {
        let origin = pixelsPerPoint.map { drawingOrigin(pixelsPerPoint: $0) } ?? boundsOrigin
        if let parent = superview {
            guard parent.accumulateClip(&edges, &translation, pixelsPerPoint) else { return false }
            translation += storedFrame.origin - origin
        }
        guard !isHidden else { return false }
        if clipsToBounds {
            let b = Rect(origin: origin, size: storedFrame.size)
            edges.intersect(
                x0: b.minX + translation.x, y0: b.minY + translation.y,
                x1: b.maxX + translation.x, y1: b.maxY + translation.y)
        }
        return true
    }

    /// Draws this view and its subviews that intersect `dirty` (in this view's coordinates).
    func drawHierarchy(in canvas: Canvas, dirty: Rect) {
        drawHierarchy(in: canvas, dirty: dirty, drawnAt: drawingOrigin(on: canvas))
    }

    /// `drawHierarchy(in:dirty:)` with the bounds origin drawn at `origin`, computed under the superview's transform.
    private func drawHierarchy(in canvas: Canvas, dirty: Rect, drawnAt origin: Point) {
        guard !isHidden else { return }
        canvas.saveState()
        let drawnBounds = Rect(origin: origin, size: storedFrame.size)
        if clipsToBounds { canvas.clip(to: drawnBounds) }
        let visible = clipsToBounds ? dirty.intersection(drawnBounds) : dirty
        if let backgroundColor { fillBackground(backgroundColor, in: canvas, visible: visible, bounds: drawnBounds) }
        draw(in: canvas)
        for index in subviewCandidates(meeting: visible) where index < subviews.count {
            let subview = subviews[index]
            guard !subview.isHidden else { continue }
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
            // The overlay does not move with the content: drawn at the exact origin, where its damage is.
            canvas.translate(by: origin - boundsOrigin)
        }
        drawOverlay(in: canvas)
        canvas.restoreState()
    }

    /// Fills the background except where subviews' opaque backgrounds will fill over it (SRC over their whole
    /// clipped box, before anything else of them draws), so those pixels are written once.
    private func fillBackground(_ color: Color, in canvas: Canvas, visible: Rect, bounds: Rect) {
        var covered = PixelRegion()
        if !subviews.isEmpty { collectOpaqueCoverage(in: canvas, visible: visible, into: &covered) }
        canvas.fillBackground(bounds, color: color, excluding: covered)
    }

    /// Adds to `covered` (pixels) what opaque subview backgrounds will surely fill, walking `drawHierarchy`'s subviews.
    private func collectOpaqueCoverage(in canvas: Canvas, visible: Rect, into covered: inout PixelRegion) {
        for index in subviewCandidates(meeting: visible) where index < subviews.count {
            let subview = subviews[index]
            guard !subview.isHidden,
                subview.frame.intersects(visible) || !subview.clipsToBounds && !subview.subviews.isEmpty
            else {
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
