// The vertical scroll indicator in a surface of its own: while a list scrolls by moving the window's ring buffers'
// start, everything in the window's pixels moves with the list except the indicator, which stays near its place and
// is translucent. Drawn there, each frame would redraw the rows under the knob's old and new places (for a 100-row
// list, a knob 240 points tall: half of a scrolled frame's cost in toolkit-bench (i)). In an overlay buffer the knob
// is drawn alone, over transparent pixels, and the compositor blends it; the window's pixels never hold it.

/// The vertical scroll indicator of a scrolled list drawn into a buffer of its own, which a surface stacked above
/// the window's shows at `column` (a Wayland subsurface): the column along the container's right edge where the
/// knob runs (`WindowCore.indicatorColumnForPendingMove(pixelsPerPoint:)`).
///
/// While an overlay is given to `WindowCore.draw(into:previousFrame:base:indicators:)`, that
/// container's vertical indicator is neither drawn nor damaged in the window's buffers. The overlay's buffer is
/// drawn in full (transparent, then the knob) whenever the knob's place or opacity changed since the picture the
/// overlay surface shows; `RingFrame.indicatorsDrawn` says so. The knob lands on exactly the pixels (window
/// pixels, less the column's origin) and colours the window's own drawing would give it, so blending the overlay
/// OVER the window's pixels is the same picture.
public struct IndicatorOverlay {
    /// The overlay buffer's canvas: the column's pixels, at the window's pixels per point.
    public var canvas: Canvas
    /// The column the buffer covers, in window points (whole pixels on every edge).
    public var column: Rect
    /// Whether the overlay must be drawn whatever it showed (a new surface, a buffer that holds nothing yet).
    public var needsDrawing: Bool

    /// An overlay for `column` (window points) drawn into `canvas`; with `needsDrawing`, drawn this frame even if
    /// the knob did not change.
    public init(canvas: Canvas, column: Rect, needsDrawing: Bool = false) {
        self.canvas = canvas
        self.column = column
        self.needsDrawing = needsDrawing
    }

    /// What an overlay shows: its column, the knob's box in window pixels (nil: no knob) and its colour.
    struct Picture: Equatable {
        var column: Rect
        var knob: PixelBox?
        var color: UInt32
    }
}

extension WindowCore {
    /// The column (window points) an `IndicatorOverlay` would cover for the container of the pending scroll: its
    /// vertical indicator's column, when it is a `ScrollContainer` showing a vertical indicator, drawn unscaled, and
    /// the column lies inside the window on whole pixels at `pixelsPerPoint`. Nil otherwise, or with no pending
    /// scroll.
    public func indicatorColumnForPendingMove(pixelsPerPoint: Double) -> Rect? {
        guard let container = pendingMoveView as? ScrollContainer else { return nil }
        return indicatorColumn(of: container, pixelsPerPoint: pixelsPerPoint)
    }

    /// `container`'s vertical indicator column in window points, under the conditions of
    /// `indicatorColumnForPendingMove(pixelsPerPoint:)`.
    func indicatorColumn(of container: ScrollContainer, pixelsPerPoint s: Double) -> Rect? {
        guard container.hostWindow === self, !container.isInsideScaledView,
              let local = container.verticalIndicatorColumn, let superview = container.superview else { return nil }
        var view: View? = container
        while let current = view {
            if current.isHidden { return nil }
            view = current.superview
        }
        let column = superview.convert(local, to: nil)
        func whole(_ v: Double) -> Bool { (v * s).rounded() == v * s }
        guard whole(column.minX), whole(column.minY), whole(column.width), whole(column.height), column.width > 0,
              column.height > 0, column.minX >= 0, column.minY >= 0, column.maxX <= size.width,
              column.maxY <= size.height else { return nil }
        return column
    }

    /// Binds `overlay` to its container (the overlay's, or `moved`'s, the view of this frame's scroll) and draws
    /// it when its picture changed. Returns whether it was drawn, and whether it can no longer be used (its
    /// container left, hid, moved or changed size: the caller drops it; the container's indicator is back in the
    /// window's pixels). Without an overlay, a bound container gets its indicator back.
    func drawIndicatorOverlay(_ overlay: IndicatorOverlay?, moved: View?) -> (drawn: Bool, unusable: Bool) {
        overlayChanged = false
        // Binding or releasing damages the knob's place during the frame that draws it: no frame is asked for, and
        // no request is left standing (no later change could ask the backend for a frame, see `prepareFrame(at:)`).
        let requested = frameRequested
        frameRequested = true
        defer { frameRequested = requested }
        guard let overlay else {
            releaseOverlayContainer()
            return (false, false)
        }
        let canvas = overlay.canvas
        let s = canvas.pixelsPerPoint
        guard let container = overlayContainer ?? (moved as? ScrollContainer),
              indicatorColumn(of: container, pixelsPerPoint: s) == overlay.column else {
            releaseOverlayContainer()
            return (false, true)
        }
        if overlayContainer !== container {
            releaseOverlayContainer()
            overlayContainer = container
            container.verticalIndicatorElsewhere = true
        }
        // The knob's box as the window's drawing computes it (same transforms, same arithmetic).
        canvas.resetState()
        canvas.saveState()
        container.applyOverlayTransform(to: canvas)
        let unscaled = canvas.isUnscaled
        let knob = container.indicatorRect(.vertical).flatMap { canvas.pixelBox($0) }
        canvas.restoreState()
        guard unscaled else {
            releaseOverlayContainer()
            return (false, true)
        }
        let picture = IndicatorOverlay.Picture(column: overlay.column, knob: knob,
                                               color: knob == nil ? 0 : container.indicatorColor.premultipliedARGB)
        guard picture != overlayPicture || overlay.needsDrawing else { return (false, false) }
        canvas.clear(color: Color(red: 0, green: 0, blue: 0, alpha: 0))
        if let knob {
            let dx = Int((overlay.column.minX * s).rounded()), dy = Int((overlay.column.minY * s).rounded())
            canvas.fillRoundedPixelBox(PixelBox(x0: knob.x0 - dx, y0: knob.y0 - dy, x1: knob.x1 - dx, y1: knob.y1 - dy),
                                       radius: ScrollContainer.indicatorThickness / 2, color: container.indicatorColor)
        }
        overlayPicture = picture
        return (true, false)
    }

    /// Whether `drawIndicatorOverlay(overlay, moved:)` would bind a container or release one, which damages the
    /// knob's place in the window's pixels. Draws nothing.
    func overlayBindingChanges(_ overlay: IndicatorOverlay?, moved: View?) -> Bool {
        guard let overlay else { return overlayContainer != nil }
        let canvas = overlay.canvas
        guard let container = overlayContainer ?? (moved as? ScrollContainer),
              indicatorColumn(of: container, pixelsPerPoint: canvas.pixelsPerPoint) == overlay.column else {
            return overlayContainer != nil
        }
        guard overlayContainer === container else { return true }
        canvas.resetState()
        canvas.saveState()
        container.applyOverlayTransform(to: canvas)
        let unscaled = canvas.isUnscaled
        canvas.restoreState()
        return !unscaled
    }

    /// The bound container draws its vertical indicator in the window's pixels again.
    func releaseOverlayContainer() {
        overlayContainer?.verticalIndicatorElsewhere = false
        overlayContainer = nil
        overlayPicture = nil
    }

    /// A container's indicator changed without damage (`ScrollHost`): the overlay needs a frame.
    func indicatorOverlayChanged(_ container: ScrollContainer) {
        guard container === overlayContainer else { return }
        overlayChanged = true
        requestFrame()
    }
}
