import CPixman
import CText

/// One rasterized glyph: an 8-bit coverage mask (pixman `a8`) and its place relative to the pen; under the font
/// lock only.
final class Glyph {
    /// Mask width, in pixels (0 for blank glyphs such as the space).
    let width: Int
    /// Mask height, in pixels.
    let height: Int
    /// From the pen position to the mask's left edge, in pixels.
    let left: Int
    /// From the baseline up to the mask's top edge, in pixels (y grows down, so the mask starts at baseline - top).
    let top: Int
    /// The coverage mask; nil for blank glyphs.
    let image: OpaquePointer?
    private let bits: UnsafeMutableRawPointer?
    /// The glyph's entry in `GlyphCache`; nil for blank glyphs and when the cache is full.
    private(set) var cacheEntry: UnsafeRawPointer?

    /// Copies the glyph FreeType just rendered into `slot`; bitmaps other than 8-bit gray become blank.
    init(slot: FT_GlyphSlot) {
        let bitmap = slot.pointee.bitmap
        left = Int(slot.pointee.bitmap_left)
        top = Int(slot.pointee.bitmap_top)
        let w = Int(bitmap.width)
        let h = Int(bitmap.rows)
        guard w > 0, h > 0, w <= 1 << 14, h <= 1 << 14, let source = bitmap.buffer,
            bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue)
        else {
            width = 0
            height = 0
            image = nil
            bits = nil
            return
        }
        // pixman wants rows padded to a multiple of 4 bytes; FreeType's pitch may be anything (even negative).
        let stride = (w + 3) & ~3
        let storage = UnsafeMutableRawPointer.allocate(byteCount: stride * h, alignment: 16)
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: stride * h)
        let pitch = Int(bitmap.pitch)
        for row in 0..<h {
            (storage + row * stride).copyMemory(from: source + row * pitch, byteCount: w)
        }
        let created = pixman_image_create_bits(
            PIXMAN_a8, Int32(w), Int32(h),
            storage.assumingMemoryBound(to: UInt32.self), Int32(stride))
        if created == nil { storage.deallocate() }
        width = created == nil ? 0 : w
        height = created == nil ? 0 : h
        image = created
        bits = created == nil ? nil : storage
        if let created {
            cacheEntry = GlyphCache.insert(created, key: Unmanaged.passUnretained(self).toOpaque())
        }
    }

    deinit {
        // The key is this object's address: gone from the cache before the address can be reused.
        if cacheEntry != nil { GlyphCache.remove(key: Unmanaged.passUnretained(self).toOpaque()) }
        if let image { pixman_image_unref(image) }
        bits?.deallocate()
    }
}
