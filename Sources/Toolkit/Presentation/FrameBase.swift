/// The window's rows above and below a scrolled band, in a window-sized buffer shown by a surface below the band's,
/// so that the ring holds the band's rows alone and a frame can go on in held memory whichever way it scrolls. The
/// window must be opaque, or the base's stale band rows would show through.
@_spi(Presentation)
public struct FrameBase {
    /// The base buffer's canvas, the whole window at the window's pixels per point.
    public var canvas: Canvas
    /// The first row of the band, in window points (a whole number of pixels; 0: no rows above it).
    public var bandTop: Double
    /// The row after the band, in window points (a whole number of pixels; the window's height: no rows below).
    public var bandBottom: Double
    /// The presented base's pixels and what `canvas` lacks of them; nil when `canvas` holds it or everything outside
    /// the band is damaged. The base catches up only in a frame that draws into it.
    public var previousFrame: PreviousFrame?

    /// A base for the rows outside `bandTop ..< bandBottom` (points), drawn into `canvas`.
    public init(canvas: Canvas, bandTop: Double, bandBottom: Double, previousFrame: PreviousFrame?) {
        self.canvas = canvas
        self.bandTop = bandTop
        self.bandBottom = bandBottom
        self.previousFrame = previousFrame
    }

    /// The base's pixel rows above and below the band in a buffer of `height` pixel rows at `pixelsPerPoint`.
    func pixelRows(height: Int, pixelsPerPoint s: Double) -> (above: Range<Int>, below: Range<Int>) {
        let top = min(height, max(0, PixelBox.snap(bandTop * s)))
        let bottom = min(height, max(top, PixelBox.snap(bandBottom * s)))
        return (0..<top, bottom..<height)
    }
}
