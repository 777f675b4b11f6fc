// Scrolling without copying pixels, the window's side: drawing into a `RingFrameBuffer`, a vertical scroll of a
// band spanning the whole width becomes a move of the buffer's start in its memory (see `RingFrameBuffer`), so a
// scrolling frame costs the rows that come into view, what changed (indicators), and the rows outside the band
// (copied from the presented frame), but no copy of the band. Anything else (a horizontal or partial-width
// move, a fraction of a pixel at a scale that does not round origins, a block without room) takes the copy
// path of `draw(into:previousFrame:)`.

/// One frame drawn into a `RingFrameBuffer` by `WindowCore.draw(into:previousFrame:)`.
public struct RingFrame: Sendable {
    /// Everything that changed on screen since the presented frame, in points: the damage to report.
    public var damage: DamageRegion
    /// What the frame changed apart from the band its `shift` moved, in points: with `shift`, what the other
    /// buffers now lack (`BufferLag.framePresented(damage:shift:width:)`).
    public var changed: DamageRegion
    /// The band this frame moved by moving the buffer's start, or nil (no scroll, or one drawn by copying).
    public var shift: RowShift?
    /// What the frame drew into the `FrameCover` (window points, inside the cover's rows): the cover surface's
    /// damage, and what the other cover buffers now lack. Empty without a cover.
    public var coverDamage = DamageRegion()
}

/// The window's top rows drawn into a buffer of their own, which a surface stacked above the window's shows (a
/// Wayland subsurface at (0, 0)): while a cover is in use the window's own buffers never need those rows (they are
/// hidden), so a ring buffer whose start moves with a scrolled band below them does not put them back at every
/// frame. Without a cover, a title bar above a scrolled list is copied again at every scrolled frame.
///
/// The cover shows exactly the window's pixels in its rows: damage there is drawn into the cover's canvas only.
/// It must be opaque (the window's root view has an opaque background), or the stale pixels under it would show.
public struct FrameCover {
    /// The cover buffer's canvas: its pixel rows are the window's top rows, at the window's pixels per point.
    public var canvas: Canvas
    /// The rows covered: `0 ..< height` window points, a whole number of pixels.
    public var height: Double
    /// The presented cover's pixels and what `canvas` lacks of them (`missing` in its pixels); nil when `canvas`
    /// holds the presented cover or the whole cover is damaged.
    public var previousFrame: PreviousFrame?

    /// A cover of the window's rows `0 ..< height` (points) drawn into `canvas`, lagging `previousFrame` behind.
    public init(canvas: Canvas, height: Double, previousFrame: PreviousFrame?) {
        self.canvas = canvas
        self.height = height
        self.previousFrame = previousFrame
    }
}

extension WindowCore {
    /// Draws the next frame into `buffer`: first the buffer catches up with the presented frame (its pending
    /// `previousFrame.shift` and this frame's scroll become one move of its start; the rows outside the moved
    /// band and the `missing` pixels come from `previousFrame`), then the damage is drawn. The pending damage is
    /// cleared.
    ///
    /// - Parameters:
    ///   - buffer: the ring buffer to draw into.
    ///   - previousFrame: the presented frame and what `buffer` lacks of it (`PreviousFrame(pixels:stride:lag:)`);
    ///     nil when `buffer` holds the presented frame (then the rows outside a moved band are moved with it).
    /// - Returns: the damage to report, what other buffers now lack, and the band move.
    ///
    /// Allocation-free.
    public func draw(into buffer: RingFrameBuffer, previousFrame: PreviousFrame?) -> RingFrame {
        draw(into: buffer, previousFrame: previousFrame, cover: nil)
    }

