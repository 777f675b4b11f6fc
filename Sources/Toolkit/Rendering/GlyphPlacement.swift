/// One glyph of a shaped line as plain values: reading a `Glyph` class out of an array retains it, which costs
/// more than placing it. `image` stays valid while `FontState.placedGlyphs` keeps the glyph.
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
