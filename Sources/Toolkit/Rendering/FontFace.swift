import CText

/// The FreeType library handle, freed after the last face opened through it.
final class FontLibrary {
    let handle: FT_Library

    init?() {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return nil }
        handle = library
    }

    deinit { FT_Done_FreeType(handle) }
}

/// One face of a font file: FreeType's handle and HarfBuzz's font over it, at one pixel size at a time; touched
/// only under the font lock.
final class FontFace {
    let face: FT_Face
    /// HarfBuzz's `hb_font_t` through hb-ft.
    let font: OpaquePointer
    /// The font file.
    let path: String
    /// A number unique among the faces of one `FontState`: part of the glyph cache key.
    let id: Int
    private let library: FontLibrary
    private var pixelSize = 0

    /// Opens face `index` of the file at `path`; nil when FreeType or HarfBuzz cannot.
    init?(library: FontLibrary, path: String, index: Int, id: Int) {
        var opened: FT_Face?
        guard FT_New_Face(library.handle, path, FT_Long(index), &opened) == 0, let opened else { return nil }
        // hb-ft takes its own reference to the face; ours is dropped in deinit.
        guard let font = hb_ft_font_create_referenced(opened) else {
            FT_Done_Face(opened)
            return nil
        }
        // Hinted advances (hb-ft defaults to unhinted): the pen moves by the whole pixels the hinted masks were drawn for.
        hb_ft_font_set_load_flags(font, toolkit_ft_load_default)
        self.face = opened
        self.font = font
        self.path = path
        self.id = id
        self.library = library
    }

    deinit {
        hb_font_destroy(font)
        FT_Done_Face(face)
    }

    /// Sets the size FreeType renders and HarfBuzz shapes at; false when the face refuses it.
    func setPixelSize(_ size: Int) -> Bool {
        if size == pixelSize { return true }
        guard FT_Set_Pixel_Sizes(face, 0, FT_UInt(size)) == 0 else { return false }
        hb_ft_font_changed(font)
        pixelSize = size
        return true
    }

    /// True when the face maps `codepoint` to a glyph of its own.
    func covers(_ codepoint: UInt32) -> Bool {
        FT_Get_Char_Index(face, FT_ULong(codepoint)) != 0
    }

    /// Ascent and descent (both positive, whole pixels, rounded up) of the face's design at `pixelSize`.
    func lineMetrics(pixelSize: Int) -> (ascent: Int, descent: Int) {
        let unitsPerEm = max(Double(face.pointee.units_per_EM), 1)
        let ratio = Double(pixelSize) / unitsPerEm
        let ascent = (Double(face.pointee.ascender) * ratio).rounded(.up)
        let descent = (-Double(face.pointee.descender) * ratio).rounded(.up)
        return (Int(max(ascent, 0)), Int(max(descent, 0)))
    }

    /// The mask of glyph `index` at `pixelSize`; nil when FreeType fails on it.
    func renderGlyph(_ index: UInt32, pixelSize: Int) -> Glyph? {
        guard setPixelSize(pixelSize),
            FT_Load_Glyph(face, FT_UInt(index), FT_Int32(toolkit_ft_load_render_no_bitmap)) == 0,
            let slot = face.pointee.glyph
        else { return nil }
        return Glyph(slot: slot)
    }
}

/// The faces fontconfig lists for one `Typeface`, best first, each only where it covers what earlier ones lack;
/// opened on first use.
final class FontChain {
    private let set: UnsafeMutablePointer<FcFontSet>
    /// Opened faces by position in the list (nil: not opened yet, or unusable).
    var faces: [FontFace?]
    /// Positions already tried and found unusable.
    var unusable: [Bool]

    /// The list fontconfig sorts for `typeface`; nil when no face is installed at all.
    init?(typeface: Typeface) {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        typeface.family.withCString { name in
            _ = name.withMemoryRebound(to: FcChar8.self, capacity: typeface.family.utf8.count + 1) {
                FcPatternAddString(pattern, FC_FAMILY, $0)
            }
        }
        FcPatternAddInteger(pattern, FC_WEIGHT, FcWeightFromOpenType(Int32(typeface.weight.value)))
        FcPatternAddBool(pattern, FC_SCALABLE, FcBool(FcTrue))
        if let language = typeface.language, let languages = FcLangSetCreate() {
            language.withCString { tag in
                _ = tag.withMemoryRebound(to: FcChar8.self, capacity: language.utf8.count + 1) {
                    FcLangSetAdd(languages, $0)
                }
            }
            FcPatternAddLangSet(pattern, FC_LANG, languages)
            FcLangSetDestroy(languages)
        }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultMatch
        guard let sorted = FcFontSort(nil, pattern, FcBool(FcTrue), nil, &result) else { return nil }
        guard sorted.pointee.nfont > 0 else {
            FcFontSetDestroy(sorted)
            return nil
        }
        set = sorted
        faces = Array(repeating: nil, count: Int(sorted.pointee.nfont))
        unusable = Array(repeating: false, count: Int(sorted.pointee.nfont))
    }

    deinit { FcFontSetDestroy(set) }

    var count: Int { faces.count }

    /// The file and face index of entry `position`, or nil when fontconfig gives no file.
    func file(at position: Int) -> (path: String, index: Int)? {
        guard let pattern = set.pointee.fonts[position] else { return nil }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(pattern, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        let path = file.withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) }
        return (path, Int(index))
    }

    /// True when fontconfig says entry `position` has a glyph for `codepoint`.
    func covers(_ codepoint: UInt32, at position: Int) -> Bool {
        guard let pattern = set.pointee.fonts[position] else { return false }
        var charset: OpaquePointer?
        guard FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) == FcResultMatch, let charset else {
            return false
        }
        return FcCharSetHasChar(charset, codepoint) != 0
    }
}
