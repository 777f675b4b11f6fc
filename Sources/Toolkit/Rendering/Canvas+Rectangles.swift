extension Canvas {
    /// Fills `rect` (points) with `color`: opaque colors replace pixels, translucent ones blend OVER.
    public func fill(_ rect: Rect, color: Color) {
        guard let box = pixelBox(rect) else { return }
        fillBox(box, pixel: color.premultipliedARGB)
    }

    /// Strokes a border of `lineWidth` points (whole pixels, at least 1) just inside `rect`; non-positive or
    /// non-finite widths draw nothing.
    public func stroke(_ rect: Rect, color: Color, lineWidth: Double = 1) {
        guard let box = pixelBox(rect), !box.isEmpty, let lw = pixelLineWidth(lineWidth) else { return }
        let pixel = color.premultipliedARGB
        if 2 * lw >= box.width || 2 * lw >= box.height {
            fillBox(box, pixel: pixel)
            return
        }
        // Four boxes that tile the border without overlap, so translucent borders blend once per pixel.
        fillBox(PixelBox(x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y0 + lw), pixel: pixel)
        fillBox(PixelBox(x0: box.x0, y0: box.y1 - lw, x1: box.x1, y1: box.y1), pixel: pixel)
        fillBox(PixelBox(x0: box.x0, y0: box.y0 + lw, x1: box.x0 + lw, y1: box.y1 - lw), pixel: pixel)
        fillBox(PixelBox(x0: box.x1 - lw, y0: box.y0 + lw, x1: box.x1, y1: box.y1 - lw), pixel: pixel)
    }

    /// Sets every pixel of the surface to `color` (SRC), ignoring clip and translation.
    public func clear(color: Color) {
        guard let pixels, destination != nil else { return }
        let whole = PixelBox(x0: 0, y0: 0, x1: pixelWidth, y1: pixelHeight)
        Canvas.fillPixels(pixels, stride: strideBytes / 4, box: whole, pixel: color.premultipliedARGB)
        backdrop.set(whole, pixel: color.premultipliedARGB)
    }

    /// Makes `rect` (points, clipped) fully transparent, so translucent drawing does not pile up on earlier frames.
    public func clear(_ rect: Rect) {
        guard let box = pixelBox(rect) else { return }
        let clipped = box.intersection(clipBox)
        guard !clipped.isEmpty, let pixels, destination != nil else { return }
        backdrop.touch(clipped)
        Canvas.fillPixels(pixels, stride: strideBytes / 4, box: clipped, pixel: 0)
    }
}
