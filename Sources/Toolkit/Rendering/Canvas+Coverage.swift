// A background is filled only where no subview with an opaque background fills later, with `fill`'s arithmetic
// on both sides, so the boxes left out are exactly those the subviews fill.

extension Canvas {
    /// Adds `rect`'s box as `fill(_:color:)` would fill it now to `region` (pixels), unless it would not fit.
    func addClippedBox(of rect: Rect, to region: inout PixelRegion) {
        guard let box = pixelBox(rect) else { return }
        let clipped = box.intersection(clipBox)
        guard !clipped.isEmpty else { return }
        region.addBoxIfItFits(RegionBox(clipped))
    }

    /// Fills `rect` (points) with `color` except `excluded` (pixels); an opaque whole fill is remembered in
    /// `backdrop`.
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
