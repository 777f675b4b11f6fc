// While a list scrolls by moving the ring's start, everything moves with it but the translucent indicator, which
// would make each frame redraw the rows under the knob's old and new places. In an overlay the knob is drawn alone
// over transparent pixels and the compositor blends it.

/// The vertical indicator of a scrolled list in a buffer of its own, shown above the window's at `column` (a
/// subsurface). Drawn in full whenever the knob changed, on exactly the pixels and colours the window's drawing
/// would give it, so blending it OVER the window is the same picture.
@_spi(Presentation)
public struct IndicatorOverlay {
    /// The overlay buffer's canvas: the column's pixels, at the window's pixels per point.
    public var canvas: Canvas
    /// The column the buffer covers, in window points (whole pixels on every edge).
    public var column: Rect
    /// Whether the overlay must be drawn whatever it showed (a new surface, a buffer that holds nothing yet).
    public var needsDrawing: Bool

    /// An overlay for `column` (window points) drawn into `canvas`; with `needsDrawing`, drawn this frame regardless.
    public init(canvas: Canvas, column: Rect, needsDrawing: Bool = false) {
        self.canvas = canvas
        self.column = column
        self.needsDrawing = needsDrawing
    }

    /// What an overlay shows: column, knob and bar boxes (window pixels), colour, opacity, widening and style.
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
