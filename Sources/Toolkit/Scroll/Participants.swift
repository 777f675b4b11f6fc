// The two sides of routing that a view can take part in. The window's routers (Window/) know views only through
// these protocols and `View.touchParticipant` / `View.pointerScrollParticipant`, never by class: a view that is not
// a `ScrollContainer` (a list, a bar, a pager written by an app inside this module) takes part by conforming.

/// A view that arbitrates the fingers landing inside it with the content under them (<doc:ScrollBehaviour> §2).
///
/// The touch router registers every participant on the way up from the touched view, innermost first, reports
/// the finger's life to each (down, moves grouped per touch frame, up, cancel) and asks what it holds back. A
/// participant answers through the window's `TouchArbiter` (release, claim, cancel) and queues its own
/// notifications, which the router lets it send (`drainEffects`) once the input is handled.
@MainActor
protocol TouchParticipant: View {
    /// Whether this participant takes touch `id` at all (scrolling enabled, the pointer drags here...).
    func participates(inTouch id: Int) -> Bool
    /// A finger touched down on the participant or its content: what the content may do with it now.
    func routerTouchDown(id: Int, at location: Point, time: Duration) -> ContentTouchDisposition
    /// A finger moved (window coordinates); the decision waits for `routerFrame(time:)`.
    func routerFingerMoved(id: Int, to location: Point)
    /// The touch frame ended: act on the moves since the last one.
    func routerFrame(time: Duration)
    /// A finger lifted.
    func routerTouchUp(id: Int, time: Duration)
    /// Every finger is gone at once (`wl_touch.cancel`): no fling, settle.
    func routerTouchesCancelled(time: Duration)
    /// Another participant claimed fingers this one tracks: decline them.
    func routerOtherContainerClaimed(time: Duration)
    /// The participant leaves touch routing (it leaves the window): forget the fingers without notifying.
    func routerDetach(time: Duration)
    /// Whether finger `id` is on this participant.
    func tracksFinger(_ id: Int) -> Bool
    /// Whether any finger is on this participant.
    var hasFingers: Bool { get }
    /// Whether the content must still wait for the fingers this participant tracks.
    var holdsContentBack: Bool { get }
    /// Whether the content view `view` may begin `touches` (a veto asked of every participant above it).
    func touchesShouldBegin(_ touches: [Touch], in view: View) -> Bool
    /// Sends the notifications queued while an input was handled.
    func drainEffects()
    /// Whether the participant can move its content along `axis` in the sign of `direction` now (not at its edge
    /// that way): a same-axis gesture passed over by a container inside it can go here (<doc:ScrollBehaviour> §14).
    func canTakeChainedMotion(along axis: Axis, direction: Double) -> Bool
    /// Whether the participant takes a same-axis gesture along `axis` passed over to it even when it cannot move
    /// that way (a `.contained` scroll container, which then rubber-bands).
    func keepsChainedMotion(along axis: Axis) -> Bool
    /// The content touch `touch` of `view` (this participant or a view inside it) ended with `touchesEnded`, not
    /// cancelled: a tap or click the content had (a list selects the row holding `view`, <doc:ScrollBehaviour>
    /// §19). Called for every participant on the way up from `view`, after `view` heard of it.
    func contentTouchEnded(_ touch: Touch, in view: View)
}

extension TouchParticipant {
    /// Default: a participant that does not scroll takes no chained motion.
    func canTakeChainedMotion(along axis: Axis, direction: Double) -> Bool { false }
    /// Default: it does not keep what it cannot use.
    func keepsChainedMotion(along axis: Axis) -> Bool { false }
    /// Default: a content touch that ended is the content's business.
    func contentTouchEnded(_ touch: Touch, in view: View) {}
}

/// A view that scrolls or zooms for the pointer's wheel, touchpad and pinch events (<doc:ScrollBehaviour> §7, §11).
/// The pointer router sends each axis to the innermost participant under the pointer that can take it.
@MainActor
protocol PointerScrollParticipant: View {
    /// Whether a wheel or continuous device can scroll along `axis` (a non-empty range).
    func canStep(along axis: Axis) -> Bool
    /// Whether a touchpad swipe can scroll along `axis` (any scrollable axis: it may rubber-band).
    func canTouchpadScroll(along axis: Axis) -> Bool
    /// Whether the participant takes a touchpad swipe or wheel sequence starting along `axis` in the sign of
    /// `direction` (positive increases the offset; 0: a continuous device), is passed over, or declines it
    /// (<doc:ScrollBehaviour> §14).
    func pointerLatch(along axis: Axis, direction: Double, touchpad: Bool) -> PointerLatch
    /// One wheel event along `axis`: `units` in 1/120 of a detent (`value120`; positive increases the offset).
    func wheelScroll(_ axis: Axis, units: Double, at time: Duration)
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
    /// A button press at `location` (window coordinates): true when one of the participant's scroll bars takes it
    /// (<doc:ScrollBehaviour> §13); the bar then gets the motion and the release, the content nothing.
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
    func scrollbarPointerReleased(time: Duration) {}
}
