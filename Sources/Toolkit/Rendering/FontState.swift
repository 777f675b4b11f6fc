import CPixman
import CText

/// The process-wide text state: face lists, opened faces, glyph cache and shaped lines. FreeType, HarfBuzz and
/// fontconfig are not thread-safe together, so it is reached only under `Font.store`'s lock. It loads lazily
/// once (no retry on failure), and shaped lines live in storage reserved then: shaping allocates nothing once
/// its glyphs are rendered, drawing a cached line never does.
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
    /// The glyphs of every cached line, each line a range (`ShapedLine.range`).
    private(set) var placements: [GlyphPlacement] = []
    /// The glyph behind each of `placements`, keeping its mask alive whatever the glyph cache drops.
    var placedGlyphs: [Glyph] = []
    /// Each of `placements` as pixman's glyph, for drawing a line in one call (nil where a glyph has no entry).
    private(set) var batch: [pixman_glyph_t] = []
    /// Cached lines kept as finished pixels over solid backgrounds, by `ShapedLine.serial`.
    let rasters = LineRasters()
    /// How many lines were shaped (cache misses).
    private(set) var shapedLineCount = 0
    /// HarfBuzz's buffer, reused for every run, destroyed with the last copy of this state.
    private var shapingBuffer: ShapingBuffer?
    /// HarfBuzz's `hb_buffer_t`, once loaded.
    var buffer: OpaquePointer? { shapingBuffer?.handle }
    /// Shaping's scratch arrays, kept between lines (see `TextShaping`).
    var scratchScalars: [UInt32] = []
    var scratchScripts: [hb_script_t] = []
    var scratchRuns: [ShapingRun] = []

    /// More cached glyphs than this empties the glyph cache, keeping memory flat across many sizes; lines keep
    /// theirs.
    static let maximumCachedGlyphs = 2048
    /// More cached lines than this empties the line cache.
    static let maximumCachedLines = 1024
    /// Placements reserved for the cached lines (about 32 glyphs a line); more empties the line cache.
    static let placementCapacity = 32 * 1024

    struct GlyphKey: Hashable {
        var face: Int
        var glyph: UInt32
        var pixelSize: Int
    }

    /// A shaped line's key, compared and hashed by UTF-8 bytes: `String`'s equality normalizes at every lookup.
    /// Texts differing only in normalization are shaped once each, and drawn the same.
    struct LineKey: Hashable {
        var text: String
        var pixelSize: Int
        var typeface: Typeface

        static func == (lhs: LineKey, rhs: LineKey) -> Bool {
            guard lhs.pixelSize == rhs.pixelSize, lhs.text.utf8.count == rhs.text.utf8.count else { return false }
            // Native strings hold their UTF-8 contiguously: one memcmp.
            let same =
                lhs.text.utf8.withContiguousStorageIfAvailable { left in
                    rhs.text.utf8.withContiguousStorageIfAvailable { right in
                        left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
                    }
                } ?? nil
            return (same ?? lhs.text.utf8.elementsEqual(rhs.text.utf8)) && lhs.typeface == rhs.typeface
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(pixelSize)
            hasher.combine(typeface)
            hasher.combine(text.utf8.count)
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    var cachedLineCount: Int { lines.count }

    /// Starts fontconfig and FreeType and finds the standard typeface's face; false when any of that fails.
    mutating func loadIfNeeded() -> Bool {
        if library != nil { return primaryFace(for: .standard) != nil }
        if attempted { return false }
        attempted = true
        guard FcInit() != 0, let library = FontLibrary(), let buffer = ShapingBuffer() else { return false }
        self.library = library
        self.shapingBuffer = buffer
        lines.reserveCapacity(FontState.maximumCachedLines)
        placements.reserveCapacity(FontState.placementCapacity)
        placedGlyphs.reserveCapacity(FontState.placementCapacity)
        batch.reserveCapacity(FontState.placementCapacity)
        scratchScalars.reserveCapacity(256)
        scratchScripts.reserveCapacity(256)
        scratchRuns.reserveCapacity(32)
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

    /// `text` shaped at `pixelSize` in `typeface`, control characters left out; nil when no face is installed.
    /// Valid until the next call.
    mutating func line(for text: String, pixelSize: Int, typeface: Typeface) -> ShapedLine? {
        let key = LineKey(text: text, pixelSize: pixelSize, typeface: typeface)
        if let cached = lines[key] { return cached }
        guard loadIfNeeded(), let chain = chain(for: typeface), let primary = primaryFace(for: typeface) else {
            return nil
        }
        // Full (or about to be, for a line of this length): start over, keeping the storage.
        if lines.count >= FontState.maximumCachedLines
            || placements.count + 2 * text.utf8.count > FontState.placementCapacity
        {
            lines.removeAll(keepingCapacity: true)
            placements.removeAll(keepingCapacity: true)
            placedGlyphs.removeAll(keepingCapacity: true)
            batch.removeAll(keepingCapacity: true)
            rasters.forgetLines()
        }
        var shaped = shape(text, pixelSize: pixelSize, chain: chain, primary: primary, typeface: typeface)
        shaped.serial = rasters.newLine()
        shapedLineCount += 1
        lines[key] = shaped
        return shaped
    }

    /// Appends a glyph of the line being shaped.
    mutating func place(_ placement: GlyphPlacement, glyph: Glyph) {
        placements.append(placement)
        placedGlyphs.append(glyph)
        batch.append(
            pixman_glyph_t(
                x: Int32(clamping: placement.x), y: Int32(clamping: placement.y),
                glyph: glyph.cacheEntry))
    }
}

/// Owns a HarfBuzz buffer, destroyed with the last copy of the `FontState` holding it.
final class ShapingBuffer {
    let handle: OpaquePointer

    /// A new empty buffer; nil when HarfBuzz could not allocate it.
    init?() {
        guard let buffer = hb_buffer_create() else { return nil }
        guard hb_buffer_allocation_successful(buffer) != 0 else {
            hb_buffer_destroy(buffer)
            return nil
        }
        handle = buffer
    }

    deinit { hb_buffer_destroy(handle) }
}
