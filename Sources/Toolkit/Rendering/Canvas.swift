import CWayland

/// Temporary minimal canvas (replaced by the rendering branch).
public final class Canvas {
    private let image: OpaquePointer?
    public let scale: Int
    public let size: Size
    private var offset = Point.zero
    private var clipRect: Rect
    private var stack: [(Point, Rect)] = []

    public init(pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, scale: Int = 1) {
        self.scale = max(1, scale)
        image = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height),
                                         pixels.assumingMemoryBound(to: UInt32.self), Int32(stride))
        size = Size(width: Double(width) / Double(self.scale), height: Double(height) / Double(self.scale))
        clipRect = Rect(origin: .zero, size: size)
    }
    deinit { if let image { pixman_image_unref(image) } }

    public static func draw(into image: inout Image, scale: Int = 1, _ body: (Canvas) throws -> Void) rethrows {
        let w = image.width, h = image.height
        try image.pixels.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return }
            try body(Canvas(pixels: base, width: w, height: h, stride: w * 4, scale: scale))
        }
    }

    public func fill(_ rect: Rect, color: Color) {
        guard let image else { return }
        let r = rect.offsetBy(offset).intersection(clipRect)
        guard !r.isEmpty else { return }
        let s = Double(scale)
        let argb = color.premultipliedARGB
        var c = pixman_color_t(red: UInt16((argb >> 16) & 0xFF) * 257, green: UInt16((argb >> 8) & 0xFF) * 257,
                               blue: UInt16(argb & 0xFF) * 257, alpha: UInt16(argb >> 24) * 257)
        var box = pixman_box32_t(x1: Int32((r.minX * s).rounded()), y1: Int32((r.minY * s).rounded()),
                                 x2: Int32((r.maxX * s).rounded()), y2: Int32((r.maxY * s).rounded()))
        _ = pixman_image_fill_boxes(PIXMAN_OP_OVER, image, &c, 1, &box)
    }
    public func translate(by offset: Point) { self.offset += offset }
    public func clip(to rect: Rect) { clipRect = clipRect.intersection(rect.offsetBy(offset)) }
    public func saveState() { stack.append((offset, clipRect)) }
    public func restoreState() { if let s = stack.popLast() { (offset, clipRect) = s } }
}
