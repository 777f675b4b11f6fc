/// Routes the pointer of a window (<doc:ScrollBehaviour> §7).
///
/// - Hover: the deepest view under the pointer and its ancestors are hovered; leavers get `pointerExited`
///   (innermost first), joiners `pointerEntered` (outermost first), then every hovered view `pointerMoved`.
/// - Buttons: a press focuses the innermost scroll container under it; the primary button is touch
///   `WindowCore.pointerTouchID` through the `TouchRouter`, arbitrated only where the pointer drags or content
///   moves. The press is a sequence of its own, never joined with fingers nor ended by `wl_touch.cancel`.
/// - Axis events: each axis goes to the innermost container under the pointer that can scroll along it (passing
///   over one at its edge that chains, §14). A wheel sequence latches per axis while events come under 0.5 s
///   apart, a touchpad gesture until its `axis_stop`, so content moving under the pointer does not steal it; a
///   wheel event, a leave, or the container leaving or no longer scrolling ends a gesture whose stop never came.
@MainActor
final class PointerRouter {
    /// The window owning this router, set once by its `init`.
    unowned var window: WindowCore!

    /// Where the pointer is, in window coordinates, or nil when it is outside the window.
    private(set) var location: Point?
    // The views below are owned, not weak (weak would slow every retain of a view): `viewWillLeave` lets them go.

    /// The deepest hovered view.
    private(set) var hoveredView: View?
    /// Whether the primary button is down (as touch `WindowCore.pointerTouchID`).
    private(set) var isPrimaryPressed = false
    /// The containers a touchpad gesture scrolls along each axis, until its stop.
    private var touchpadHorizontal: (any PointerScrollParticipant)?
    private var touchpadVertical: (any PointerScrollParticipant)?
    /// The containers a wheel sequence scrolls along each axis (§14), with the last event's time.
    private var wheelHorizontal: (container: any PointerScrollParticipant, time: Duration)?
    private var wheelVertical: (container: any PointerScrollParticipant, time: Duration)?
    /// The container a touchpad pinch zooms, from its begin to its end.
    private var pinchTarget: (any PointerScrollParticipant)?
    /// The container whose scroll bar holds the current press (<doc:ScrollBehaviour> §13), and the button.
    private var scrollbarPress: (container: any PointerScrollParticipant, button: PointerButton)?

    /// A hover call owed to a view, delivered by the window's effect runner after the input.
    private struct HoverCall {
        enum Kind { case entered, exited, moved }
        var kind: Kind
        var view: View
        var location: Point
    }

    /// Hover calls decided and not yet delivered, in order (storage reserved once).
    private var hoverCalls: [HoverCall] = []

    init() {
        hoverCalls.reserveCapacity(32)
    }

    /// Delivers the queued hover calls; whether there were any. A view that left since still gets its exit.
    func deliverPending() -> Bool {
        guard !hoverCalls.isEmpty else { return false }
        var i = 0
        while i < hoverCalls.count {
            let call = hoverCalls[i]
            i += 1
            switch call.kind {
            case .exited:
                call.view.pointerExited(call.location)
            case .entered:
                if call.view.hostWindow === window { call.view.pointerEntered(call.location) }
            case .moved:
                if call.view.hostWindow === window { call.view.pointerMoved(call.location) }
            }
        }
        hoverCalls.removeAll(keepingCapacity: true)
        return true
    }

    /// `wl_pointer.enter` at `location` (window coordinates).
    func enter(at location: Point, time: Duration) {
        window.effects.run {
            guard location.isFinite else { return }
            self.location = location
            updateHover(moved: false)

        }
    }

    /// `wl_pointer.leave`: a held primary button lifts, touchpad gestures end, hovered views are exited.
    func leave(time: Duration) {
        window.effects.run {
            if let press = scrollbarPress {
                scrollbarPress = nil
                press.container.scrollbarPointerReleased(time: time)
            }
            if isPrimaryPressed {
                isPrimaryPressed = false
                window.touchRouter.touchUp(id: WindowCore.pointerTouchID, time: time)
                window.touchRouter.frame(time: time)
            }
            endTouchpadGestures(at: time)
            wheelHorizontal = nil
            wheelVertical = nil
            let last = location ?? .zero
            location = nil
            exitHovered(from: hoveredView, keeping: nil, at: last)
            hoveredView = nil

        }
    }

