/// Something that competes for the fingers landing in a view's subtree: a gesture recognizer, a scroll
/// container's drag, or an app's own arbiter (<doc:ScrollBehaviour> §2, §18).
///
/// The arena registers participants innermost first at each down and reports each finger's life to them; the first
/// claim wins and the others give the fingers up. Notifications to app code wait until the input is handled (queue
/// them, call `TouchArena.queueEffects(of:)`, send them from `runQueuedEffects()`). `tracksAnyFinger` must turn
/// false once the last tracked finger lifted or was cancelled.
@MainActor
public protocol TouchParticipant: AnyObject {
    /// The view whose subtree's fingers this participant sees (its depth orders the participants); nil: none.
    var arbitratedView: View? { get }
    /// Whether the participant takes part in touch `id` at all (false: the arena never reports it).
    func takesPart(inTouch id: Int) -> Bool
    /// A finger touched down at `location` (window points) at `time` (window clock); returns what the content under
    /// it may do now.
    func fingerDown(_ id: Int, at location: Point, time: Duration) -> ContentTouchDisposition
    /// A finger moved to `location` (window points); decide in `touchFrameEnded(at:)`, once the frame's fingers moved.
    func fingerMoved(_ id: Int, to location: Point)
    /// The touch frame ended (`wl_touch.frame`): act on the moves since the last one.
    func touchFrameEnded(at time: Duration)
    /// A finger lifted.
    func fingerLifted(_ id: Int, at time: Duration)
    /// Every finger is gone at once (`wl_touch.cancel`, or the seat lost its touch capability).
    func allFingersCancelled(at time: Duration)
    /// Another participant claimed fingers this one tracks (see `TouchClaim.Kind` for what to do).
    func fingersClaimed(_ claim: TouchClaim, at time: Duration)
    /// The participant leaves the arena: forget the fingers; a gesture that had begun is cancelled.
    func leaveArena(at time: Duration)
    /// Whether finger `id` is one this participant tracks.
    func tracksFinger(_ id: Int) -> Bool
    /// Whether it tracks any finger.
    var tracksAnyFinger: Bool { get }
    /// Whether the content must still wait for the fingers this participant tracks. Default false.
    var holdsContentBack: Bool { get }
    /// Whether the content view `view` may begin `touches` (asked before its `touchesBegan`). Default true.
    func contentMayBegin(_ touches: [Touch], in view: View) -> Bool
    /// The content view `view` received `touchesEnded` for `touch` (a tap or press it kept). Default: nothing.
    func contentTouchEnded(_ touch: Touch, in view: View)
    /// Sends the notifications queued while the arena handled an input. Default: nothing.
    func runQueuedEffects()
    /// Whether it drags content now with fingers of the device touch `id` comes from (the touchscreen, or the
    /// pointer's press): a scroll container inside it then stays out of that sequence (<doc:ScrollBehaviour> §2.7).
    /// Default false.
    func dragsContent(withDeviceOf id: Int) -> Bool

    // MARK: Same-axis chains (<doc:ScrollBehaviour> §14)
    // A scroll container that latched a drag (or a touchpad swipe) hands the motion it cannot use to the participants
    // of the views around it, innermost first: each one that moves along the axis is a link of the chain. Offsets,
    // deltas and directions are in content points (positive: the content's offset grows, the content moving
    // against the finger); velocities in content points per second. The defaults take part in no chain.

