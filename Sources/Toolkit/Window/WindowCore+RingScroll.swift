// Scrolling without copying pixels, the window's side: drawing into a `RingFrameBuffer`, a vertical scroll of a
// band spanning the whole width becomes a move of the buffer's start in its memory (see `RingFrameBuffer`), so a
// scrolling frame costs the rows that come into view, what changed (indicators), and the rows outside the band
// (copied from the presented frame, unless a `FrameBase` below the band's surface takes them), but no copy of
// the band. Anything else (a horizontal or partial-width
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
    /// What the frame drew into the `FrameBase` (window points, outside the band's rows): the base surface's
    /// damage, and what the other base buffers now lack. Empty without a base, or when nothing was drawn into it
    /// (the base buffer was not touched: show the presented one still).
    public var baseDamage = DamageRegion()
    /// Whether the frame drew the `IndicatorOverlay` (in full: attach and commit it).
    public var indicatorsDrawn = false
    /// Whether the `IndicatorOverlay` can no longer be used (its container left, hid, moved or resized): drop its
    /// surface; the indicator is back in the window's pixels from this frame on.
    public var indicatorsUnusable = false
}

/// The window's rows above and below a scrolled band, in a buffer the size of the window that a surface *below*
/// the band's shows: on Wayland the window's own surface, with the band in a subsurface over it
/// (`bandTop ..< bandBottom`). The ring buffer then shows only the band's rows, so the rows the compositor holds
/// of it are the band's alone: a frame can go on in its memory (`WindowCore.drawOnward`) whichever way the band
/// scrolls, since the rows that come into view lie beyond the held ones at either end. (With the bars in the
/// ring's frame, the held frame's bar rows lie exactly where scrolling towards the bar brings new rows.)
///
/// Damage outside the band's rows is drawn into `canvas` only; the ring buffer neither takes nor keeps pixels
/// there. The base's own rows inside the band are never drawn or shown. The window must be opaque (its root view
/// has an opaque background), or the base's stale band rows would show through the band.
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

