// Using the scroll bars (<doc:ScrollBehaviour> §13): hover widening, grabbing the thumb with the pointer, clicking
// the track, scrubbing with a finger. A held thumb moved by d moves the offset by d × range / (track − thumb),
// clamped: no rubber band, no fling.

extension ScrollContainer {
    /// How long a finger rests on a shown bar before it scrubs.
    static let scrubDelay: Duration = .milliseconds(300)

    // MARK: - Hit testing

    /// The bar under `point` (container coordinates), if one is shown there. Asked on every hit test: no allocation.
    func scrollbarAxis(at point: Point) -> Axis? {
        if hitsScrollbar(.vertical, point) { return .vertical }
        if hitsScrollbar(.horizontal, point) { return .horizontal }
        return nil
    }

    /// Whether the bar along `axis` is full or going to be (`.always`, hovered or held).
    func scrollbarIsFull(_ axis: Axis) -> Bool {
        if scrollbarVisibility == .always { return true }
        if bars.grab?.axis == axis { return true }
        return axis == .horizontal ? bars.horizontalBar.hovered : bars.verticalBar.hovered
    }

    private func hitsScrollbar(_ axis: Axis, _ point: Point) -> Bool {
        guard scrollbarOpacity(axis) > 0, let zone = scrollbarHitZone(axis) else { return false }
        return zone.contains(point)
    }

    /// The full track of the bar along `axis`, grown by the edge gap toward its edge.
    func scrollbarHitZone(_ axis: Axis) -> Rect? {
        guard let track = scrollbarTrack(axis, thickness: ScrollContainer.fullScrollbarThickness) else { return nil }
        let gap = ScrollContainer.scrollbarEdgeGap
        if axis == .horizontal {
            return Rect(x: track.minX, y: track.minY, width: track.width, height: track.height + gap)
        }
        if layoutDirection == .rightToLeft {
            return Rect(x: track.minX - gap, y: track.minY, width: track.width + gap, height: track.height)
        }
        return Rect(x: track.minX, y: track.minY, width: track.width + gap, height: track.height)
    }

    /// The pointer moved over the container to `location` (window coordinates).
    func scrollbarPointerHovered(at location: Point) {
        guard scrollbarVisibility != .never else { return }
        let local = convert(location, from: nil)
        showIndicators()
        let time = attachedWindow?.now ?? .zero
        updateHover(.horizontal, inZone: isInHoverZone(.horizontal, local), at: time)
        updateHover(.vertical, inZone: isInHoverZone(.vertical, local), at: time)
        bars.pointerOnBar = scrollbarAxis(at: local).map { scrollbarIsFull($0) } ?? false
        if !scrollbarsHeldUp { scheduleIndicatorFade() }
    }

    func scrollbarPointerLeft() {
        bars.pointerOnBar = false
        let time = attachedWindow?.now ?? .zero
        updateHover(.horizontal, inZone: false, at: time)
        updateHover(.vertical, inZone: false, at: time)
        scheduleIndicatorFade()
    }

    private func isInHoverZone(_ axis: Axis, _ point: Point) -> Bool {
        guard hasScrollbar(axis), let track = scrollbarTrack(axis, thickness: ScrollContainer.fullScrollbarThickness)
        else { return false }
        let dx = max(track.minX - point.x, 0, point.x - track.maxX)
        let dy = max(track.minY - point.y, 0, point.y - track.maxY)
        return dx * dx + dy * dy <= ScrollContainer.scrollbarHoverZone * ScrollContainer.scrollbarHoverZone
    }

    func updateHover(_ axis: Axis, inZone: Bool, at time: Duration) {
        if axis == .horizontal { bars.horizontalBar.hovered = inZone } else { bars.verticalBar.hovered = inZone }
        retargetWidening(axis, at: time)
    }

    func retargetWidening(_ axis: Axis, at time: Duration) {
        var state = axis == .horizontal ? bars.horizontalBar : bars.verticalBar
        let held = bars.grab?.axis == axis
        let target: Double = (state.hovered || held) && hasScrollbar(axis) ? 1 : 0
        guard target != state.target else { return }
        forEachIndicatorRect { setNeedsDisplay($0) }
        state.retarget(target, at: time, duration: ScrollContainer.scrollbarWidenTime)
        if axis == .horizontal { bars.horizontalBar = state } else { bars.verticalBar = state }
        attachedWindow?.addAnimator(animationDriver)
        verticalIndicatorPresenter?.verticalIndicatorChanged(self)
    }

    // MARK: - Pointer presses

