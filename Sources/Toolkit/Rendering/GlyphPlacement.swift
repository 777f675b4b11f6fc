/// One glyph of a shaped line as plain values, for the per-glyph loop of `Canvas.drawText`.
///
/// Reading a `Glyph` (a class) out of an array retains and releases it, which costs more than placing it in a
/// full repaint. This copy holds no reference: `image` stays valid while the placement is in
/// `FontState.placements`, whose `placedGlyphs` keep the glyphs alive.
struct GlyphPlacement {
    /// The coverage mask (pixman `a8` image).
    var image: OpaquePointer
    /// From the line's origin to the mask's left edge, in pixels (shaping offsets and bearing included).
    var x: Int
    /// From the baseline down to the mask's top edge, in pixels (negative above the baseline).
    var y: Int
    /// Mask width, in pixels.
    var width: Int
    /// Mask height, in pixels.
    var height: Int
}
