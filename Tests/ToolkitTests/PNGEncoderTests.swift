import Testing
@testable import ToolkitCore
#if canImport(Glibc)
import Glibc
#endif

/// The PNG encoder: structure, chunk CRCs, zlib framing, and round-tripped pixels.
@Suite struct PNGEncoderTests {
    struct Chunk {
        var type: String
        var data: [UInt8]
        var crc: UInt32
    }

    static func bigEndian(_ b: ArraySlice<UInt8>) -> UInt32 {
        b.reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// Bitwise CRC-32, independent of the encoder's table.
    static func crc(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            c ^= UInt32(byte)
            for _ in 0..<8 { c = (c >> 1) ^ (c & 1 == 1 ? 0xEDB8_8320 : 0) }
        }
        return ~c
    }

    static func chunks(_ file: [UInt8]) -> [Chunk] {
        var out: [Chunk] = []
        var i = 8
        while i + 12 <= file.count {
            let length = Int(bigEndian(file[i..<i + 4]))
            let type = String(decoding: file[i + 4..<i + 8], as: UTF8.self)
            let data = Array(file[i + 8..<i + 8 + length])
            out.append(Chunk(type: type, data: data, crc: bigEndian(file[i + 8 + length..<i + 12 + length])))
            i += 12 + length
        }
        return out
    }

    /// Decodes what the encoder writes back to straight RGBA rows (filter 0 only).
    static func decodeRGBA(_ file: [UInt8]) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        let list = chunks(file)
        let header = list[0].data
        let width = Int(bigEndian(header[0..<4])), height = Int(bigEndian(header[4..<8]))
        let zlib = list.filter { $0.type == "IDAT" }.flatMap(\.data)
        #expect((Int(zlib[0]) << 8 | Int(zlib[1])) % 31 == 0)   // zlib header check bits
        #expect(zlib[0] & 0x0F == 8)   // method: deflate
        let raw = try TestInflate.inflate(Array(zlib[2..<zlib.count - 4]))
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        #expect(bigEndian(zlib[zlib.count - 4..<zlib.count]) == b << 16 | a)
        #expect(raw.count == height * (width * 4 + 1))
        var rgba: [UInt8] = []
        for y in 0..<height {
            let row = y * (width * 4 + 1)
            #expect(raw[row] == 0)
            rgba += raw[row + 1..<row + 1 + width * 4]
        }
        return (width, height, rgba)
    }

    @Test func structureAndChunkCRCs() {
        let file = PNGEncoder.encode(Image(width: 3, height: 2, fill: 0xFF10_2030))
        #expect(Array(file[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let list = Self.chunks(file)
        #expect(list.map(\.type) == ["IHDR", "IDAT", "IEND"])
        for chunk in list { #expect(chunk.crc == Self.crc(Array(chunk.type.utf8) + chunk.data), "\(chunk.type)") }
        #expect(list[0].data == [0, 0, 0, 3, 0, 0, 0, 2, 8, 6, 0, 0, 0])
        #expect(list[2].data.isEmpty)
        // Nothing trails the IEND chunk.
        #expect(list.reduce(8) { $0 + 12 + $1.data.count } == file.count)
    }

    @Test func pixelsRoundTripUnpremultiplied() throws {
        var image = Image(width: 3, height: 2)
        image.setPixel(x: 0, y: 0, 0xFFFF_0000)
        image.setPixel(x: 1, y: 0, 0x8040_2000)   // 50% alpha, straight (0x80, 0x40, 0x00)
        image.setPixel(x: 2, y: 0, 0x0000_0000)
        image.setPixel(x: 0, y: 1, 0xFF01_0203)
        image.setPixel(x: 1, y: 1, 0x1010_1010)   // straight white at alpha 16
        image.setPixel(x: 2, y: 1, 0x10FF_FFFF)   // malformed (channels above alpha): clamped, no trap
        let decoded = try Self.decodeRGBA(PNGEncoder.encode(image))
        #expect(decoded.width == 3 && decoded.height == 2)
        #expect(decoded.rgba == [255, 0, 0, 255, 0x80, 0x40, 0, 0x80, 0, 0, 0, 0,
                                 1, 2, 3, 255, 255, 255, 255, 16, 255, 255, 255, 16])
    }

    @Test func repetitiveImagesCompressAndStillDecode() throws {
        // A rendered screen: large flat areas and repeated rows use back-references.
        let image = RenderingTestSupport.render(width: 200, height: 120) { canvas in
            canvas.clear(color: .white)
            canvas.fillRoundedRect(Rect(x: 10, y: 10, width: 120, height: 60), radius: 12, color: .accent)
            canvas.drawText("Compressed", at: Point(x: 20, y: 80), size: 18, color: .black)
        }
        let file = PNGEncoder.encode(image)
        #expect(file.count < 200 * 120 * 4 / 10)
        let decoded = try Self.decodeRGBA(file)
        for y in stride(from: 0, to: 120, by: 7) {
            for x in stride(from: 0, to: 200, by: 5) {
                let p = image.pixel(x: x, y: y), i = (y * 200 + x) * 4
                // Opaque pixels come back exactly.
                #expect(decoded.rgba[i..<i + 4] == [UInt8(p >> 16 & 0xFF), UInt8(p >> 8 & 0xFF), UInt8(p & 0xFF), 255])
            }
        }
    }

    @Test func longMatchesAndFarDistancesDecode() throws {
        // Noise-like rows (few matches) followed by exact repeats far back exercise every length/distance range.
        var image = Image(width: 300, height: 40)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15   // fixed seed
        for y in 0..<20 {
            for x in 0..<300 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                image.setPixel(x: x, y: y, 0xFF00_0000 | UInt32(truncatingIfNeeded: state >> 40))
            }
        }
        for y in 20..<40 { for x in 0..<300 { image.setPixel(x: x, y: y, image.pixel(x: x, y: y - 20)) } }
        let decoded = try Self.decodeRGBA(PNGEncoder.encode(image))
        for y in [0, 19, 20, 39] {
            for x in [0, 150, 299] {
                let p = image.pixel(x: x, y: y), i = (y * 300 + x) * 4
                #expect(decoded.rgba[i..<i + 3] == [UInt8(p >> 16 & 0xFF), UInt8(p >> 8 & 0xFF), UInt8(p & 0xFF)])
            }
        }
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
        guard let file = fopen(path, "rb") else {
            Issue.record("file not created")
            return
        }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = fread(&bytes, 1, bytes.count, file)
        fclose(file)
        #expect(Array(bytes[0..<count]) == PNGEncoder.encode(image))
        #expect(throws: PNGWriteError.self) { try PNGEncoder.write(image, to: "/nonexistent-dir/x.png") }
    }
}
