/// Something that competes for the fingers landing in a view's subtree: a gesture recognizer, a scroll
/// container's drag, or an app's own arbiter (<doc:ScrollBehaviour> §2, §18).
///
/// The window's touch arena registers, at every touch down, each participant on the way up from the touched view
/// (for each view: its gesture recognizers in the order they were added, then its `touchParticipant`), innermost
/// first, and reports the finger's life to each: down, moves grouped per touch frame, lift, cancel. A participant
/// answers through the arena (`View.touchArena`): it claims fingers when its gesture begins, lets the content have
/// what it held back, or withdraws. The first claim wins: the arena tells every other participant tracking those
/// fingers (`fingersClaimed(_:at:)`), innermost first, and they give the fingers up.
///
/// Order of work: the arena calls a participant while it handles an input; a participant's own notifications to
/// app code (actions, delegates, observers) wait until the input is handled: queue them, call
/// `TouchArena.queueEffects(of:)`, and send them from `runQueuedEffects()`.
///
/// A participant tracks only fingers it took part in at their down. It must answer `tracksAnyFinger` false once
/// the last of them lifted or was cancelled: the arena then drops it until the next down.
@MainActor
public protocol TouchParticipant: AnyObject {
    /// The view whose subtree's fingers this participant sees (its depth in the tree orders the participants,
    /// innermost first). Nil: the participant is out of the window and sees nothing.
    var arbitratedView: View? { get }
    /// Whether the participant takes part in touch `id` at all (false: the arena never reports it).
    func takesPart(inTouch id: Int) -> Bool
    /// A finger touched down at `location` (window coordinates, points) at `time` (window clock). Returns what the
    /// content view under it may do now.
    func fingerDown(_ id: Int, at location: Point, time: Duration) -> ContentTouchDisposition
    /// A finger moved to `location` (window coordinates). Decide in `touchFrameEnded(at:)`, once the frame's other
    /// fingers moved too.
    func fingerMoved(_ id: Int, to location: Point)
    /// The touch frame ended (`wl_touch.frame`): act on the moves since the last one.
    func touchFrameEnded(at time: Duration)
    /// A finger lifted.
    func fingerLifted(_ id: Int, at time: Duration)
    /// Every finger is gone at once (`wl_touch.cancel`, or the seat lost its touch capability).
    func allFingersCancelled(at time: Duration)
    /// Another participant claimed fingers this one tracks (see `TouchClaim.Kind` for what to do).
    func fingersClaimed(_ claim: TouchClaim, at time: Duration)
    /// The participant leaves the arena (its view left the window, or it withdrew): forget the fingers; a gesture
    /// that had begun is cancelled.
    func leaveArena(at time: Duration)
    /// Whether finger `id` is one this participant tracks.
    func tracksFinger(_ id: Int) -> Bool
    /// Whether it tracks any finger.
    var tracksAnyFinger: Bool { get }
    /// Whether the content must still wait for the fingers this participant tracks (a scroll container's content
    /// delay). Default false.
    var holdsContentBack: Bool { get }
    /// Whether the content view `view` may begin `touches` (asked of every participant above `view` before the
    /// content's `touchesBegan`). Default true.
    func contentMayBegin(_ touches: [Touch], in view: View) -> Bool
    /// The content view `view` received `touchesEnded` for `touch` (it was a tap or a press the content kept):
    /// told to every participant on the way up from `view`. Default: nothing.
    func contentTouchEnded(_ touch: Touch, in view: View)
    /// Sends the notifications queued while the arena handled an input. Default: nothing.
    func runQueuedEffects()
    /// Whether the participant can move its content along `axis` in the sign of `direction` (positive: the offset
    /// grows) now, not being at its edge that way: a same-axis drag passed over by a scroll container inside it
    /// can go here (<doc:ScrollBehaviour> §14). Default false.
    func canTakeChainedMotion(along axis: Axis, direction: Double) -> Bool
    /// Whether it keeps a same-axis drag along `axis` passed over to it even when it cannot move that way (a
    /// `.contained` scroll container, which then rubber-bands). Default false.
    func keepsChainedMotion(along axis: Axis) -> Bool
    /// Whether it scrolls content (assistive technologies then offer the scroll actions on its view). Default
    /// false.
    var scrollsContent: Bool { get }
    /// Scrolls at once the least that shows `rect` (in `view`'s coordinates, `view` inside the participant's view):
    /// an assistive technology's `ScrollTo`. Default: nothing.
    func scrollToShow(_ rect: Rect, of view: View)
    /// Scrolls by `pages` pages (negative: back) along `axis`, as Page Up / Page Down do; returns whether it moved.
    /// Default false.
    func scrollByPages(_ pages: Int, along axis: Axis) -> Bool
}

