/// A minimal DEFLATE decoder for tests: stored and fixed-Huffman blocks only (what `Deflate` writes), written from
/// RFC 1951 independently of the encoder so that a shared misunderstanding is less likely to pass unnoticed.
struct TestInflate {
    enum Failure: Error { case truncated, unsupportedBlock(Int), badSymbol(Int), badDistance }

    private let input: [UInt8]
    private var bytePosition = 0
    private var bitPosition = 0

    init(_ input: [UInt8]) { self.input = input }

    private mutating func bit() throws -> Int {
        guard bytePosition < input.count else { throw Failure.truncated }
        let b = Int(input[bytePosition] >> UInt8(bitPosition)) & 1
        bitPosition += 1
        if bitPosition == 8 { bitPosition = 0; bytePosition += 1 }
        return b
    }

    /// `n` bits, least significant first.
    private mutating func bits(_ n: Int) throws -> Int {
        var v = 0
        for i in 0..<n { v |= try bit() << i }
        return v
    }

    /// One fixed-Huffman literal/length symbol: codes are read most significant bit first.
    private mutating func fixedSymbol() throws -> Int {
        var code = 0
        for length in 1...9 {
            code = code << 1 | (try bit())
            switch length {
            case 7 where code <= 0b001_0111: return 256 + code
            case 8 where code >= 0x30 && code <= 0xBF: return code - 0x30
            case 8 where code >= 0xC0 && code <= 0xC7: return 280 + code - 0xC0
            case 9 where code >= 0x190: return 144 + code - 0x190
            default: continue
            }
        }
        throw Failure.badSymbol(code)
    }

    /// Decodes the whole stream.
    static func inflate(_ data: [UInt8]) throws -> [UInt8] {
        var s = TestInflate(data)
        var out: [UInt8] = []
        let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
                          131, 163, 195, 227, 258]
        let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025,
                            1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
        var final = 0
        repeat {
            final = try s.bits(1)
            let type = try s.bits(2)
            switch type {
            case 0:
                if s.bitPosition != 0 { s.bitPosition = 0; s.bytePosition += 1 }
                let len = try s.bits(16), nlen = try s.bits(16)
                guard len == ~nlen & 0xFFFF else { throw Failure.truncated }
                for _ in 0..<len { out.append(UInt8(try s.bits(8))) }
            case 1:
                while true {
                    let symbol = try s.fixedSymbol()
                    if symbol < 256 { out.append(UInt8(symbol)); continue }
                    if symbol == 256 { break }
                    let li = symbol - 257
                    guard li < 29 else { throw Failure.badSymbol(symbol) }
                    let extra = li < 8 || li == 28 ? 0 : (li - 4) / 4
                    let length = lengthBase[li] + (try s.bits(extra))
                    var di = 0
                    for _ in 0..<5 { di = di << 1 | (try s.bit()) }
                    guard di < 30 else { throw Failure.badDistance }
                    let dextra = di < 2 ? 0 : di / 2 - 1
                    let distance = distanceBase[di] + (try s.bits(dextra))
                    guard distance <= out.count else { throw Failure.badDistance }
                    for _ in 0..<length { out.append(out[out.count - distance]) }
                }
            default:
                throw Failure.unsupportedBlock(type)
            }
        } while final == 0
        return out
    }
}
