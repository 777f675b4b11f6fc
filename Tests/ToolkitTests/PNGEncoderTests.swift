import CPNG
import Testing

@testable import ToolkitCore

#if canImport(Glibc)
    import Glibc
#endif

/// The PNG encoder: the header it declares, and pixels read back through libpng's own decoder.
@Suite struct PNGEncoderTests {
    struct DecodeError: Error, CustomStringConvertible {
        var description: String
    }

    static func bigEndian(_ b: ArraySlice<UInt8>) -> UInt32 {
        b.reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// Decodes `file` with libpng (png_image_begin_read_from_memory / png_image_finish_read) into straight RGBA
    /// rows; libpng checks the chunk CRCs and the zlib stream on the way.
    static func decodeRGBA(_ file: [UInt8]) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        var header = png_image()
        header.version = png_uint_32(PNG_IMAGE_VERSION)
        let begun = file.withUnsafeBytes { png_image_begin_read_from_memory(&header, $0.baseAddress, $0.count) }
        guard begun != 0 else { throw DecodeError(description: "begin_read: \(message(header))") }
        header.format = toolkit_png_format_rgba
        let width = Int(header.width)
        let height = Int(header.height)
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        let finished = rgba.withUnsafeMutableBytes {
            png_image_finish_read(&header, nil, $0.baseAddress, png_int_32(width * 4), nil)
        }
        guard finished != 0 else { throw DecodeError(description: "finish_read: \(message(header))") }
        return (width, height, rgba)
    }

    static func message(_ header: png_image) -> String {
        withUnsafeBytes(of: header.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    @Test func headerDeclaresEightBitRGBA() {
        let file = PNGEncoder.encode(Image(width: 3, height: 2, fill: 0xFF10_2030))
        #expect(Array(file[0..<8]) == PNGEncoder.signature)
        // The first chunk is IHDR: 13 bytes of width, height, bit depth 8, color type 6 (RGBA), deflate,
        // adaptive filtering, no interlace.
        #expect(Self.bigEndian(file[8..<12]) == 13)
        #expect(String(decoding: file[12..<16], as: UTF8.self) == "IHDR")
        #expect(Array(file[16..<29]) == [0, 0, 0, 3, 0, 0, 0, 2, 8, 6, 0, 0, 0])
        // The file ends with an empty IEND chunk (length 0, type, CRC 0xAE426082).
        #expect(Array(file.suffix(12)) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
    }

    @Test func pixelsRoundTripUnpremultiplied() throws {
        var image = Image(width: 3, height: 2)
        image.setPixel(x: 0, y: 0, 0xFFFF_0000)
        image.setPixel(x: 1, y: 0, 0x8040_2000)  // 50% alpha, straight (0x80, 0x40, 0x00)
        image.setPixel(x: 2, y: 0, 0x0000_0000)
        image.setPixel(x: 0, y: 1, 0xFF01_0203)
        image.setPixel(x: 1, y: 1, 0x1010_1010)  // straight white at alpha 16
        image.setPixel(x: 2, y: 1, 0x10FF_FFFF)  // malformed (channels above alpha): clamped, no trap
        let decoded = try Self.decodeRGBA(PNGEncoder.encode(image))
        #expect(decoded.width == 3 && decoded.height == 2)
        #expect(
            decoded.rgba == [
                255, 0, 0, 255, 0x80, 0x40, 0, 0x80, 0, 0, 0, 0,
                1, 2, 3, 255, 255, 255, 255, 16, 255, 255, 255, 16
            ])
    }

    @Test func renderedScreensCompressAndDecodeExactly() throws {
        // A rendered screen: large flat areas, antialiased edges and text.
        let image = RenderingTestSupport.render(width: 200, height: 120) { canvas in
            canvas.clear(color: .white)
            canvas.fillRoundedRect(Rect(x: 10, y: 10, width: 120, height: 60), radius: 12, color: .accent)
            canvas.drawText("Compressed", at: Point(x: 20, y: 80), size: 18, color: .black)
        }
        let file = PNGEncoder.encode(image)
        #expect(file.count < 200 * 120 * 4 / 10)
        let decoded = try Self.decodeRGBA(file)
        // Opaque everywhere: every pixel comes back exactly.
        for y in 0..<120 {
            for x in 0..<200 {
                let p = image.pixel(x: x, y: y)
                let i = (y * 200 + x) * 4
                #expect(decoded.rgba[i..<i + 4] == [UInt8(p >> 16 & 0xFF), UInt8(p >> 8 & 0xFF), UInt8(p & 0xFF), 255])
            }
        }
    }

    @Test func noiseDecodesExactly() throws {
        // Noise-like rows (little to compress) followed by exact repeats of them.
        var image = Image(width: 300, height: 40)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15  // fixed seed
        for y in 0..<20 {
            for x in 0..<300 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                image.setPixel(x: x, y: y, 0xFF00_0000 | UInt32(truncatingIfNeeded: state >> 40))
            }
        }
        for y in 20..<40 { for x in 0..<300 { image.setPixel(x: x, y: y, image.pixel(x: x, y: y - 20)) } }
        let decoded = try Self.decodeRGBA(PNGEncoder.encode(image))
        var wrong = 0
        for y in 0..<40 {
            for x in 0..<300 {
                let p = image.pixel(x: x, y: y)
                let i = (y * 300 + x) * 4
                if decoded.rgba[i..<i + 3] != [UInt8(p >> 16 & 0xFF), UInt8(p >> 8 & 0xFF), UInt8(p & 0xFF)] {
                    wrong += 1
                }
            }
        }
        #expect(wrong == 0)
    }

    @Test func emptyImageEncodesOneTransparentPixel() throws {
        let decoded = try Self.decodeRGBA(PNGEncoder.encode(Image(width: 0, height: 7)))
        #expect(decoded.width == 1 && decoded.height == 1 && decoded.rgba == [0, 0, 0, 0])
    }

    @Test func writeCreatesTheFileAndReportsFailures() throws {
        let path = "/tmp/toolkit-png-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).png"
        defer { unlink(path) }
        let image = Image(width: 2, height: 2, fill: 0xFF00_FF00)
        try PNGEncoder.write(image, to: path)
        let file = try #require(fopen(path, "rb"), "file not created")
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = fread(&bytes, 1, bytes.count, file)
        fclose(file)
        #expect(Array(bytes[0..<count]) == PNGEncoder.encode(image))
        #expect(
            try Self.decodeRGBA(Array(bytes[0..<count])).rgba
                == Array([[UInt8]](repeating: [0, 255, 0, 255], count: 4).joined()))
        let error = #expect(throws: PNGWriteError.self) { try PNGEncoder.write(image, to: "/nonexistent-dir/x.png") }
        #expect(error?.code == ENOENT)
    }
}