    /// Re-checks what is under a still pointer (content moved under it), every frame: enters and exits, no motion.
    func refreshHover() {
        window.effects.run {
            updateHover(moved: false)

        }
    }

    /// `wl_pointer.motion` to `location` (window coordinates).
    func motion(to location: Point, time: Duration) {
        window.effects.run {
            guard location.isFinite else { return }
            self.location = location
            updateHover(moved: true)
            scrollbarPress?.container.scrollbarPointerMoved(to: location, time: time)
            guard isPrimaryPressed else { return }
            window.touchRouter.touchMoved(id: WindowCore.pointerTouchID, to: location, time: time)
            window.touchRouter.frame(time: time)

        }
    }

    /// `wl_pointer.button`.
    func button(_ button: PointerButton, pressed: Bool, time: Duration) {
        window.effects.run {
            guard let location else { return }
            if let press = scrollbarPress {
                // The bar keeps the pointer until the button that pressed it goes up.
                if !pressed && button == press.button {
                    scrollbarPress = nil
                    press.container.scrollbarPointerReleased(time: time)
                }
                return
            }
            // A press on a shown scroll bar is the bar's, never the content's (<doc:ScrollBehaviour> §13).
            if pressed && !isPrimaryPressed, let container = scrollbarTaking(button, at: location, time: time) {
                scrollbarPress = (container, button)
                window.updateFocus(at: location)
                return
            }
            guard button == .left else {
                if pressed { window.updateFocus(at: location) }
                return
            }
            if pressed && !isPrimaryPressed {
                isPrimaryPressed = true
                completeSteps(under: location, at: time)
                window.touchRouter.touchDown(id: WindowCore.pointerTouchID, at: location, time: time)
                window.touchRouter.frame(time: time)
            } else if !pressed && isPrimaryPressed {
                isPrimaryPressed = false
                window.touchRouter.touchUp(id: WindowCore.pointerTouchID, time: time)
                window.touchRouter.frame(time: time)
            }

        }
    }

    /// One pointer frame's scroll (`wl_pointer.axis` and friends).
    func axis(_ event: AxisEvent) {
        window.effects.run {
            let time = event.timestamp
            let dx = event.dx.isFinite ? event.dx : 0
            let dy = event.dy.isFinite ? event.dy : 0
            switch event.source {
            case .wheel, .continuous:
                // A wheel cannot turn while touchpad fingers scroll: a gesture still latched lost its stop.
                endTouchpadGestures(at: time)
                guard let location else { return }
                // Ctrl + wheel zooms the innermost zoomable container under the pointer (§11).
                if event.source == .wheel, dy != 0, window.keyboardModifiers.contains(.control),
                    wheelZoom(units: dy, at: location, time: time)
                {
                    return
                }
                for axis in Axis.allCases {
                    let value = axis == .horizontal ? dx : dy
                    guard value != 0 else { continue }
                    if event.source == .wheel {
                        wheelTarget(axis, direction: value, at: location, time: time)?
                            .wheelScroll(axis, units: value, at: time)
                    } else {
                        innermost(at: location, along: axis, touchpad: false, direction: 0)?
                            .continuousScroll(axis, by: value)
                    }
                }
            case .finger:
                // Another device's events end a wheel sequence.
                wheelHorizontal = nil
                wheelVertical = nil
                touchpad(dx: dx, dy: dy, at: time)
                if event.stopHorizontal || event.stopVertical {
                    endTouchpadGestures(horizontal: event.stopHorizontal, vertical: event.stopVertical, at: time)
                }
            }

        }
    }

    /// The innermost participant under `location` whose scroll bar took a press of `button`, if any.
    private func scrollbarTaking(
        _ button: PointerButton, at location: Point,
        time: Duration
    ) -> (any PointerScrollParticipant)? {
        var view = window.rootView.hitTest(location)
        while let candidate = view {
            if let container = candidate.pointerScrollParticipant,
                container.pressScrollbar(
                    at: location, button: button, modifiers: window.keyboardModifiers,
                    time: time)
            {
                return container
            }
            view = candidate.superview
        }
        return nil
    }

