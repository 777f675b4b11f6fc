// Coverage of a pixel by a rounded box (edges on pixel edges, radius r, pixels): with c the pixel centre inside
// the box, qx = max(x0 + r - c.x, c.x - (x1 - r), 0), qy likewise, d = hypot(qx, qy), the distance to the box of
// arc centres; coverage clamp(r - d + 1/2, 0, 1) (a pixel straddling an edge at its centre is half covered).
// Straight edges come out fully covered. A stroke is the outer shape minus the box inset by w, radius max(0, r - w).
// Only the four corner patches go through a mask (from `CornerMaskCache`; the per-pixel path is for patches too
// large and the reference); the rest is plain boxes.

import CPixman

extension Canvas {
    /// Fills `rect` (points) with corners rounded by `radius` points (clamped to half the shorter side; negative or
    /// non-finite: square), antialiased.
    public func fillRoundedRect(_ rect: Rect, radius: Double, color: Color) {
        guard let box = pixelBox(rect), !box.isEmpty else { return }
        drawRoundedBox(box, radius: pixelRadius(radius, box: box), lineWidth: nil, pixel: color.premultipliedARGB)
    }

    /// Strokes a border of `lineWidth` points (whole pixels, at least 1; non-positive or non-finite: nothing) just
    /// inside the rounded `rect`.
    public func strokeRoundedRect(_ rect: Rect, radius: Double, color: Color, lineWidth: Double = 1) {
        guard let box = pixelBox(rect), !box.isEmpty, let lw = pixelLineWidth(lineWidth) else { return }
        let r = pixelRadius(radius, box: box)
        let filled = 2 * lw >= min(box.width, box.height)
        drawRoundedBox(box, radius: r, lineWidth: filled ? nil : lw, pixel: color.premultipliedARGB)
    }

    /// `fillRoundedRect` for a box already in pixels: the same pixels as the canvas it came from would draw.
    func fillRoundedPixelBox(_ box: PixelBox, radius: Double, color: Color) {
        guard !box.isEmpty else { return }
        drawRoundedBox(box, radius: pixelRadius(radius, box: box), lineWidth: nil, pixel: color.premultipliedARGB)
    }

    /// The corner radius in pixels, within 0...half the shorter side of `box`.
    private func pixelRadius(_ radius: Double, box: PixelBox) -> Double {
        guard radius.isFinite, radius > 0 else { return 0 }
        return min(radius * drawingScale, Double(min(box.width, box.height)) / 2)
    }

    /// Draws the rounded box (filled when `lineWidth` is nil, else stroked inside with that many pixels).
    private func drawRoundedBox(_ box: PixelBox, radius r: Double, lineWidth: Int?, pixel: UInt32) {
        guard pixel >> 24 != 0, !box.intersection(clipBox).isEmpty else { return }
        let lw = lineWidth ?? 0
        let k = max(Int(r.rounded(.up)), lw)
        // Corner patch sizes, at most half the box so that opposite patches never overlap.
        let kx = min(k, box.width / 2)
        let ky = min(k, box.height / 2)

        if kx > 0, ky > 0,
            !drawCachedCorners(of: box, kx: kx, ky: ky, radius: r, lineWidth: lineWidth, pixel: pixel)
        {
            // Corners by index rather than from an array literal, which would allocate on every call.
            for index in 0..<4 {
                let left = index & 1 == 0
                let top = index < 2
                let x0 = left ? box.x0 : box.x1 - kx
                let y0 = top ? box.y0 : box.y1 - ky
                let corner = PixelBox(x0: x0, y0: y0, x1: x0 + kx, y1: y0 + ky)
                guard !corner.intersection(clipBox).isEmpty else { continue }
                drawCorner(corner, of: box, radius: r, lineWidth: lineWidth, pixel: pixel)
            }
        }

        if let lineWidth {
            fillBox(PixelBox(x0: box.x0 + kx, y0: box.y0, x1: box.x1 - kx, y1: box.y0 + lineWidth), pixel: pixel)
            fillBox(PixelBox(x0: box.x0 + kx, y0: box.y1 - lineWidth, x1: box.x1 - kx, y1: box.y1), pixel: pixel)
            fillBox(PixelBox(x0: box.x0, y0: box.y0 + ky, x1: box.x0 + lineWidth, y1: box.y1 - ky), pixel: pixel)
            fillBox(PixelBox(x0: box.x1 - lineWidth, y0: box.y0 + ky, x1: box.x1, y1: box.y1 - ky), pixel: pixel)
        } else {
            fillBox(PixelBox(x0: box.x0 + kx, y0: box.y0, x1: box.x1 - kx, y1: box.y0 + ky), pixel: pixel)
            fillBox(PixelBox(x0: box.x0, y0: box.y0 + ky, x1: box.x1, y1: box.y1 - ky), pixel: pixel)
            fillBox(PixelBox(x0: box.x0 + kx, y0: box.y1 - ky, x1: box.x1 - kx, y1: box.y1), pixel: pixel)
        }
    }

