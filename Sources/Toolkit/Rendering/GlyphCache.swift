import CPixman

/// pixman's glyph cache (`pixman_glyph_cache_t`), holding a copy of every live `Glyph`'s mask, so that a line of
/// text is composited with one `pixman_composite_glyphs_no_mask` call instead of one composite per glyph (the
/// per-call set-up was most of the cost of text: about 0.13 us a glyph, 55 glyphs a list row).
///
/// Entries follow the lifetime of the `Glyph` objects exactly: a glyph inserts its mask when it is rendered and
/// removes it in `deinit`, keyed by its own address. The cache stays frozen for good, so pixman never evicts an
/// entry on its own (it would on thawing past 16,384 glyphs, leaving the lines that point at them dangling); the
/// bound on glyphs is `FontState`'s. When pixman's table is full (32,768 live glyphs) an insert answers nil and
/// that glyph is drawn on its own. Only reached under the font lock, as `Glyph` is.
enum GlyphCache {
    /// The cache, created and frozen on first use; nil when pixman could not allocate it.
    nonisolated(unsafe) private static let cache: OpaquePointer? = {
        guard let created = pixman_glyph_cache_create() else { return nil }
        pixman_glyph_cache_freeze(created)
        return created
    }()

    /// The cache for `pixman_composite_glyphs_no_mask`.
    static var handle: OpaquePointer? { cache }

    /// Copies `image` (an a8 mask) into the cache under `key`, with its origin at its top-left corner; returns the
    /// entry for `pixman_glyph_t.glyph`, or nil when the cache is missing or full.
    static func insert(_ image: OpaquePointer, key: UnsafeMutableRawPointer) -> UnsafeRawPointer? {
        guard let cache else { return nil }
        return pixman_glyph_cache_insert(cache, nil, key, 0, 0, image)
    }

    /// Drops the entry under `key` (present: inserted by the glyph whose address it is).
    static func remove(key: UnsafeMutableRawPointer) {
        guard let cache else { return }
        pixman_glyph_cache_remove(cache, nil, key)
    }
}
