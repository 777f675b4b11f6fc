// The shaped-line cache: the same text at the same size and typeface is shaped once and drawn from the cache, the
// cache stays bounded, and a cached line keeps its glyph masks whatever the glyph cache drops.

import Testing

@testable import ToolkitCore

@Suite struct ShapedLineCacheTests {
    @Test func theSameTextIsShapedOnce() throws {
        var state = FontState()
        let firstLine = state.line(for: "Row 12 · Hello", pixelSize: 17, typeface: .standard)
        let first = try #require(firstLine)
        #expect(state.shapedLineCount == 1)
        let again = state.line(for: "Row 12 · Hello", pixelSize: 17, typeface: .standard)
        #expect(again == first && state.shapedLineCount == 1)
        // Another size, text or typeface is another line.
        let biggerLine = state.line(for: "Row 12 · Hello", pixelSize: 18, typeface: .standard)
        let bigger = try #require(biggerLine)
        let boldLine = state.line(for: "Row 12 · Hello", pixelSize: 17, typeface: Typeface(weight: .bold))
        let bold = try #require(boldLine)
        _ = state.line(for: "Row 13 · Hello", pixelSize: 17, typeface: .standard)
        #expect(state.shapedLineCount == 4)
        #expect(bigger.width > first.width && bold.width > first.width)
        // Each line has its own glyphs: one per inked character (the space and the dot's neighbours aside).
        #expect(first.count == "Row12·Hello".count && bigger.start >= first.start + first.count)
    }

    @Test func theCacheIsBounded() {
        var state = FontState()
        for i in 0...FontState.maximumCachedLines {
            _ = state.line(for: "line \(i)", pixelSize: 12, typeface: .standard)
        }
        #expect(state.cachedLineCount >= 1 && state.cachedLineCount <= FontState.maximumCachedLines)
    }

    @Test func aCachedLineKeepsItsMasksWhenTheGlyphCacheEmpties() throws {
        let text = "Kept glyphs"
        let before = RenderingTestSupport.render(width: 200, height: 40) {
            $0.drawText(text, at: Point(x: 2, y: 2), size: 20, color: .black)
        }
        // Enough other glyphs (several sizes of many characters) to empty the process-wide glyph cache at least
        // once while the line stays cached.
        let alphabet = String((0x21..<0x7F).map { Character(Unicode.Scalar($0)!) })
        let sizes = FontState.maximumCachedGlyphs / alphabet.count + 2
        for size in 0..<sizes {
            _ = Font.measure(alphabet, size: Double(30 + size))
        }
        let after = RenderingTestSupport.render(width: 200, height: 40) {
            $0.drawText(text, at: Point(x: 2, y: 2), size: 20, color: .black)
        }
        let same = before == after
        #expect(same)
        #expect(!RenderingTestSupport.pixels(of: after, notEqualTo: 0).isEmpty)
    }

    /// A line is drawn in one pixman call from pixman's copies of the masks (`GlyphCache`): the same pixels as
    /// one composite per glyph, for Latin with kerning, Arabic, Hebrew, a combining mark and Japanese from the
    /// fallback face, whole or cut by a clip through the glyphs, in a translucent colour.
    @Test(arguments: [false, true])
    func aLineInOneCallDrawsTheSamePixelsAsGlyphByGlyph(clipped: Bool) {
        let text = "AVATAR Café مرحبا שלום あいう office"
        func draw(batched: Bool) -> Image {
            RenderingTestSupport.render(width: 420, height: 40) { canvas in
                if clipped { canvas.clip(to: Rect(x: 40.5, y: 9, width: 300, height: 11)) }
                canvas.drawText(
                    text, at: Point(x: 3, y: 4), size: 21,
                    color: Color(
                        red: 0.2, green: 0.1, blue: 0.7,
                        alpha: 0.8),
                    typeface: .standard, batched: batched)
            }
        }
        // Every glyph of the line has its copy in pixman's cache: the one-call path is the one taken.
        let isBatched = Font.store.withState { $0.line(for: text, pixelSize: 21, typeface: .standard)?.isBatched }
        #expect(isBatched == true)
        let oneCall = draw(batched: true)
        let glyphByGlyph = draw(batched: false)
        #expect(oneCall == glyphByGlyph)
        #expect(RenderingTestSupport.pixels(of: oneCall, notEqualTo: 0).count > 500)
    }

    /// Glyphs leave pixman's cache with themselves: after the line and glyph caches emptied (masks freed, new
    /// ones made, possibly at the same addresses), a line drawn again is the same picture.
    @Test func linesDrawnAfterTheCachesEmptiedAreTheSame() {
        let text = "Glyphs come and go"
        let before = RenderingTestSupport.render(width: 240, height: 40) {
            $0.drawText(text, at: Point(x: 2, y: 2), size: 19, color: .black)
        }
        let alphabet = String((0x21..<0x7F).map { Character(Unicode.Scalar($0)!) })
        for size in 0..<(FontState.maximumCachedGlyphs / alphabet.count + 2) {
            _ = Font.measure(alphabet, size: Double(60 + size))
        }
        for i in 0...FontState.maximumCachedLines {
            _ = Font.measure("filler line \(i)", size: 13)
        }
        let after = RenderingTestSupport.render(width: 240, height: 40) {
            $0.drawText(text, at: Point(x: 2, y: 2), size: 19, color: .black)
        }
        let same = before == after
        #expect(same)
    }
}
