/// Text faces, found through fontconfig, shaped by HarfBuzz and rasterized by FreeType; a character the best
/// face of a `Typeface` lacks comes from the first fallback that has it. Loading is lazy and process-wide; with
/// no face installed text draws nothing and measures by estimate (0.6 em a character, a 1.2 em line). Sizes are in
/// points, rasterized at whole pixel sizes within 1...512; non-finite or non-positive sizes draw nothing.
public enum Font {
    /// The text state behind one lock: text may be drawn from any thread.
    static let store = FontStore()

    /// The font file of the standard typeface's best face, or nil when none could be loaded.
    public static var loadedPath: String? {
        store.withState { $0.path }
    }

    /// True when a face was found and text will be drawn.
    public static var isAvailable: Bool { loadedPath != nil }

    /// The font file of the best face `typeface` resolves to, or nil when none is installed.
    public static func path(of typeface: Typeface) -> String? {
        store.withState { state in state.loadIfNeeded() ? state.primaryFace(for: typeface)?.path : nil }
    }

    /// The size of `text` on one line at `size` points, in points, on a canvas of `scale` pixels per point: the
    /// shaped advance (as `Canvas.drawText` draws it) by the faces' largest ascent plus descent. Controls take no space.
    public static func measure(_ text: String, size: Double, scale: Int = 1, typeface: Typeface = .standard) -> Size {
        measure(text, size: size, pixelsPerPoint: Double(min(max(scale, 1), 16)), typeface: typeface)
    }

    /// `measure(_:size:scale:typeface:)` at a fractional `pixelsPerPoint` (clamped into 0.25...16, non-finite: 1).
    public static func measure(
        _ text: String, size: Double, pixelsPerPoint: Double,
        typeface: Typeface = .standard
    ) -> Size {
        let scale = Canvas.clampedPixelsPerPoint(pixelsPerPoint)
        guard let pixelSize = pixelSize(for: size, pixelsPerPoint: scale) else { return .zero }
        let pixels: (width: Int, height: Int)? = store.withState { state in
            guard let line = state.line(for: text, pixelSize: pixelSize, typeface: typeface) else { return nil }
            return (line.width, line.ascent + line.descent)
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
