/// A move of a band of full-width pixel rows: row `y` then shows what row `y + dy` showed (positive `dy`: the
/// content went up). Rows whose source lies outside the band must be drawn.
@_spi(Presentation)
public struct RowShift: Equatable, Sendable {
    /// First row of the band, in pixels.
    public var top: Int
    /// One past the last row of the band, in pixels.
    public var bottom: Int
    /// Rows the content moved by, in pixels.
    public var dy: Int

    /// The band `top ..< bottom` (pixels) shifted by `dy` pixels.
    public init(top: Int, bottom: Int, dy: Int) {
        self.top = top
        self.bottom = bottom
        self.dy = dy
    }

    /// The rows that come into view, as a pixel rectangle `width` wide.
    func exposedRows(width: Int) -> (y: Int, height: Int) {
        let height = bottom - top
        let rows = min(abs(dy), height)
        return dy > 0 ? (bottom - rows, rows) : (top, rows)
    }
}
