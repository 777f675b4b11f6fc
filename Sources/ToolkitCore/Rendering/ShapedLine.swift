/// A line of text shaped at one pixel size: where each glyph's mask goes, the pen advance and the line box.
///
/// Made once per (text, pixel size, typeface) by `FontState.line(for:pixelSize:typeface:)` and cached, so that
/// drawing or measuring the same text again is one dictionary lookup and no allocation.
final class ShapedLine {
    /// The glyphs' masks in visual order (left to right), relative to the line's origin and baseline. Blank
    /// glyphs (spaces) are left out.
    let placements: [GlyphPlacement]
    /// The pen advance of the whole line, in pixels.
    let width: Int
    /// From the line box's top to the baseline, in pixels: the largest ascent of the faces used.
    let ascent: Int
    /// From the baseline to the line box's bottom, in pixels: the largest descent of the faces used.
    let descent: Int
    /// The union of the masks, relative to (origin x, baseline); empty when nothing is inked.
    let ink: PixelBox
    /// Keeps the masks `placements` point at alive, whatever the glyph cache evicts.
    private let glyphs: [Glyph]

    init(placements: [GlyphPlacement], glyphs: [Glyph], width: Int, ascent: Int, descent: Int) {
        self.placements = placements
        self.glyphs = glyphs
        self.width = width
        self.ascent = ascent
        self.descent = descent
        var ink = PixelBox(x0: 0, y0: 0, x1: 0, y1: 0)
        for p in placements {
            let box = PixelBox(x0: p.x, y0: p.y, x1: p.x + p.width, y1: p.y + p.height)
            ink = ink.isEmpty ? box : PixelBox(x0: min(ink.x0, box.x0), y0: min(ink.y0, box.y0),
                                               x1: max(ink.x1, box.x1), y1: max(ink.y1, box.y1))
        }
        self.ink = ink
    }
}
