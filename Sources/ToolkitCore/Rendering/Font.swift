/// The toolkit's one typeface (DejaVu Sans when installed), rasterized by FreeType.
///
/// Loading is lazy and process-wide: the first text drawn or measured opens the first file of `searchPaths` that
/// exists. When none does, text draws nothing and measurements fall back to an estimate (0.6 em per character, a
/// 1.2 em line), so layout still works on a machine without fonts.
///
/// Sizes are in points; with a canvas scale they become a pixel size, rounded to whole pixels and limited to
/// 1...512 pixels. Non-finite or non-positive sizes measure as zero and draw nothing.
public enum Font {
    /// Font files tried in order: Debian/Ubuntu (`fonts-dejavu-core`), Arch, Fedora, then common sans fallbacks.
    public static let searchPaths: [String] = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/TTF/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
        "/usr/share/fonts/liberation-sans/LiberationSans-Regular.ttf",
        "/usr/share/fonts/truetype/freefont/FreeSans.ttf",
        "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf",
    ]

    /// FreeType's handles behind one lock: text may then be drawn from any thread, and the lock is uncontended in
    /// the usual case of one UI thread.
    static let store = FontStore()

    /// The font file in use, or nil when none could be loaded (after trying to load one).
    public static var loadedPath: String? {
        store.withState { state -> String? in
            _ = state.loadIfNeeded()
            return state.path
        }
    }

    /// True when a font file was found and text will be drawn.
    public static var isAvailable: Bool { loadedPath != nil }

    /// The size of `text` on one line at `size` points, in points, as drawn on a canvas of `scale` pixels per point.
    ///
    /// The width sums the hinted advances at the pixel size (so it matches what `Canvas.drawText` draws); the height
    /// is the line box, ascent plus descent. Control characters (such as newlines) take no space.
    public static func measure(_ text: String, size: Double, scale: Int = 1) -> Size {
        measure(text, size: size, pixelsPerPoint: Double(min(max(scale, 1), 16)))
    }

    /// The size of `text` as drawn on a canvas of a fractional `pixelsPerPoint` (clamped into 0.25...16,
    /// non-finite: 1), in points; see `measure(_:size:scale:)`.
    public static func measure(_ text: String, size: Double, pixelsPerPoint: Double) -> Size {
        let scale = Canvas.clampedPixelsPerPoint(pixelsPerPoint)
        guard let pixelSize = pixelSize(for: size, pixelsPerPoint: scale) else { return .zero }
        let pixels: (width: Int, height: Int)? = store.withState { state in
            guard state.loadIfNeeded() else { return nil }
            var width = 0
            for scalar in text.unicodeScalars where !isControl(scalar) {
                width += state.glyph(for: scalar.value, pixelSize: pixelSize)?.advance ?? 0
            }
            let metrics = state.lineMetrics(pixelSize: pixelSize)
            return (width, metrics.ascent + metrics.descent)
        }
        if let pixels {
            return Size(width: Double(pixels.width) / scale, height: Double(pixels.height) / scale)
        }
        var count = 0
        for scalar in text.unicodeScalars where !isControl(scalar) { count += 1 }
        return Size(width: 0.6 * size * Double(count), height: 1.2 * size)
    }

    /// The pixel size for `size` points at `pixelsPerPoint`, or nil when the size is not drawable.
    static func pixelSize(for size: Double, pixelsPerPoint: Double) -> Int? {
        guard size.isFinite, size > 0 else { return nil }
        return Int(min(max((size * pixelsPerPoint).rounded(), 1), 512))
    }

    /// Characters with no glyph and no advance: C0 and C1 controls and DEL.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
    }
}
