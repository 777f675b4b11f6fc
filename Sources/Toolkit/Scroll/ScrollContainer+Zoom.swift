// Zooming (<doc:ScrollBehaviour> §11): the delegate's `viewForZooming(in:)` is shown at `zoomScale` and
// `contentSize` follows it. A finger pinch is a drag whose claim may come from the spread instead of the translation.
//
// Geometry: a point `a` of the zoomed view is at content point `frame.origin + (a - bounds.origin) * scale`, so
// keeping `a` under a visible point `c` at scale `s` takes the offset `frame.origin + (a - bounds.origin) * s - c`.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ScrollContainer {
    /// Zoom factor of one wheel detent with Ctrl held.
    static let wheelZoomFactor = 1.1
    /// Zoom factor of Ctrl + plus and Ctrl + minus.
    static let keyZoomFactor = 1.25

    /// Sets `zoomScale`, clamped into the limits, keeping the content point at the centre of the visible area where it
    /// is. Animated: 0.3 s ease-out between `willBeginZooming` and `didEndZooming`, but at once while fingers are down
    /// or outside a window. Ignored when no view zooms or `scale` is not positive and finite.
    public func setZoomScale(_ scale: Double, animated: Bool) {
        guard scale.isFinite, scale > 0, let view = zoomedView else { return }
        let target = clampedZoomScale(scale)
        let centre = Point(x: bounds.width / 2, y: bounds.height / 2)
        let anchor = zoomAnchor(of: view, at: centre)
        let wanted = offset(showing: anchor, of: view, at: centre, scale: target)
        let resting = makePolicy(contentSize: view.bounds.size * target).clamp(wanted)
        startZoom(to: target, offset: resting, animated: animated)
    }

    /// Zooms so that `rect` (the zoomed view's unscaled coordinates) is shown whole, as large as it fits, centred;
    /// animated as `setZoomScale(_:animated:)`. A non-finite rect is ignored; an empty one zooms to the maximum.
    public func zoom(to rect: Rect, animated: Bool) {
        guard rect.origin.isFinite, rect.size.isFinite, let view = zoomedView else { return }
        let width = max(rect.width, 0)
        let height = max(rect.height, 0)
        let fit = min(width > 0 ? bounds.width / width : .infinity, height > 0 ? bounds.height / height : .infinity)
        let target = clampedZoomScale(fit.isFinite && fit > 0 ? fit : maximumZoomScale)
        let centre = Point(x: bounds.width / 2, y: bounds.height / 2)
        let rectCentre = Point(x: rect.minX + width / 2, y: rect.minY + height / 2)
        let wanted = offset(showing: rectCentre, of: view, at: centre, scale: target)
        let resting = makePolicy(contentSize: view.bounds.size * target).clamp(wanted)
        startZoom(to: target, offset: resting, animated: animated)
    }

    // MARK: - Zoomed view and limits

    var zoomedView: View? {
        guard let view = delegate?.viewForZooming(in: self), view.superview === self else { return nil }
        return view
    }

    /// Whether pinches, Ctrl + wheel and the zoom keys can zoom.
    var canZoom: Bool {
        maximumZoomScale > minimumZoomScale && zoomedView != nil
    }

    /// `scale` clamped into the limits (a maximum below the minimum counts as the minimum).
    func clampedZoomScale(_ scale: Double) -> Double {
        min(max(scale, minimumZoomScale), max(minimumZoomScale, maximumZoomScale))
    }

    /// The scale shown for a pinch asking for `raw`: past a limit `limit * (raw / limit)^0.5` with `bouncesZoom`,
    /// else the limit.
    func resistedZoomScale(_ raw: Double) -> Double {
        let low = minimumZoomScale
        let high = max(minimumZoomScale, maximumZoomScale)
        if raw > high { return bouncesZoom ? high * (raw / high).squareRoot() : high }
        if raw < low { return bouncesZoom ? low * (raw / low).squareRoot() : low }
        return raw
    }

    // MARK: - Geometry

    /// A window point in the container's visible coordinates (points from its top-left corner).
    func visiblePoint(fromWindow point: Point) -> Point {
        convert(point, from: nil) - contentOffset
    }

    func zoomAnchor(of view: View, at visible: Point) -> Point {
        view.pointFromSuperview(visible + contentOffset)
    }

    func offset(showing anchor: Point, of view: View, at visible: Point, scale: Double) -> Point {
        view.frame.origin + (anchor - view.bounds.origin) * scale - visible
    }

    /// Shows the zoomed view at `scale` and the content at `offset` as one step; the caller ends the change.
    func applyZoom(scale: Double, offset: Point) {
        if scale != zoomState.scale, scale.isFinite, scale > 0, let view = zoomedView {
            zoomState.scale = scale
            view.setScaleInSuperview(scale)
            zoomState.isApplying = true
            contentSize = view.bounds.size * scale
            zoomState.isApplying = false
            notifications.effects.push(.didZoom)
        }
        applyOffset(offset)
    }

    /// Whether the scale rests outside the limits (after a pinch past them, or limits changed under it).
    var zoomNeedsBounce: Bool {
        zoomedView != nil && clampedZoomScale(zoomState.scale) != zoomState.scale
    }

    // MARK: - Animations

    private func startZoom(to scale: Double, offset: Point, animated: Bool) {
        stopZoomMotion()
        guard animated, let window = attachedWindow, !arbitration.isTracking else {
            applyZoom(scale: scale, offset: contentOffset)
            assignContentOffset(offset)  // stops a running motion; ends the change
            return
        }
        guard scale != zoomState.scale || offset != contentOffset else { return }
        if arbitration.isAnimating { assignContentOffset(contentOffset) }  // a fling or step stops here
        zoomState.motion = ZoomMotion(
            start: window.now, fromScale: zoomState.scale, toScale: scale,
            fromOffset: contentOffset, toOffset: offset, curve: .easeOut)
        notifications.effects.push(.willBeginZooming)
        window.addAnimator(animationDriver)
        finishChange()
    }

    /// Starts the return to the nearest limit around `visible`, whose zoomed point stays put; at once without a window.
    func startZoomBounce(at time: Duration, around visible: Point) {
        guard let view = zoomedView else { return }
        let target = clampedZoomScale(zoomState.scale)
        let anchor = zoomAnchor(of: view, at: visible)
        let toOffset = offset(showing: anchor, of: view, at: visible, scale: target)
        guard attachedWindow != nil else {
            applyZoom(scale: target, offset: toOffset)
            notifications.effects.push(.didEndZooming(scale: zoomState.scale))
            return
        }
        zoomState.motion = ZoomMotion(
            start: time, fromScale: zoomState.scale, toScale: target,
            fromOffset: contentOffset, toOffset: toOffset, curve: .spring)
        isZoomBouncing = true
    }

    func stepZoomMotion(at time: Duration) -> Bool {
        guard let zoom = zoomState.motion else { return false }
        guard !zoom.isDone(at: time) else {
            zoomState.motion = nil
            applyZoom(scale: zoom.toScale, offset: zoom.toOffset)
            isZoomBouncing = false
            notifications.effects.push(.didEndZooming(scale: zoomState.scale))
            return false
        }
        applyZoom(scale: zoom.scale(at: time), offset: zoom.offset(at: time))
        return true
    }

    /// Stops a running zoom motion where the last frame left it.
    func stopZoomMotion() {
        guard zoomState.motion != nil else { return }
        zoomState.motion = nil
        isZoomBouncing = false
        notifications.effects.push(.didEndZooming(scale: zoomState.scale))
    }

    // MARK: - Pinch with fingers

    /// Takes the pinch's start values again whenever a finger joins or leaves, so neither scale nor offset jumps.
    func rebasePinch() {
        zoomState.pinch.spreadAtStart = fingers.spread
        zoomState.pinch.rawScaleAtStart = zoomState.pinch.isActive ? zoomState.pinch.rawScale : zoomState.scale
        zoomState.pinch.rawScale = zoomState.pinch.rawScaleAtStart
        guard let view = zoomedView, !fingers.isEmpty else { return }
        let centroid = visiblePoint(fromWindow: fingers.centroid)
        zoomState.pinch.anchor = zoomAnchor(of: view, at: centroid)
        // A bounce after the pinch turns around where the pinching fingers were, not the last finger left.
        if !zoomState.pinch.isActive || fingers.count >= 2 { zoomState.pinch.lastCentroid = centroid }
    }

    /// Whether two or more fingers on a zoomable container changed their spread by more than the slop.
    var pinchCrossedSlop: Bool {
        guard !zoomState.pinch.isActive, fingers.count >= 2, canZoom else { return false }
        return abs(fingers.spread - zoomState.pinch.spreadAtStart) > TouchArbitration.sanitizedSlop(touchSlop)
    }

    /// The pinch claims the fingers; scale and offset catch up with what the fingers did since the start values.
    func beginPinch() {
        guard !zoomState.pinch.isActive, zoomedView != nil else { return }
        stopZoomMotion()
        zoomState.pinch.isActive = true
        isZooming = true
        notifications.effects.push(.willBeginZooming)
        applyPinch()
    }

    func applyPinch() {
        guard zoomState.pinch.isActive, fingers.count >= 2, let view = zoomedView else { return }
        let ratio = fingers.spread / max(zoomState.pinch.spreadAtStart, 1)
        zoomState.pinch.rawScale = zoomState.pinch.rawScaleAtStart * ratio
        let shown = resistedZoomScale(zoomState.pinch.rawScale)
        let centroid = visiblePoint(fromWindow: fingers.centroid)
        zoomState.pinch.lastCentroid = centroid
        let wanted = offset(showing: zoomState.pinch.anchor, of: view, at: centroid, scale: shown)
        applyZoom(scale: shown, offset: contentOffset)
        let policy = makePolicy()
        applyOffset(
            Point(
                x: policy.displayed(raw: wanted.x, .horizontal),
                y: policy.displayed(raw: wanted.y, .vertical)))
    }

    /// The last finger lifted or all were cancelled: a scale past a limit returns to it (`bounce`, decided before
    /// the release).
    func finishPinchSequence(at time: Duration, bounce: Bool) {
        let wasZooming = zoomState.pinch.isActive
        zoomState.pinch.isActive = false
        isZooming = false
        if bounce {
            if !wasZooming { notifications.effects.push(.willBeginZooming) }
            startZoomBounce(at: time, around: zoomState.pinch.lastCentroid)
        } else if wasZooming {
            notifications.effects.push(.didEndZooming(scale: zoomState.scale))
        }
    }

    // MARK: - Touchpad pinch, wheel and keys

    /// A touchpad pinch began with the pointer at `location` (window); returns whether the container took it.
    @discardableResult
    func touchpadPinchBegan(at location: Point, time: Duration) -> Bool {
        guard canZoom, let view = zoomedView, zoomState.touchpadPinchStartScale == nil, beginPointerGesture() else {
            return false
        }
        stopZoomMotion()
        pointerScroll.velocityTracker.reset()
        pointerScroll.touchpadTravel = .zero
        zoomState.touchpadPinchStartScale = zoomState.scale
        let visible = visiblePoint(fromWindow: location)
        zoomState.pinch.anchor = zoomAnchor(of: view, at: visible)
        zoomState.pinch.lastCentroid = visible
        isZooming = true
        notifications.effects.push(.willBeginZooming)
        showIndicators()
        finishChange()
        return true
    }

    /// The touchpad pinch's cumulative `scale`; the pointer stays where it began.
    func touchpadPinchChanged(scale: Double, time: Duration) {
        guard let start = zoomState.touchpadPinchStartScale, scale.isFinite, scale > 0, let view = zoomedView else {
            return
        }
        let shown = resistedZoomScale(start * scale)
        let wanted = offset(showing: zoomState.pinch.anchor, of: view, at: zoomState.pinch.lastCentroid, scale: shown)
        applyZoom(scale: shown, offset: contentOffset)
        let policy = makePolicy()
        applyOffset(
            Point(
                x: policy.displayed(raw: wanted.x, .horizontal),
                y: policy.displayed(raw: wanted.y, .vertical)))
        finishChange()
    }

    /// The touchpad pinch ended; `cancelled` returns to the scale it began at, as a bounce.
    func touchpadPinchEnded(cancelled: Bool, time: Duration) {
        guard let start = zoomState.touchpadPinchStartScale else { return }
        zoomState.touchpadPinchStartScale = nil
        isZooming = false
        if cancelled, start != zoomState.scale, let view = zoomedView {
            let toOffset = offset(
                showing: zoomState.pinch.anchor, of: view, at: zoomState.pinch.lastCentroid, scale: start)
            zoomState.motion = ZoomMotion(
                start: time, fromScale: zoomState.scale, toScale: start,
                fromOffset: contentOffset, toOffset: toOffset, curve: .spring)
            isZoomBouncing = true
        } else if zoomNeedsBounce {
            startZoomBounce(at: time, around: zoomState.pinch.lastCentroid)
        } else {
            notifications.effects.push(.didEndZooming(scale: zoomState.scale))
        }
        let moves = zoomState.motion != nil || !makePolicy().isResting(contentOffset)
        let action = arbitration.pointerScrollEnded(release: moves ? .moves : .stays)
        perform(action, at: time, planned: ScrollMotion(start: time))
        finishChange()
    }

    /// Ctrl + wheel: `units` in 1/120 detents (negative zooms in); false when the container cannot zoom, so the
    /// event scrolls.
    func wheelZoom(units: Double, around location: Point, time: Duration) -> Bool {
        guard canZoom, units.isFinite, units != 0, !arbitration.isTracking else { return false }
        let factor = pow(ScrollContainer.wheelZoomFactor, -units / 120)
        zoomStep(to: zoomState.scale * factor, around: visiblePoint(fromWindow: location))
        return true
    }

    /// Ctrl + plus / minus / 0 (and their keypad keysyms): by 1.25 around the centre, or back to 1.
    func zoomKey(_ key: Key, modifiers: KeyModifiers) -> Bool {
        guard modifiers.contains(.control), case .other(let keysym) = key, canZoom,
            !arbitration.isTracking
        else { return false }
        let scale: Double
        switch keysym {
        case 0x2b, 0x3d, 0xffab: scale = zoomState.scale * ScrollContainer.keyZoomFactor
        case 0x2d, 0xffad: scale = zoomState.scale / ScrollContainer.keyZoomFactor
        case 0x30, 0xffb0: scale = 1
        default: return false
        }
        zoomStep(to: scale, around: Point(x: bounds.width / 2, y: bounds.height / 2))
        return true
    }

    private func zoomStep(to scale: Double, around visible: Point) {
        guard let view = zoomedView else { return }
        stopZoomMotion()
        let target = clampedZoomScale(scale)
        let anchor = zoomAnchor(of: view, at: visible)
        let wanted = offset(showing: anchor, of: view, at: visible, scale: target)
        applyZoom(scale: target, offset: contentOffset)
        assignContentOffset(makePolicy().clamp(wanted))
    }
}

