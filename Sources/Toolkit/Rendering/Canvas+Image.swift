// pixman samples a transformed source at T * (p + 1/2); with T = scale(image / box) and the source origin at the
// clipped area's offset in the box, the box's edges map onto the image's whatever the clip leaves.

import CPixman

extension Canvas {
    /// Composites `image` OVER the canvas, stretched to fill `rect` (points): one to one at the same pixel size, else
    /// bilinear with edge pixels extended. Empty images or rects draw nothing.
    public func drawImage(_ image: Image, in rect: Rect) {
        guard image.width > 0, image.height > 0, image.width <= 1 << 15, image.height <= 1 << 15,
            let box = pixelBox(rect), !box.isEmpty, let destination
        else { return }
        let clipped = box.intersection(clipBox)
        guard !clipped.isEmpty else { return }
        backdrop.touch(clipped)
        image.pixels.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress,
                // pixman only reads a source; the cast is for its C signature.
                let source = pixman_image_create_bits(
                    PIXMAN_a8r8g8b8, Int32(image.width), Int32(image.height),
                    UnsafeMutablePointer(mutating: base),
                    Int32(image.width * 4))
            else { return }
            defer { pixman_image_unref(source) }
            if box.width != image.width || box.height != image.height {
                var transform = pixman_transform()
                pixman_transform_init_scale(
                    &transform,
                    Canvas.fixed(Double(image.width) / Double(box.width)),
                    Canvas.fixed(Double(image.height) / Double(box.height)))
                _ = pixman_image_set_transform(source, &transform)
                _ = pixman_image_set_filter(source, PIXMAN_FILTER_BILINEAR, nil, 0)
                pixman_image_set_repeat(source, PIXMAN_REPEAT_PAD)
            }
            pixman_image_composite32(
                PIXMAN_OP_OVER, source, nil, destination,
                Int32(clipped.x0 - box.x0), Int32(clipped.y0 - box.y0), 0, 0,
                Int32(clipped.x0), Int32(clipped.y0 + imageRowOrigin),
                Int32(clipped.width), Int32(clipped.height))
        }
    }

    /// A positive ratio as pixman 16.16 fixed point, kept within 1/65536 ... 32767.
    static func fixed(_ value: Double) -> pixman_fixed_t {
        pixman_fixed_t((min(max(value, 1.0 / 65536), 32767) * 65536).rounded())
    }
}
