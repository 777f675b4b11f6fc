// PNG writer (ISO/IEC 15948): signature, IHDR, one IDAT, IEND.
//
// Pixels become 8-bit RGBA with straight alpha (color type 6): premultiplied channels are divided back by alpha,
// c = round(c' * 255 / a), and fully transparent pixels become 0,0,0,0. Each row is preceded by filter byte 0 (none);
// the rows go through zlib framing (RFC 1950: header 0x78 0x01, raw DEFLATE from `Deflate`, Adler-32 big-endian).
// Every chunk is length (big-endian), type, data, CRC-32 over type and data.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Writes `Image`s as PNG files, with no library beyond the C runtime: screenshots and test artifacts.
public enum PNGEncoder {
    /// The 8-byte signature that starts every PNG file.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The PNG file for `image`, as bytes. An image with no pixels (PNG has no empty images) encodes as one
    /// transparent pixel.
    public static func encode(_ image: Image) -> [UInt8] {
        let source = image.width > 0 && image.height > 0 ? image : Image(width: 1, height: 1)
        let width = source.width, height = source.height
        var raw = [UInt8]()
        raw.reserveCapacity(height * (width * 4 + 1))
        for y in 0..<height {
            raw.append(0)   // filter: none
            for x in 0..<width {
                let p = source.pixels[y * width + x]
                let a = p >> 24
                raw.append(straight(p >> 16, alpha: a))
                raw.append(straight(p >> 8, alpha: a))
                raw.append(straight(p, alpha: a))
                raw.append(UInt8(a))
            }
        }
        var zlib: [UInt8] = [0x78, 0x01]
        zlib += Deflate.compress(raw)
        appendBigEndian(Checksum.adler32(raw), to: &zlib)

        var header = [UInt8]()
        appendBigEndian(UInt32(width), to: &header)
        appendBigEndian(UInt32(height), to: &header)
        header += [8, 6, 0, 0, 0]   // bit depth 8, RGBA, deflate, adaptive filtering, no interlace

        var file = signature
        appendChunk("IHDR", header, to: &file)
        appendChunk("IDAT", zlib, to: &file)
        appendChunk("IEND", [], to: &file)
        return file
    }

    /// Writes `image` as a PNG file at `path` (replacing any file there).
    /// - Throws: `PNGWriteError` when the file cannot be created or fully written.
    public static func write(_ image: Image, to path: String) throws {
        let bytes = encode(image)
        guard let file = fopen(path, "wb") else { throw PNGWriteError(path: path, code: errno) }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let writeErrno = errno
        let closed = fclose(file)
        guard written == bytes.count else { throw PNGWriteError(path: path, code: writeErrno) }
        guard closed == 0 else { throw PNGWriteError(path: path, code: errno) }
    }

    /// One channel of a premultiplied pixel (low 8 bits of `channel`) divided back by `alpha`, rounded.
    static func straight(_ channel: UInt32, alpha: UInt32) -> UInt8 {
        guard alpha > 0 else { return 0 }
        let c = min(channel & 0xFF, alpha)   // premultiplied channels never exceed alpha; clamp malformed ones
        return UInt8((c * 255 + alpha / 2) / alpha)
    }

    static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        appendBigEndian(UInt32(data.count), to: &file)
        file += typeBytes
        file += data
        appendBigEndian(Checksum.crc32(data, continuing: Checksum.crc32(typeBytes)), to: &file)
    }
}
