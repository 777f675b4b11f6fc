// PNG through libpng's simplified write API: 8-bit straight RGBA, c = round(c' * 255 / a), transparent pixels 0.

import CPNG

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Writes `Image`s as PNG files through libpng: screenshots and test artifacts.
public enum PNGEncoder {
    /// The 8-byte signature that starts every PNG file.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The PNG file for `image`, as bytes (an empty image encodes as one transparent pixel); empty only if libpng
    /// fails.
    public static func encode(_ image: Image) -> [UInt8] {
        let source = image.width > 0 && image.height > 0 ? image : Image(width: 1, height: 1)
        var rgba = [UInt8](repeating: 0, count: source.pixels.count * 4)
        for (index, p) in source.pixels.enumerated() {
            let a = p >> 24
            rgba[index * 4] = straight(p >> 16, alpha: a)
            rgba[index * 4 + 1] = straight(p >> 8, alpha: a)
            rgba[index * 4 + 2] = straight(p, alpha: a)
            rgba[index * 4 + 3] = UInt8(a)
        }
        // Room for the data stored uncompressed plus framing; libpng says how much it needs otherwise.
        var capacity = rgba.count + source.height + 1024
        for _ in 0..<2 {
            var file = [UInt8](repeating: 0, count: capacity)
            var size = png_alloc_size_t(capacity)
            var header = pngImage(width: source.width, height: source.height)
            let written = file.withUnsafeMutableBytes { out in
                rgba.withUnsafeBytes { pixels in
                    png_image_write_to_memory(
                        &header, out.baseAddress, &size, 0, pixels.baseAddress,
                        png_int_32(source.width * 4), nil)
                }
            }
            if written != 0 {
                file.removeSubrange(Int(size)...)
                return file
            }
            // Unchanged size: a real failure; a larger one: the buffer was too small.
            guard Int(size) > capacity else { return [] }
            capacity = Int(size)
        }
        return []
    }

    /// Writes `image` as a PNG file at `path` (replacing any file there).
    /// - Throws: `PNGWriteError` (code 0: cannot encode; else the C `errno` of creating or writing the file).
    public static func write(_ image: Image, to path: String) throws {
        let bytes = encode(image)
        guard !bytes.isEmpty else { throw PNGWriteError(path: path, code: 0) }
        guard let file = fopen(path, "wb") else { throw PNGWriteError(path: path, code: errno) }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let writeErrno = errno
        let closed = fclose(file)
        guard written == bytes.count else { throw PNGWriteError(path: path, code: writeErrno) }
        guard closed == 0 else { throw PNGWriteError(path: path, code: errno) }
    }

    /// A libpng image header for 8-bit straight RGBA of the given size (sRGB, as libpng assumes for 8-bit data).
    static func pngImage(width: Int, height: Int) -> png_image {
        var header = png_image()
        header.version = png_uint_32(PNG_IMAGE_VERSION)
        header.width = png_uint_32(width)
        header.height = png_uint_32(height)
        header.format = toolkit_png_format_rgba
        return header
    }

    /// One channel of a premultiplied pixel (low 8 bits of `channel`) divided back by `alpha`, rounded.
    static func straight(_ channel: UInt32, alpha: UInt32) -> UInt8 {
        guard alpha > 0 else { return 0 }
        let c = min(channel & 0xFF, alpha)  // premultiplied channels never exceed alpha; clamp malformed ones
        return UInt8((c * 255 + alpha / 2) / alpha)
    }
}
