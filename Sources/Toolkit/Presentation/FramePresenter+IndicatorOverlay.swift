// Binding a scroll container's vertical indicator to an `IndicatorOverlay` and drawing the knob into it.

extension FramePresenter {
    /// The column (window points) an `IndicatorOverlay` would cover for the pending scroll's container: its vertical
    /// indicator's, when shown unscaled inside the window on whole pixels. Nil otherwise.
    public func indicatorColumnForPendingMove(pixelsPerPoint: Double) -> Rect? {
        guard let container = core.pendingScroll?.view as? ScrollContainer else { return nil }
        return indicatorColumn(of: container, pixelsPerPoint: pixelsPerPoint)
    }

    /// `container`'s vertical indicator column in window points.
    func indicatorColumn(of container: ScrollContainer, pixelsPerPoint s: Double) -> Rect? {
        guard container.hostWindow === core, !container.isInsideScaledView,
            let local = container.verticalIndicatorColumn, let superview = container.superview
        else { return nil }
        var view: View? = container
        while let current = view {
            if current.isHidden { return nil }
            view = current.superview
        }
        let column = superview.convert(local, to: nil)
        func whole(_ v: Double) -> Bool { (v * s).rounded() == v * s }
        guard whole(column.minX), whole(column.minY), whole(column.width), whole(column.height), column.width > 0,
            column.height > 0, column.minX >= 0, column.minY >= 0, column.maxX <= core.size.width,
            column.maxY <= core.size.height
        else { return nil }
        return column
    }

    /// Binds `overlay` to its container and draws it when its picture changed. Returns whether it was drawn, and
    /// whether the caller must drop it (the container left, hid, moved or resized). Without an overlay, a bound
    /// container gets its indicator back.
    func drawIndicatorOverlay(_ overlay: IndicatorOverlay?, moved: View?) -> (drawn: Bool, unusable: Bool) {
        core.presentationChanged = false
        // Binding or releasing damages the knob's place during this frame: no frame is asked for.
        return core.withoutFrameRequests { bindAndDrawOverlay(overlay, moved: moved) }
    }

    private func bindAndDrawOverlay(_ overlay: IndicatorOverlay?, moved: View?) -> (drawn: Bool, unusable: Bool) {
        guard let overlay else {
            releaseOverlayContainer()
            return (false, false)
        }
        let canvas = overlay.canvas
        let s = canvas.pixelsPerPoint
        guard let container = overlayContainer ?? (moved as? ScrollContainer),
            indicatorColumn(of: container, pixelsPerPoint: s) == overlay.column
        else {
            releaseOverlayContainer()
            return (false, true)
        }
        if overlayContainer !== container {
            releaseOverlayContainer()
            overlayContainer = container
            container.verticalIndicatorPresenter = self
        }
        // The bar's boxes with the window's own transforms and arithmetic.
        canvas.resetState()
        canvas.saveState()
        container.applyOverlayTransform(to: canvas)
        let unscaled = canvas.isUnscaled
        let knob = container.indicatorRect(.vertical).flatMap { canvas.pixelBox($0) }
        let bar = container.scrollbarDamageRect(.vertical).flatMap { canvas.pixelBox($0) }
        canvas.restoreState()
        guard unscaled else {
            releaseOverlayContainer()
            return (false, true)
        }
        let picture = IndicatorOverlay.Picture(
            column: overlay.column, knob: knob, bar: bar,
            color: knob == nil ? 0 : container.indicatorColor.premultipliedARGB,
            opacity: container.scrollbarOpacity(.vertical),
            widening: container.scrollbarWidening(.vertical),
            style: container.indicatorStyle)
        guard picture != overlayPicture || overlay.needsDrawing else { return (false, false) }
        canvas.clear(color: Color(red: 0, green: 0, blue: 0, alpha: 0))
        if knob != nil {
            let dx = Int((overlay.column.minX * s).rounded())
            let dy = Int((overlay.column.minY * s).rounded())
            canvas.resetState()
            canvas.saveState()
            container.applyOverlayTransform(to: canvas)
            container.drawScrollbar(.vertical, in: canvas, shift: (-dx, -dy))
            canvas.restoreState()
        }
        overlayPicture = picture
        return (true, false)
    }

    /// Whether `drawIndicatorOverlay(overlay, moved:)` would bind or release a container (damaging the knob's place).
    func overlayBindingChanges(_ overlay: IndicatorOverlay?, moved: View?) -> Bool {
        guard let overlay else { return overlayContainer != nil }
        let canvas = overlay.canvas
        guard let container = overlayContainer ?? (moved as? ScrollContainer),
            indicatorColumn(of: container, pixelsPerPoint: canvas.pixelsPerPoint) == overlay.column
        else {
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
        overlayContainer?.verticalIndicatorPresenter = nil
        overlayContainer = nil
        overlayPicture = nil
    }

}

extension FramePresenter: VerticalIndicatorPresenter {
    /// The bound container's indicator changed without damage (a fade step): the overlay needs a frame.
    func verticalIndicatorChanged(_ container: ScrollContainer) {
        guard container === overlayContainer else { return }
        core.presentationDidChange()
    }
}
