/// One frame drawn into a `RingFrameBuffer` by `FramePresenter.draw(into:previousFrame:)`.
@_spi(Presentation)
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
