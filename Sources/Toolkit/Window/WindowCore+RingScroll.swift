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
        let canvas = buffer.canvas
        let move = resolvePendingMove(for: canvas)
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
        let drawn = drawPendingDamage(into: canvas)
        var damage = drawn, changed = drawn
        if let move {
            damage.add(move.rect)
            if bandMove == nil { changed.add(move.rect) }
        }
        return RingFrame(damage: damage, changed: changed, shift: bandMove)
    }
}
