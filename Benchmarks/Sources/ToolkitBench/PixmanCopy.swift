import CBenchPixman

/// The frame budget's yardstick: one copy of a full 1920 x 1080 `a8r8g8b8` image into another with pixman,
/// the least work a client can do to produce a new frame from an old one.
///
/// With one pair of images, both (16 MB) stay in a large last-level cache between copies, as the frame
/// benchmarks' own buffer does: that is the reference the ratios use. With several pairs used in turn (more
/// bytes than the cache holds), each copy reads and writes main memory: the cold figure, for context.
final class PixmanCopy {
    let width: Int
    let height: Int
    private var buffers: [UnsafeMutablePointer<UInt32>] = []
    /// Source and destination images, alternating: pair k is (images[2k], images[2k + 1]).
    private var images: [OpaquePointer] = []
    private var next = 0

    /// `pairs` source/destination pairs of `width` x `height` pixels.
    init(width: Int, height: Int, pairs: Int = 1) {
        self.width = width
        self.height = height
        let count = width * height
        for index in 0..<(2 * max(pairs, 1)) {
            let pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
            // Distinct, non-constant content so that no page is shared or left untouched.
            for p in 0..<count {
                pixels[p] = 0xFF00_0000 | UInt32(truncatingIfNeeded: (p &+ index) &* 2_654_435_761)
            }
            buffers.append(pixels)
            images.append(pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height), pixels,
                                                   Int32(width * 4))!)
        }
    }

    deinit {
        for image in images { pixman_image_unref(image) }
        for pixels in buffers { pixels.deallocate() }
    }

    /// One full-image copy through `pixman_image_composite32` with `PIXMAN_OP_SRC`, into the next pair.
    func composite() {
        let pair = next
        next = (next + 1) % (images.count / 2)
        pixman_image_composite32(PIXMAN_OP_SRC, images[2 * pair], nil, images[2 * pair + 1], 0, 0, 0, 0, 0, 0,
                                 Int32(width), Int32(height))
    }

    /// One full-image copy through `pixman_blt` (strides in 32-bit words), into the next pair.
    func blit() {
        let pair = next
        next = (next + 1) % (buffers.count / 2)
        _ = pixman_blt(buffers[2 * pair], buffers[2 * pair + 1], Int32(width), Int32(width), 32, 32, 0, 0, 0, 0,
                       Int32(width), Int32(height))
    }
}
