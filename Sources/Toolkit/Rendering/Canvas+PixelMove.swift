// Moving pixels for scrolling by copy: a frame whose only change in a rectangle is a content offset shows the
// previous frame's pixels shifted, so they are copied instead of drawn again.
//
// For a box B and a shift (dx, dy), every pixel p of B whose source p + (dx, dy) also lies in B takes the old
// value at the source: new[p] = old[p + d]. Those destinations are B ∩ (B - d); the rest of B (a strip along
// the edge the content moved away from) keeps its old pixels and must be drawn by the caller.
//
// In place, source and destination rows overlap. Rows are visited in the order that reads each row before it
// is overwritten: top to bottom when dy > 0 (each destination row lies above its source row), bottom to top
// when dy < 0; within a row, `memmove` handles the horizontal overlap. pixman_blt does not promise
// overlapping copies, so it is not used here.

import Glibc

extension Canvas {
    /// Copies the pixels inside `region` (pixels, not points) from `source` into this surface, replacing them (SRC).
    ///
    /// `source` must hold a surface of this canvas's pixel size with `stride` bytes per row; the clip and the
    /// translation do not apply. Parts of the region outside the surface are skipped; a stride too small to hold a
    /// row copies nothing. This carries undamaged pixels forward from the previously presented buffer.
    public func copyPixels(from source: UnsafeRawPointer, stride: Int, region: PixelRegion) {
        guard let pixels, destination != nil, stride >= pixelWidth * 4 else { return }
        let destinationBase = UnsafeMutableRawPointer(pixels)
        guard UnsafeRawPointer(destinationBase) != source else { return }
        backdrop.forget()
        let bounds = PixelBox(x0: 0, y0: 0, x1: pixelWidth, y1: pixelHeight)
        region.forEachRect { x, y, w, h in
            let box = PixelBox(x0: Int(x), y0: Int(y), x1: Int(x) + Int(w), y1: Int(y) + Int(h))
                .intersection(bounds)
            guard !box.isEmpty else { return }
            for row in box.y0..<box.y1 {
                (destinationBase + row * strideBytes + box.x0 * 4)
                    .copyMemory(from: source + row * stride + box.x0 * 4, byteCount: box.width * 4)
            }
        }
    }

    /// The destination rows and columns of a shift of `box` by (`dx`, `dy`) pixels: `box ∩ (box - d)`, clipped to
    /// the surface. Empty when nothing stays inside.
    private func shiftDestination(_ box: PixelBox, dx: Int, dy: Int) -> PixelBox {
        let surface = PixelBox(x0: 0, y0: 0, x1: pixelWidth, y1: pixelHeight)
        let inside = box.intersection(surface)
        let moved = PixelBox(x0: inside.x0 - dx, y0: inside.y0 - dy, x1: inside.x1 - dx, y1: inside.y1 - dy)
        return inside.intersection(moved)
    }

    /// Shifts the pixels of `box` in place: each pixel p whose source p + (`dx`, `dy`) lies in the box takes the
    /// source's value (see the top of the file). Overlap-safe. The clip and translation do not apply.
    func movePixels(in box: PixelBox, dx: Int, dy: Int) {
        guard let pixels, destination != nil, dx != 0 || dy != 0 else { return }
        backdrop.forget()
        let target = shiftDestination(box, dx: dx, dy: dy)
        guard !target.isEmpty else { return }
        let base = UnsafeMutableRawPointer(pixels)
        let rowBytes = target.width * 4
        var row = dy > 0 ? target.y0 : target.y1 - 1
        let step = dy > 0 ? 1 : -1
        for _ in 0..<target.height {
            let to = base + row * strideBytes + target.x0 * 4
            let from = base + (row + dy) * strideBytes + (target.x0 + dx) * 4
            memmove(to, from, rowBytes)
            row += step
        }
    }

    /// Copies into `box` the pixels of another surface of the same size (`stride` bytes per row) shifted by
    /// (`dx`, `dy`): each pixel p of the box whose source p + d lies in the box takes `source`'s value there.
    /// `source` must not be this canvas's memory (use `movePixels`). A stride too small copies nothing.
    func copyPixels(from source: UnsafeRawPointer, stride: Int, in box: PixelBox, dx: Int, dy: Int) {
        guard let pixels, destination != nil, stride >= pixelWidth * 4 else { return }
        backdrop.forget()
        let base = UnsafeMutableRawPointer(pixels)
        guard UnsafeRawPointer(base) != source else {
            movePixels(in: box, dx: dx, dy: dy)
            return
        }
        let target = shiftDestination(box, dx: dx, dy: dy)
        guard !target.isEmpty else { return }
        let rowBytes = target.width * 4
        for row in target.y0..<target.y1 {
            (base + row * strideBytes + target.x0 * 4)
                .copyMemory(from: source + (row + dy) * stride + (target.x0 + dx) * 4, byteCount: rowBytes)
        }
    }
}

extension Canvas {
    /// Copies into `box` (clipped to the surface) the rows of another surface of the same size (`stride` bytes
    /// per row) `dy` rows further: row y takes source row y + `dy`, only where that row lies in
    /// `sourceTop ..< sourceBottom` (the band a scroll moved; other rows are left for the caller to draw).
    func copyRows(from source: UnsafeRawPointer, stride: Int, in box: PixelBox, dy: Int, sourceTop: Int,
                  sourceBottom: Int) {
        guard let pixels, destination != nil, stride >= pixelWidth * 4 else { return }
        backdrop.forget()
        let base = UnsafeMutableRawPointer(pixels)
        guard UnsafeRawPointer(base) != source else { return }
        let target = box.intersection(PixelBox(x0: 0, y0: max(0, sourceTop - dy), x1: pixelWidth,
                                               y1: min(pixelHeight, sourceBottom - dy)))
        guard !target.isEmpty else { return }
        for row in target.y0..<target.y1 {
            (base + row * strideBytes + target.x0 * 4)
                .copyMemory(from: source + (row + dy) * stride + target.x0 * 4, byteCount: target.width * 4)
        }
    }
}
