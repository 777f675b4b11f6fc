import CText

/// The process-wide text state: fontconfig's face lists, the opened faces, the glyph cache and the shaped lines.
///
/// FreeType, HarfBuzz fonts and fontconfig are not thread-safe together, so this lives inside `Font.store` (a
/// `FontStore`) and is only reached under that lock. It is created empty and initializes lazily on first use; if
/// fontconfig or FreeType cannot start, or no face is installed, it stays unloaded and says so through
/// `loadIfNeeded()` and `line(for:pixelSize:typeface:)`, without retrying on every call.
struct FontState {
    private var attempted = false
    private var library: FontLibrary?
    /// Face lists by typeface; nil where fontconfig found nothing.
    private var chains: [Typeface: FontChain?] = [:]
    /// Opened faces by file and face index, shared between typefaces.
    private var faces: [String: FontFace] = [:]
    /// Rendered glyphs by face, glyph id and pixel size.
    private var glyphs: [GlyphKey: Glyph] = [:]
    /// Shaped lines by text, pixel size and typeface.
    private var lines: [LineKey: ShapedLine] = [:]
    /// HarfBuzz's buffer, reused for every run shaped.
    var buffer: OpaquePointer?

    /// More cached glyphs than this (a few alphabets at a few sizes) empties the glyph cache: a crude bound that
    /// keeps memory flat when a program cycles through many sizes. Lines keep the glyphs they use.
    static let maximumCachedGlyphs = 2048
    /// More cached lines than this empties the line cache. A screenful of labels at a few sizes fits many times.
    static let maximumCachedLines = 1024

    struct GlyphKey: Hashable {
        var face: Int
        var glyph: UInt32
        var pixelSize: Int
    }

    struct LineKey: Hashable {
        var text: String
        var pixelSize: Int
        var typeface: Typeface
    }

    /// How many shaped lines are cached (for tests of the bound).
    var cachedLineCount: Int { lines.count }

    /// Starts fontconfig and FreeType and finds the standard typeface's face; false when any of that fails.
    mutating func loadIfNeeded() -> Bool {
        if library != nil { return primaryFace(for: .standard) != nil }
        if attempted { return false }
        attempted = true
        guard FcInit() != 0, let library = FontLibrary(), let buffer = hb_buffer_create(),
              hb_buffer_allocation_successful(buffer) != 0 else { return false }
        self.library = library
        self.buffer = buffer
        return primaryFace(for: .standard) != nil
    }

    /// The font file of the standard typeface's best face, once loaded.
    var path: String? {
        mutating get { loadIfNeeded() ? primaryFace(for: .standard)?.path : nil }
    }

    /// The face list for `typeface`, asked of fontconfig on first use.
    mutating func chain(for typeface: Typeface) -> FontChain? {
        if let known = chains[typeface] { return known }
        guard library != nil else { return nil }
        let made = FontChain(typeface: typeface)
        chains[typeface] = made
        return made
    }

    /// Entry `position` of `chain`, opened on first use; nil when it cannot be opened.
    mutating func face(in chain: FontChain, at position: Int) -> FontFace? {
        if let opened = chain.faces[position] { return opened }
        guard !chain.unusable[position], let library, let file = chain.file(at: position) else { return nil }
        let key = "\(file.index)#\(file.path)"
        if let shared = faces[key] {
            chain.faces[position] = shared
            return shared
        }
        guard let opened = FontFace(library: library, path: file.path, index: file.index, id: faces.count) else {
            chain.unusable[position] = true
            return nil
        }
        faces[key] = opened
        chain.faces[position] = opened
        return opened
    }

    /// The best face fontconfig lists for `typeface` that opens.
    mutating func primaryFace(for typeface: Typeface) -> FontFace? {
        guard let chain = chain(for: typeface) else { return nil }
        for position in 0..<chain.count {
            if let face = face(in: chain, at: position) { return face }
        }
        return nil
    }

    /// The first face of `chain` with a glyph for `codepoint`, or nil when none has one.
    mutating func face(in chain: FontChain, covering codepoint: UInt32) -> FontFace? {
        for position in 0..<chain.count where chain.covers(codepoint, at: position) {
            // fontconfig's coverage comes from its cache; the face itself has the last word.
            if let face = face(in: chain, at: position), face.covers(codepoint) { return face }
        }
        return nil
    }

    /// Glyph `index` of `face` at `pixelSize`, rendered on first use and cached.
    mutating func glyph(_ index: UInt32, of face: FontFace, pixelSize: Int) -> Glyph? {
        let key = GlyphKey(face: face.id, glyph: index, pixelSize: pixelSize)
        if let cached = glyphs[key] { return cached }
        guard let glyph = face.renderGlyph(index, pixelSize: pixelSize) else { return nil }
        if glyphs.count >= FontState.maximumCachedGlyphs { glyphs.removeAll(keepingCapacity: true) }
        glyphs[key] = glyph
        return glyph
    }

    /// `text` shaped at `pixelSize` in `typeface` (control characters left out): from the cache, or shaped and
    /// cached. Nil when no face is installed.
    mutating func line(for text: String, pixelSize: Int, typeface: Typeface) -> ShapedLine? {
        let key = LineKey(text: text, pixelSize: pixelSize, typeface: typeface)
        if let cached = lines[key] { return cached }
        guard loadIfNeeded(), let chain = chain(for: typeface), let shaped = shape(text, pixelSize: pixelSize,
                                                                                  chain: chain, typeface: typeface)
        else { return nil }
        if lines.count >= FontState.maximumCachedLines { lines.removeAll(keepingCapacity: true) }
        lines[key] = shaped
        return shaped
    }
}
