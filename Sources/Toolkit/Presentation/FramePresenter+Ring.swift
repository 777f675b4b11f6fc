// Scrolling without copying pixels: in a `RingFrameBuffer`, a vertical scroll of a full-width band is a move of
// the buffer's start, so a frame costs the rows coming into view, what changed, and the margins (from the
// presented frame or a `FrameBase`). Any other move takes `WindowCore.copyForward`'s copy path. While the
// compositor holds the presented frame, the next can go on in its memory (`drawOnward`) when it writes none of
// the held rows; otherwise it goes to another buffer, which first catches up.

extension FramePresenter {
    /// Draws the next frame into `buffer`: the buffer first catches up with the presented frame (its lag and this
    /// frame's scroll become one move of its start), then the damage is drawn and cleared. `previousFrame` is nil when
    /// `buffer` holds the presented frame. Returns the damage to report, what other buffers lack, and the band move.
    /// Allocation-free.
    public func draw(into buffer: RingFrameBuffer, previousFrame: PreviousFrame?) -> RingFrame {
        draw(into: buffer, previousFrame: previousFrame, base: nil, indicators: nil)
    }

    /// `draw(into:previousFrame:)` with the rows outside a band drawn into `base` (never kept in `buffer`), and the
    /// scrolled container's vertical indicator in `indicators` instead of the window's pixels. Allocation-free.
    public func draw(
        into buffer: RingFrameBuffer, previousFrame: PreviousFrame?, base: FrameBase?,
        indicators: IndicatorOverlay?
    ) -> RingFrame {
        drawRing(into: buffer, previousFrame: previousFrame, base: base, indicators: indicators, onward: false)
            ?? RingFrame(damage: DamageRegion(), changed: DamageRegion())
    }

    /// Draws the next frame into `buffer`, which holds the presented frame while the compositor may still read its
    /// `heldRows`, when nothing needs writing there: the start moves and only what came into view is drawn. With a
    /// `base` for the scrolled band every such scroll qualifies; a frame with nothing moving qualifies when its damage
    /// lies outside `buffer`'s rows (no `shift`, empty `damage`: the presented frame stays). Otherwise nil, nothing
    /// drawn, and the resolved scroll kept for the next draw. Allocation-free.
    public func drawOnward(
        into buffer: RingFrameBuffer, base: FrameBase?,
        indicators: IndicatorOverlay?
    ) -> RingFrame? {
        drawRing(into: buffer, previousFrame: nil, base: base, indicators: indicators, onward: true)
    }

