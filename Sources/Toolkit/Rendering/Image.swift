/// A picture in memory: premultiplied ARGB pixels (a8r8g8b8), row by row from the top-left.
public struct Image: Sendable, Equatable {
    /// Width, in pixels.
    public let width: Int
    /// Height, in pixels.
    public let height: Int
    /// The pixels, row-major, `0xAARRGGBB` premultiplied.
    public internal(set) var pixels: [UInt32]

    /// A transparent image (or filled with `fill`); negative sizes count as zero. It allocates at once: bound the
    /// sizes first (a product beyond `Int` traps).
    public init(width: Int, height: Int, fill: UInt32 = 0) {
        self.width = max(0, width)
        self.height = max(0, height)
        pixels = [UInt32](repeating: fill, count: self.width * self.height)
    }

    /// An image over existing pixels; nil when the count is not `width * height`.
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
