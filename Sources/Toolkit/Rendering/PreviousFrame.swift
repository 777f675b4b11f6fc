/// The pixels of the frame presented last, for drawing the next frame into a buffer that holds an older one
/// (a buffer pool's other buffer): `WindowCore.draw(into:previousFrame:)` first brings the buffer up to date
/// from them (copying `missing`, and the moved pixels of a scroll straight from their old place), then draws.
///
/// The memory is not owned: it must stay valid and unchanged during the draw call it is passed to.
public struct PreviousFrame {
    /// The first pixel of the presented frame: premultiplied ARGB words, `stride` bytes per row, of the same
    /// pixel size as the canvas being drawn.
    public var pixels: UnsafeRawPointer
    /// Bytes per row of `pixels`.
    public var stride: Int
    /// The pixels (buffer coordinates) the canvas lacks: everything damaged in the frames presented since the
    /// canvas was last drawn. Elsewhere the canvas already equals the presented frame.
    public var missing: PixelRegion
    /// A band move the target must make before `missing` is copied (a ring buffer's pending scroll, see
    /// `BufferLag`); nil for a plain canvas. `missing` is then in the coordinates after the move. Part of the
    /// presentation strategy (`FramePresenter`), not of the core's API.
    @_spi(Presentation)
    public var shift: RowShift?

    /// The presented frame at `pixels`, `stride` bytes per row; the target canvas lacks `missing` (pixels).
    public init(pixels: UnsafeRawPointer, stride: Int, missing: PixelRegion) {
        self.pixels = pixels
        self.stride = stride
        self.missing = missing
        self.shift = nil
    }

    /// The presented frame at `pixels`, `stride` bytes per row; the target `RingFrameBuffer` lacks first `shift`,
    /// then `missing` (pixels).
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
