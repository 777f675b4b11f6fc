/// What a buffer lacks to show the frame presented last: first the band `shift`, then the `missing` pixels from
/// the presented buffer. Two different bands do not combine: the older one is then missing as a whole.
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

    /// Another buffer presented a frame that moved `shift` and redrew `damage` (pixels).
    public mutating func framePresented(damage: PixelRegion, shift frameShift: RowShift?, width: Int) {
        if let frameShift { fold(frameShift, width: width) }
        missing.formUnion(damage)
    }

    /// Adds every pixel of `width` x `height` (the buffer's content is unknown) and forgets the shift.
    public mutating func missEverything(width: Int, height: Int) {
        self = BufferLag.everything(width: width, height: height)
    }

    /// Folds a further band move in: missing pixels inside the band move with the content, the rows coming into view
    /// are missing, and the shifts add up.
    mutating func fold(_ next: RowShift, width: Int) {
        guard next.bottom > next.top, next.dy != 0 else { return }
        if let current = shift, current.top != next.top || current.bottom != next.bottom {
            missing.add(x: 0, y: current.top, width: width, height: current.bottom - current.top)
            shift = nil
        }
        var moved = PixelRegion()
        missing.forEachRect { x, y, w, h in
            let x = Int(x)
            let w = Int(w)
            let y0 = Int(y)
            let y1 = Int(y) + Int(h)
            if y0 < next.top { moved.add(x: x, y: y0, width: w, height: min(y1, next.top) - y0) }
            if y1 > next.bottom {
                moved.add(x: x, y: max(y0, next.bottom), width: w, height: y1 - max(y0, next.bottom))
            }
            let i0 = max(y0, next.top) - next.dy
            let i1 = min(y1, next.bottom) - next.dy
            let c0 = max(i0, next.top)
            let c1 = min(i1, next.bottom)
            if c1 > c0 { moved.add(x: x, y: c0, width: w, height: c1 - c0) }
        }
        let exposed = next.exposedRows(width: width)
        moved.add(x: 0, y: exposed.y, width: width, height: exposed.height)
        missing = moved
        shift = RowShift(top: next.top, bottom: next.bottom, dy: (shift?.dy ?? 0) + next.dy)
    }
}
