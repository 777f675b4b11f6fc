// Filling around pixels that something opaque will cover: a view's background is filled only where no
// subview with an opaque background fills over it later (see `View.drawHierarchy`). Both sides use the same
// arithmetic as `fill(_:color:)`: the rectangle translated, scaled, snapped to pixel edges and clipped, so the
// boxes left out are exactly the boxes the subviews fill.

extension Canvas {
    /// Adds `rect`'s box, as `fill(_:color:)` would fill it now (translated, snapped, clipped), to `region`
    /// (pixels), unless the region would need too many rectangles (then it is left out: see
    /// `GridRegion.addBoxIfItFits`).
    func addClippedBox(of rect: Rect, to region: inout PixelRegion) {
        guard let box = pixelBox(rect) else { return }
        let clipped = box.intersection(clipBox)
        guard !clipped.isEmpty else { return }
        region.addBoxIfItFits(RegionBox(clipped))
    }

    /// Fills a view's background: `rect` (points) with `color` like `fill(_:color:)`, except the pixels in
    /// `excluded` (pixels). An opaque fill of the whole box is remembered (`backdrop`): text drawn over it next can
    /// be copied as finished pixels.
    func fillBackground(_ rect: Rect, color: Color, excluding excluded: PixelRegion) {
        guard !excluded.isEmpty else {
            guard let box = pixelBox(rect) else { return }
            let pixel = color.premultipliedARGB
            fillBox(box, pixel: pixel)
            if pixel >> 24 == 0xFF, destination != nil { backdrop.set(box.intersection(clipBox), pixel: pixel) }
            return
        }
        guard let box = pixelBox(rect) else { return }
        let clipped = box.intersection(clipBox)
        guard !clipped.isEmpty else { return }
        var remaining = PixelRegion(box: RegionBox(clipped))
        remaining.subtract(excluded)
        let pixel = color.premultipliedARGB
        remaining.forEachRect { x, y, w, h in
            fillBox(PixelBox(x0: Int(x), y0: Int(y), x1: Int(x + w), y1: Int(y + h)), pixel: pixel)
        }
    }
}
