/// The pixels of the frame presented last, for drawing the next frame into a buffer holding an older one: the
/// buffer first catches up from them. The memory must stay valid and unchanged during the draw call.
public struct PreviousFrame {
    /// The first pixel of the presented frame: premultiplied ARGB, `stride` bytes per row, the canvas's size.
    public var pixels: UnsafeRawPointer
    /// Bytes per row of `pixels`.
    public var stride: Int
    /// The pixels (buffer coordinates) the canvas lacks; elsewhere it already equals the presented frame.
    public var missing: PixelRegion
    /// A band move the target makes before `missing` is copied (a ring buffer's lag); nil for a plain canvas.
    @_spi(Presentation)
    public var shift: RowShift?

    /// The presented frame at `pixels`, `stride` bytes per row; the target canvas lacks `missing` (pixels).
    public init(pixels: UnsafeRawPointer, stride: Int, missing: PixelRegion) {
        self.pixels = pixels
        self.stride = stride
        self.missing = missing
        self.shift = nil
    }

    /// The presented frame at `pixels`; the target `RingFrameBuffer` lacks first `shift`, then `missing` (pixels).
    @_spi(Presentation)
    public init(pixels: UnsafeRawPointer, stride: Int, missing: PixelRegion, shift: RowShift?) {
        self.pixels = pixels
        self.stride = stride
        self.missing = missing
        self.shift = shift
    }

    /// The presented frame at `pixels`, `stride` bytes per row, for a buffer lagging `lag` behind it.
    @_spi(Presentation)
    public init(pixels: UnsafeRawPointer, stride: Int, lag: BufferLag) {
        self.init(pixels: pixels, stride: stride, missing: lag.missing, shift: lag.shift)
    }
}
