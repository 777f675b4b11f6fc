// Moving pixels for scrolling by copy. For a box B and a shift d, new[p] = old[p + d] for p in B ∩ (B - d); the
// rest of B keeps its pixels for the caller to draw. In place, rows go in the order that reads each before it is
// overwritten (top to bottom when dy > 0), `memmove` within a row: pixman_blt does not promise overlapping copies.

import Glibc

extension Canvas {
    /// Copies the pixels inside `region` (pixels) from `source`, a surface of this size with `stride` bytes per row,
    /// replacing them; clip and translation do not apply. Carries undamaged pixels forward from the presented buffer.
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

    /// The destinations of a shift of `box` by (`dx`, `dy`): `box ∩ (box - d)`, clipped to the surface.
    private func shiftDestination(_ box: PixelBox, dx: Int, dy: Int) -> PixelBox {
        let surface = PixelBox(x0: 0, y0: 0, x1: pixelWidth, y1: pixelHeight)
        let inside = box.intersection(surface)
        let moved = PixelBox(x0: inside.x0 - dx, y0: inside.y0 - dy, x1: inside.x1 - dx, y1: inside.y1 - dy)
        return inside.intersection(moved)
    }

    /// Shifts the pixels of `box` in place, overlap-safe: new[p] = old[p + d] where p + d lies in the box.
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

    /// Copies into `box` the pixels of another surface of this size shifted by (`dx`, `dy`), where the source lies
    /// in the box; `source` must not be this canvas's memory.
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
    /// Copies into `box` the rows of another surface `dy` rows further, where the source row lies in
    /// `sourceTop ..< sourceBottom`; other rows are left for the caller.
    func copyRows(
        from source: UnsafeRawPointer, stride: Int, in box: PixelBox, dy: Int, sourceTop: Int,
        sourceBottom: Int
    ) {
        guard let pixels, destination != nil, stride >= pixelWidth * 4 else { return }
        backdrop.forget()
        let base = UnsafeMutableRawPointer(pixels)
        guard UnsafeRawPointer(base) != source else { return }
        let target = box.intersection(
            PixelBox(
                x0: 0, y0: max(0, sourceTop - dy), x1: pixelWidth,
                y1: min(pixelHeight, sourceBottom - dy)))
        guard !target.isEmpty else { return }
        for row in target.y0..<target.y1 {
            (base + row * strideBytes + target.x0 * 4)
                .copyMemory(from: source + (row + dy) * stride + target.x0 * 4, byteCount: target.width * 4)
        }
    }
}