/// Where the band of a pending full-width scroll starts and ends, for a `FrameBase`
/// (`WindowCore.bandRowsForPendingMove`): each nil when the band reaches that edge of the window.
public struct BandRows: Equatable, Sendable {
    /// The band's first row, in points (the base takes the rows `0 ..< top`).
    public var top: Double?
    /// The row after the band, in points (the base takes the rows from there to the window's bottom).
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
        draw(into: buffer, previousFrame: previousFrame, base: nil, indicators: nil)
    }

    /// `draw(into:previousFrame:)` with the window's rows outside a band drawn into `base` instead of `buffer`
    /// (nil: `buffer` has every row), and the vertical indicator of the scrolled container in `indicators` (see
    /// `IndicatorOverlay`) instead of the window's pixels (nil gives it back to them).
    ///
    /// With a base, `buffer` neither takes nor keeps pixels outside the band (its rows there are left as they
    /// are, moved or stale); the base first catches up with the presented base (`base.previousFrame`) when the
    /// frame draws into it, then takes the damage outside the band. A move whose rectangle reaches outside the
    /// band draws that part of the base again, and content moving away from the band's edge brings rows the ring
    /// buffer never drew into view: they are drawn.
    ///
    /// Allocation-free.
    public func draw(into buffer: RingFrameBuffer, previousFrame: PreviousFrame?, base: FrameBase?,
                     indicators: IndicatorOverlay?) -> RingFrame {
        // (Never declined: only an onward draw is.)
        drawRing(into: buffer, previousFrame: previousFrame, base: base, indicators: indicators, onward: false)
            ?? RingFrame(damage: DamageRegion(), changed: DamageRegion())
    }

    /// Draws the next frame into `buffer`, which holds the presented frame while the compositor may still read
    /// its `RingFrameBuffer.heldRows` (on Wayland: the same pool, a new `wl_buffer` at the moved start, the
    /// presented one not yet released), when the frame needs no write there: a scroll of a band spanning the
    /// width whose new rows, other damage, wrap copies and margins (unless `base` takes them) all lie outside the
    /// held rows, with the indicator overlay's binding unchanged. Then nothing of the unchanged pixels is copied:
    /// the start moves and only what came into view is drawn (and mirrored).
    ///
    /// With a `base` whose band is the scrolled one, and a compositor holding only the band's rows (the
    /// `wl_buffer` spans them alone), every such scroll qualifies, up or down. A frame where nothing moves
    /// qualifies when its damage lies outside `buffer`'s rows (in the base's, or none: an overlay's fade); it
    /// returns no `shift` and empty `damage`, which means nothing was written into `buffer` (the presented frame
    /// stays as it is and need not be attached again).
    ///
    /// Otherwise nothing is drawn or copied and nil is returned; the frame's resolved scroll is kept for the next
    /// draw call, into another buffer (`draw(into:previousFrame:base:indicators:)`).
    ///
    /// Allocation-free.
    public func drawOnward(into buffer: RingFrameBuffer, base: FrameBase?,
                           indicators: IndicatorOverlay?) -> RingFrame? {
        drawRing(into: buffer, previousFrame: nil, base: base, indicators: indicators, onward: true)
    }

    private func drawRing(into buffer: RingFrameBuffer, previousFrame: PreviousFrame?, base: FrameBase?,
                          indicators: IndicatorOverlay?, onward: Bool) -> RingFrame? {
        let canvas = buffer.canvas
        let s = canvas.pixelsPerPoint
        let movedView = movedViewForFrame
        // (The strips are added to the damage below, or drawn at their exact pixels by an onward frame.)
        // A move by no whole pixel (a fling's last frames) moves nothing: neither a pixel move nor its rectangle
        // to report (nor for the other buffers to catch up on).
        let move = resolvePendingMove(for: canvas, addingStrips: false).flatMap { $0.dx == 0 && $0.dy == 0 ? nil : $0 }
        // The base's rows above and below the band, in points (empty without a base).
        let aboveBand = base.map { Rect(x: 0, y: 0, width: size.width, height: max(0, $0.bandTop)) } ?? .zero
        let belowBand = base.map { Rect(x: 0, y: $0.bandBottom, width: size.width,
                                         height: max(0, size.height - $0.bandBottom)) } ?? .zero
        if let move, base != nil {
            // The base shows the part of a move outside the band: drawn again there. (One rectangle at a time: an
            // array of the two would allocate per frame.)
            let above = move.rect.intersection(aboveBand), below = move.rect.intersection(belowBand)
            if !above.isEmpty { damage.add(above) }
            if !below.isEmpty { damage.add(below) }
            // A move reaching into the base brings rows the ring buffer never drew (they were the base's) into
            // the band beside it: content moving down (`dy` < 0), below the top edge; up, above the bottom one.
            let rows = Double(abs(move.dy)) / s
            let r = move.rect
            if !aboveBand.isEmpty, move.dy < 0, r.minY < aboveBand.maxY, r.maxY > aboveBand.maxY {
                damage.add(Rect(x: r.minX, y: aboveBand.maxY, width: r.width,
                                height: min(rows, r.maxY - aboveBand.maxY)))
            }
            if !belowBand.isEmpty, move.dy > 0, r.maxY > belowBand.minY, r.minY < belowBand.minY {
                let top = max(r.minY, belowBand.minY - rows)
                damage.add(Rect(x: r.minX, y: top, width: r.width, height: belowBand.minY - top))
            }
        }
        var bandMove: RowShift?
        if let move, move.dx == 0, move.dy != 0, buffer.canShift, move.box.x0 <= 0, move.box.x1 >= buffer.width {
            bandMove = RowShift(top: max(0, move.box.y0), bottom: min(buffer.height, move.box.y1), dy: move.dy)
        }
        // The pixel rows the base takes (never drawn into `buffer`).
        let baseRows = base?.pixelRows(height: buffer.height, pixelsPerPoint: s)
        let topRows = baseRows?.above ?? 0..<0, bottomRows = baseRows?.below ?? buffer.height..<buffer.height
        // Rows outside a moved band keep their pixels only where the base does not take them.
        func marginsNeedKeeping(_ band: RowShift) -> Bool {
            let topTaken = band.top == 0 || topRows.upperBound >= band.top
            let bottomTaken = band.bottom == buffer.height || bottomRows.lowerBound <= band.bottom
            return !(topTaken && bottomTaken)
        }
        // The rows coming into view inside the band, drawn at their exact pixels by an onward frame: the damage
        // region's whole points may reach a row of the held frame beside them (an odd number of rows at 2x).
        var exactStrip = Rect.zero
        if onward {
            // The rows `buffer` shows (all of them without a base).
            let bandBottom = bottomRows.isEmpty ? buffer.height : bottomRows.lowerBound
            let band = Rect(x: 0, y: Double(topRows.upperBound) / s, width: size.width,
                            height: Double(bandBottom - topRows.upperBound) / s)
            let strip = move?.rowStrip.intersection(band) ?? .zero
            let allowed: Bool
            if overlayBindingChanges(indicators, moved: movedView) {
                allowed = false
            } else if let move {
                allowed = bandMove.map {
                    move.columnStrip.isEmpty
                        && onwardWritesAllowed(buffer, band: $0, keepsMargins: marginsNeedKeeping($0), topRows: topRows,
                                               bottomRows: bottomRows, strip: strip)
                } ?? false
            } else {
                // Nothing moves: the frame goes on when it writes nothing into `buffer` (the overlay, the base's
                // rows): the presented frame stays as it is.
                allowed = !damageIntersects(band)
            }
            guard allowed else {
                // The strips stay with the move.
                deferredMove = DeferredMove(move: move, view: movedView, pixelsPerPoint: s)
                return nil
            }
            exactStrip = strip
            // Any part of the strip outside the band is the base's.
            let rows = move?.rowStrip ?? .zero
            if !rows.isEmpty, rows.minY < band.minY {
                damage.add(Rect(x: rows.minX, y: rows.minY, width: rows.width,
                                height: min(rows.maxY, band.minY) - rows.minY))
            }
            if !rows.isEmpty, rows.maxY > band.maxY {
                let top = max(rows.minY, band.maxY)
                damage.add(Rect(x: rows.minX, y: top, width: rows.width, height: rows.maxY - top))
            }
        } else {
            move?.addStrips(to: &damage)
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
            // Holding the presented frame, the buffer keeps its own margins (unless the base takes them);
            // otherwise they come from the presented frame with the rest of what it lacks.
            let keepsMargins = previousFrame == nil && marginsNeedKeeping(total)
            buffer.shift(rows: total.dy, bandTop: total.top, bandBottom: total.bottom, preservingMargins: keepsMargins)
            if previousFrame != nil {
                missing.add(x: 0, y: 0, width: buffer.width, height: total.top)
                missing.add(x: 0, y: total.bottom, width: buffer.width, height: buffer.height - total.bottom)
            }
        }
        // Nothing the base takes is ever shown from `buffer`.
        if !topRows.isEmpty { missing.subtract(x: 0, y: 0, width: buffer.width, height: topRows.count) }
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
        if let base, let presented = base.previousFrame, damageIntersects(aboveBand) || damageIntersects(belowBand) {
            // The frame draws into the base, which is shown from now on: it first takes what it lacks of the
            // presented base outside the band (a base nothing is drawn into is not presented again).
            var baseMissing = presented.missing
            let rows = base.pixelRows(height: base.canvas.pixelHeight, pixelsPerPoint: base.canvas.pixelsPerPoint)
            baseMissing.subtract(x: 0, y: rows.above.upperBound, width: base.canvas.pixelWidth,
                                 height: rows.below.lowerBound - rows.above.upperBound)
            leaveOutDamagedPixels(from: &baseMissing, canvas: base.canvas)
            base.canvas.copyPixels(from: presented.pixels, stride: presented.stride, region: baseMissing)
        }
        var (drawn, baseDrawn) = drawPendingDamage(into: canvas, base: base)
        if !exactStrip.isEmpty {
            draw(exactStrip, into: canvas)
            // (Reported, mirrored and lacked by the other buffers in whole points: a row more is harmless there.)
            drawn.add(exactStrip)
        }
        mirrorWrites(into: buffer, copied: previousFrame != nil ? missing : DamageRegion(), drawn: drawn,
                     movedOutsideRing: move != nil && bandMove == nil)
        var damage = drawn, changed = drawn
        if let move {
            damage.add(move.rect)
            if bandMove == nil { changed.add(move.rect) }
        }
        return RingFrame(damage: damage, changed: changed, shift: bandMove, baseDamage: baseDrawn,
                         indicatorsDrawn: overlay.drawn, indicatorsUnusable: overlay.unusable)
    }

    /// Whether the pending damage meets `rect` (points; false when it is empty).
    private func damageIntersects(_ rect: Rect) -> Bool {
        guard !rect.isEmpty else { return false }
        var meets = false
        damage.forEachRect { x, y, w, h in
            if !meets, rect.intersects(Rect(x: Double(x), y: Double(y), width: Double(w), height: Double(h))) {
                meets = true
            }
        }
        return meets
    }

    /// Whether an onward frame moving `band` writes only rows of `buffer` outside its `heldRows`: the wrap's
    /// copies (`RingFrameBuffer.onwardStart`), the margins when they are kept, the pending damage outside the
    /// base's rows (`topRows`, `bottomRows`: pixels), each pixel row it touches, and the rows of `strip` (points,
    /// whole pixels: those that come into view).
    private func onwardWritesAllowed(_ buffer: RingFrameBuffer, band: RowShift, keepsMargins: Bool,
                                     topRows: Range<Int>, bottomRows: Range<Int>, strip: Rect) -> Bool {
        guard let start = buffer.onwardStart(rows: band.dy, bandTop: band.top, bandBottom: band.bottom) else {
            return false
        }
        if keepsMargins, !buffer.canWrite(frameRows: 0..<band.top, start: start)
            || !buffer.canWrite(frameRows: band.bottom..<buffer.height, start: start) {
            return false
        }
        let s = buffer.canvas.pixelsPerPoint
        if !strip.isEmpty {
            let rows = PixelBox.snap(strip.minY * s)..<PixelBox.snap(strip.maxY * s)
            if !rows.isEmpty, !buffer.canWrite(frameRows: rows, start: start) { return false }
        }
        var allowed = true
        damage.forEachRect { _, y, _, h in
            let y0 = max(0, Int((Double(y) * s).rounded(.down)))
            let y1 = min(buffer.height, Int((Double(y + h) * s).rounded(.up)))
            guard y1 > y0 else { return }
            // The band's rows (drawn into `buffer`).
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

    /// The band a `FrameBase` would leave to the ring buffers for the pending scroll: for a move spanning the
    /// window's width, its top edge when below the window's and its bottom edge when above the window's, each where
    /// that edge is a whole number of points and of pixels at `pixelsPerPoint` (otherwise the band reaches that
    /// edge of the window). Nil when there is no such move, neither edge qualifies, or the window is not opaque
    /// (its root view's background).
    public func bandRowsForPendingMove(pixelsPerPoint: Double) -> BandRows? {
        guard let move = pendingMove, rootView.backgroundColor?.isOpaque == true, !rootView.isHidden else { return nil }
        let rect = move.rect
        guard rect.minX <= 0, rect.maxX >= size.width else { return nil }
        // (The move's edges within a millionth of a point of whole ones are whole: `ClipEdges.wholeRect`.)
        func whole(_ y: Double) -> Double? {
            guard y == y.rounded(), y > 0, y < size.height,
                  y * pixelsPerPoint == (y * pixelsPerPoint).rounded() else { return nil }
            return y
        }
        let top = whole(rect.minY), bottom = whole(rect.maxY)
        guard top != nil || bottom != nil else { return nil }
        return BandRows(top: top, bottom: bottom)
    }
}
