// Drawing a frame into one of the window's buffers (kept out of WaylandWindow.swift): the buffer catches up with
// the presented frame and the core draws the damage. A scroll of a band spanning the window's width moves the
// buffer's start in its pool (`RingFrameBuffer`, `FramePresenter.draw(into:previousFrame:)`) and the buffer then
// needs a `wl_buffer` at the new offset; anything else is drawn by copying pixels.

@_spi(Presentation) import ToolkitCore

extension WaylandBufferPool {
    /// A frame drawn into a buffer, ready to attach.
    struct DrawnFrame {
        /// Everything that changed on screen, in points (the damage to report).
        var damage: DamageRegion
        /// What other buffers now lack apart from `shift`, in pixels.
        var lagDamage: PixelRegion
        /// The band moved by moving the buffer's start, or nil.
        var shift: RowShift?
        /// What was drawn into the base buffer (the rows outside a band surface's), in points (empty without one,
        /// or when nothing was: the presented base stays).
        var baseDamage: DamageRegion
        /// Whether the indicator overlay was drawn (commit it), and whether it can no longer be used (drop it).
        var indicatorsDrawn = false
        var indicatorsUnusable = false
    }

    /// Draws the presenter's core's next frame into `buffer` (acquired with `previousFrame`, nil when it holds the presented
    /// frame or is redrawn in full), the rows outside the band into `base` when there is one, and makes the
    /// buffer's `wl_buffer` follow a moved start.
    /// - Throws: `WaylandError.bufferAllocationFailed` when the `wl_buffer` at the new offset cannot be made.
    func draw(
        _ presenter: FramePresenter, into buffer: ShmBuffer, previousFrame: PreviousFrame?,
        base: FrameBase? = nil, indicators: IndicatorOverlay? = nil
    ) throws -> DrawnFrame {
        let frame = presenter.draw(into: buffer.ring, previousFrame: previousFrame, base: base, indicators: indicators)
        if previousFrame != nil { catchUpFrameCount += 1 }
        return try finish(frame, in: buffer)
    }

    /// Draws the presenter's core's next frame onward into `buffer` (from `acquireOnward()`, holding the presented
    /// frame), when the frame writes none of the rows the compositor holds (`FramePresenter.drawOnward`); nil when
    /// it declined (nothing drawn: draw the frame into an acquired buffer).
    func drawOnward(
        _ presenter: FramePresenter, into buffer: ShmBuffer, base: FrameBase?,
        indicators: IndicatorOverlay?
    ) throws -> DrawnFrame? {
        guard let frame = presenter.drawOnward(into: buffer.ring, base: base, indicators: indicators) else {
            return nil
        }
        onwardFrameCount += 1
        return try finish(frame, in: buffer)
    }

    private func finish(_ frame: RingFrame, in buffer: ShmBuffer) throws -> DrawnFrame {
        try buffer.syncProxy()
        if frame.shift != nil { shiftedFrameCount += 1 }
        return DrawnFrame(
            damage: frame.damage, lagDamage: frame.changed.pixels(pixelsPerPoint: buffer.scale), shift: frame.shift,
            baseDamage: frame.baseDamage,
            indicatorsDrawn: frame.indicatorsDrawn,
            indicatorsUnusable: frame.indicatorsUnusable)
    }
}
