/// A view that scrolls or zooms for the pointer's wheel, touchpad and pinch events (<doc:ScrollBehaviour> §7, §11).
/// The pointer router sends each axis to the innermost participant under the pointer that can take it.
@MainActor
protocol PointerScrollParticipant: View {
    /// Whether a wheel or continuous device can scroll along `axis` (a non-empty range).
    func canStep(along axis: Axis) -> Bool
    /// Whether a touchpad swipe can scroll along `axis` (any scrollable axis: it may rubber-band).
    func canTouchpadScroll(along axis: Axis) -> Bool
    /// Whether the participant takes a gesture starting along `axis` in the sign of `direction`, is passed over, or
    /// declines it (<doc:ScrollBehaviour> §14).
    func pointerLatch(along axis: Axis, direction: Double, touchpad: Bool) -> PointerLatch
    /// One wheel event along `axis`: `units` in 1/120 of a detent (`value120`; positive increases the offset).
    func wheelScroll(_ axis: Axis, units: Double, at time: Duration)
    /// `distance` points of a wheel step that a container inside could not use, handed on along `axis`
    /// (<doc:ScrollBehaviour> §14): returns whether this participant took them (false: it cannot move that way).
    func takeChainedWheelStep(_ axis: Axis, distance: Double, at time: Duration) -> Bool
    /// Whether wheel steps it cannot use stop here instead of going further out (`.contained`).
    var containsChainedMotion: Bool { get }
    /// One event of a continuous device without a stop (a trackpoint), in points.
    func continuousScroll(_ axis: Axis, by distance: Double)
    /// One touchpad event (points, content moving with the fingers' opposite).
    func touchpadScroll(by delta: Point, at time: Duration)
    /// The touchpad swipe latched here ended (`axis_stop`, or lost it).
    func touchpadEnded(at time: Duration)
    /// Running wheel and key steps end at their targets at once (a press lands during one).
    func completeStepAnimations(at time: Duration)
    /// Whether the participant zooms (a touchpad pinch may start on it).
    var canZoom: Bool { get }
    /// Ctrl + wheel: one zoom step around `location` (window coordinates). False when it cannot zoom.
    func wheelZoom(units: Double, around location: Point, time: Duration) -> Bool
    /// A touchpad pinch starts at `location`. Returns whether the participant took it.
    func touchpadPinchBegan(at location: Point, time: Duration) -> Bool
    /// The pinch's cumulative scale changed.
    func touchpadPinchChanged(scale: Double, time: Duration)
    /// The pinch ended, or the compositor cancelled it.
    func touchpadPinchEnded(cancelled: Bool, time: Duration)
    /// A button press at `location` (window): true when one of its scroll bars takes it, with the motion and release.
    func pressScrollbar(at location: Point, button: PointerButton, modifiers: KeyModifiers, time: Duration) -> Bool
    /// The pointer moved while a bar of this participant holds the press.
    func scrollbarPointerMoved(to location: Point, time: Duration)
    /// The button that pressed the bar went up (or the pointer left the window).
    func scrollbarPointerReleased(time: Duration)
}

extension PointerScrollParticipant {
    /// Default: a participant that does not chain takes whatever it can scroll along.
    func pointerLatch(along axis: Axis, direction: Double, touchpad: Bool) -> PointerLatch {
        (touchpad ? canTouchpadScroll(along: axis) : canStep(along: axis)) ? .takes : .declines
    }
    /// A participant without scroll bars takes no press.
    func pressScrollbar(at location: Point, button: PointerButton, modifiers: KeyModifiers, time: Duration) -> Bool {
        false
    }
    func scrollbarPointerMoved(to location: Point, time: Duration) {}
    /// A participant that does not chain takes no wheel step from inside and lets it go on.
    func takeChainedWheelStep(_ axis: Axis, distance: Double, at time: Duration) -> Bool { false }
    var containsChainedMotion: Bool { false }
    func scrollbarPointerReleased(time: Duration) {}
}
