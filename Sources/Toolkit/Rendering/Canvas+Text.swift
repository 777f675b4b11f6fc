// One line of text, grayscale antialiased: the baseline is the line box top plus the largest ascent, each glyph's
// mask composited OVER where shaping put it. Over a known solid background a line drawn before in the same colours
// is copied from its raster instead (`LineRasters`).

extension Canvas {
    /// Draws `text` on one line with its line box's top-left at `origin` (points), `size` points tall, in `color` and
    /// `typeface`: shaped, with fallback faces, cached (redrawing allocates nothing). Controls are skipped; nothing is
    /// drawn without a font or for non-finite or non-positive sizes.
    public func drawText(
        _ text: String, at origin: Point, size: Double, color: Color,
        typeface: Typeface = .standard
    ) {
        drawText(text, at: origin, size: size, color: color, typeface: typeface, batched: true)
    }

    /// `drawText`, with `batched` false compositing glyph by glyph (the same pixels: tests compare the two).
    func drawText(
        _ text: String, at origin: Point, size: Double, color: Color, typeface: Typeface,
        batched: Bool
    ) {
        let pixel = color.premultipliedARGB
        guard destination != nil, pixel >> 24 != 0, !clipBox.isEmpty, origin.isFinite,
            let pixelSize = Font.pixelSize(for: size, pixelsPerPoint: drawingScale)
        else { return }
        let start = pixelPosition(origin)
        let startX = start.x
        let startY = start.y
        guard startX.isFinite, startY.isFinite else { return }
        let left = PixelBox.snap(startX)
        let top = PixelBox.snap(startY)
        Font.store.withState { state in
            guard let line = state.line(for: text, pixelSize: pixelSize, typeface: typeface) else { return }
            let baseline = top + line.ascent
            let ink = line.ink
            let inkBox = PixelBox(x0: left + ink.x0, y0: baseline + ink.y0, x1: left + ink.x1, y1: baseline + ink.y1)
            let visible = inkBox.intersection(clipBox)
            guard !visible.isEmpty else { return }
            defer { backdrop.touch(visible) }
            if batched, line.isBatched, let cache = GlyphCache.handle {
                state.batch.withUnsafeBufferPointer { batch in
                    guard let first = batch.baseAddress else { return }
                    let glyphs = first + line.start
                    // Not under a zoom: a pinch draws every frame at a new scale, where rasters would be made and never used.
                    if testHooks.usesLineRasters, isUnscaled, let background = backdrop.pixel(under: visible) {
                        if let place = state.rasters.place(
                            line: line.serial, text: pixel, background: background,
                            width: ink.width, height: ink.height)
                        {
                            if place.isNew {
                                Canvas.fillPixels(
                                    place.pixels, stride: place.stride / 4,
                                    box: PixelBox(
                                        x0: place.x, y0: place.y, x1: place.x + ink.width,
                                        y1: place.y + ink.height), pixel: background)
                                compositeGlyphs(
                                    into: place.image, pixel: pixel, x: place.x - ink.x0,
                                    y: place.y - ink.y0, cache: cache, glyphs: glyphs, count: line.count)
                            } else {
                                testHooks.linesCopied += 1
                            }
                            copyRaster(place.image, x: place.x, y: place.y, inkBox: inkBox, visible: visible)
                            return
                        }
                    }
                    compositeGlyphs(
                        pixel: pixel, x: left, baseline: baseline, cache: cache, glyphs: glyphs,
                        count: line.count)
                }
                return
            }
            state.placements.withUnsafeBufferPointer { placements in
                for glyph in placements[line.range] {
                    let box = PixelBox(
                        x0: left + glyph.x, y0: baseline + glyph.y,
                        x1: left + glyph.x + glyph.width, y1: baseline + glyph.y + glyph.height)
                    let clipped = box.intersection(clipBox)
                    if !clipped.isEmpty {
                        compositeSolid(
                            pixel: pixel, box: clipped, mask: glyph.image,
                            maskX: clipped.x0 - box.x0, maskY: clipped.y0 - box.y0)
                    }
                }
            }
        }
    }

    /// The size of `text` at `size` points in `typeface` on this canvas at its current scale, in points.
    public func measureText(_ text: String, size: Double, typeface: Typeface = .standard) -> Size {
        Font.measure(text, size: size, pixelsPerPoint: drawingScale, typeface: typeface)
    }
}
