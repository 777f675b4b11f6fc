/// Reads the fuzzer's bytes as the choices of one run. Past the end every read is 0, so any input, however short,
/// is a complete run (libFuzzer mutates lengths freely).
struct ByteReader: @unchecked Sendable {   // reads memory libFuzzer keeps for the call
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index >= bytes.count }

    mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    mutating func bool() -> Bool { byte() & 1 == 1 }

    /// A whole number in 0..<count.
    mutating func choice(_ count: Int) -> Int { Int(byte()) % max(1, count) }

    /// A value in 0...1 in 256 steps.
    mutating func unit() -> Double { Double(byte()) / 255 }

    /// A coordinate in `range` (mostly), and now and then one of the values section 10 of the behaviour spec
    /// says must be tolerated: NaN, an infinity, or a huge finite number.
    mutating func coordinate(in range: ClosedRange<Double>) -> Double {
        let selector = byte()
        switch selector {
        case 255: return .nan
        case 254: return selector & 1 == 0 ? .infinity : -.infinity
        case 253: return 1e300
        default: return range.lowerBound + (range.upperBound - range.lowerBound) * unit()
        }
    }

    /// A signed delta of up to `magnitude`, with the same rare non-finite values.
    mutating func delta(_ magnitude: Double) -> Double {
        coordinate(in: -magnitude...magnitude)
    }
}
