// Scroll bars: visibility, geometry and drawing (<doc:ScrollBehaviour> §13); interaction is in +Scrollbars.swift.
//
// Geometry, per axis, in the container's own coordinates: the track's thickness grows away from the edge, so a
// thin bar hugs the edge where a widened one has its outer side. With track length T, visible length v, content
// length c = range + v, range [lo, hi] and offset x: thumb = clamp(T·v/c, 24, T), shortened by the overscroll
// (never under the bar's thickness, a round dot), at (T − thumb)·clamp((x − lo)/(hi − lo), 0, 1) from the start.

extension ScrollContainer {
    /// Seconds the fade-out takes.
    static let indicatorFadeTime = 0.25
    /// Thickness, points.
    static let thinScrollbarThickness = 3.0
    static let fullScrollbarThickness = 8.0
    /// Gap to the container's edges (after `scrollIndicatorInsets`) and between the two bars, points.
    static let scrollbarEdgeGap = 2.0
    /// Shortest thumb, points.
    static let minimumThumbLength = 24.0
    /// How close the pointer comes to a bar's track for it to widen, points.
    static let scrollbarHoverZone = 16.0
    /// Seconds a bar takes to widen or narrow (the spec names no time).
    static let scrollbarWidenTime = 0.15
    /// The thin indicator's thickness, points (for the presentation layer).
    static let indicatorThickness = thinScrollbarThickness

    /// The `.automatic` bars' current opacity, 0 (hidden) to 1 (`.always`: 1 whenever a bar exists; `.never`: 0).
    public var scrollIndicatorOpacity: Double {
        switch scrollbarVisibility {
        case .automatic: bars.alpha
        case .always: 1
        case .never: 0
        }
    }

    /// Shows the `.automatic` bars thin for `indicatorHoldTime`, then fades them out over 0.25 s (UIKit's
    /// `flashScrollIndicators`). Nothing happens with `.never`, nor with `.always` (the bars are up).
    public func flashScrollIndicators() {
        guard scrollbarVisibility == .automatic else { return }
        showIndicators()
        scheduleIndicatorFade()
        finishChange()
    }

    /// The current thumb of the bar along `axis`, in window coordinates (points), or nil when that bar is not
    /// shown (no range along the axis, hidden by a setting, or faded out).
    public func scrollbarThumbFrame(for axis: Axis) -> Rect? {
        guard let thumb = indicatorRect(axis) else { return nil }
        return convert(thumb, to: nil)
    }

    /// The current track of the bar along `axis` (the strip the thumb runs in, at the bar's current thickness),
    /// in window coordinates (points), or nil when that bar is not shown.
    public func scrollbarTrackFrame(for axis: Axis) -> Rect? {
        guard scrollbarOpacity(axis) > 0, let track = scrollbarTrack(axis, thickness: scrollbarThickness(axis)) else {
            return nil
        }
        return convert(track, to: nil)
    }

    // MARK: - Visibility

    /// Whether a bar exists along `axis`: not `.never`, not hidden by its setting, and a non-empty range.
    func hasScrollbar(_ axis: Axis) -> Bool {
        guard scrollbarVisibility != .never else { return false }
        let shows = axis == .horizontal ? showsHorizontalScrollIndicator : showsVerticalScrollIndicator
        guard shows else { return false }
        let limits = offsetLimits
        return limits.max[axis] > limits.min[axis]
    }

    func scrollbarOpacity(_ axis: Axis) -> Double {
        hasScrollbar(axis) ? scrollIndicatorOpacity : 0
    }

    /// 0 thin, 1 full.
    func scrollbarWidening(_ axis: Axis) -> Double {
        if scrollbarVisibility == .always { return 1 }
        let state = axis == .horizontal ? bars.horizontalBar : bars.verticalBar
        return state.widening(at: attachedWindow?.now ?? .zero, duration: ScrollContainer.scrollbarWidenTime)
    }

    func scrollbarThickness(_ axis: Axis) -> Double {
        let w = scrollbarWidening(axis)
        return ScrollContainer.thinScrollbarThickness
            + (ScrollContainer.fullScrollbarThickness - ScrollContainer.thinScrollbarThickness) * w
    }

    /// Whether something keeps the `.automatic` bars up: the pointer in a bar's hover zone, or a held thumb.
    var scrollbarsHeldUp: Bool {
        bars.horizontalBar.hovered || bars.verticalBar.hovered || bars.grab != nil || bars.pendingScrub != nil
    }

