import CPixman

/// pixman's glyph cache, holding a copy of every live `Glyph`'s mask so that a line is one composite call.
/// Entries follow the glyphs' lifetimes (inserted when rendered, removed in `deinit`, keyed by address). It stays
/// frozen: thawed, pixman would evict past 16,384 glyphs and leave lines dangling. Full, an insert answers nil and
/// that glyph is drawn alone. Under the font lock only.
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