    /// Ctrl + wheel: the innermost container under `location` that can zoom takes the step. False when none can.
    private func wheelZoom(units: Double, at location: Point, time: Duration) -> Bool {
        var view = window.rootView.hitTest(location)
        while let candidate = view {
            if let container = candidate.pointerScrollParticipant,
                container.wheelZoom(units: units, around: location, time: time)
            {
                return true
            }
            view = candidate.superview
        }
        return false
    }

    /// `zwp_pointer_gesture_pinch_v1.begin`: the innermost zoomable container under the pointer takes the pinch.
    func pinchBegan(fingers: Int, time: Duration) {
        window.effects.run {
            if let previous = pinchTarget { previous.touchpadPinchEnded(cancelled: true, time: time) }
            pinchTarget = nil
            guard let location else { return }
            var view = window.rootView.hitTest(location)
            while let candidate = view {
                if let container = candidate.pointerScrollParticipant, container.canZoom {
                    if container.touchpadPinchBegan(at: location, time: time) { pinchTarget = container }
                    return
                }
                view = candidate.superview
            }

        }
    }

    /// The pinch's cumulative scale changed.
    func pinchChanged(scale: Double, time: Duration) {
        window.effects.run {
            pinchTarget?.touchpadPinchChanged(scale: scale, time: time)

        }
    }

    /// The pinch ended or was cancelled.
    func pinchEnded(cancelled: Bool, time: Duration) {
        window.effects.run {
            pinchTarget?.touchpadPinchEnded(cancelled: cancelled, time: time)
            pinchTarget = nil

        }
    }

    /// `view` is leaving the window: hovered views in it are exited, touchpad gestures on it forgotten.
    func viewWillLeave(_ view: View) {
        window.effects.run {
            if let leaf = hoveredView, leaf.isDescendant(of: view) {
                // Exit from the leaf up to `view` itself; its superview stays hovered.
                exitHovered(from: leaf, keeping: view.superview, at: location ?? .zero)
                hoveredView = view.superview
            }
            if let c = touchpadHorizontal, c.isDescendant(of: view) { touchpadHorizontal = nil }
            if let c = touchpadVertical, c.isDescendant(of: view) { touchpadVertical = nil }
            if let c = wheelHorizontal?.container, c.isDescendant(of: view) { wheelHorizontal = nil }
            if let c = wheelVertical?.container, c.isDescendant(of: view) { wheelVertical = nil }
            if let c = pinchTarget, c.isDescendant(of: view) { pinchTarget = nil }
            if let press = scrollbarPress, press.container.isDescendant(of: view) { scrollbarPress = nil }

        }
    }

    private func touchpad(dx: Double, dy: Double, at time: Duration) {
        guard dx != 0 || dy != 0 else { return }
        var horizontal: (any PointerScrollParticipant)?
        var vertical: (any PointerScrollParticipant)?
        if dx != 0 { horizontal = touchpadTarget(.horizontal, direction: dx, at: time) }
        if dy != 0 { vertical = touchpadTarget(.vertical, direction: dy, at: time) }
        if let h = horizontal, h === vertical {
            h.touchpadScroll(by: Point(x: dx, y: dy), at: time)
            return
        }
        horizontal?.touchpadScroll(by: Point(x: dx, y: 0), at: time)
        vertical?.touchpadScroll(by: Point(x: 0, y: dy), at: time)
    }

    /// The container a touchpad gesture along `axis` scrolls: the latched one, else the one under the pointer taking
    /// `direction`'s way, latched from now on (§14). A latched container that can no longer scroll loses the gesture
    /// as if its stop came at `time` (so it springs back), unless it still runs along the other axis.
    private func touchpadTarget(
        _ axis: Axis, direction: Double,
        at time: Duration
    ) -> (any PointerScrollParticipant)? {
        let latched = axis == .horizontal ? touchpadHorizontal : touchpadVertical
        if let latched, latched.hostWindow === window {
            if latched.canTouchpadScroll(along: axis) { return latched }
            let other = axis == .horizontal ? touchpadVertical : touchpadHorizontal
            if axis == .horizontal { touchpadHorizontal = nil } else { touchpadVertical = nil }
            if latched !== other { latched.touchpadEnded(at: time) }
        }
        guard let location else { return nil }
        let found = innermost(at: location, along: axis, touchpad: true, direction: direction)
        if axis == .horizontal { touchpadHorizontal = found } else { touchpadVertical = found }
        return found
    }

