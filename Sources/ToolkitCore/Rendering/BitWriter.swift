/// Packs bits least significant first into bytes, as DEFLATE streams are laid out.
///
/// Bits collect in a 64-bit accumulator and leave it a byte at a time; since at most 32 bits go in per call and
/// fewer than 8 stay behind, the accumulator never overflows.
struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var count = 0

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends the low `bits` bits of `value` (at most 32), least significant first.
    mutating func write(_ value: UInt64, bits: Int) {
        guard bits > 0 else { return }
        buffer |= (value & ((1 << UInt64(bits)) - 1)) << UInt64(count)
        count += bits
        while count >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            count -= 8
        }
    }

    /// Appends a Huffman code of `bits` bits, most significant bit first (by reversing it into `write`).
    mutating func writeCode(_ code: Int, bits: Int) {
        var reversed: UInt64 = 0
        for bit in 0..<bits { reversed |= UInt64((code >> bit) & 1) << UInt64(bits - 1 - bit) }
        write(reversed, bits: bits)
    }

    /// Flushes the last partial byte (padded with zero bits) and returns the bytes.
    mutating func finish() -> [UInt8] {
        if count > 0 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer = 0
            count = 0
        }
        return bytes
    }
}