    /// Whether it moves content along `axis` at all (enabled, scrollable that way; it may rest at its edge).
    func movesContent(along axis: Axis) -> Bool
    /// Whether it can move its content along `axis` in the sign of `direction` now (not at its edge that way).
    func canMoveContent(along axis: Axis, direction: Double) -> Bool
    /// Whether it can be a link of a touch drag's chain now: it tracks the fingers of the sequence and could drag
    /// with them itself. A link keeps tracking them after the latched container's `.gesture` claim (it stops acting
    /// on its own, as a container that declined does), so that the chain can still hand it motion.
    var acceptsChainedDrag: Bool { get }
    /// Whether motion it cannot use stops at it instead of going further out (`ScrollChaining.contained`).
    /// Default true.
    var containsChainedMotion: Bool { get }
    /// Whether it shows the chain's overscroll along `axis` (it rubber-bands; the outermost such link does).
    func bouncesChainedMotion(along axis: Axis) -> Bool
    /// Moves its content by as much of `delta` along `axis` as its range holds (never toward the range from
    /// outside) and returns the rest. When it moves for the first time in this gesture, it joins the chain: from
    /// then on it moves only by what it is handed, and it reports its own drag (or, with `pointer`, its own
    /// touchpad scroll) to its observers. Default: nothing moves, all of `delta` is returned.
    func takeChainedMotion(_ delta: Double, along axis: Axis, pointer: Bool) -> Double
    /// Shows `stretch` points of overscroll beyond its edge in the sign of `edgeSign` along `axis` (before its own
    /// rubber band; 0 rests on that edge), joining the chain as `takeChainedMotion` does. Returns whether it did.
    func showChainedOverscroll(_ stretch: Double, edgeSign: Double, along axis: Axis, pointer: Bool) -> Bool
    /// One motion was handed out (a touch frame, a touchpad event): a link that moved queues its notifications now,
    /// after the latched container's. Default: nothing.
    func chainedMotionFinished()
    /// The fingers lift and the latched container cannot use `velocity` along `axis`: this link decelerates from it
    /// (at its own lift for a touch drag; at `chainedPointerGestureEnded(at:)` for a touchpad swipe). Returns whether
    /// it took the velocity.
    func takeChainedRelease(velocity: Double, along axis: Axis, pointer: Bool) -> Bool
    /// The touchpad swipe the chain moved ended (`axis_stop`, or the latched container left its window): a link that
    /// joined it releases (with the velocity it took, if any). Default: nothing.
    func chainedPointerGestureEnded(at time: Duration)
    /// A fling of the latched container reached its edge at `time` with `velocity` along `axis`: this link
    /// decelerates from it; `onward` are the links beyond it, to hand the fling on at its own edge. Returns whether it
    /// took the fling.
    func takeChainedFling(
        velocity: Double, along axis: Axis, at time: Duration, onward: ArraySlice<any TouchParticipant>
    ) -> Bool
    /// Its content offset as a chain sees it: touch resampling puts the links back where the raw samples left them
    /// before a frame hands out a resampled motion (<doc:ScrollBehaviour> §22). Setting it moves the content without
    /// notifications (the next `chainedMotionFinished()` sends them). Default: zero, and setting does nothing.
    var chainedContentOffset: Point { get set }
    /// Whether it scrolls content (assistive technologies then offer the scroll actions). Default false.
    var scrollsContent: Bool { get }
    /// Scrolls at once the least that shows `rect` (in `view`'s coordinates), for a `ScrollTo`. Default: nothing.
    func scrollToShow(_ rect: Rect, of view: View)
    /// Scrolls by `pages` pages (negative: back) along `axis`; returns whether it moved. Default false.
    func scrollByPages(_ pages: Int, along axis: Axis) -> Bool
}

extension TouchParticipant {
    public var holdsContentBack: Bool { false }
    public func contentMayBegin(_ touches: [Touch], in view: View) -> Bool { true }
    public func contentTouchEnded(_ touch: Touch, in view: View) {}
    public func runQueuedEffects() {}
    public var scrollsContent: Bool { false }
    public func scrollToShow(_ rect: Rect, of view: View) {}
    public func scrollByPages(_ pages: Int, along axis: Axis) -> Bool { false }
}

/// What a participant wants for the content touch of a finger that just touched down; the strongest answer wins.
public enum ContentTouchDisposition: Int, Comparable, Sendable {
    /// The content may have it now.
    case deliver = 0
    /// The content must wait until every participant holding it releases it.
    case hold = 1
    /// The content never gets it (a moving container caught it, or a drag owns the fingers).
    case suppress = 2

    public static func < (a: ContentTouchDisposition, b: ContentTouchDisposition) -> Bool { a.rawValue < b.rawValue }
}

/// A claim on fingers, as told to the other participants tracking them.
public struct TouchClaim {
    /// What the claim means for the others.
    public enum Kind: Sendable {
        /// The claimant's gesture began with these fingers: every other participant gives them up, unless it recognizes
        /// simultaneously with the claimant.
        case gesture
        /// The content keeps these fingers: no container scrolls for them; recognizers go on.
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

/// The window's touch arena, as a participant reaches it (`View.touchArena`).
@MainActor
public protocol TouchArena: AnyObject {
    /// Whether an input is being handled now: notifications to app code wait for its end (`queueEffects(of:)`).
    var isHandlingInput: Bool { get }
    /// `participant`'s gesture began with the fingers it tracks: the others give them up. With `cancellingContent`,
    /// the content's touches of those fingers end now. Returns false, changing nothing, when another participant won
    /// one of them first.
    @discardableResult
    func claimFingers(of participant: any TouchParticipant, cancellingContent: Bool) -> Bool
    /// `participant` decided that the content keeps the fingers it tracks: containers tracking them decline.
    func leaveFingersToContent(of participant: any TouchParticipant)
    /// `participant` stopped holding its fingers back: the content gets whatever no other participant holds.
    func releaseContent(of participant: any TouchParticipant)
    /// The content's touches of the fingers `participant` tracks end now, without a claim.
    func cancelContent(of participant: any TouchParticipant)
    /// `participant` leaves the arena now (disabled or removed); what it held back may reach the content.
    func withdraw(_ participant: any TouchParticipant)
    /// The content view that received touch `id` and has not ended it, if any.
    func deliveredView(forTouch id: Int) -> View?
    /// `participant` queued notifications: its `runQueuedEffects()` is called once the input is done.
    func queueEffects(of participant: any TouchParticipant)
    /// Runs `body` as one input (for a participant's timer): claims and effects settle when it returns.
    func performAsInput(_ body: () -> Void)
    /// The window clock's latest time.
    var now: Duration { get }
}
