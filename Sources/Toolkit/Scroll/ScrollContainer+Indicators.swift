// Scroll indicators: thin bars along the right and bottom edges showing which part of the content is
// visible. They appear when the offset changes and fade out once the content has rested for a moment.
//
// Geometry, per axis (container size v, content extent c, range [lo, hi], offset x, track t = v - 2·margin):
//   knob = max(minimumKnob, t · v / (c + insets)), shortened by the overscroll (never below 2·thickness),
//   position = margin + (t - knob) · clamp((x - lo) / (hi - lo), 0, 1).

extension ScrollContainer {
    /// Seconds the indicators stay fully visible after the content comes to rest.
    static let indicatorHoldTime: Duration = .milliseconds(500)
    /// Seconds the fade-out takes.
    static let indicatorFadeTime = 0.25
    /// Indicator thickness, points.
    static let indicatorThickness = 3.0
    /// Gap between an indicator and the container's edges, points.
    static let indicatorMargin = 3.0
    /// Shortest knob, points.
    static let indicatorMinimumLength = 36.0

    /// The indicators' current opacity, 0 (hidden) to 1.
    public var scrollIndicatorOpacity: Double { indicatorAlpha }

    /// The offset changed: the indicators show at full opacity, and any pending fade is called off.
    func showIndicators() {
        guard showsHorizontalScrollIndicator || showsVerticalScrollIndicator else { return }
        if let timer = indicatorFadeTimer {
            attachedWindow?.timers.cancel(timer)
            indicatorFadeTimer = nil
        }
        indicatorFadeStart = nil
        if indicatorAlpha != 1 {
            indicatorAlpha = 1
            setNeedsDisplay()
        }
        // Nothing may keep them up if this change is not followed by a motion: schedule the fade unless
        // fingers or a motion will schedule it when they end.
        if !arbitration.isTracking && !arbitration.isAnimating { scheduleIndicatorFade() }
    }

    /// The content is at rest: fade the indicators out after `indicatorHoldTime`.
    func scheduleIndicatorFade() {
        guard indicatorAlpha > 0, indicatorFadeStart == nil, let window = attachedWindow else { return }
        if let timer = indicatorFadeTimer { window.timers.cancel(timer) }
        indicatorFadeTimer = window.timers.schedule(at: window.now + ScrollContainer.indicatorHoldTime,
                                                    fadeAction)
    }

    /// The hold time passed: start the fade, sampled by the frame animator.
    func startIndicatorFade() {
        indicatorFadeTimer = nil
        guard let window = attachedWindow, indicatorAlpha > 0 else { return }
        guard !arbitration.isTracking, !arbitration.isAnimating else { return }
        indicatorFadeStart = window.now
        window.addAnimator(animationDriver)
    }

    /// Advances the fade to `time`; returns whether it still runs.
    func stepIndicatorFade(at time: Duration) -> Bool {
        guard let start = indicatorFadeStart else { return false }
        let d = time - start
        let elapsed = Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
        let alpha = max(0, 1 - elapsed / ScrollContainer.indicatorFadeTime)
        if alpha != indicatorAlpha {
            // Only the indicators change: redraw them, not the whole container.
            forEachIndicatorRect { setNeedsDisplay($0) }
            indicatorAlpha = alpha
            forEachIndicatorRect { setNeedsDisplay($0) }
            verticalIndicatorPresenter?.verticalIndicatorChanged(self)
        }
        if alpha <= 0 { indicatorFadeStart = nil }
        return indicatorFadeStart != nil
    }

    /// The knob rectangle for `axis`, in the container's own coordinates, or nil when it is not shown.
    func indicatorRect(_ axis: Axis) -> Rect? {
        let shows = axis == .horizontal ? showsHorizontalScrollIndicator : showsVerticalScrollIndicator
        let policy = makePolicy()
        guard shows, indicatorAlpha > 0, policy.maxOffset[axis] > policy.minOffset[axis] else { return nil }
        let b = bounds
        let margin = ScrollContainer.indicatorMargin, thickness = ScrollContainer.indicatorThickness
        let viewport = b.size[axis]
        // Leave room for the other indicator in the corner.
        let track = viewport - 2 * margin - thickness
        guard track > 2 * thickness else { return nil }
        let lo = policy.minOffset[axis], hi = policy.maxOffset[axis]
        let extent = hi - lo + viewport
        var knob = max(ScrollContainer.indicatorMinimumLength, track * viewport / extent)
        let x = contentOffset[axis]
        let overscroll = x < lo ? lo - x : (x > hi ? x - hi : 0)
        knob = max(2 * thickness, min(knob, track) - overscroll)
        let fraction = min(1, max(0, (x - lo) / (hi - lo)))
        let along = margin + (track - knob) * fraction
        if axis == .vertical {
            return Rect(x: b.maxX - margin - thickness, y: b.minY + along, width: thickness, height: knob)
        }
        return Rect(x: b.minX + along, y: b.maxY - margin - thickness, width: knob, height: thickness)
    }

    /// Draws the scroll indicators (called by `drawOverlay`, above the content) and remembers where.
    func drawIndicators(in canvas: Canvas) {
        guard indicatorAlpha > 0 else {
            drawnIndicatorRects = (nil, nil)
            return
        }
        let vertical = verticalIndicatorElsewhere ? nil : indicatorRect(.vertical)
        drawnIndicatorRects = (indicatorRect(.horizontal), vertical)
        let radius = ScrollContainer.indicatorThickness / 2
        if let rect = drawnIndicatorRects.horizontal { canvas.fillRoundedRect(rect, radius: radius, color: indicatorColor) }
        if let rect = vertical { canvas.fillRoundedRect(rect, radius: radius, color: indicatorColor) }
    }

    /// Whether the vertical indicator is drawn outside the window's pixels (`verticalIndicatorPresenter`).
    var verticalIndicatorElsewhere: Bool { verticalIndicatorPresenter != nil }

    /// The indicators' colour at their current opacity.
    var indicatorColor: Color { Color(red: 0, green: 0, blue: 0, alpha: 0.45 * indicatorAlpha) }

    /// Where the vertical indicator's knob can be, in the superview's coordinates (the container's frame): a column
    /// `indicatorThickness` wide along the right edge, the container's height; nil when it has no vertical
    /// indicator.
    var verticalIndicatorColumn: Rect? {
        guard showsVerticalScrollIndicator else { return nil }
        let f = frame
        return Rect(x: f.maxX - ScrollContainer.indicatorMargin - ScrollContainer.indicatorThickness, y: f.minY,
                    width: ScrollContainer.indicatorThickness, height: f.height)
    }

    /// Calls `body` with the indicator rectangles (container coordinates) where they were drawn last, then
    /// where they are now.
    func forEachIndicatorRect(_ body: (Rect) -> Void) {
        if let rect = drawnIndicatorRects.horizontal { body(rect) }
        if let rect = drawnIndicatorRects.vertical { body(rect) }
        if let rect = indicatorRect(.horizontal) { body(rect) }
        if !verticalIndicatorElsewhere, let rect = indicatorRect(.vertical) { body(rect) }
    }
}
