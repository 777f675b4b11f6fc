import CPixman
import Glibc

// The primitives the drawing extensions share: snapping to pixels, solid fills, pixman composites.
extension Canvas {
    /// `rect` translated, scaled and snapped to pixels (unclipped, maybe empty); nil for non-finite coordinates.
    func pixelBox(_ rect: Rect) -> PixelBox? {
        let p0 = pixelPosition(rect.origin)
        let p1 = pixelPosition(Point(x: rect.maxX, y: rect.maxY))
        let x0 = p0.x
        let y0 = p0.y
        let x1 = p1.x
        let y1 = p1.y
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return nil }
        return PixelBox(x0: PixelBox.snap(x0), y0: PixelBox.snap(y0), x1: PixelBox.snap(x1), y1: PixelBox.snap(y1))
    }

    /// A line width in whole pixels (at least 1), or nil for non-positive or non-finite widths.
    func pixelLineWidth(_ lineWidth: Double) -> Int? {
        guard lineWidth.isFinite, lineWidth > 0 else { return nil }
        return max(1, PixelBox.snap(lineWidth * drawingScale))
    }

    /// Sets every pixel of `box` to `pixel` with `wmemset` (32-bit `wchar_t`): glibc fills long runs with string
    /// stores that need not read the lines first, faster than `pixman_fill`.
    static func fillPixels(_ pixels: UnsafeMutablePointer<UInt32>, stride: Int, box: PixelBox, pixel: UInt32) {
        let value = wchar_t(bitPattern: pixel)
        var row = pixels + box.y0 * stride + box.x0
        if box.width == stride {
            UnsafeMutableRawPointer(row).withMemoryRebound(to: wchar_t.self, capacity: box.width * box.height) {
                _ = wmemset($0, value, box.width * box.height)
            }
            return
        }
        for _ in box.y0..<box.y1 {
            UnsafeMutableRawPointer(row).withMemoryRebound(to: wchar_t.self, capacity: box.width) {
                _ = wmemset($0, value, box.width)
            }
            row += stride
        }
    }

    /// Fills `box` (pixels, clipped here) with a premultiplied pixel: SRC for opaque, OVER for translucent.
    func fillBox(_ box: PixelBox, pixel: UInt32) {
        let clipped = box.intersection(clipBox)
        guard !clipped.isEmpty, let pixels, destination != nil else { return }
        let alpha = pixel >> 24
        // OVER onto pixels known to be transparent (a cleared overlay) gives the source itself.
        let overTransparent = alpha != 0 && backdrop.pixel(under: clipped) == 0
        backdrop.touch(clipped)
        if alpha == 0xFF || overTransparent {
            Canvas.fillPixels(pixels, stride: strideBytes / 4, box: clipped, pixel: pixel)
        } else if alpha != 0 {
            compositeSolid(pixel: pixel, box: clipped, mask: nil, maskX: 0, maskY: 0)
        }
    }

    /// Blends a solid premultiplied pixel OVER `box` (pixels, already clipped), optionally through an `a8` mask
    /// whose pixel (`maskX`, `maskY`) lines up with the box's top-left corner.
    func compositeSolid(pixel: UInt32, box: PixelBox, mask: OpaquePointer?, maskX: Int, maskY: Int) {
        guard !box.isEmpty, let destination, let solidSource else { return }
        backdrop.touch(box)
        solidPixel.pointee = pixel
        pixman_image_composite32(
            PIXMAN_OP_OVER, solidSource, mask, destination, 0, 0,
            Int32(maskX), Int32(maskY), Int32(box.x0), Int32(box.y0 + imageRowOrigin),
            Int32(box.width), Int32(box.height))
    }

    /// Composites `count` glyphs of `GlyphCache` OVER in `pixel`, clipped, in one pixman call (the same pixels as one
    /// `compositeSolid` each, without the per-call set-up); the clip is a one-box region, no allocation.
    func compositeGlyphs(
        pixel: UInt32, x: Int, baseline: Int, cache: OpaquePointer,
        glyphs: UnsafePointer<pixman_glyph_t>, count: Int
    ) {
        guard count > 0, !clipBox.isEmpty, let destination, let solidSource else { return }
        solidPixel.pointee = pixel
        var region = pixman_region32_t()
        pixman_region32_init_rect(
            &region, Int32(clipBox.x0), Int32(clipBox.y0 + imageRowOrigin),
            UInt32(clipBox.width), UInt32(clipBox.height))
        _ = pixman_image_set_clip_region32(destination, &region)
        pixman_composite_glyphs_no_mask(
            PIXMAN_OP_OVER, solidSource, destination, 0, 0, Int32(x),
            Int32(baseline + imageRowOrigin), cache, Int32(count), glyphs)
        _ = pixman_image_set_clip_region32(destination, nil)
        pixman_region32_fini(&region)
    }

    /// Composites `count` glyphs OVER in `pixel` into a line raster `image`, origin and baseline at (`x`, `y`),
    /// unclipped (the line's ink box is reserved for it).
    func compositeGlyphs(
        into image: OpaquePointer, pixel: UInt32, x: Int, y: Int, cache: OpaquePointer,
        glyphs: UnsafePointer<pixman_glyph_t>, count: Int
    ) {
        guard count > 0, let solidSource else { return }
        solidPixel.pointee = pixel
        pixman_composite_glyphs_no_mask(
            PIXMAN_OP_OVER, solidSource, image, 0, 0, Int32(x), Int32(y), cache,
            Int32(count), glyphs)
    }

    /// Copies the `visible` part of a line raster whose ink box's corner is (`x`, `y`) of `raster` to `inkBox` (SRC).
    func copyRaster(_ raster: OpaquePointer, x: Int, y: Int, inkBox: PixelBox, visible: PixelBox) {
        guard let destination else { return }
        pixman_image_composite32(
            PIXMAN_OP_SRC, raster, nil, destination, Int32(x + visible.x0 - inkBox.x0),
            Int32(y + visible.y0 - inkBox.y0), 0, 0, Int32(visible.x0),
            Int32(visible.y0 + imageRowOrigin), Int32(visible.width), Int32(visible.height))
    }

    /// Composites the prepared `self.mask` corner (`maskBox` size) at `maskBox`'s position, clipped.
    func compositeMask(pixel: UInt32, maskBox: PixelBox) {
        let clipped = maskBox.intersection(clipBox)
        guard !clipped.isEmpty, pixel >> 24 != 0 else { return }
        compositeSolid(
            pixel: pixel, box: clipped, mask: mask.image,
            maskX: clipped.x0 - maskBox.x0, maskY: clipped.y0 - maskBox.y0)
    }
}
