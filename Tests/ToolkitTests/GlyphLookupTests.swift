// The ASCII fast table in FontState hands out the same glyphs (and plain-value placements of them) as the
// dictionary cache, for every pixel size, including when more sizes are in use than the table has slots for.

import Testing
@testable import ToolkitCore

@Suite struct GlyphLookupTests {
    @Test func asciiGlyphsAreTheCachedOnesAtEverySizeEvenWhenSizesOutnumberTheSlots() {
        var state = FontState()
        let loaded = state.loadIfNeeded()
        #expect(loaded, "fonts-dejavu-core is a documented dependency")
        let sizes = Array(8..<(8 + FontState.asciiSizeCount + 3))
        let codepoints: [UInt32] = [0x41, 0x67, 0x20, 0x7E, 0xE9]   // A, g, space, ~, and é (not ASCII)
        var first: [Int: [ObjectIdentifier?]] = [:]
        // Twice round all the sizes: the second round finds each size's slot taken by later sizes.
        for round in 0..<2 {
            for size in sizes {
                let glyphs = codepoints.map { state.glyph(for: $0, pixelSize: size).map(ObjectIdentifier.init) }
                // Looking up again at once gives the same objects (from the table for ASCII).
                let again = codepoints.map { state.glyph(for: $0, pixelSize: size).map(ObjectIdentifier.init) }
                #expect(glyphs == again)
                // The plain-value placements drawText uses describe those same glyphs.
                for codepoint in codepoints {
                    let placement = state.placement(for: codepoint, pixelSize: size)
                    let glyph = state.glyph(for: codepoint, pixelSize: size)
                    #expect(placement?.image == glyph?.image && placement?.advance == glyph?.advance
                            && placement?.left == glyph?.left && placement?.top == glyph?.top
                            && placement?.width == glyph?.width && placement?.height == glyph?.height)
                }
                #expect(glyphs.allSatisfy { $0 != nil })
                if round == 0 {
                    first[size] = glyphs
                } else {
                    #expect(first[size] == glyphs, "size \(size): a glyph of another size or a new copy")
                }
            }
        }
        // Glyphs of different sizes are different objects with growing advances.
        var advances: [Int] = []
        for size in sizes { if let glyph = state.glyph(for: 0x4D, pixelSize: size) { advances.append(glyph.advance) } }
        #expect(advances.count == sizes.count && advances == advances.sorted() && advances.first! < advances.last!)
    }
}
