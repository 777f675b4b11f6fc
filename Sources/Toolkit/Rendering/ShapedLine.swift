/// A line of text shaped at one pixel size, cached per (text, pixel size, typeface). Its glyphs are
/// `FontState.placements[range]`, valid until the next shaping call: used at once, under the font lock.
struct ShapedLine: Equatable {
    /// The first of the line's placements in `FontState.placements`.
    var start: Int
    /// How many placements (inked glyphs, left to right) the line has; blank glyphs such as spaces have none.
    var count: Int
    /// The pen advance of the whole line, in pixels.
    var width: Int
    /// From the line box's top to the baseline, in pixels: the largest ascent of the faces used.
    var ascent: Int
    /// From the baseline to the line box's bottom, in pixels: the largest descent of the faces used.
    var descent: Int
    /// The union of the masks, relative to (origin x, baseline); empty when nothing is inked.
    var ink: PixelBox
    /// Whether every glyph has a `GlyphCache` entry (`FontState.batch`), so that the line draws in one call.
    var isBatched: Bool
    /// The line's number in `FontState.rasters` (`LineRasters`), given when it is cached; -1 before.
    var serial = -1

    var range: Range<Int> { start..<start + count }
}