    /// `draw(into:previousFrame:)` with the window's top rows drawn into `cover` instead of `buffer`: `buffer`
    /// neither takes nor keeps pixels there (its rows under the cover are left as they are, moved or stale), and
    /// the cover first catches up with the presented cover (`cover.previousFrame`), then takes the damage in its
    /// rows. A move whose rectangle reaches under the cover draws that part of the cover again.
    ///
    /// Allocation-free.
    public func draw(into buffer: RingFrameBuffer, previousFrame: PreviousFrame?, cover: FrameCover?) -> RingFrame {
        let canvas = buffer.canvas
        let move = resolvePendingMove(for: canvas)
        // Pixel rows of `buffer` hidden under the cover.
        let coverRows = cover.map { min(buffer.height, max(0, PixelBox.snap($0.height * canvas.pixelsPerPoint))) } ?? 0
        if let cover, let move {
            let under = move.rect.intersection(Rect(x: 0, y: 0, width: size.width, height: cover.height))
            if !under.isEmpty {
                // The cover shows that part: drawn again there.
                damage.add(under)
                // Content moving down brings the rows under the cover (never drawn in `buffer`) into view below it.
                let rows = Double(-move.dy) / canvas.pixelsPerPoint
                if rows > 0 && move.rect.maxY > cover.height {
                    damage.add(Rect(x: move.rect.minX, y: cover.height, width: move.rect.width,
                                    height: min(rows, move.rect.maxY - cover.height)))
                }
            }
        }
        var bandMove: RowShift?
        if let move, move.dx == 0, move.dy != 0, buffer.canShift, move.box.x0 <= 0, move.box.x1 >= buffer.width {
            bandMove = RowShift(top: max(0, move.box.y0), bottom: min(buffer.height, move.box.y1), dy: move.dy)
        }
        var missing = previousFrame?.missing ?? DamageRegion()
        var total = previousFrame?.shift
        if let bandMove {
            var lag = BufferLag(missing: missing, shift: total)
            lag.fold(bandMove, width: buffer.width)
            missing = lag.missing
            total = lag.shift
        }
        if let total, total.dy != 0 {
            // Holding the presented frame, the buffer keeps its own margins; otherwise they come from the
            // presented frame with the rest of what it lacks.
            let keepsMargins = previousFrame == nil
            buffer.shift(rows: total.dy, bandTop: total.top, bandBottom: total.bottom, preservingMargins: keepsMargins)
            if !keepsMargins {
                missing.add(x: 0, y: 0, width: buffer.width, height: total.top)
                missing.add(x: 0, y: total.bottom, width: buffer.width, height: buffer.height - total.bottom)
            }
        }
        // Nothing under the cover is ever shown.
        if coverRows > 0 { missing.subtract(x: 0, y: 0, width: buffer.width, height: coverRows) }
        if let previousFrame {
            leaveOutDamagedPixels(from: &missing, canvas: canvas)
            if let bandMove {
                // Inside the band, this frame's pixels are the presented ones `dy` rows further.
                var outside = missing
                outside.subtract(x: 0, y: bandMove.top, width: buffer.width, height: bandMove.bottom - bandMove.top)
                canvas.copyPixels(from: previousFrame.pixels, stride: previousFrame.stride, region: outside)
                missing.forEachRect { x, y, w, h in
                    let box = PixelBox(x0: Int(x), y0: max(Int(y), bandMove.top), x1: Int(x) + Int(w),
                                       y1: min(Int(y) + Int(h), bandMove.bottom))
                    guard !box.isEmpty else { return }
                    canvas.copyRows(from: previousFrame.pixels, stride: previousFrame.stride, in: box,
                                    dy: bandMove.dy, sourceTop: bandMove.top, sourceBottom: bandMove.bottom)
                }
            } else {
                copyForward(into: canvas, from: previousFrame.pixels, stride: previousFrame.stride, missing: missing,
                            move: move)
            }
        } else if let move, bandMove == nil {
            canvas.movePixels(in: move.box, dx: move.dx, dy: move.dy)
        }
        var coverDrawn = DamageRegion()
        let drawn: DamageRegion
        if let cover {
            if let presented = cover.previousFrame {
                var coverMissing = presented.missing
                leaveOutDamagedPixels(from: &coverMissing, canvas: cover.canvas)
                cover.canvas.copyPixels(from: presented.pixels, stride: presented.stride, region: coverMissing)
            }
            (drawn, coverDrawn) = drawPendingDamage(into: canvas, cover: cover.canvas, coverHeight: cover.height)
        } else {
            drawn = drawPendingDamage(into: canvas)
        }
        var damage = drawn, changed = drawn
        if let move {
            damage.add(move.rect)
            if bandMove == nil { changed.add(move.rect) }
        }
        return RingFrame(damage: damage, changed: changed, shift: bandMove, coverDamage: coverDrawn)
    }

    /// The height (points) of a `FrameCover` that would spare the ring buffers the rows above the band of the
    /// pending scroll: the top of a move that spans the window's width and reaches its bottom edge, when it is a
    /// whole number of points and pixels at `pixelsPerPoint` and the window is opaque (its root view's
    /// background). Nil when there is no such move.
    public func coverHeightForPendingMove(pixelsPerPoint: Double) -> Double? {
        guard let move = pendingMove, rootView.backgroundColor?.isOpaque == true, !rootView.isHidden else { return nil }
        let rect = move.rect
        let top = rect.minY
        guard rect.minX <= 0, rect.maxX >= size.width, rect.maxY >= size.height, top > 0, top < size.height,
              top == top.rounded(), (top * pixelsPerPoint) == (top * pixelsPerPoint).rounded() else { return nil }
        return top
    }
}
