// Checksums used by PNG files.
//
// CRC-32 (ISO 3309, the one in PNG chunks and zip): the reflected polynomial 0xEDB88320, register preset to all ones
// and inverted at the end; table-driven one byte at a time, the table holding the CRC of every byte value.
// Adler-32 (RFC 1950, the zlib trailer): two sums modulo 65521 (the largest prime below 2^16), a = 1 + sum of bytes,
// b = sum of the successive a values, result b << 16 | a. Reducing every 5552 bytes is the most that provably keeps
// b below 2^32 (the bound zlib documents), so the inner loop needs no modulo.

/// CRC-32 and Adler-32, for the PNG encoder.
enum Checksum {
    /// CRC of each byte value, computed once.
    static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// Continues a CRC-32 over `bytes`; start from 0.
    static func crc32<C: Collection>(_ bytes: C, continuing crc: UInt32 = 0) -> UInt32 where C.Element == UInt8 {
        var c = ~crc
        for byte in bytes { c = crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return ~c
    }

    /// Adler-32 of `bytes`.
    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        let modulus: UInt32 = 65521
        var a: UInt32 = 1, b: UInt32 = 0
        var index = 0
        while index < bytes.count {
            let end = min(index + 5552, bytes.count)
            while index < end {
                a &+= UInt32(bytes[index])
                b &+= a
                index += 1
            }
            a %= modulus
            b %= modulus
        }
        return b << 16 | a
    }
}
