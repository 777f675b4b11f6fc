// The vertical scroll indicator in a surface of its own: while a list scrolls by moving the window's ring buffers'
// start, everything in the window's pixels moves with the list except the indicator, which stays near its place and
// is translucent. Drawn there, each frame would redraw the rows under the knob's old and new places (for a 100-row
// list, a knob 240 points tall: half of a scrolled frame's cost in toolkit-bench (i)). In an overlay buffer the knob
// is drawn alone, over transparent pixels, and the compositor blends it; the window's pixels never hold it.

/// The vertical scroll indicator of a scrolled list drawn into a buffer of its own, which a surface stacked above
/// the window's shows at `column` (a Wayland subsurface): the column along the container's right edge where the
/// knob runs (`FramePresenter.indicatorColumnForPendingMove(pixelsPerPoint:)`).
///
/// While an overlay is given to `FramePresenter.draw(into:previousFrame:base:indicators:)`, that
/// container's vertical indicator is neither drawn nor damaged in the window's buffers. The overlay's buffer is
/// drawn in full (transparent, then the knob) whenever the knob's place or opacity changed since the picture the
/// overlay surface shows; `RingFrame.indicatorsDrawn` says so. The knob lands on exactly the pixels (window
/// pixels, less the column's origin) and colours the window's own drawing would give it, so blending the overlay
/// OVER the window's pixels is the same picture.
@_spi(Presentation)
public struct IndicatorOverlay {
    /// The overlay buffer's canvas: the column's pixels, at the window's pixels per point.
    public var canvas: Canvas
    /// The column the buffer covers, in window points (whole pixels on every edge).
    public var column: Rect
    /// Whether the overlay must be drawn whatever it showed (a new surface, a buffer that holds nothing yet).
    public var needsDrawing: Bool

    /// An overlay for `column` (window points) drawn into `canvas`; with `needsDrawing`, drawn this frame even if
    /// the knob did not change.
    public init(canvas: Canvas, column: Rect, needsDrawing: Bool = false) {
        self.canvas = canvas
        self.column = column
        self.needsDrawing = needsDrawing
    }

    /// What an overlay shows: its column, the knob's and the whole bar's boxes in window pixels (nil: no knob),
    /// its colour, opacity (the outline's and trough's colours follow it), how far it is widened and its style.
    struct Picture: Equatable {
        var column: Rect
        var knob: PixelBox?
        var bar: PixelBox?
        var color: UInt32
        var opacity: Double
        var widening: Double
        var style: ScrollIndicatorStyle
    }
}
