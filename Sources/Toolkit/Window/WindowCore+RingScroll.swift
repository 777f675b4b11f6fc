// Scrolling without copying pixels, the window's side: drawing into a `RingFrameBuffer`, a vertical scroll of a
// band spanning the whole width becomes a move of the buffer's start in its memory (see `RingFrameBuffer`), so a
// scrolling frame costs the rows that come into view, what changed (indicators), and the rows outside the band
// (copied from the presented frame), but no copy of the band. Anything else (a horizontal or partial-width
// move, a fraction of a pixel at a scale that does not round origins, a block without room) takes the copy
// path of `draw(into:previousFrame:)`.
//
// While the compositor still holds the presented frame, the next one can go on in the same memory
// (`drawOnward`): a new start the band's move away, where only the rows that come into view need pixels. It is
// drawn there only when nothing it writes lies in the held rows; otherwise it goes to another buffer, which first
// catches up with the presented frame.

/// One frame drawn into a `RingFrameBuffer` by `WindowCore.draw(into:previousFrame:)`.
public struct RingFrame: Sendable {
    /// Everything that changed on screen since the presented frame, in points: the damage to report.
    public var damage: DamageRegion
    /// What the frame changed apart from the band its `shift` moved, in points: with `shift`, what the other
    /// buffers now lack (`BufferLag.framePresented(damage:shift:width:)`).
    public var changed: DamageRegion
    /// The band this frame moved by moving the buffer's start, or nil (no scroll, or one drawn by copying).
    public var shift: RowShift?
    /// What the frame drew into the top `FrameCover` (window points, inside its rows): the cover surface's damage,
    /// and what the other cover buffers now lack. Empty without a cover, or when nothing was drawn into it (the
    /// cover buffer was not touched: show the presented one still).
    public var coverDamage = DamageRegion()
    /// The same for the bottom cover.
    public var bottomCoverDamage = DamageRegion()
    /// Whether the frame drew the `IndicatorOverlay` (in full: attach and commit it).
    public var indicatorsDrawn = false
    /// Whether the `IndicatorOverlay` can no longer be used (its container left, hid, moved or resized): drop its
    /// surface; the indicator is back in the window's pixels from this frame on.
    public var indicatorsUnusable = false
}

/// Rows of the window spanning its width drawn into a buffer of their own, which a surface stacked above the
/// window's shows (a Wayland subsurface at (0, `top`)): while a cover is in use the window's own buffers never need
/// those rows (they are hidden), so a ring buffer whose start moves with a scrolled band between a title bar and a
/// toolbar does not put them back at every frame. Without covers, they are copied again at every scrolled frame.
///
/// A cover shows exactly the window's pixels in its rows: damage there is drawn into the cover's canvas only. It
/// must be opaque (the window's root view has an opaque background), or the stale pixels under it would show.
public struct FrameCover {
    /// The cover buffer's canvas: its pixel rows are the window's rows from `top`, at the window's pixels per
    /// point.
    public var canvas: Canvas
    /// The first row covered, in window points (a whole number of pixels).
    public var top: Double
    /// The rows covered: `top ..< top + height` window points, a whole number of pixels.
    public var height: Double
    /// The presented cover's pixels and what `canvas` lacks of them (`missing` in its pixels); nil when `canvas`
    /// holds the presented cover or the whole cover is damaged. The cover catches up only in a frame that draws
    /// into it (`RingFrame.coverDamage` not empty); otherwise `canvas` is left as it was, and the presented cover
    /// stays shown.
    public var previousFrame: PreviousFrame?

    /// A cover of the window's rows `top ..< top + height` (points; `top` 0: the top rows) drawn into `canvas`,
    /// lagging `previousFrame` behind.
    public init(canvas: Canvas, top: Double = 0, height: Double, previousFrame: PreviousFrame?) {
        self.canvas = canvas
        self.top = top
        self.height = height
        self.previousFrame = previousFrame
    }

    /// The covered rows, in window points, `width` wide.
    func rect(width: Double) -> Rect { Rect(x: 0, y: top, width: width, height: height) }
}