    /// The container a wheel event along `axis` scrolls: the latched one while the sequence lasts, else the one under
    /// the pointer taking `direction`'s way (§14).
    private func wheelTarget(
        _ axis: Axis, direction: Double, at location: Point,
        time: Duration
    ) -> (any PointerScrollParticipant)? {
        let latched = axis == .horizontal ? wheelHorizontal : wheelVertical
        var target: (any PointerScrollParticipant)?
        if let latched, time - latched.time < ScrollContainer.wheelLatchInterval,
            latched.container.hostWindow === window, latched.container.canStep(along: axis)
        {
            target = latched.container
        } else {
            target = innermost(at: location, along: axis, touchpad: false, direction: direction)
        }
        let latch = target.map { (container: $0, time: time) }
        if axis == .horizontal { wheelHorizontal = latch } else { wheelVertical = latch }
        return target
    }

    /// Ends the touchpad gestures latched on the given axes, their containers releasing at the velocity at `time`.
    private func endTouchpadGestures(horizontal: Bool = true, vertical: Bool = true, at time: Duration) {
        let h = horizontal ? touchpadHorizontal : nil
        let v = vertical ? touchpadVertical : nil
        if horizontal { touchpadHorizontal = nil }
        if vertical { touchpadVertical = nil }
        // A container latched on both axes ends once, and only when neither axis still runs on it.
        if let h, h !== touchpadVertical { h.touchpadEnded(at: time) }
        if let v, v !== h, v !== touchpadHorizontal { v.touchpadEnded(at: time) }
    }

    /// The scroll container at `location` taking a gesture along `axis` `direction`'s way: the innermost that takes
    /// it, else the innermost passed over (§14). A touchpad takes any scrollable axis, a wheel a non-empty range.
    private func innermost(
        at location: Point, along axis: Axis, touchpad: Bool,
        direction: Double
    ) -> (any PointerScrollParticipant)? {
        var view = window.rootView.hitTest(location)
        var passedOver: (any PointerScrollParticipant)?
        while let candidate = view {
            if let container = candidate.pointerScrollParticipant {
                switch container.pointerLatch(along: axis, direction: direction, touchpad: touchpad) {
                case .takes: return container
                case .passesOver: if passedOver == nil { passedOver = container }
                case .declines: break
                }
            }
            view = candidate.superview
        }
        return passedOver
    }

    /// Running wheel and key steps of the containers under `location` end at their targets.
    private func completeSteps(under location: Point, at time: Duration) {
        var view = window.rootView.hitTest(location)
        while let candidate = view {
            if let container = candidate.pointerScrollParticipant { container.completeStepAnimations(at: time) }
            view = candidate.superview
        }
    }

    /// Hit-tests the pointer and sends the enter / exit calls; with `moved`, then `pointerMoved`.
    private func updateHover(moved: Bool) {
        guard let location else { return }
        let leaf = window.rootView.hitTest(location)
        let old = hoveredView
        if leaf !== old {
            exitHovered(from: old, keeping: leaf, at: location)
            hoveredView = leaf
            enterHovered(leaf, previous: old, at: location)
        }
        guard moved else { return }
        var view = hoveredView
        while let current = view {
            hoverCalls.append(HoverCall(kind: .moved, view: current, location: location))
            view = current.superview
        }
    }

    /// `pointerExited` for `leaf` and its ancestors, innermost first, except those still hovered under `keeping`.
    private func exitHovered(from leaf: View?, keeping: View?, at location: Point) {
        var view = leaf
        while let current = view {
            if let keeping, keeping.isDescendant(of: current) { break }
            hoverCalls.append(HoverCall(kind: .exited, view: current, location: location))
            view = current.superview
        }
    }

    /// `pointerEntered` for `leaf` and its ancestors that were not hovered under `previous`, outermost first.
    private func enterHovered(_ leaf: View?, previous: View?, at location: Point) {
        guard let leaf else { return }
        if let previous, previous.isDescendant(of: leaf) { return }
        enterHovered(leaf.superview, previous: previous, at: location)
        hoverCalls.append(HoverCall(kind: .entered, view: leaf, location: location))
    }
}
