import CPixman

/// A reusable 8-bit coverage buffer in a pixman `a8` image that only grows: after the largest shape, drawing
/// allocates nothing.
final class CoverageMask {
    /// Row length in bytes; pixman wants a multiple of 4.
    private(set) var stride = 0
    private(set) var capacityWidth = 0
    private(set) var capacityHeight = 0
    private var bits: UnsafeMutableRawPointer?
    /// The `a8` pixman image over `bits`; nil until the first `prepare`.
    private(set) var image: OpaquePointer?

    init() {}

    deinit {
        if let image { pixman_image_unref(image) }
        bits?.deallocate()
    }

    /// Makes room for a `width x height` mask and zeroes it; false when the size cannot be served.
    func prepare(width: Int, height: Int) -> Bool {
        guard width > 0, height > 0, width <= 1 << 14, height <= 1 << 14 else { return false }
        if width > capacityWidth || height > capacityHeight {
            let newWidth = max(width, capacityWidth)
            let newHeight = max(height, capacityHeight)
            let newStride = (newWidth + 3) & ~3
            let newBits = UnsafeMutableRawPointer.allocate(byteCount: newStride * newHeight, alignment: 16)
            guard
                let newImage = pixman_image_create_bits(
                    PIXMAN_a8, Int32(newWidth), Int32(newHeight),
                    newBits.assumingMemoryBound(to: UInt32.self),
                    Int32(newStride))
            else {
                newBits.deallocate()
                return false
            }
            if let image { pixman_image_unref(image) }
            bits?.deallocate()
            bits = newBits
            image = newImage
            stride = newStride
            capacityWidth = newWidth
            capacityHeight = newHeight
        }
        guard let bits else { return false }
        for row in 0..<height {
            (bits + row * stride).initializeMemory(as: UInt8.self, repeating: 0, count: width)
        }
        return true
    }

    /// Writes the coverage (0...1, clamped) of pixel (`x`, `y`) of the prepared corner.
    func set(x: Int, y: Int, coverage: Double) {
        guard let bits else { return }
        bits.storeBytes(of: CoverageMask.byte(coverage), toByteOffset: y * stride + x, as: UInt8.self)
    }

    /// A coverage (0...1, NaN: 0) as an a8 value, shared with `CornerMaskCache` so that cached corners are the same.
    static func byte(_ coverage: Double) -> UInt8 {
        let c = coverage.isNaN ? 0 : min(max(coverage, 0), 1)
        return UInt8((c * 255).rounded())
    }
}