    /// Acts on a press at `location` (window coordinates) if it lands on one of this container's bars; true when the
    /// bar took it, and the content never hears of the press.
    func pressScrollbar(
        at location: Point, button: PointerButton, modifiers: KeyModifiers,
        time: Duration
    ) -> Bool {
        guard button == .left || button == .middle else { return false }
        guard bars.grab == nil, bars.pendingScrub == nil, !arbitration.isTracking, isScrollEnabled else { return false }
        let local = convert(location, from: nil)
        // A press before any pointer motion must see the bars too.
        if scrollbarVisibility == .automatic && bars.alpha == 0 {
            guard hasScrollbar(.horizontal) || hasScrollbar(.vertical) else { return false }
            showIndicators()
        }
        guard let axis = scrollbarAxis(at: local),
            let thumb = scrollbarThumb(axis, thickness: ScrollContainer.fullScrollbarThickness)
        else { return false }
        let along = local[axis]
        let onThumb = along >= thumb.origin[axis] && along <= thumb.origin[axis] + thumb.size[axis]
        if !onThumb && button == .left && modifiers.contains(.shift) {
            pageByScrollbar(axis, towards: along, thumb: thumb)
            return true
        }
        if !onThumb { warpThumb(axis, centreTo: along, time: time) }
        beginGrab(axis, touchID: Touch.pointerID, at: location[axis], time: time)
        return true
    }

    func scrollbarPointerMoved(to location: Point, time: Duration) {
        guard let grab = bars.grab, grab.touchID == Touch.pointerID else { return }
        moveGrab(to: location[grab.axis])
    }

    func scrollbarPointerReleased(time: Duration) {
        guard bars.grab?.touchID == Touch.pointerID else { return }
        endGrab(at: time)
    }

    // MARK: - Grabbing

    /// The thumb along `axis` is held from now on by touch `touchID` at `position` along the axis (window points).
    func beginGrab(_ axis: Axis, touchID: Int, at position: Double, time: Duration) {
        completeStepAnimations(at: time)
        if case .stopAnimation = arbitration.offsetAssigned() {
            motion = ScrollMotion(start: .zero)
        }
        bars.grab = ScrollbarGrab(
            axis: axis, touchID: touchID, anchorPointer: position,
            anchorOffset: contentOffset[axis])
        notifications.effects.push(.willBeginDragging)
        retargetWidening(axis, at: time)
        showIndicators()
        finishChange()
    }

    /// The holder is at `position` along the grab's axis (window points).
    func moveGrab(to position: Double) {
        guard let grab = bars.grab, position.isFinite else { return }
        let policy = makePolicy()
        let axis = grab.axis
        guard let track = scrollbarTrack(axis, thickness: ScrollContainer.fullScrollbarThickness) else { return }
        let length = thumbSpan(axis, track: track.size[axis], thickness: ScrollContainer.fullScrollbarThickness).length
        let travel = track.size[axis] - length
        let range = policy.maxOffset[axis] - policy.minOffset[axis]
        guard travel > 0, range > 0 else { return }
        var target = contentOffset
        target[axis] = min(
            policy.maxOffset[axis],
            max(
                policy.minOffset[axis],
                grab.anchorOffset + (position - grab.anchorPointer) * range / travel))
        applyOffset(target)
        finishChange()
    }

    func endGrab(at time: Duration) {
        guard let grab = bars.grab else { return }
        bars.grab = nil
        // Sent now, not queued, as for a finger's release: the delegate answers a question.
        drainEffects()
        var target = contentOffset
        delegate?.scrollContainerWillEndDragging(self, velocity: .zero, targetContentOffset: &target)
        notifications.effects.push(.didEndDragging(willDecelerate: false))
        retargetWidening(grab.axis, at: time)
        didComeToRest()
        finishChange()
    }

    func endScrollbarInteraction() {
        if let timer = bars.scrubTimer { attachedWindow?.timers.cancel(timer) }
        bars.scrubTimer = nil
        bars.pendingScrub = nil
        if bars.grab != nil { endGrab(at: attachedWindow?.now ?? .zero) }
    }

    /// Track click: the thumb's centre goes to `along` (container coordinates) at once (GTK's "warps slider").
    private func warpThumb(_ axis: Axis, centreTo along: Double, time: Duration) {
        guard let track = scrollbarTrack(axis, thickness: ScrollContainer.fullScrollbarThickness) else { return }
        let length = thumbSpan(axis, track: track.size[axis], thickness: ScrollContainer.fullScrollbarThickness).length
        let travel = track.size[axis] - length
        let policy = makePolicy()
        let range = policy.maxOffset[axis] - policy.minOffset[axis]
        guard travel > 0, range > 0 else { return }
        let fraction = min(1, max(0, (along - track.origin[axis] - length / 2) / travel))
        var target = contentOffset
        target[axis] = policy.minOffset[axis] + fraction * range
        completeStepAnimations(at: time)
        if case .stopAnimation = arbitration.offsetAssigned() { motion = ScrollMotion(start: .zero) }
        applyOffset(target)
    }

    /// Shift-click on the track: one page toward `along`, animated.
    private func pageByScrollbar(_ axis: Axis, towards along: Double, thumb: Rect) {
        let visible = bounds.size[axis]
        let distance = max(visible - ScrollContainer.pageKeyOverlap, visible / 2)
        var target = contentOffset
        target[axis] += along < thumb.origin[axis] ? -distance : distance
        setContentOffset(makePolicy().clamp(target), animated: true)
    }

