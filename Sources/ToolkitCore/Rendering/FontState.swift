import CFreeType

/// The process-wide FreeType state: the library handle, the one face, and the glyph cache.
///
/// FreeType handles are not thread-safe, so this lives inside `Font.store` (a `FontStore`) and is only reached under
/// that lock. It is created empty and loads lazily on first use; if no font file can be opened it stays unloaded
/// and says so through `loadIfNeeded()`, once, without retrying on every call.
struct FontState {
    private var attempted = false
    private var library: FT_Library?
    private var face: FT_Face?
    /// The font file in use, once loaded.
    private(set) var path: String?
    /// Cached glyphs keyed by `pixelSize << 32 | codepoint`.
    private var glyphs: [UInt64: Glyph] = [:]
    /// Glyphs of codepoints below 128 for up to `asciiSizeCount` pixel sizes: slot `s` holds codepoint `c` at
    /// `s * 128 + c` for pixel size `asciiSizes[s]`. Most UI text is ASCII at a few sizes, and an array index costs
    /// far less per glyph than hashing a dictionary key. The glyphs are the dictionary's own, so text draws the
    /// same either way.
    private var asciiGlyphs: [Glyph?] = []
    /// `asciiGlyphs` as plain values at the same indices (nil where that is nil), read by `placement(for:)`
    /// without retaining anything; `asciiGlyphs` keeps their images alive.
    private var asciiPlacements: [GlyphPlacement?] = []
    /// The pixel size of each slot of `asciiGlyphs` (0: unused).
    private var asciiSizes: [Int] = []
    /// The slot the next new pixel size takes (round robin).
    private var nextASCIISlot = 0
    static let asciiSizeCount = 4
    /// The pixel size last set on the face (FreeType renders at the face's current size).
    private var facePixelSize = 0

    /// More cached glyphs than this (a few alphabets at a few sizes) empties the cache: a crude bound that keeps
    /// memory flat when a program cycles through many sizes.
    static let maximumCachedGlyphs = 2048

    /// Loads the first font of `Font.searchPaths` that FreeType opens; false when none does.
    mutating func loadIfNeeded() -> Bool {
        if face != nil { return true }
        if attempted { return false }
        attempted = true
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { return false }
        for candidate in Font.searchPaths {
            var opened: FT_Face?
            if FT_New_Face(lib, candidate, 0, &opened) == 0, let opened {
                library = lib
                face = opened
                path = candidate
                return true
            }
        }
        FT_Done_FreeType(lib)
        return false
    }

    /// Ascent and descent (both positive, whole pixels, rounded up) of the loaded face at `pixelSize`.
    func lineMetrics(pixelSize: Int) -> (ascent: Int, descent: Int) {
        guard let face else { return (0, 0) }
        let unitsPerEm = max(Double(face.pointee.units_per_EM), 1)
        let ratio = Double(pixelSize) / unitsPerEm
        let ascent = (Double(face.pointee.ascender) * ratio).rounded(.up)
        let descent = (-Double(face.pointee.descender) * ratio).rounded(.up)
        return (Int(max(ascent, 0)), Int(max(descent, 0)))
    }

    /// The glyph for `codepoint` at `pixelSize`, rendered on first use and cached; nil when nothing is loaded or
    /// FreeType fails on it.
    mutating func glyph(for codepoint: UInt32, pixelSize: Int) -> Glyph? {
        guard codepoint < 128 else { return dictionaryGlyph(for: codepoint, pixelSize: pixelSize) }
        if let slot = asciiSizes.firstIndex(of: pixelSize), let cached = asciiGlyphs[slot * 128 + Int(codepoint)] {
            return cached
        }
        guard let glyph = dictionaryGlyph(for: codepoint, pixelSize: pixelSize) else { return nil }
        rememberASCII(glyph, codepoint: Int(codepoint), pixelSize: pixelSize)
        return glyph
    }

    /// Like `glyph(for:pixelSize:)`, as plain values: the image is valid until the font lock is released (the
    /// `Glyph` behind it stays cached at least that long).
    mutating func placement(for codepoint: UInt32, pixelSize: Int) -> GlyphPlacement? {
        if codepoint < 128, let slot = asciiSizes.firstIndex(of: pixelSize),
           let cached = asciiPlacements[slot * 128 + Int(codepoint)] {
            return cached
        }
        // A miss, or not ASCII: the dictionary keeps the glyph (and its image) alive after this returns.
        return glyph(for: codepoint, pixelSize: pixelSize).map(GlyphPlacement.init)
    }

    /// Puts an ASCII glyph in the fast table, giving a new pixel size the oldest slot (emptied first).
    private mutating func rememberASCII(_ glyph: Glyph, codepoint: Int, pixelSize: Int) {
        if asciiSizes.isEmpty {
            asciiSizes = Array(repeating: 0, count: FontState.asciiSizeCount)
            asciiGlyphs = Array(repeating: nil, count: FontState.asciiSizeCount * 128)
            asciiPlacements = Array(repeating: nil, count: FontState.asciiSizeCount * 128)
        }
        let slot: Int
        if let existing = asciiSizes.firstIndex(of: pixelSize) {
            slot = existing
        } else {
            slot = nextASCIISlot
            nextASCIISlot = (nextASCIISlot + 1) % FontState.asciiSizeCount
            asciiSizes[slot] = pixelSize
            for index in slot * 128..<(slot + 1) * 128 {
                asciiGlyphs[index] = nil
                asciiPlacements[index] = nil
            }
        }
        asciiGlyphs[slot * 128 + codepoint] = glyph
        asciiPlacements[slot * 128 + codepoint] = GlyphPlacement(glyph)
    }

    /// The glyph from the dictionary cache, rendered by FreeType on a miss.
    private mutating func dictionaryGlyph(for codepoint: UInt32, pixelSize: Int) -> Glyph? {
        let key = UInt64(pixelSize) << 32 | UInt64(codepoint)
        if let cached = glyphs[key] { return cached }
        guard let face else { return nil }
        if facePixelSize != pixelSize {
            guard FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixelSize)) == 0 else { return nil }
            facePixelSize = pixelSize
        }
        let flags = FT_Int32(FT_LOAD_RENDER | FT_LOAD_NO_BITMAP)
        guard FT_Load_Char(face, FT_ULong(codepoint), flags) == 0, let slot = face.pointee.glyph else { return nil }
        if glyphs.count >= FontState.maximumCachedGlyphs { glyphs.removeAll(keepingCapacity: true) }
        let glyph = Glyph(slot: slot)
        glyphs[key] = glyph
        return glyph
    }
}