extension ScrollContainer {
    struct ZoomState {
        var scale = 1.0
        var motion: ZoomMotion?
        var touchpadPinchStartScale: Double?
        /// Set while the zoom changes `contentSize`, which is then part of the zoom step.
        var isApplying = false
        var pinch = PinchState()
        var minimumZoomScale: Double = 1
        var maximumZoomScale: Double = 1
        var bouncesZoom: Bool = true
        var isZooming: Bool = false
        var isZoomBouncing: Bool = false
    }
}

extension ScrollContainer {
    /// The smallest `zoomScale` a zoom rests at (a pinch may go below it with `bouncesZoom`). Values that are not
    /// positive and finite are ignored. Default 1.
    public var minimumZoomScale: Double {
        get { zoomState.minimumZoomScale }
        set {
            let oldValue = zoomState.minimumZoomScale
            zoomState.minimumZoomScale = newValue
            if !(zoomState.minimumZoomScale > 0 && zoomState.minimumZoomScale.isFinite) {
                zoomState.minimumZoomScale = oldValue
            }
            if zoomState.minimumZoomScale != oldValue { finishChange() }
        }
    }

    /// The largest `zoomScale` a zoom rests at; zooming needs it above the minimum. Values that are not positive and
    /// finite are ignored. Default 1.
    public var maximumZoomScale: Double {
        get { zoomState.maximumZoomScale }
        set {
            let oldValue = zoomState.maximumZoomScale
            zoomState.maximumZoomScale = newValue
            if !(zoomState.maximumZoomScale > 0 && zoomState.maximumZoomScale.isFinite) {
                zoomState.maximumZoomScale = oldValue
            }
            if zoomState.maximumZoomScale != oldValue { finishChange() }
        }
    }

    /// Whether a pinch may go past the zoom limits with resistance and return (true), or is clamped. Default true.
    public var bouncesZoom: Bool {
        get { zoomState.bouncesZoom }
        set {
            let oldValue = zoomState.bouncesZoom
            zoomState.bouncesZoom = newValue
            if zoomState.bouncesZoom != oldValue { finishChange() }
        }
    }

    /// Whether a pinch (fingers or touchpad) holds the zoom now.
    public internal(set) var isZooming: Bool {
        get { zoomState.isZooming }
        set { zoomState.isZooming = newValue }
    }

    /// Whether the scale is returning to a zoom limit after a pinch went past it.
    public internal(set) var isZoomBouncing: Bool {
        get { zoomState.isZoomBouncing }
        set { zoomState.isZoomBouncing = newValue }
    }
}