    /// The offset changed or the pointer moved: the bars show at full opacity, any pending fade called off.
    func showIndicators() {
        guard scrollbarVisibility == .automatic, hasScrollbar(.horizontal) || hasScrollbar(.vertical) else { return }
        if let timer = bars.fadeTimer {
            attachedWindow?.timers.cancel(timer)
            bars.fadeTimer = nil
        }
        bars.fadeStart = nil
        if bars.alpha != 1 {
            forEachIndicatorRect { setNeedsDisplay($0) }
            bars.alpha = 1
            forEachIndicatorRect { setNeedsDisplay($0) }
            verticalIndicatorPresenter?.verticalIndicatorChanged(self)
        }
        // Unless fingers or a motion will schedule the fade when they end, nothing else would.
        if !arbitration.isTracking && !arbitration.isAnimating { scheduleIndicatorFade() }
    }

    func scheduleIndicatorFade() {
        guard bars.alpha > 0, bars.fadeStart == nil, let window = attachedWindow else { return }
        if let timer = bars.fadeTimer { window.timers.cancel(timer) }
        bars.fadeTimer = window.timers.schedule(at: window.now + indicatorHoldTime, timerActions.fade)
    }

    /// The hold time passed: start the fade, unless something holds the bars up (whatever lets go schedules it again).
    func startIndicatorFade() {
        bars.fadeTimer = nil
        guard let window = attachedWindow, bars.alpha > 0 else { return }
        guard !arbitration.isTracking, !arbitration.isAnimating, !scrollbarsHeldUp else { return }
        if window.reducesMotion {
            // No fade: the bars go in one frame.
            forEachIndicatorRect { setNeedsDisplay($0) }
            bars.alpha = 0
            verticalIndicatorPresenter?.verticalIndicatorChanged(self)
            return
        }
        bars.fadeStart = window.now
        window.addAnimator(animationDriver)
    }

    func stepIndicatorFade(at time: Duration) -> Bool {
        let widening = bars.horizontalBar.start != nil || bars.verticalBar.start != nil
        if widening {
            // Only the bars change: redraw them, not the whole container.
            forEachIndicatorRect { setNeedsDisplay($0) }
            verticalIndicatorPresenter?.verticalIndicatorChanged(self)
        }
        let horizontalRuns = bars.horizontalBar.settle(at: time, duration: ScrollContainer.scrollbarWidenTime)
        let verticalRuns = bars.verticalBar.settle(at: time, duration: ScrollContainer.scrollbarWidenTime)
        let widthRuns = horizontalRuns || verticalRuns
        guard let start = bars.fadeStart else { return widthRuns }
        let alpha = max(0, 1 - ScrollbarState.seconds(time - start) / ScrollContainer.indicatorFadeTime)
        if alpha != bars.alpha {
            forEachIndicatorRect { setNeedsDisplay($0) }
            bars.alpha = alpha
            forEachIndicatorRect { setNeedsDisplay($0) }
            verticalIndicatorPresenter?.verticalIndicatorChanged(self)
        }
        if alpha <= 0 { bars.fadeStart = nil }
        return bars.fadeStart != nil || widthRuns
    }

    var scrollbarsAnimate: Bool {
        bars.fadeStart != nil || bars.horizontalBar.start != nil || bars.verticalBar.start != nil
    }

    func scrollbarSettingsChanged() {
        forEachIndicatorRect { setNeedsDisplay($0) }
        if scrollbarVisibility != .automatic {
            attachedWindow?.timers.cancel(bars.fadeTimer)
            bars.fadeTimer = nil
            bars.fadeStart = nil
            bars.alpha = 0
        }
        if scrollbarVisibility == .never { endScrollbarInteraction() }
        verticalIndicatorPresenter?.verticalIndicatorChanged(self)
        finishChange()
    }

    // MARK: - Geometry

    /// The track of the bar along `axis` at `thickness`, or nil when the bar does not exist or has no room.
    func scrollbarTrack(_ axis: Axis, thickness: Double) -> Rect? {
        guard hasScrollbar(axis) else { return nil }
        let b = bounds
        let inset = scrollIndicatorInsets
        let gap = ScrollContainer.scrollbarEdgeGap
        let full = ScrollContainer.fullScrollbarThickness
        // The corner where both bars would meet belongs to the vertical bar: the horizontal one stops short of it.
        let rtl = layoutDirection == .rightToLeft
        if axis == .vertical {
            let x = rtl ? b.minX + inset.left + gap : b.maxX - inset.right - gap - thickness
            let y0 = b.minY + inset.top + gap
            let y1 = b.maxY - inset.bottom - gap - (hasScrollbar(.horizontal) ? full + gap : 0)
            guard y1 - y0 >= ScrollContainer.minimumThumbLength else { return nil }
            return Rect(x: x, y: y0, width: thickness, height: y1 - y0)
        }
        let reserve = hasScrollbar(.vertical) ? full + gap : 0
        let x0 = b.minX + inset.left + gap + (rtl ? reserve : 0)
        let x1 = b.maxX - inset.right - gap - (rtl ? 0 : reserve)
        guard x1 - x0 >= ScrollContainer.minimumThumbLength else { return nil }
        return Rect(x: x0, y: b.maxY - inset.bottom - gap - thickness, width: x1 - x0, height: thickness)
    }

