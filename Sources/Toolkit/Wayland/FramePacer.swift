/// When a Wayland window may draw and commit, without Wayland: a value-type state machine whose inputs are
/// protocol facts (configure, frame callback done, buffer release, the core wanting a frame) and whose
/// answers are actions for `WaylandWindow` to execute.
///
/// Rules:
/// - Nothing is drawn before the first `xdg_surface.configure`; that configure draws the first frame.
/// - Afterwards frames are drawn on `wl_callback.done` of a frame callback, and only when the core needs one.
/// - At most one frame callback is pending; nothing is committed while one is (the compositor paces us),
///   with one exception: a configure that changes the size is acked and drawn at once, with no new callback.
///   xdg-shell lets a client ack and commit at any time, and a compositor that throttles frame callbacks
///   (a hidden or occluded surface may get none for a long time) must not be left waiting for the ack of a
///   resize; the pending callback stays the only one. Without a free buffer it is drawn on the next release.
/// - When the core wants a frame and no callback is pending (the window is idle), the frame is drawn and
///   committed at once, with a callback: input that arrives while idle shows in the very next commit instead of
///   waiting one refresh for a callback asked with a bare commit (<doc:ScrollBehaviour> §12; `FrameLatencyStats`). The
///   window asks only after the events being dispatched were all handled, so one frame covers them all; the
///   callback then paces the frames that follow.
/// - A later configure while idle is also a frame opportunity (resizes show without an extra round trip);
///   when nothing needs drawing, a bare commit carries the ack.
/// - Only the latest configure serial is acked, once, right before the next commit.
/// - With no free buffer, the frame is skipped until a buffer is released.
struct FramePacer: Equatable {
    /// What the window does next.
    enum Action: Equatable {
        /// Nothing now.
        case none
        /// Draw a frame and commit it with a frame callback (when the core has nothing to draw, fall back to
        /// `requestCallback` if a configure waits for its ack, else go idle).
        case draw
        /// Commit without a new buffer, with a frame callback (to get a frame opportunity, or carry an ack).
        case requestCallback
        /// Draw a frame and commit it now, while a frame callback is pending, without requesting another:
        /// the ack of a resize (when the core has nothing to draw, do nothing: the ack waits for the done).
        case drawWithoutCallback
    }

    /// True once the first configure arrived.
    private(set) var isConfigured = false
    /// The latest configure serial not acked yet.
    private(set) var pendingSerial: UInt32?
    /// True between a commit with a frame callback and that callback's `done`.
    private(set) var callbackPending = false
    /// True when the pending callback follows a commit that attached a buffer (its `done` = frame presented).
    private(set) var callbackFollowsFrame = false
    /// True when a frame was skipped for lack of a free buffer.
    private(set) var waitingForBuffer = false
    /// True once a frame with a buffer was committed.
    private(set) var hasCommittedFrame = false
    /// True when a configure not acked yet changed the size.
    private(set) var pendingSerialResizes = false

    init() {}

    /// `xdg_surface.configure` with `serial` (after the toplevel's state was applied); `resized` when it
    /// changed the window size.
    mutating func configure(serial: UInt32, needsFrame: Bool, resized: Bool = false) -> Action {
        pendingSerial = serial
        if resized { pendingSerialResizes = true }
        let first = !isConfigured
        isConfigured = true
        guard !callbackPending else {
            return pendingSerialResizes && !waitingForBuffer ? .drawWithoutCallback : .none
        }
        if first || needsFrame { return .draw }
        return .requestCallback
    }

    /// The core started needing a frame (`WindowCore.onNeedsFrame`), and the events in hand were handled.
    mutating func frameWanted() -> Action {
        guard isConfigured, !callbackPending, !waitingForBuffer else { return .none }
        return .draw
    }

    /// `wl_callback.done` of the pending frame callback. `presented` is true when it followed a frame.
    mutating func callbackDone(needsFrame: Bool) -> (presented: Bool, action: Action) {
        guard callbackPending else { return (false, .none) }
        callbackPending = false
        let presented = callbackFollowsFrame
        callbackFollowsFrame = false
        if needsFrame { return (presented, .draw) }
        return (presented, pendingSerial != nil ? .requestCallback : .none)
    }

    /// A `.draw` found nothing to draw: commit only if a configure waits for its ack.
    mutating func nothingToDraw() -> Action {
        pendingSerial != nil && !callbackPending ? .requestCallback : .none
    }

    /// A `.draw` found no free buffer: the frame waits for a release.
    mutating func bufferUnavailable() {
        waitingForBuffer = true
    }

    /// `wl_buffer.release`: draw the skipped frame now, if there was one (while a callback is pending, only the
    /// frame of a resize not acked yet).
    mutating func bufferReleased() -> Action {
        guard waitingForBuffer else { return .none }
        waitingForBuffer = false
        guard callbackPending else { return .draw }
        return pendingSerialResizes ? .drawWithoutCallback : .none
    }

    /// The serial to ack right before a commit, once (nil when every configure was acked).
    mutating func takeSerialToAck() -> UInt32? {
        defer {
            pendingSerial = nil
            pendingSerialResizes = false
        }
        return pendingSerial
    }

    /// A commit went out; `withBuffer` when it attached a new frame, `requestedCallback` when it asked for a
    /// frame callback (every commit does, except `drawWithoutCallback`'s).
    mutating func didCommit(withBuffer: Bool, requestedCallback: Bool = true) {
        if requestedCallback {
            callbackPending = true
            callbackFollowsFrame = withBuffer
        } else if withBuffer {
            // The pending callback's done now comes after this frame too.
            callbackFollowsFrame = true
        }
        if withBuffer {
            hasCommittedFrame = true
            waitingForBuffer = false
        }
    }
}
