// Text: one line, one typeface (see Font), grayscale antialiased.
//
// Layout in pixels: the pen starts at the origin snapped to a pixel; the baseline is the line box top plus the
// face's ascent (rounded up), so `measureText`'s height (ascent + descent) bounds every glyph of the font's
// design. Each glyph's cached coverage mask is placed at (pen + left, baseline - top) and composited OVER through
// the mask with a solid source: dst = color * coverage + dst * (1 - color.alpha * coverage).

extension Canvas {
    /// Draws `text` on one line with its line box's top-left at `origin` (points), `size` points tall (the em
    /// size), in `color`.
    ///
    /// Glyphs are cached per character and pixel size, so redrawing the same text allocates nothing. Control
    /// characters are skipped. Draws nothing when no font is installed (see `Font`), for non-finite or
    /// non-positive sizes, or for a non-finite origin.
    public func drawText(_ text: String, at origin: Point, size: Double, color: Color) {
        let pixel = color.premultipliedARGB
        guard destination != nil, pixel >> 24 != 0, !clipBox.isEmpty, origin.isFinite,
              let pixelSize = Font.pixelSize(for: size, pixelsPerPoint: drawingScale) else { return }
        let start = pixelPosition(origin)
        let startX = start.x, startY = start.y
        guard startX.isFinite, startY.isFinite else { return }
        let penStart = PixelBox.snap(startX), top = PixelBox.snap(startY)
        Font.store.withState { state in
            guard state.loadIfNeeded() else { return }
            let baseline = top + state.lineMetrics(pixelSize: pixelSize).ascent
            var pen = penStart
            for scalar in text.unicodeScalars where !Font.isControl(scalar) {
                // Advances are never negative, so once the pen passes the clip nothing further can show.
                if pen >= clipBox.x1 { break }
                // Plain values rather than the cached `Glyph` object: no reference counting per glyph.
                guard let glyph = state.placement(for: scalar.value, pixelSize: pixelSize) else { continue }
                if let image = glyph.image {
                    let box = PixelBox(x0: pen + glyph.left, y0: baseline - glyph.top,
                                       x1: pen + glyph.left + glyph.width, y1: baseline - glyph.top + glyph.height)
                    let clipped = box.intersection(clipBox)
                    if !clipped.isEmpty {
                        compositeSolid(pixel: pixel, box: clipped, mask: image,
                                       maskX: clipped.x0 - box.x0, maskY: clipped.y0 - box.y0)
                    }
                }
                pen += glyph.advance
            }
        }
    }

    /// The size of `text` drawn at `size` points on this canvas, in points (see `Font.measure`).
    public func measureText(_ text: String, size: Double) -> Size {
        Font.measure(text, size: size, pixelsPerPoint: drawingScale)
    }
}