    /// The thumb of the bar along `axis` at its current thickness, or nil when the bar is not shown.
    func indicatorRect(_ axis: Axis) -> Rect? {
        guard scrollbarOpacity(axis) > 0 else { return nil }
        return scrollbarThumb(axis, thickness: scrollbarThickness(axis))
    }

    func scrollbarThumb(_ axis: Axis, thickness: Double) -> Rect? {
        guard let track = scrollbarTrack(axis, thickness: thickness) else { return nil }
        let (start, length) = thumbSpan(axis, track: track.size[axis], thickness: thickness)
        if axis == .vertical {
            return Rect(x: track.minX, y: track.minY + start, width: thickness, height: length)
        }
        return Rect(x: track.minX + start, y: track.minY, width: length, height: thickness)
    }

    func thumbSpan(_ axis: Axis, track: Double, thickness: Double) -> (start: Double, length: Double) {
        let limits = offsetLimits
        let lo = limits.min[axis]
        let hi = limits.max[axis]
        let visible = max(0, bounds.size[axis])
        let content = hi - lo + visible
        var length = min(
            track, max(ScrollContainer.minimumThumbLength, content > 0 ? track * visible / content : track))
        let x = contentOffset[axis]
        let overscroll = x < lo ? lo - x : (x > hi ? x - hi : 0)
        length = max(thickness, length - overscroll)
        let fraction = hi > lo ? min(1, max(0, (x - lo) / (hi - lo))) : 0
        return ((track - length) * fraction, length)
    }

    // MARK: - Drawing

    func drawIndicators(in canvas: Canvas) {
        bars.drawnRects = (
            scrollbarDamageRect(.horizontal), verticalIndicatorElsewhere ? nil : scrollbarDamageRect(.vertical)
        )
        if bars.drawnRects.horizontal != nil { drawScrollbar(.horizontal, in: canvas) }
        if bars.drawnRects.vertical != nil { drawScrollbar(.vertical, in: canvas) }
    }

    /// The part of the container the bar along `axis` covers now (its trough if it has one, else its thumb).
    func scrollbarDamageRect(_ axis: Axis) -> Rect? {
        guard scrollbarOpacity(axis) > 0 else { return nil }
        let thickness = scrollbarThickness(axis)
        if scrollbarWidening(axis) > 0 { return scrollbarTrack(axis, thickness: thickness) }
        return scrollbarThumb(axis, thickness: thickness)
    }

    /// Draws the bar along `axis` (trough, then thumb), shifted by `shift` whole pixels for an overlay buffer whose
    /// origin is elsewhere. Rounded boxes straight into the canvas: no allocation.
    func drawScrollbar(_ axis: Axis, in canvas: Canvas, shift: (x: Int, y: Int) = (0, 0)) {
        let alpha = scrollbarOpacity(axis)
        let thickness = scrollbarThickness(axis)
        guard alpha > 0, let track = scrollbarTrack(axis, thickness: thickness) else { return }
        let widening = scrollbarWidening(axis)
        let colors = ScrollContainer.scrollbarColors(indicatorStyle, scheme: colorScheme)
        let radius = thickness / 2
        func fill(_ rect: Rect, radius: Double, color: Color) {
            guard let box = canvas.pixelBox(rect) else { return }
            canvas.fillRoundedPixelBox(
                PixelBox(
                    x0: box.x0 + shift.x, y0: box.y0 + shift.y, x1: box.x1 + shift.x,
                    y1: box.y1 + shift.y), radius: radius, color: color)
        }
        if widening > 0 {
            fill(track, radius: radius, color: colors.trough.scaled(alpha * widening))
        }
        guard let thumb = scrollbarThumb(axis, thickness: thickness) else { return }
        if let outline = colors.outline {
            // A 1 pt light rim around a dark core: readable over light and dark content alike.
            fill(thumb, radius: radius, color: outline.scaled(alpha))
            let core = Rect(
                x: thumb.minX + 1, y: thumb.minY + 1, width: max(0, thumb.width - 2),
                height: max(0, thumb.height - 2))
            if core.width > 0 && core.height > 0 {
                fill(core, radius: max(0, radius - 1), color: colors.thumb.scaled(alpha))
            }
        } else {
            fill(thumb, radius: radius, color: colors.thumb.scaled(alpha))
        }
    }

