/// A move of a band of whole pixel rows spanning the full width of a buffer: after it, row `y` of the band shows
/// what row `y + dy` showed before (positive `dy`: the content went up, a scroll towards the end). Rows whose
/// source lies outside the band come into view and must be drawn.
@_spi(Presentation)
public struct RowShift: Equatable, Sendable {
    /// First row of the band, in pixels.
    public var top: Int
    /// One past the last row of the band, in pixels.
    public var bottom: Int
    /// Rows the content moved by (see above), in pixels.
    public var dy: Int

    /// The band `top ..< bottom` (pixels) shifted by `dy` pixels.
    public init(top: Int, bottom: Int, dy: Int) {
        self.top = top
        self.bottom = bottom
        self.dy = dy
    }

    /// The rows that come into view (their source is outside the band), as a pixel rectangle `width` wide.
    func exposedRows(width: Int) -> (y: Int, height: Int) {
        let height = bottom - top
        let rows = min(abs(dy), height)
        return dy > 0 ? (bottom - rows, rows) : (top, rows)
    }
}

/// What a buffer lacks to show the frame presented last: first its rows `shift.top ..< shift.bottom` move by
/// `shift.dy` (a ring buffer does that by moving where it starts in its memory, `RingFrameBuffer`), then the
/// `missing` pixels (coordinates of the presented frame) are copied from the presented buffer.
///
/// A buffer pool keeps one per buffer: a presented frame that scrolled a full-width band records the shift (no
/// pixel is missing for it but the rows that came into view), everything else records missing pixels. Two
/// different bands cannot be combined: the older band is then missing as a whole.
@_spi(Presentation)
public struct BufferLag: Equatable, Sendable {
    /// Pixels to copy from the presented frame, after the shift (presented frame coordinates).
    public private(set) var missing = PixelRegion()
    /// The band move to apply first, or nil.
    public private(set) var shift: RowShift?

    /// A buffer that already holds the presented frame.
    public init() {}

    /// A buffer lacking `missing` and, first, `shift`.
    public init(missing: PixelRegion, shift: RowShift?) {
        self.missing = missing
        self.shift = shift
    }

    /// A buffer lacking every pixel of a `width` x `height` frame.
    public static func everything(width: Int, height: Int) -> BufferLag {
        var lag = BufferLag()
        lag.missing.add(x: 0, y: 0, width: width, height: height)
        return lag
    }

    /// True when the buffer already holds the presented frame.
    public var isEmpty: Bool { missing.isEmpty && (shift?.dy ?? 0) == 0 }

    /// Another buffer presented a frame that moved the band of `shift` (if any) and redrew `damage` (pixels; the
    /// rows the shift brought into view included or not: they are added here).
    public mutating func framePresented(damage: PixelRegion, shift frameShift: RowShift?, width: Int) {
        if let frameShift { fold(frameShift, width: width) }
        missing.formUnion(damage)
    }

    /// Adds every pixel of `width` x `height` (the buffer's content is unknown) and forgets the shift.
    public mutating func missEverything(width: Int, height: Int) {
        self = BufferLag.everything(width: width, height: height)
    }

    /// Folds a further band move into the lag: the missing pixels inside the band move with the content (those
    /// moved out of it are dropped), the rows coming into view are missing, and the shifts add up. A pending
    /// shift of another band is given up: that band becomes missing as a whole.
    mutating func fold(_ next: RowShift, width: Int) {
        guard next.bottom > next.top, next.dy != 0 else { return }
        if let current = shift, current.top != next.top || current.bottom != next.bottom {
            missing.add(x: 0, y: current.top, width: width, height: current.bottom - current.top)
            shift = nil
        }
        var moved = PixelRegion()
        missing.forEachRect { x, y, w, h in
            let x = Int(x), w = Int(w), y0 = Int(y), y1 = Int(y) + Int(h)
            // Above and below the band: unchanged.
            if y0 < next.top { moved.add(x: x, y: y0, width: w, height: min(y1, next.top) - y0) }
            if y1 > next.bottom { moved.add(x: x, y: max(y0, next.bottom), width: w, height: y1 - max(y0, next.bottom)) }
            // Inside: moved with the content, clipped to the band.
            let i0 = max(y0, next.top) - next.dy, i1 = min(y1, next.bottom) - next.dy
            let c0 = max(i0, next.top), c1 = min(i1, next.bottom)
            if c1 > c0 { moved.add(x: x, y: c0, width: w, height: c1 - c0) }
        }
        let exposed = next.exposedRows(width: width)
        moved.add(x: 0, y: exposed.y, width: width, height: exposed.height)
        missing = moved
        shift = RowShift(top: next.top, bottom: next.bottom, dy: (shift?.dy ?? 0) + next.dy)
    }
}