    // MARK: - Scrubbing (fingers)

    /// A finger `id` touched down at `location` (window coordinates): on a shown bar the scrub delay starts and the
    /// content never gets this finger. Returns whether it landed on a bar.
    func scrubTouchDown(id: Int, at location: Point, time: Duration) -> Bool {
        guard id != Touch.pointerID, bars.grab == nil, bars.pendingScrub == nil, !hasFingers,
            !arbitration.isMovingWithoutFingers,
            let axis = scrollbarAxis(at: convert(location, from: nil))
        else { return false }
        bars.pendingScrub = PendingScrub(id: id, axis: axis, down: location, latest: location)
        if let window = attachedWindow {
            bars.scrubTimer = window.timers.schedule(at: time + ScrollContainer.scrubDelay, timerActions.scrub)
        }
        return true
    }

    func scrubDelayElapsed() {
        bars.scrubTimer = nil
        guard let pending = bars.pendingScrub, let time = attachedWindow?.now else { return }
        bars.pendingScrub = nil
        guard fingers.contains(pending.id), !arbitration.isDragging else { return }
        let position = pending.latest
        beginGrab(pending.axis, touchID: pending.id, at: position[pending.axis], time: time)
    }

    /// A scrubbing finger moved: returns whether the scrub took the move. A waiting finger past the slop gives up the
    /// scrub.
    func scrubFingerMoved(id: Int, to location: Point) -> Bool {
        if let grab = bars.grab, grab.touchID == id {
            moveGrab(to: location[grab.axis])
            return true
        }
        if let pending = bars.pendingScrub, pending.id == id {
            bars.pendingScrub?.latest = location
            let dx = location.x - pending.down.x
            let dy = location.y - pending.down.y
            let slop = TouchArbitration.sanitizedSlop(touchSlop)
            if dx * dx + dy * dy > slop * slop {
                if let timer = bars.scrubTimer { attachedWindow?.timers.cancel(timer) }
                bars.scrubTimer = nil
                bars.pendingScrub = nil
            }
        }
        return false
    }

    func scrubFingerEnded(id: Int, time: Duration) {
        if let pending = bars.pendingScrub, pending.id == id {
            if let timer = bars.scrubTimer { attachedWindow?.timers.cancel(timer) }
            bars.scrubTimer = nil
            bars.pendingScrub = nil
            scheduleIndicatorFade()
        }
        if bars.grab?.touchID == id { endGrab(at: time) }
    }
}

extension ScrollContainer {
    /// Whether the horizontal scroll indicator appears while scrolling. Default true.
    public var showsHorizontalScrollIndicator: Bool {
        get { bars.showsHorizontalScrollIndicator }
        set {
            bars.showsHorizontalScrollIndicator = newValue
            finishChange()
        }
    }

    /// Whether the vertical scroll indicator appears while scrolling. Default true.
    public var showsVerticalScrollIndicator: Bool {
        get { bars.showsVerticalScrollIndicator }
        set {
            bars.showsVerticalScrollIndicator = newValue
            finishChange()
        }
    }

    /// When the bars show: `.automatic` (thin while moving, full near the pointer, fading out at rest), `.always`
    /// or `.never`. Default `.automatic`.
    public var scrollbarVisibility: ScrollbarVisibility {
        get { bars.scrollbarVisibility }
        set {
            let oldValue = bars.scrollbarVisibility
            bars.scrollbarVisibility = newValue
            guard bars.scrollbarVisibility != oldValue else { return }
            scrollbarSettingsChanged()
        }
    }

    /// The bars' colours. Default `.default` (a dark thumb with a 1 pt light outline).
    public var indicatorStyle: ScrollIndicatorStyle {
        get { bars.indicatorStyle }
        set {
            let oldValue = bars.indicatorStyle
            bars.indicatorStyle = newValue
            if bars.indicatorStyle != oldValue { scrollbarSettingsChanged() }
        }
    }

    /// How far the bars keep from the container's edges, in points, on top of their own 2 pt. Non-finite or
    /// negative values count as zero. Default `.zero`.
    public var scrollIndicatorInsets: EdgeInsets {
        get { bars.scrollIndicatorInsets }
        set {
            let oldValue = bars.scrollIndicatorInsets
            bars.scrollIndicatorInsets = newValue
            let clean = bars.scrollIndicatorInsets.mapSides(ScrollContainer.nonNegative)
            if clean != bars.scrollIndicatorInsets { bars.scrollIndicatorInsets = clean }
            if bars.scrollIndicatorInsets != oldValue { scrollbarSettingsChanged() }
        }
    }

    /// How long `.automatic` bars stay after the content comes to rest, a flash or the pointer's last motion before
    /// they fade. Negative values count as zero. Default 500 ms.
    public var indicatorHoldTime: Duration {
        get { bars.indicatorHoldTime }
        set {
            bars.indicatorHoldTime = newValue
            if bars.indicatorHoldTime < .zero { bars.indicatorHoldTime = .zero }
            finishChange()
        }
    }
}
