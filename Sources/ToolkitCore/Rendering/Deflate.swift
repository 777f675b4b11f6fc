// A small DEFLATE (RFC 1951) compressor: one block with the fixed Huffman codes and greedy LZ77 matching.
//
// Matching: a hash of the next three bytes indexes the most recent position that started with the same hash
// (2^15 slots); if that position is within the 32 KiB window and its bytes really match, the match is extended up
// to 258 bytes and emitted as a length/distance pair, else one literal is emitted. Every position is hashed, also
// inside matches. Screenshots of user interfaces are mostly runs of equal pixels and rows like the row above, which
// distances 4 and one row length catch, so this reaches a useful ratio without dynamic Huffman tables.
//
// Fixed codes (RFC 1951 section 3.2.6): literals 0-143 use 8 bits from 0x30, 144-255 use 9 bits from 0x190,
// symbols 256-279 use 7 bits from 0, 280-287 use 8 bits from 0xC0; distances use 5 bits. Huffman codes are sent
// most significant bit first, everything else least significant bit first, so codes are bit-reversed before going
// into the LSB-first bit buffer.

/// Compresses bytes into a raw DEFLATE stream (no zlib header), for the PNG encoder.
enum Deflate {
    /// Base length of length symbols 257...285.
    static let lengthBase: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83,
                                    99, 115, 131, 163, 195, 227, 258]
    /// Extra bits of length symbols 257...285.
    static let lengthExtra: [Int] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5,
                                     5, 0]
    /// Base distance of distance symbols 0...29.
    static let distanceBase: [Int] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769,
                                      1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    /// Extra bits of distance symbols 0...29.
    static let distanceExtra: [Int] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11,
                                       11, 12, 12, 13, 13]

    static let windowSize = 32768
    static let maximumMatch = 258
    static let minimumMatch = 3

    /// `input` as one final fixed-Huffman DEFLATE block.
    static func compress(_ input: [UInt8]) -> [UInt8] {
        var out = BitWriter(capacity: input.count / 4 + 64)
        out.write(1, bits: 1)   // BFINAL
        out.write(1, bits: 2)   // BTYPE 01: fixed Huffman
        let hashBits = 15
        var head = [Int](repeating: -1, count: 1 << hashBits)
        let count = input.count
        input.withUnsafeBufferPointer { bytes in
            func hash(_ i: Int) -> Int {
                let v = Int(bytes[i]) << 16 | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2])
                return (v &* 2_654_435_761) >> (32 - hashBits) & ((1 << hashBits) - 1)
            }
            var i = 0
            while i < count {
                var matchLength = 0, matchDistance = 0
                if i + minimumMatch <= count {
                    let h = hash(i)
                    let candidate = head[h]
                    head[h] = i
                    if candidate >= 0, i - candidate <= windowSize {
                        let limit = min(maximumMatch, count - i)
                        var n = 0
                        while n < limit, bytes[candidate + n] == bytes[i + n] { n += 1 }
                        if n >= minimumMatch {
                            matchLength = n
                            matchDistance = i - candidate
                        }
                    }
                }
                if matchLength > 0 {
                    writeLength(matchLength, to: &out)
                    writeDistance(matchDistance, to: &out)
                    // Hash the covered positions too, so later data can refer into this run.
                    var j = i + 1
                    while j < i + matchLength, j + minimumMatch <= count {
                        head[hash(j)] = j
                        j += 1
                    }
                    i += matchLength
                } else {
                    writeSymbol(Int(bytes[i]), to: &out)
                    i += 1
                }
            }
        }
        writeSymbol(256, to: &out)   // end of block
        return out.finish()
    }

    /// Writes a literal/length symbol (0...287) with its fixed code.
    static func writeSymbol(_ symbol: Int, to out: inout BitWriter) {
        switch symbol {
        case 0...143: out.writeCode(0x30 + symbol, bits: 8)
        case 144...255: out.writeCode(0x190 + symbol - 144, bits: 9)
        case 256...279: out.writeCode(symbol - 256, bits: 7)
        default: out.writeCode(0xC0 + symbol - 280, bits: 8)
        }
    }

    /// Writes a match length (3...258) as its symbol and extra bits.
    static func writeLength(_ length: Int, to out: inout BitWriter) {
        var index = lengthBase.count - 1
        while lengthBase[index] > length { index -= 1 }
        writeSymbol(257 + index, to: &out)
        out.write(UInt64(length - lengthBase[index]), bits: lengthExtra[index])
    }

    /// Writes a match distance (1...32768) as its 5-bit code and extra bits.
    static func writeDistance(_ distance: Int, to out: inout BitWriter) {
        var index = distanceBase.count - 1
        while distanceBase[index] > distance { index -= 1 }
        out.writeCode(index, bits: 5)
        out.write(UInt64(distance - distanceBase[index]), bits: distanceExtra[index])
    }
}