    /// The bars' colours for `style` in a window of `scheme`: only `.default` follows the scheme (its dark form is
    /// the light form inverted: a light thumb with a dark rim over a dark trough).
    static func scrollbarColors(
        _ style: ScrollIndicatorStyle, scheme: ColorScheme
    ) -> (thumb: Color, outline: Color?, trough: Color) {
        switch (style, scheme) {
        case (.default, .light):
            (
                Color(red: 0, green: 0, blue: 0, alpha: 0.55), Color(red: 1, green: 1, blue: 1, alpha: 0.7),
                Color(red: 1, green: 1, blue: 1, alpha: 0.35)
            )
        case (.default, .dark):
            (
                Color(red: 1, green: 1, blue: 1, alpha: 0.55), Color(red: 0, green: 0, blue: 0, alpha: 0.7),
                Color(red: 0, green: 0, blue: 0, alpha: 0.35)
            )
        case (.dark, _):
            (Color(red: 0, green: 0, blue: 0, alpha: 0.5), nil, Color(red: 0, green: 0, blue: 0, alpha: 0.12))
        case (.light, _):
            (Color(red: 1, green: 1, blue: 1, alpha: 0.6), nil, Color(red: 1, green: 1, blue: 1, alpha: 0.15))
        }
    }

    /// The thin thumb's colour at the bars' current opacity (an overlay's picture is compared by it).
    var indicatorColor: Color {
        ScrollContainer.scrollbarColors(indicatorStyle, scheme: colorScheme).thumb.scaled(scrollbarOpacity(.vertical))
    }

    var verticalIndicatorElsewhere: Bool { verticalIndicatorPresenter != nil }

    /// Where the vertical bar can be, in the superview's coordinates: a full bar's width along its edge.
    var verticalIndicatorColumn: Rect? {
        guard hasScrollbar(.vertical),
            let track = scrollbarTrack(.vertical, thickness: ScrollContainer.fullScrollbarThickness)
        else { return nil }
        let f = frame
        return Rect(x: f.minX + (track.minX - bounds.minX), y: f.minY, width: track.width, height: f.height)
    }

    /// Calls `body` with the bars' rectangles where they were drawn last, then where they are now.
    func forEachIndicatorRect(_ body: (Rect) -> Void) {
        if let rect = bars.drawnRects.horizontal { body(rect) }
        if let rect = bars.drawnRects.vertical { body(rect) }
        if let rect = scrollbarDamageRect(.horizontal) { body(rect) }
        if !verticalIndicatorElsewhere, let rect = scrollbarDamageRect(.vertical) { body(rect) }
    }
}

extension Color {
    func scaled(_ factor: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha * factor)
    }
}

extension ScrollContainer {
    struct IndicatorState {
        /// Opacity, 0...1.
        var alpha = 0.0
        var fadeStart: Duration?
        var fadeTimer: TimerQueue.ID?
        /// Where the indicators were drawn last (nil: not drawn): they are redrawn there after a pixel-copying scroll.
        var drawnRects: (horizontal: Rect?, vertical: Rect?) = (nil, nil)
        var horizontalBar = ScrollbarState()
        var verticalBar = ScrollbarState()
        var grab: ScrollbarGrab?
        /// A finger resting on a shown bar, waiting for the scrub delay (0.3 s).
        var pendingScrub: PendingScrub?
        var scrubTimer: TimerQueue.ID?
        var pointerOnBar = false
        // The settings (`+Scrollbars`).
        var showsHorizontalScrollIndicator: Bool = true
        var showsVerticalScrollIndicator: Bool = true
        var scrollbarVisibility: ScrollbarVisibility = .automatic
        var indicatorStyle: ScrollIndicatorStyle = .default
        var scrollIndicatorInsets: EdgeInsets = .zero
        var indicatorHoldTime: Duration = .milliseconds(500)
        weak var presenter: (any VerticalIndicatorPresenter)?
    }
}

extension ScrollContainer {
    /// Who draws the vertical indicator outside the window's pixels, if anyone; the container then neither draws nor
    /// damages it. Setting or clearing it damages the knob's place.
    var verticalIndicatorPresenter: (any VerticalIndicatorPresenter)? {
        get { bars.presenter }
        set {
            let hadOne = bars.presenter != nil
            bars.presenter = newValue
            guard (newValue == nil) == hadOne else { return }
            if let rect = bars.drawnRects.vertical { setNeedsDisplay(rect) }
            bars.drawnRects.vertical = nil
            if let rect = indicatorRect(.vertical) { setNeedsDisplay(rect) }
        }
    }
}