extension TouchParticipant {
    public var holdsContentBack: Bool { false }
    public func contentMayBegin(_ touches: [Touch], in view: View) -> Bool { true }
    public func contentTouchEnded(_ touch: Touch, in view: View) {}
    public func runQueuedEffects() {}
    public func canTakeChainedMotion(along axis: Axis, direction: Double) -> Bool { false }
    public func keepsChainedMotion(along axis: Axis) -> Bool { false }
    public var scrollsContent: Bool { false }
    public func scrollToShow(_ rect: Rect, of view: View) {}
    public func scrollByPages(_ pages: Int, along axis: Axis) -> Bool { false }
}

/// What a participant wants for the content touch of a finger that just touched down. The arena takes the
/// strongest answer of all the participants on the finger's way up.
public enum ContentTouchDisposition: Int, Comparable, Sendable {
    /// The content may have it now.
    case deliver = 0
    /// The content must wait (a container's content delay runs) until every participant holding it releases it.
    case hold = 1
    /// The content never gets it (a moving container caught it, or a drag owns the fingers).
    case suppress = 2

    public static func < (a: ContentTouchDisposition, b: ContentTouchDisposition) -> Bool { a.rawValue < b.rawValue }
}

/// A claim on fingers, as told to the other participants tracking them.
public struct TouchClaim {
    /// What the claim means for the others.
    public enum Kind: Sendable {
        /// The claimant's gesture began with these fingers (a recognizer began or was recognized, a container
        /// started to drag). Every other participant gives them up: a recognizer fails (or is cancelled), unless
        /// it and the claimant recognize simultaneously; a container declines them.
        case gesture
        /// The content keeps these fingers (a container that may not cancel the content's touches decided): no
        /// container scrolls for them. Recognizers go on.
        case content
        /// A moving container caught these fingers at their down (the tap that stops a fling): they are nobody's
        /// tap. Tap recognizers fail; a pan or a long press may still begin with them, and containers go on deciding.
        case caughtMotion
    }

    /// The participant that claimed.
    public let claimant: any TouchParticipant
    /// What the claim means.
    public let kind: Kind

    /// A claim by `claimant` of `kind`.
    public init(claimant: any TouchParticipant, kind: Kind) {
        self.claimant = claimant
        self.kind = kind
    }
}

/// The window's touch arena, as a participant reaches it (`View.touchArena`): what a participant tells it, and
/// asks it.
@MainActor
public protocol TouchArena: AnyObject {
    /// Whether an input is being handled now: notifications to app code wait for its end (`queueEffects(of:)`).
    var isHandlingInput: Bool { get }
    /// `participant`'s gesture began with the fingers it tracks: the others tracking them give them up
    /// (`TouchClaim.Kind.gesture`). With `cancellingContent`, the content's touches of those fingers end now
    /// (`touchesCancelled` if they had begun, nothing ever if they had not). Returns false, and changes nothing,
    /// when another participant won one of those fingers first (and the two do not recognize simultaneously):
    /// the claimant has lost them.
    @discardableResult
    func claimFingers(of participant: any TouchParticipant, cancellingContent: Bool) -> Bool
    /// `participant` decided that the content keeps the fingers it tracks: containers tracking them decline
    /// (`TouchClaim.Kind.content`).
    func leaveFingersToContent(of participant: any TouchParticipant)
    /// `participant` stopped holding its fingers back: the content gets whatever no other participant holds.
    func releaseContent(of participant: any TouchParticipant)
    /// The content's touches of the fingers `participant` tracks end now (cancelled if begun, never delivered
    /// otherwise), without a claim (a second finger came in time for a two-finger drag).
    func cancelContent(of participant: any TouchParticipant)
    /// `participant` leaves the arena now (it was disabled or removed): it is told `leaveArena(at:)`, and what it
    /// held back may reach the content.
    func withdraw(_ participant: any TouchParticipant)
    /// The content view that received touch `id` (its `touchesBegan` was delivered and it has not ended), if any.
    func deliveredView(forTouch id: Int) -> View?
    /// `participant` queued notifications while an input was handled: its `runQueuedEffects()` is called once the
    /// input is done (at once when no input is being handled).
    func queueEffects(of participant: any TouchParticipant)
    /// Runs `body` as one input: claims and effects it causes are settled when it returns (for a participant's
    /// timer, which fires outside any input).
    func performAsInput(_ body: () -> Void)
    /// The window clock's latest time.
    var now: Duration { get }
}
