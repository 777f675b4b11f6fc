/// A picture in memory: 32-bit premultiplied ARGB pixels (pixman's a8r8g8b8, `wl_shm` format argb8888),
/// row by row from the top-left, `width * height` of them.
public struct Image: Sendable, Equatable {
    /// Width, in pixels.
    public let width: Int
    /// Height, in pixels.
    public let height: Int
    /// The pixels, row-major, `0xAARRGGBB` premultiplied.
    public internal(set) var pixels: [UInt32]

    /// A transparent image (or one filled with `fill`). Sizes below zero are treated as zero. It allocates
    /// `width * height` pixels at once: bound the sizes first (`HeadlessWindow.renderSize(for:)` does for
    /// windows); a product beyond `Int` traps.
    public init(width: Int, height: Int, fill: UInt32 = 0) {
        self.width = max(0, width)
        self.height = max(0, height)
        pixels = [UInt32](repeating: fill, count: self.width * self.height)
    }

    /// An image over existing pixels; returns nil when the count does not match `width * height` (also when that
    /// product overflows).
    public init?(width: Int, height: Int, pixels: [UInt32]) {
        guard width >= 0, height >= 0 else { return nil }
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels.count == count else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at (`x`, `y`) as `0xAARRGGBB` premultiplied; 0 (transparent) outside the image.
    public func pixel(x: Int, y: Int) -> UInt32 {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return pixels[y * width + x]
    }

    /// Sets one pixel; writes outside the image are ignored.
    public mutating func setPixel(x: Int, y: Int, _ value: UInt32) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        pixels[y * width + x] = value
    }
}