    private func drawRing(
        into buffer: RingFrameBuffer, previousFrame: PreviousFrame?, base: FrameBase?,
        indicators: IndicatorOverlay?, onward: Bool
    ) -> RingFrame? {
        let canvas = buffer.canvas
        let s = canvas.pixelsPerPoint
        let movedView = core.movedViewForFrame
        // A move by no whole pixel (a fling's last frames) moves nothing and reports nothing.
        let move = core.resolvePendingMove(for: canvas, addingStrips: false).flatMap {
            $0.dx == 0 && $0.dy == 0 ? nil : $0
        }
        let aboveBand = base.map { Rect(x: 0, y: 0, width: core.size.width, height: max(0, $0.bandTop)) } ?? .zero
        let belowBand =
            base.map {
                Rect(
                    x: 0, y: $0.bandBottom, width: core.size.width,
                    height: max(0, core.size.height - $0.bandBottom))
            } ?? .zero
        if let move, base != nil {
            // The part of a move outside the band is the base's to draw again (one rectangle at a time: an array of two
            // would allocate per frame).
            let above = move.rect.intersection(aboveBand)
            let below = move.rect.intersection(belowBand)
            if !above.isEmpty { core.damage.add(above) }
            if !below.isEmpty { core.damage.add(below) }
            // A move reaching into the base brings rows the ring never drew into the band beside it.
            let rows = Double(abs(move.dy)) / s
            let r = move.rect
            if !aboveBand.isEmpty, move.dy < 0, r.minY < aboveBand.maxY, r.maxY > aboveBand.maxY {
                core.damage.add(
                    Rect(
                        x: r.minX, y: aboveBand.maxY, width: r.width,
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
        let baseRows = base?.pixelRows(height: buffer.height, pixelsPerPoint: s)
        let topRows = baseRows?.above ?? 0..<0
        let bottomRows = baseRows?.below ?? buffer.height..<buffer.height
        func marginsNeedKeeping(_ band: RowShift) -> Bool {
            let topTaken = band.top == 0 || topRows.upperBound >= band.top
            let bottomTaken = band.bottom == buffer.height || bottomRows.lowerBound <= band.bottom
            return !(topTaken && bottomTaken)
        }
        // The rows coming into view, drawn at their exact pixels by an onward frame: whole points may reach a held row
        // beside them (an odd number of rows at 2x).
        var exactStrip = Rect.zero
        if onward {
            let bandBottom = bottomRows.isEmpty ? buffer.height : bottomRows.lowerBound
            let band = Rect(
                x: 0, y: Double(topRows.upperBound) / s, width: core.size.width,
                height: Double(bandBottom - topRows.upperBound) / s)
            let strip = move?.rowStrip.intersection(band) ?? .zero
            let allowed: Bool
            if overlayBindingChanges(indicators, moved: movedView) {
                allowed = false
            } else if let move {
                allowed =
                    bandMove.map {
                        move.columnStrip.isEmpty
                            && onwardWritesAllowed(
                                buffer, band: $0, keepsMargins: marginsNeedKeeping($0), topRows: topRows,
                                bottomRows: bottomRows, strip: strip)
                    } ?? false
            } else {
                // Nothing moves: the frame goes on when it writes nothing into `buffer`.
                allowed = !damageIntersects(band)
            }
            guard allowed else {
                core.deferMove(move, view: movedView, pixelsPerPoint: s)
                return nil
            }
            exactStrip = strip
            let rows = move?.rowStrip ?? .zero
            if !rows.isEmpty, rows.minY < band.minY {
                core.damage.add(
                    Rect(
                        x: rows.minX, y: rows.minY, width: rows.width,
                        height: min(rows.maxY, band.minY) - rows.minY))
            }
            if !rows.isEmpty, rows.maxY > band.maxY {
                let top = max(rows.minY, band.maxY)
                core.damage.add(Rect(x: rows.minX, y: top, width: rows.width, height: rows.maxY - top))
            }
        } else {
            move?.addStrips(to: &core.damage)
        }
        // Before anything is drawn: binding or releasing the indicator damages its place.
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
            // Holding the presented frame, the buffer keeps its margins; else they come with what it lacks.
            let keepsMargins = previousFrame == nil && marginsNeedKeeping(total)
            buffer.shift(rows: total.dy, bandTop: total.top, bandBottom: total.bottom, preservingMargins: keepsMargins)
            if previousFrame != nil {
                missing.add(x: 0, y: 0, width: buffer.width, height: total.top)
                missing.add(x: 0, y: total.bottom, width: buffer.width, height: buffer.height - total.bottom)
            }
        }
        if !topRows.isEmpty { missing.subtract(x: 0, y: 0, width: buffer.width, height: topRows.count) }
        if !bottomRows.isEmpty {
            missing.subtract(x: 0, y: bottomRows.lowerBound, width: buffer.width, height: bottomRows.count)
        }
        if let previousFrame {
            core.leaveOutDamagedPixels(from: &missing, canvas: canvas)
            if let bandMove {
                var outside = missing
                outside.subtract(x: 0, y: bandMove.top, width: buffer.width, height: bandMove.bottom - bandMove.top)
                canvas.copyPixels(from: previousFrame.pixels, stride: previousFrame.stride, region: outside)
                missing.forEachRect { x, y, w, h in
                    let box = PixelBox(
                        x0: Int(x), y0: max(Int(y), bandMove.top), x1: Int(x) + Int(w),
                        y1: min(Int(y) + Int(h), bandMove.bottom))
                    guard !box.isEmpty else { return }
                    canvas.copyRows(
                        from: previousFrame.pixels, stride: previousFrame.stride, in: box,
                        dy: bandMove.dy, sourceTop: bandMove.top, sourceBottom: bandMove.bottom)
                }
            } else {
                core.copyForward(
                    into: canvas, from: previousFrame.pixels, stride: previousFrame.stride,
                    missing: missing, move: move)
            }
        } else if let move, bandMove == nil {
            canvas.movePixels(in: move.box, dx: move.dx, dy: move.dy)
        }
        if let base, let presented = base.previousFrame, damageIntersects(aboveBand) || damageIntersects(belowBand) {
            // The base is shown from now on: it first takes what it lacks of the presented base outside the band.
            var baseMissing = presented.missing
            let rows = base.pixelRows(height: base.canvas.pixelHeight, pixelsPerPoint: base.canvas.pixelsPerPoint)
            baseMissing.subtract(
                x: 0, y: rows.above.upperBound, width: base.canvas.pixelWidth,
                height: rows.below.lowerBound - rows.above.upperBound)
            core.leaveOutDamagedPixels(from: &baseMissing, canvas: base.canvas)
            base.canvas.copyPixels(from: presented.pixels, stride: presented.stride, region: baseMissing)
        }
        var (drawn, baseDrawn) = drawPendingDamage(into: canvas, base: base)
        if !exactStrip.isEmpty {
            core.draw(exactStrip, into: canvas)
            // Reported and lacked in whole points: a row more is harmless there.
            drawn.add(exactStrip)
        }
        mirrorWrites(
            into: buffer, copied: previousFrame != nil ? missing : PixelRegion(), drawn: drawn,
            movedOutsideRing: move != nil && bandMove == nil)
        var reported = drawn
        var changed = drawn
        if let move {
            reported.add(move.rect)
            if bandMove == nil { changed.add(move.rect) }
        }
        return RingFrame(
            damage: reported, changed: changed, shift: bandMove, baseDamage: baseDrawn,
            indicatorsDrawn: overlay.drawn, indicatorsUnusable: overlay.unusable)
    }

    /// Draws the pending damage into `canvas`, the rows outside `base`'s band into the base's; returns what each took
    /// (points) and clears it.
    private func drawPendingDamage(into canvas: Canvas, base: FrameBase?) -> (DamageRegion, DamageRegion) {
        guard let base else { return (core.drawPendingDamage(into: canvas), DamageRegion()) }
        var band = DamageRegion()
        var outside = DamageRegion()
        core.damage.forEachRectangle { rect in
            let y0 = rect.minY
            let y1 = rect.maxY
            if y0 < base.bandTop {
                outside.add(Rect(x: rect.minX, y: y0, width: rect.width, height: min(y1, base.bandTop) - y0))
            }
            let m0 = max(y0, base.bandTop)
            let m1 = min(y1, base.bandBottom)
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

    /// Whether an onward frame moving `band` writes only rows of `buffer` outside its `heldRows`: wrap copies, kept
    /// margins, damage outside the base's rows, and the rows of `strip`.
    private func onwardWritesAllowed(
        _ buffer: RingFrameBuffer, band: RowShift, keepsMargins: Bool,
        topRows: Range<Int>, bottomRows: Range<Int>, strip: Rect
    ) -> Bool {
        guard let start = buffer.onwardStart(rows: band.dy, bandTop: band.top, bandBottom: band.bottom) else {
            return false
        }
        if keepsMargins,
            !buffer.canWrite(frameRows: 0..<band.top, start: start)
                || !buffer.canWrite(frameRows: band.bottom..<buffer.height, start: start)
        {
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
            let top = max(y0, topRows.isEmpty ? 0 : topRows.upperBound)
            let bottom = min(y1, bottomRows.isEmpty ? buffer.height : bottomRows.lowerBound)
            if bottom > top, !buffer.canWrite(frameRows: top..<bottom, start: start) { allowed = false }
        }
        return allowed
    }

    /// Tells `buffer` what this frame wrote into it, for its mirror: a little is mirrored while cached; much (over half
    /// the frame) or a pixel copy leaves the mirror to the next wrap.
    private func mirrorWrites(
        into buffer: RingFrameBuffer, copied: PixelRegion, drawn: DamageRegion,
        movedOutsideRing: Bool
    ) {
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

    /// The band a `FrameBase` would leave to the ring for the pending scroll: a full-width move's edges that are whole
    /// points and pixels (else the window's edge). Nil without such a move, or when the window is not opaque.
    public func bandRowsForPendingMove(pixelsPerPoint: Double) -> BandRows? {
        let root = core.rootView
        guard let rect = core.pendingScroll?.rect, root.backgroundColor?.isOpaque == true, !root.isHidden else {
            return nil
        }
        guard rect.minX <= 0, rect.maxX >= core.size.width else { return nil }
        func whole(_ y: Double) -> Double? {
            guard y == y.rounded(), y > 0, y < core.size.height,
                y * pixelsPerPoint == (y * pixelsPerPoint).rounded()
            else { return nil }
            return y
        }
        let top = whole(rect.minY)
        let bottom = whole(rect.maxY)
        guard top != nil || bottom != nil else { return nil }
        return BandRows(top: top, bottom: bottom)
    }
}
