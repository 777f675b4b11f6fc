import CBenchPixman

/// The frame budget's yardstick: one copy of a full 1920 x 1080 `a8r8g8b8` image into another with pixman,
/// the least work a compositor-side client can do to produce a new frame from an old one.
final class PixmanCopy {
    let width: Int
    let height: Int
    private let sourcePixels: UnsafeMutablePointer<UInt32>
    private let destinationPixels: UnsafeMutablePointer<UInt32>
    private let source: OpaquePointer
    private let destination: OpaquePointer

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        let count = width * height
        sourcePixels = .allocate(capacity: count)
        destinationPixels = .allocate(capacity: count)
        // Distinct, non-constant content so that no page is shared or left untouched.
        for index in 0..<count { sourcePixels[index] = 0xFF00_0000 | UInt32(truncatingIfNeeded: index &* 2_654_435_761) }
        destinationPixels.initialize(repeating: 0, count: count)
        source = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height), sourcePixels,
                                          Int32(width * 4))!
        destination = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height), destinationPixels,
                                               Int32(width * 4))!
    }

    deinit {
        pixman_image_unref(source)
        pixman_image_unref(destination)
        sourcePixels.deallocate()
        destinationPixels.deallocate()
    }

    /// One full-image copy through `pixman_image_composite32` with `PIXMAN_OP_SRC`.
    func composite() {
        pixman_image_composite32(PIXMAN_OP_SRC, source, nil, destination, 0, 0, 0, 0, 0, 0,
                                 Int32(width), Int32(height))
    }

    /// One full-image copy through `pixman_blt` (strides in 32-bit words).
    func blit() {
        _ = pixman_blt(sourcePixels, destinationPixels, Int32(width), Int32(width), 32, 32, 0, 0, 0, 0,
                       Int32(width), Int32(height))
    }
}