    /// Composites the four corner patches from `CornerMaskCache.shared`; false (nothing drawn) when it cannot.
    private func drawCachedCorners(
        of box: PixelBox, kx: Int, ky: Int, radius r: Double, lineWidth: Int?,
        pixel: UInt32
    ) -> Bool {
        guard testHooks.usesCornerMaskCache else { return false }
        let drawn: Void? = CornerMaskCache.shared.withCorners(
            radius: r, lineWidth: lineWidth ?? 0,
            width: kx, height: ky
        ) { image, slotY in
            for index in 0..<4 {
                let left = index & 1 == 0
                let top = index < 2
                let x0 = left ? box.x0 : box.x1 - kx
                let y0 = top ? box.y0 : box.y1 - ky
                let clipped = PixelBox(x0: x0, y0: y0, x1: x0 + kx, y1: y0 + ky).intersection(clipBox)
                guard !clipped.isEmpty else { continue }
                // The patch's top-left pixel in the slot: (0 or kx, slotY + 0 or ky).
                compositeSolid(
                    pixel: pixel, box: clipped, mask: image,
                    maskX: (left ? 0 : kx) + clipped.x0 - x0,
                    maskY: slotY + (top ? 0 : ky) + clipped.y0 - y0)
            }
        }
        return drawn != nil
    }

    /// Writes one corner patch's coverage into the scratch mask and composites it.
    private func drawCorner(
        _ corner: PixelBox, of box: PixelBox, radius r: Double, lineWidth: Int?,
        pixel: UInt32
    ) {
        guard mask.prepare(width: corner.width, height: corner.height) else { return }
        let inner: PixelBox? = lineWidth.map {
            PixelBox(x0: box.x0 + $0, y0: box.y0 + $0, x1: box.x1 - $0, y1: box.y1 - $0)
        }
        let innerRadius = max(0, r - Double(lineWidth ?? 0))
        for y in corner.y0..<corner.y1 {
            for x in corner.x0..<corner.x1 {
                let cx = Double(x) + 0.5
                let cy = Double(y) + 0.5
                var coverage = Canvas.roundedCoverage(cx: cx, cy: cy, box: box, radius: r)
                if let inner {
                    coverage -= Canvas.roundedCoverage(cx: cx, cy: cy, box: inner, radius: innerRadius)
                }
                mask.set(x: x - corner.x0, y: y - corner.y0, coverage: coverage)
            }
        }
        compositeMask(pixel: pixel, maskBox: corner)
    }

    /// Coverage (0...1) of the pixel centred at (`cx`, `cy`) by `box` with corners of `radius`, all in pixels.
    static func roundedCoverage(cx: Double, cy: Double, box: PixelBox, radius: Double) -> Double {
        let x0 = Double(box.x0)
        let y0 = Double(box.y0)
        let x1 = Double(box.x1)
        let y1 = Double(box.y1)
        guard cx > x0, cx < x1, cy > y0, cy < y1 else { return 0 }
        let qx = max(x0 + radius - cx, cx - (x1 - radius), 0)
        let qy = max(y0 + radius - cy, cy - (y1 - radius), 0)
        if qx == 0 || qy == 0 { return 1 }
        let d = (qx * qx + qy * qy).squareRoot()
        return min(max(radius - d + 0.5, 0), 1)
    }
}
