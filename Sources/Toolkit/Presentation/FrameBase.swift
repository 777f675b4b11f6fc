/// The window's rows above and below a scrolled band, in a buffer the size of the window that a surface *below*
/// the band's shows: on Wayland the window's own surface, with the band in a subsurface over it
/// (`bandTop ..< bandBottom`). The ring buffer then shows only the band's rows, so the rows the compositor holds
/// of it are the band's alone: a frame can go on in its memory (`FramePresenter.drawOnward`) whichever way the band
/// scrolls, since the rows that come into view lie beyond the held ones at either end. (With the bars in the
/// ring's frame, the held frame's bar rows lie exactly where scrolling towards the bar brings new rows.)
///
/// Damage outside the band's rows is drawn into `canvas` only; the ring buffer neither takes nor keeps pixels
/// there. The base's own rows inside the band are never drawn or shown. The window must be opaque (its root view
/// has an opaque background), or the base's stale band rows would show through the band.
@_spi(Presentation)
public struct FrameBase {
    /// The base buffer's canvas, the whole window at the window's pixels per point.
    public var canvas: Canvas
    /// The first row of the band, in window points (a whole number of pixels; 0: no rows above it).
    public var bandTop: Double
    /// The row after the band, in window points (a whole number of pixels; the window's height: no rows below).
    public var bandBottom: Double
    /// The presented base's pixels and what `canvas` lacks of them (`missing`, in its pixels); nil when `canvas`
    /// holds the presented base or everything outside the band is damaged. The base catches up only in a frame
    /// that draws into it (`RingFrame.baseDamage` not empty), and then outside the band only; otherwise `canvas`
    /// is left as it was, and the presented base stays shown.
    public var previousFrame: PreviousFrame?

    /// A base for the rows outside `bandTop ..< bandBottom` (points), drawn into `canvas`, lagging
    /// `previousFrame` behind.
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