/// The rows above and below the band of a pending full-width scroll, for covers
/// (`WindowCore.coverRowsForPendingMove`): each nil when the band reaches that edge.
public struct CoverRows: Equatable, Sendable {
    /// The height of the rows above the band (a top cover `0 ..< top`), in points.
    public var top: Double?
    /// Where the rows below the band start (a bottom cover `bottom ..< window height`), in points.
    public var bottom: Double?
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
        draw(into: buffer, previousFrame: previousFrame, topCover: cover, bottomCover: nil)
    }

    /// `draw(into:previousFrame:cover:)` with a cover over the top rows and one over the bottom rows (either may
    /// be nil): `buffer` needs neither; damage in each goes to its canvas.
    ///
    /// Allocation-free.
    public func draw(into buffer: RingFrameBuffer, previousFrame: PreviousFrame?, topCover: FrameCover?,
                     bottomCover: FrameCover?) -> RingFrame {
        draw(into: buffer, previousFrame: previousFrame, topCover: topCover, bottomCover: bottomCover, indicators: nil)
    }

    /// `draw(into:previousFrame:topCover:bottomCover:)` with the vertical indicator of the scrolled container in
    /// `indicators` (see `IndicatorOverlay`) instead of the window's pixels; nil gives it back to them.
    ///
    /// Allocation-free.
    public func draw(into buffer: RingFrameBuffer, previousFrame: PreviousFrame?, topCover: FrameCover?,
                     bottomCover: FrameCover?, indicators: IndicatorOverlay?) -> RingFrame {
        // (Never declined: only an onward draw is.)
        drawRing(into: buffer, previousFrame: previousFrame, topCover: topCover, bottomCover: bottomCover,
                 indicators: indicators, onward: false) ?? RingFrame(damage: DamageRegion(), changed: DamageRegion())
    }

    /// Draws the next frame into `buffer`, which holds the presented frame while the compositor may still read
    /// its `RingFrameBuffer.heldRows` (on Wayland: the same pool, a new `wl_buffer` at the moved start, the
    /// presented one not yet released), when the frame needs no write there: a scroll of a band spanning the
    /// width whose new rows, other damage, wrap copies and margins (unless under `topCover` and `bottomCover`)
    /// all lie outside the held rows, with the indicator overlay's binding unchanged. Then nothing of the
    /// unchanged pixels is copied: the start moves and only what came into view is drawn (and mirrored).
    ///
    /// Otherwise nothing is drawn or copied and nil is returned; the frame's resolved scroll is kept for the next
    /// draw call, into another buffer (`draw(into:previousFrame:topCover:bottomCover:indicators:)`).
    ///
    /// Allocation-free.
    public func drawOnward(into buffer: RingFrameBuffer, topCover: FrameCover?, bottomCover: FrameCover?,
                           indicators: IndicatorOverlay?) -> RingFrame? {
        drawRing(into: buffer, previousFrame: nil, topCover: topCover, bottomCover: bottomCover,
                 indicators: indicators, onward: true)
    }

    private func drawRing(into buffer: RingFrameBuffer, previousFrame: PreviousFrame?, topCover: FrameCover?,
                          bottomCover: FrameCover?, indicators: IndicatorOverlay?, onward: Bool) -> RingFrame? {
        let canvas = buffer.canvas
        let s = canvas.pixelsPerPoint
        let movedView = movedViewForFrame
        let move = resolvePendingMove(for: canvas)
        // (Each cover in turn through a local function: an array of the two would allocate per frame.)
        func damageUnder(_ cover: FrameCover?, _ move: PixelMove) {
            guard let cover else { return }
            let under = move.rect.intersection(cover.rect(width: size.width))
            guard !under.isEmpty else { return }
            // The cover shows that part: drawn again there.
            self.damage.add(under)
            // Content moving towards a cover brings the rows under it (never drawn in `buffer`) into view
            // beside it: down below a top cover, up above a bottom one.
            let rows = Double(abs(move.dy)) / s
            if cover.top == 0, move.dy < 0, move.rect.maxY > cover.height {
                self.damage.add(Rect(x: move.rect.minX, y: cover.height, width: move.rect.width,
                                height: min(rows, move.rect.maxY - cover.height)))
            } else if cover.top > 0, move.dy > 0, move.rect.minY < cover.top {
                let top = max(move.rect.minY, cover.top - rows)
                self.damage.add(Rect(x: move.rect.minX, y: top, width: move.rect.width, height: cover.top - top))
            }
        }
        if let move {
            damageUnder(topCover, move)
            damageUnder(bottomCover, move)
        }
        var bandMove: RowShift?
        if let move, move.dx == 0, move.dy != 0, buffer.canShift, move.box.x0 <= 0, move.box.x1 >= buffer.width {
            bandMove = RowShift(top: max(0, move.box.y0), bottom: min(buffer.height, move.box.y1), dy: move.dy)
        }
        // The pixel rows each cover hides in `buffer`.
        func coveredRows(_ cover: FrameCover?) -> Range<Int> {
            guard let cover else { return 0..<0 }
            let y0 = min(buffer.height, max(0, PixelBox.snap(cover.top * s)))
            return y0..<min(buffer.height, max(y0, PixelBox.snap((cover.top + cover.height) * s)))
        }
        let topRows = coveredRows(topCover), bottomRows = coveredRows(bottomCover)
        // Rows outside a band keep their pixels only where no cover hides them.
        func marginsNeedKeeping(_ band: RowShift) -> Bool {
            let topHidden = band.top == 0 || (topRows.lowerBound == 0 && topRows.upperBound >= band.top)
            let bottomHidden = band.bottom == buffer.height
                || (bottomRows.upperBound == buffer.height && bottomRows.lowerBound <= band.bottom)
            return !(topHidden && bottomHidden)
        }
        if onward {
            guard let bandMove, !overlayBindingChanges(indicators, moved: movedView),
                  onwardWritesAllowed(buffer, band: bandMove, keepsMargins: marginsNeedKeeping(bandMove),
                                      topRows: topRows, bottomRows: bottomRows) else {
                deferredMove = DeferredMove(move: move, view: movedView, pixelsPerPoint: s)
                return nil
            }
        }
        // Before anything is copied or drawn: binding or releasing the indicator damages its place.
        let overlay = drawIndicatorOverlay(indicators, moved: movedView)
        var missing = previousFrame?.missing ?? DamageRegion()
        var total = previousFrame?.shift
        if let bandMove {
            var lag = BufferLag(missing: missing, shift: total)
            lag.fold(bandMove, width: buffer.width)
            missing = lag.missing
            total = lag.shift
        }
        if let total, total.dy != 0 {
            // Holding the presented frame, the buffer keeps its own margins (unless covers hide them); otherwise
            // they come from the presented frame with the rest of what it lacks.
            let keepsMargins = previousFrame == nil && marginsNeedKeeping(total)
            buffer.shift(rows: total.dy, bandTop: total.top, bandBottom: total.bottom, preservingMargins: keepsMargins)
            if previousFrame != nil {
                missing.add(x: 0, y: 0, width: buffer.width, height: total.top)
                missing.add(x: 0, y: total.bottom, width: buffer.width, height: buffer.height - total.bottom)
            }
        }
        // Nothing under a cover is ever shown.
        if !topRows.isEmpty { missing.subtract(x: 0, y: topRows.lowerBound, width: buffer.width, height: topRows.count) }
        if !bottomRows.isEmpty {
            missing.subtract(x: 0, y: bottomRows.lowerBound, width: buffer.width, height: bottomRows.count)
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
        func catchUp(_ cover: FrameCover?) {
            // A cover nothing is drawn into is not presented again (it keeps what it lacks).
            guard let cover, let presented = cover.previousFrame else { return }
            let rows = cover.rect(width: size.width)
            var drawnInto = false
            self.damage.forEachRect { x, y, w, h in
                if !drawnInto, rows.intersects(Rect(x: Double(x), y: Double(y), width: Double(w), height: Double(h))) {
                    drawnInto = true
                }
            }
            guard drawnInto else { return }
            // In the cover's canvas the window's row `top` is its first.
            cover.canvas.saveState()
            cover.canvas.translate(by: Point(x: 0, y: -cover.top))
            var coverMissing = presented.missing
            leaveOutDamagedPixels(from: &coverMissing, canvas: cover.canvas)
            cover.canvas.restoreState()
            cover.canvas.copyPixels(from: presented.pixels, stride: presented.stride, region: coverMissing)
        }
        catchUp(topCover)
        catchUp(bottomCover)
        let (drawn, topDrawn, bottomDrawn) = drawPendingDamage(into: canvas, topCover: topCover,
                                                               bottomCover: bottomCover)
        mirrorWrites(into: buffer, copied: previousFrame != nil ? missing : DamageRegion(), drawn: drawn,
                     movedOutsideRing: move != nil && bandMove == nil)
        var damage = drawn, changed = drawn
        if let move {
            damage.add(move.rect)
            if bandMove == nil { changed.add(move.rect) }
        }
        return RingFrame(damage: damage, changed: changed, shift: bandMove, coverDamage: topDrawn,
                         bottomCoverDamage: bottomDrawn, indicatorsDrawn: overlay.drawn,
                         indicatorsUnusable: overlay.unusable)
    }

    /// Whether an onward frame moving `band` writes only rows of `buffer` outside its `heldRows`: the wrap's
    /// copies (`RingFrameBuffer.onwardStart`), the margins when they are kept, and the pending damage outside
    /// the covers' rows (`topRows`, `bottomRows`: pixels), each pixel row it touches.
    private func onwardWritesAllowed(_ buffer: RingFrameBuffer, band: RowShift, keepsMargins: Bool,
                                     topRows: Range<Int>, bottomRows: Range<Int>) -> Bool {
        guard let start = buffer.onwardStart(rows: band.dy, bandTop: band.top, bandBottom: band.bottom) else {
            return false
        }
        if keepsMargins, !buffer.canWrite(frameRows: 0..<band.top, start: start)
            || !buffer.canWrite(frameRows: band.bottom..<buffer.height, start: start) {
            return false
        }
        let s = buffer.canvas.pixelsPerPoint
        var allowed = true
        damage.forEachRect { _, y, _, h in
            let y0 = max(0, Int((Double(y) * s).rounded(.down)))
            let y1 = min(buffer.height, Int((Double(y + h) * s).rounded(.up)))
            guard y1 > y0 else { return }
            // The rows between the covers (drawn into `buffer`).
            let top = max(y0, topRows.isEmpty ? 0 : topRows.upperBound)
            let bottom = min(y1, bottomRows.isEmpty ? buffer.height : bottomRows.lowerBound)
            if bottom > top, !buffer.canWrite(frameRows: top..<bottom, start: start) { allowed = false }
        }
        return allowed
    }

    /// Tells `buffer` what this frame wrote into it (`copied` pixels, `drawn` points), for its mirror: a strip or a
    /// few boxes are mirrored while the cache holds them; a frame that wrote much (more than half of it), or
    /// moved pixels by copying them, leaves the mirror to the next wrap.
    private func mirrorWrites(into buffer: RingFrameBuffer, copied: DamageRegion, drawn: DamageRegion,
                              movedOutsideRing: Bool) {
        guard buffer.mirrors else { return }
        var written = copied
        let s = buffer.canvas.pixelsPerPoint
        drawn.forEachRect { x, y, w, h in
            written.add(Rect(x: Double(x), y: Double(y), width: Double(w), height: Double(h)), pixelsPerPoint: s)
        }
        var area = 0
        written.forEachRect { _, _, w, h in area += Int(w) * Int(h) }
        if movedOutsideRing || 2 * area > buffer.width * buffer.height {
            buffer.forgetMirror()
        } else {
            buffer.mirror(written)
        }
    }

    /// The `FrameCover`s that would spare the ring buffers the rows outside the band of the pending scroll: for a
    /// move spanning the window's width, the rows above it (when its top edge is below the window's) and below it
    /// (when its bottom edge is above the window's), each where that edge is a whole number of points and of
    /// pixels at `pixelsPerPoint`. Nil when there is no such move, or the window is not opaque (its root view's
    /// background).
    public func coverRowsForPendingMove(pixelsPerPoint: Double) -> CoverRows? {
        guard let move = pendingMove, rootView.backgroundColor?.isOpaque == true, !rootView.isHidden else { return nil }
        let rect = move.rect
        guard rect.minX <= 0, rect.maxX >= size.width else { return nil }
        func whole(_ y: Double) -> Bool { y == y.rounded() && (y * pixelsPerPoint) == (y * pixelsPerPoint).rounded() }
        let top = rect.minY > 0 && rect.minY < size.height && whole(rect.minY) ? rect.minY : nil
        let bottom = rect.maxY < size.height && rect.maxY > 0 && whole(rect.maxY) ? rect.maxY : nil
        guard top != nil || bottom != nil else { return nil }
        return CoverRows(top: top, bottom: bottom)
    }
}
