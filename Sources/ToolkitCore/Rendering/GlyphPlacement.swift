/// A glyph's mask and metrics as plain values, for the per-glyph loop of `Canvas.drawText`.
///
/// Reading a `Glyph` (a class) out of a cache retains and releases it, which cost more than the lookup itself in
/// a full repaint. This copy holds no reference: `image` stays valid only while the `Glyph` it was made from is
/// alive, which `FontState` guarantees for placements it hands out until its lock is released.
struct GlyphPlacement {
    /// The coverage mask (pixman `a8` image); nil for blank glyphs.
    var image: OpaquePointer?
    /// Mask width, in pixels.
    var width: Int
    /// Mask height, in pixels.
    var height: Int
    /// From the pen position to the mask's left edge, in pixels.
    var left: Int
    /// From the baseline up to the mask's top edge, in pixels.
    var top: Int
    /// How far the pen moves after this glyph, in whole pixels.
    var advance: Int

    /// The placement of `glyph`, borrowing its image.
    init(_ glyph: Glyph) {
        image = glyph.image
        width = glyph.width
        height = glyph.height
        left = glyph.left
        top = glyph.top
        advance = glyph.advance
    }
}
