// Scrolling without copying pixels, the presenter's side: drawing into a `RingFrameBuffer`, a vertical scroll of a
// band spanning the whole width becomes a move of the buffer's start in its memory (see `RingFrameBuffer`), so a
// scrolling frame costs the rows that come into view, what changed (indicators), and the rows outside the band
// (copied from the presented frame, unless a `FrameBase` below the band's surface takes them), but no copy of
// the band. Anything else (a horizontal or partial-width
// move, a fraction of a pixel at a scale that does not round origins, a block without room) takes the copy
// path of `WindowCore.draw(into:previousFrame:)` (`WindowCore.copyForward`).
//
// While the compositor still holds the presented frame, the next one can go on in the same memory
// (`drawOnward`): a new start the band's move away, where only the rows that come into view need pixels. It is
// drawn there only when nothing it writes lies in the held rows; otherwise it goes to another buffer, which first
// catches up with the presented frame.

extension FramePresenter {
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
        let movedView = core.movedViewForFrame
        // (The strips are added to the damage below, or drawn at their exact pixels by an onward frame.)
        // A move by no whole pixel (a fling's last frames) moves nothing: neither a pixel move nor its rectangle
        // to report (nor for the other buffers to catch up on).
        let move = core.resolvePendingMove(for: canvas, addingStrips: false).flatMap { $0.dx == 0 && $0.dy == 0 ? nil : $0 }
        // The base's rows above and below the band, in points (empty without a base).
        let aboveBand = base.map { Rect(x: 0, y: 0, width: core.size.width, height: max(0, $0.bandTop)) } ?? .zero
        let belowBand = base.map { Rect(x: 0, y: $0.bandBottom, width: core.size.width,
                                         height: max(0, core.size.height - $0.bandBottom)) } ?? .zero
        if let move, base != nil {
            // The base shows the part of a move outside the band: drawn again there. (One rectangle at a time: an
            // array of the two would allocate per frame.)
            let above = move.rect.intersection(aboveBand), below = move.rect.intersection(belowBand)
            if !above.isEmpty { core.damage.add(above) }
            if !below.isEmpty { core.damage.add(below) }
            // A move reaching into the base brings rows the ring buffer never drew (they were the base's) into
            // the band beside it: content moving down (`dy` < 0), below the top edge; up, above the bottom one.
            let rows = Double(abs(move.dy)) / s
            let r = move.rect
            if !aboveBand.isEmpty, move.dy < 0, r.minY < aboveBand.maxY, r.maxY > aboveBand.maxY {
                core.damage.add(Rect(x: r.minX, y: aboveBand.maxY, width: r.width,
                                height: min(rows, r.maxY - aboveBand.maxY)))
            }
            if !belowBand.isEmpty, move.dy > 0, r.maxY > belowBand.minY, r.minY < belowBand.minY {
                let top = max(r.minY, belowBand.minY - rows)
                core.damage.add(Rect(x: r.minX, y: top, width: r.width, height: belowBand.minY - top))
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
            let band = Rect(x: 0, y: Double(topRows.upperBound) / s, width: core.size.width,
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
                core.deferMove(move, view: movedView, pixelsPerPoint: s)
                return nil
            }
            exactStrip = strip
            // Any part of the strip outside the band is the base's.
            let rows = move?.rowStrip ?? .zero
            if !rows.isEmpty, rows.minY < band.minY {
                core.damage.add(Rect(x: rows.minX, y: rows.minY, width: rows.width,
                                height: min(rows.maxY, band.minY) - rows.minY))
            }
            if !rows.isEmpty, rows.maxY > band.maxY {
                let top = max(rows.minY, band.maxY)
                core.damage.add(Rect(x: rows.minX, y: top, width: rows.width, height: rows.maxY - top))
            }
        } else {
            move?.addStrips(to: &core.damage)
        }
        // Before anything is copied or drawn: binding or releasing the indicator damages its place.
        let overlay = drawIndicatorOverlay(indicators, moved: movedView)
        var missing = previousFrame?.missing ?? PixelRegion()
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
            core.leaveOutDamagedPixels(from: &missing, canvas: canvas)
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
                core.copyForward(into: canvas, from: previousFrame.pixels, stride: previousFrame.stride,
                                 missing: missing, move: move)
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
            core.leaveOutDamagedPixels(from: &baseMissing, canvas: base.canvas)
            base.canvas.copyPixels(from: presented.pixels, stride: presented.stride, region: baseMissing)
        }
        var (drawn, baseDrawn) = drawPendingDamage(into: canvas, base: base)
        if !exactStrip.isEmpty {
            core.draw(exactStrip, into: canvas)
            // (Reported, mirrored and lacked by the other buffers in whole points: a row more is harmless there.)
            drawn.add(exactStrip)
        }
        mirrorWrites(into: buffer, copied: previousFrame != nil ? missing : PixelRegion(), drawn: drawn,
                     movedOutsideRing: move != nil && bandMove == nil)
        var reported = drawn, changed = drawn
        if let move {
            reported.add(move.rect)
            if bandMove == nil { changed.add(move.rect) }
        }
        return RingFrame(damage: reported, changed: changed, shift: bandMove, baseDamage: baseDrawn,
                         indicatorsDrawn: overlay.drawn, indicatorsUnusable: overlay.unusable)
    }

    /// Draws the core's pending damage into `canvas`, except the rows outside `base`'s band, whose damage goes to
    /// the base's canvas; returns what each took (points). The damage is cleared.
    private func drawPendingDamage(into canvas: Canvas, base: FrameBase?) -> (DamageRegion, DamageRegion) {
        guard let base else { return (core.drawPendingDamage(into: canvas), DamageRegion()) }
        var band = DamageRegion(), outside = DamageRegion()
        core.damage.forEachRectangle { rect in
            let y0 = rect.minY, y1 = rect.maxY
            if y0 < base.bandTop {
                outside.add(Rect(x: rect.minX, y: y0, width: rect.width, height: min(y1, base.bandTop) - y0))
            }
            let m0 = max(y0, base.bandTop), m1 = min(y1, base.bandBottom)
            if m1 > m0 { band.add(Rect(x: rect.minX, y: m0, width: rect.width, height: m1 - m0)) }
            if y1 > base.bandBottom {
                let b0 = max(y0, base.bandBottom)
                outside.add(Rect(x: rect.minX, y: b0, width: rect.width, height: y1 - b0))
            }
        }
        core.damage.removeAll()
        core.draw(band, into: canvas)
        core.draw(outside, into: base.canvas)
        return (band, outside)
    }

    /// Whether the pending damage meets `rect` (points; false when it is empty).
    private func damageIntersects(_ rect: Rect) -> Bool {
        guard !rect.isEmpty else { return false }
        var meets = false
        core.damage.forEachRectangle { damaged in
            if !meets, rect.intersects(damaged) {
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
        core.damage.forEachRect { _, y, _, h in
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
    private func mirrorWrites(into buffer: RingFrameBuffer, copied: PixelRegion, drawn: DamageRegion,
                              movedOutsideRing: Bool) {
        guard buffer.mirrors else { return }
        var written = copied
        written.add(drawn, pixelsPerPoint: buffer.canvas.pixelsPerPoint)
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
        let root = core.rootView
        guard let rect = core.pendingScroll?.rect, root.backgroundColor?.isOpaque == true, !root.isHidden else {
            return nil
        }
        guard rect.minX <= 0, rect.maxX >= core.size.width else { return nil }
        // (The move's edges within a millionth of a point of whole ones are whole: `ClipEdges.wholeRect`.)
        func whole(_ y: Double) -> Double? {
            guard y == y.rounded(), y > 0, y < core.size.height,
                  y * pixelsPerPoint == (y * pixelsPerPoint).rounded() else { return nil }
            return y
        }
        let top = whole(rect.minY), bottom = whole(rect.maxY)
        guard top != nil || bottom != nil else { return nil }
        return BandRows(top: top, bottom: bottom)
    }
}
