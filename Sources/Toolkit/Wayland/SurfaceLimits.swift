// The largest window and buffer the Wayland window makes, whatever the compositor asks for.
//
// A configure of 100000 x 100000 points (or INT32_MAX) from a broken or hostile compositor must not turn into a
// 40 GB allocation, and a wl_output.scale of 1000 must not multiply a sane window into one. Two limits bound
// every buffer, in pixels:
// - a side: 16384 pixels (what common GPU texture limits allow; far beyond any monitor of today);
// - an area: 2^25 = 33,554,432 pixels, 128 MiB of ARGB8888 per buffer, which holds a full 8K UHD output
//   (7680 x 4320 = 33,177,600 pixels) with room to spare. A window has at most 4 buffers: 512 MiB at worst.
// The window size, in points, obeys the same numbers (at one pixel per point a window always fits), applied by
// `clampedSize`: each side at most 16384, then, when the area is still too large, the width is kept and the
// height reduced to fit. A render scale that would push the buffer over a limit is lowered instead
// (`RenderScale.fitting`), down to 1 pixel per point, which always fits.

/// The largest window and buffer sizes, and the rules that apply them (see the derivation above).
enum SurfaceLimits {
    /// The longest side of a window (points) and of a buffer (pixels).
    static let maximumSide = 16384
    /// The largest area of a window (square points) and of a buffer (pixels): 2^25.
    static let maximumPixels = 1 << 25

    /// Whether a `width` x `height` buffer (pixels, each at least 1) is within both limits.
    static func fits(width: Int, height: Int) -> Bool {
        width >= 1 && height >= 1 && width <= maximumSide && height <= maximumSide
            && width * height <= maximumPixels
    }

    /// `size` (points, whole and at least 1 x 1) brought within the limits: each side at most `maximumSide`;
    /// then, if the area still exceeds `maximumPixels`, the width stays and the height becomes the largest that
    /// fits. Non-finite dimensions count as 1.
    static func clampedSize(_ size: Size) -> Size {
        func side(_ value: Double) -> Double {
            value.isFinite ? min(Double(maximumSide), max(1, value)) : 1
        }
        let width = side(size.width)
        var height = side(size.height)
        if width * height > Double(maximumPixels) {
            height = max(1, (Double(maximumPixels) / width).rounded(.down))
        }
        return Size(width: width, height: height)
    }
}
