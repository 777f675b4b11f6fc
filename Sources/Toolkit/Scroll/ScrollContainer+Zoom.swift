// Zooming (<doc:ScrollBehaviour> §11): the delegate's `viewForZooming(in:)` is shown at `zoomScale`
// (View.scaleInSuperview) and `contentSize` follows it. Fingers pinch through the touch arbitration (a pinch is a drag
// whose claim may come from the spread instead of the translation), a touchpad pinch through the pointer-scroll state,
// Ctrl + wheel and Ctrl + plus / minus / 0 step at once, and the app's `setZoomScale` / `zoom(to:)` animate with a
// `ZoomMotion` sampled by the container's frame animator.
//
// Geometry: a point `a` of the zoomed view (its own coordinates) is at content point
// `frame.origin + (a - bounds.origin) * scale`, and shown at that minus `contentOffset` in the container's
// visible coordinates (points from its top-left corner). Keeping `a` under a visible point `c` at scale `s`
// therefore takes the offset `frame.origin + (a - bounds.origin) * s - c`.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ScrollContainer {
    /// Zoom factor of one wheel detent with Ctrl held (<doc:ScrollBehaviour> §11).
    static let wheelZoomFactor = 1.1
    /// Zoom factor of Ctrl + plus and Ctrl + minus (<doc:ScrollBehaviour> §11).
    static let keyZoomFactor = 1.25

    // MARK: - Public API

    /// Sets `zoomScale`, clamped into `minimumZoomScale...maximumZoomScale`, keeping the content point at the
    /// centre of the visible area where it is (the offset is then clamped into the scroll range). Animated:
    /// 0.3 s on an ease-out curve, `willBeginZooming` first and `didEndZooming` at the end; otherwise at once,
    /// with `didZoom`. Ignored when the delegate names no view for zooming or `scale` is not positive and
    /// finite. While fingers are down, or outside a window, an animated change is applied at once.
    public func setZoomScale(_ scale: Double, animated: Bool) {
        guard scale.isFinite, scale > 0, let view = zoomedView else { return }
        let target = clampedZoomScale(scale)
        let centre = Point(x: bounds.width / 2, y: bounds.height / 2)
        let anchor = zoomAnchor(of: view, at: centre)
        let wanted = offset(showing: anchor, of: view, at: centre, scale: target)
        let resting = makePolicy(contentSize: view.bounds.size * target).clamp(wanted)
        startZoom(to: target, offset: resting, animated: animated)
    }

    /// Zooms so that `rect` (in the zoomed view's own, unscaled coordinates) is shown as large as it fits whole,
    /// centred in the visible area: the scale is the smaller of the two ratios of the container's size to the
    /// rect's, clamped to the limits; the offset is then clamped into the scroll range. Animated as
    /// `setZoomScale(_:animated:)`. A rect with a non-finite value is ignored; an empty one zooms to the
    /// maximum around its origin.
    public func zoom(to rect: Rect, animated: Bool) {
        guard rect.origin.isFinite, rect.size.isFinite, let view = zoomedView else { return }
        let width = max(rect.width, 0), height = max(rect.height, 0)
        let fit = min(width > 0 ? bounds.width / width : .infinity, height > 0 ? bounds.height / height : .infinity)
        let target = clampedZoomScale(fit.isFinite && fit > 0 ? fit : maximumZoomScale)
        let centre = Point(x: bounds.width / 2, y: bounds.height / 2)
        let rectCentre = Point(x: rect.minX + width / 2, y: rect.minY + height / 2)
        let wanted = offset(showing: rectCentre, of: view, at: centre, scale: target)
        let resting = makePolicy(contentSize: view.bounds.size * target).clamp(wanted)
        startZoom(to: target, offset: resting, animated: animated)
    }

    // MARK: - Zoomed view and limits

    /// The delegate's view for zooming, when it is a direct subview.
    var zoomedView: View? {
        guard let view = delegate?.viewForZooming(in: self), view.superview === self else { return nil }
        return view
    }

    /// Whether pinches, Ctrl + wheel and the zoom keys can zoom: a zoomed view and room between the limits.
    var canZoom: Bool {
        maximumZoomScale > minimumZoomScale && zoomedView != nil
    }

    /// `scale` clamped into the limits (a maximum below the minimum counts as the minimum).
    func clampedZoomScale(_ scale: Double) -> Double {
        min(max(scale, minimumZoomScale), max(minimumZoomScale, maximumZoomScale))
    }

    /// The scale shown for a pinch asking for `raw`: beyond a limit `limit * (raw / limit)^0.5` with
    /// `bouncesZoom`, the limit without it.
    func resistedZoomScale(_ raw: Double) -> Double {
        let low = minimumZoomScale, high = max(minimumZoomScale, maximumZoomScale)
        if raw > high { return bouncesZoom ? high * (raw / high).squareRoot() : high }
        if raw < low { return bouncesZoom ? low * (raw / low).squareRoot() : low }
        return raw
    }

    // MARK: - Geometry

    /// A window point in the container's visible coordinates (points from its top-left corner).
    func visiblePoint(fromWindow point: Point) -> Point {
        convert(point, from: nil) - contentOffset
    }

    /// The point of `view` (its own coordinates) shown at `visible` now.
    func zoomAnchor(of view: View, at visible: Point) -> Point {
        view.pointFromSuperview(visible + contentOffset)
    }

    /// The offset that shows `anchor` of `view` at `visible` with `view` at `scale`.
    func offset(showing anchor: Point, of view: View, at visible: Point, scale: Double) -> Point {
        view.frame.origin + (anchor - view.bounds.origin) * scale - visible
    }

    /// Shows the zoomed view at `scale` (and `contentSize` with it) and the content at `offset`, as one step.
    /// Queues `didZoom` and `didScroll` for what changed; the caller ends the change.
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

    /// Goes to `scale` and `offset`: at once, or over 0.3 s with `willBeginZooming` ... `didEndZooming`.
    private func startZoom(to scale: Double, offset: Point, animated: Bool) {
        stopZoomMotion()
        guard animated, let window = attachedWindow, !arbitration.isTracking else {
            applyZoom(scale: scale, offset: contentOffset)
            assignContentOffset(offset)   // stops a running motion; ends the change
            return
        }
        guard scale != zoomState.scale || offset != contentOffset else { return }
        if arbitration.isAnimating { assignContentOffset(contentOffset) }   // a fling or step stops here
        zoomState.motion = ZoomMotion(start: window.now, fromScale: zoomState.scale, toScale: scale,
                                fromOffset: contentOffset, toOffset: offset, curve: .easeOut)
        notifications.effects.push(.willBeginZooming)
        window.addAnimator(animationDriver)
        finishChange()
    }

    /// Starts the return to the nearest limit at `time`, around `visible` (the fingers' last centroid or the
    /// pointer): the zoomed view's point there stays there. Without a window the scale goes there at once.
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
        zoomState.motion = ZoomMotion(start: time, fromScale: zoomState.scale, toScale: target,
                                fromOffset: contentOffset, toOffset: toOffset, curve: .spring)
        isZoomBouncing = true
    }

    /// One frame of a running zoom motion at window time `time`. Returns whether it still runs.
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

    /// Stops a running zoom motion where the last frame left it (a touch, a new zoom, an offset set directly).
    func stopZoomMotion() {
        guard zoomState.motion != nil else { return }
        zoomState.motion = nil
        isZoomBouncing = false
        notifications.effects.push(.didEndZooming(scale: zoomState.scale))
    }

    // MARK: - Pinch with fingers

    /// Takes the pinch's start values again: at the start of a sequence and whenever a finger joins or leaves,
    /// so that neither the scale nor the offset jumps.
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

    /// Whether two or more fingers on a zoomable container changed their spread by more than the slop since
    /// the start values: a pinch may claim them.
    var pinchCrossedSlop: Bool {
        guard !zoomState.pinch.isActive, fingers.count >= 2, canZoom else { return false }
        return abs(fingers.spread - zoomState.pinch.spreadAtStart) > TouchArbitration.sanitizedSlop(touchSlop)
    }

    /// The pinch claims the fingers (they are the container's already: a drag began or runs). The scale and
    /// the offset catch up with what the fingers did since the start values were taken: the zoomed view's
    /// point that was under the centroid then is put under the centroid now.
    func beginPinch() {
        guard !zoomState.pinch.isActive, zoomedView != nil else { return }
        stopZoomMotion()
        zoomState.pinch.isActive = true
        isZooming = true
        notifications.effects.push(.willBeginZooming)
        applyPinch()
    }

    /// One step of the pinch: the scale from the spread (with the limits' resistance), the anchor under the
    /// centroid (rubber band, or clamp, past the scroll range as for a drag).
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
        applyOffset(Point(x: policy.displayed(raw: wanted.x, .horizontal),
                          y: policy.displayed(raw: wanted.y, .vertical)))
    }

    /// The last finger of a sequence lifted (or all were cancelled) at `time`, after the release was performed:
    /// the pinch ends; a scale past a limit returns to it (`bounce`, decided before the release), otherwise a
    /// pinch's zoom is at rest now.
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

    /// A touchpad pinch began (`zwp_pointer_gesture_pinch_v1.begin`) with the pointer at `location` (window).
    /// Returns whether the container took it (it zooms, and no pinch or touch sequence runs on it).
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

    /// The touchpad pinch's cumulative `scale` since it began; the pointer stays where it began.
    func touchpadPinchChanged(scale: Double, time: Duration) {
        guard let start = zoomState.touchpadPinchStartScale, scale.isFinite, scale > 0, let view = zoomedView else { return }
        let shown = resistedZoomScale(start * scale)
        let wanted = offset(showing: zoomState.pinch.anchor, of: view, at: zoomState.pinch.lastCentroid, scale: shown)
        applyZoom(scale: shown, offset: contentOffset)
        let policy = makePolicy()
        applyOffset(Point(x: policy.displayed(raw: wanted.x, .horizontal),
                          y: policy.displayed(raw: wanted.y, .vertical)))
        finishChange()
    }

    /// The touchpad pinch ended; `cancelled` returns to the scale it began at. A scale past a limit returns to
    /// it, then the offset comes to rest inside the range.
    func touchpadPinchEnded(cancelled: Bool, time: Duration) {
        guard let start = zoomState.touchpadPinchStartScale else { return }
        zoomState.touchpadPinchStartScale = nil
        isZooming = false
        if cancelled, start != zoomState.scale, let view = zoomedView {
            // Back to where it began, around the same point, as a bounce.
            let toOffset = offset(showing: zoomState.pinch.anchor, of: view, at: zoomState.pinch.lastCentroid, scale: start)
            zoomState.motion = ZoomMotion(start: time, fromScale: zoomState.scale, toScale: start,
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

    /// Ctrl + wheel: `units` in 1/120 detents (negative = wheel up = zoom in), around `location` (window).
    /// Returns false when the container cannot zoom (the event then scrolls as usual).
    func wheelZoom(units: Double, around location: Point, time: Duration) -> Bool {
        guard canZoom, units.isFinite, units != 0, !arbitration.isTracking else { return false }
        let factor = pow(ScrollContainer.wheelZoomFactor, -units / 120)
        zoomStep(to: zoomState.scale * factor, around: visiblePoint(fromWindow: location))
        return true
    }

    /// Ctrl + plus / minus / 0 (keysyms plus, equal, KP_Add; minus, KP_Subtract; 0, KP_0): by 1.25 around
    /// the centre, or back to 1. Returns whether the key was a zoom key this container acted on.
    func zoomKey(_ key: Key, modifiers: KeyModifiers) -> Bool {
        guard modifiers.contains(.control), case .other(let keysym) = key, canZoom,
              !arbitration.isTracking else { return false }
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

    /// A discrete zoom (wheel or key): `scale` clamped, at once, around `visible`; the offset clamped into the
    /// range. A running motion or zoom animation stops.
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
    /// The zoom scale and what moves it (<doc:ScrollBehaviour> §11).
    struct ZoomState {
        /// The current zoom scale (see `zoomScale`).
        var scale = 1.0
        /// A running zoom animation or bounce.
        var motion: ZoomMotion?
        /// The scale a touchpad pinch started from, while one runs (`zwp_pointer_gesture_pinch_v1`).
        var touchpadPinchStartScale: Double?
        /// Set while the zoom changes `contentSize`: the geometry change is part of the zoom step.
        var isApplying = false
        /// The pinch of the current touch sequence.
        var pinch = PinchState()
        // The limits and flags behind the public properties.
        var minimumZoomScale: Double = 1
        var maximumZoomScale: Double = 1
        var bouncesZoom: Bool = true
        var isZooming: Bool = false
        var isZoomBouncing: Bool = false
    }
}

extension ScrollContainer {
    /// The smallest `zoomScale` a zoom rests at (a pinch may go below it with resistance, see `bouncesZoom`).
    /// Values that are not positive and finite are ignored. Default 1.
    public var minimumZoomScale: Double {
        get { zoomState.minimumZoomScale }
        set {
            let oldValue = zoomState.minimumZoomScale
            zoomState.minimumZoomScale = newValue
            if !(zoomState.minimumZoomScale > 0 && zoomState.minimumZoomScale.isFinite) { zoomState.minimumZoomScale = oldValue }
            if zoomState.minimumZoomScale != oldValue { finishChange() }
        }
    }

    /// The largest `zoomScale` a zoom rests at. Values that are not positive and finite are ignored. Zooming
    /// is possible only when this is above `minimumZoomScale` and the delegate names a view for zooming.
    /// Default 1.
    public var maximumZoomScale: Double {
        get { zoomState.maximumZoomScale }
        set {
            let oldValue = zoomState.maximumZoomScale
            zoomState.maximumZoomScale = newValue
            if !(zoomState.maximumZoomScale > 0 && zoomState.maximumZoomScale.isFinite) { zoomState.maximumZoomScale = oldValue }
            if zoomState.maximumZoomScale != oldValue { finishChange() }
        }
    }

    /// Whether a pinch may go past the zoom limits with resistance, returning to the limit when it ends
    /// (true), or is clamped at them (false). Default true.
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

