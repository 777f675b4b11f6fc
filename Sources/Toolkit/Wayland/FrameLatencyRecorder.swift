import CWayland
import Glibc

/// Measures a Wayland window's frame latency (`FrameLatencyStats`): input delivered → commit, from what the
/// window tells it, and commit → presented, through `wp_presentation` feedback where the compositor offers it.
///
/// Rules:
/// - An input event counts when, once the core handled it, the core wants a frame (`inputDelivered`). The oldest
///   such event not yet reflected is remembered; the next commit of a new frame reflects every one of them
///   (everything delivered before a frame is drawn is in it) and gives one input-to-commit sample.
/// - A commit without a new frame, or a frame callback done after which no frame was drawn, while the core
///   still wants a frame, is a frame opportunity the waiting events missed: they are counted late (once each).
///   When the core found nothing to draw after all (a touch that stopped a fling that was about to end anyway),
///   the waiting events had nothing to reflect and are dropped (`nothingToReflect`).
/// - Each commit of a new frame asks for one `wp_presentation_feedback` (before the commit, as the protocol
///   wants). Feedbacks wait in a fixed ring of `feedbackCapacity` slots; when all are taken (a compositor that
///   holds them) the frame is simply not measured. `presented` and `discarded` destroy the feedback proxy and
///   free its slot; `destroy` destroys those still waiting.
/// - Presentation times come on the compositor's `clock_id`: CLOCK_MONOTONIC is the window clock's own; any
///   other clock is converted through the offset between the two read when the event arrives.
///
/// Nothing here allocates once made (libwayland itself allocates each feedback proxy, as it does each
/// `wl_callback`).
@MainActor
final class FrameLatencyRecorder {
    /// Feedbacks that may wait for `presented` at once.
    static let feedbackCapacity = 16

    private let clock: MonotonicClock
    /// The bound `wp_presentation` and its registry name.
    private(set) var presentation: (proxy: OpaquePointer, globalName: UInt32)?
    /// The clock presentation times are on (`wp_presentation.clock_id`).
    private(set) var presentationClock = clockid_t(CLOCK_MONOTONIC)

    private struct Slot {
        var proxy: OpaquePointer?
        var commitTime: Duration = .zero
    }
    private var slots = [Slot](repeating: Slot(), count: FrameLatencyRecorder.feedbackCapacity)
    /// Feedback objects alive (requested, neither presented nor discarded yet).
    private(set) var liveFeedbackCount = 0

    /// Receive time of the oldest input event not reflected in a commit yet.
    private var oldestWaitingInput: Duration?
    /// Waiting events that have missed no frame opportunity yet, and those that have.
    private var waitingOnTime = 0
    private var waitingLate = 0
    private var inputEventsOnTime = 0
    private var inputEventsLate = 0
    private var discardedFrames = 0
    /// Commits of new frames so far.
    private(set) var frameCommits = 0
    /// The presentations seen so far, for the time a frame drawn now will be shown.
    private(set) var predictor = PresentationPredictor()
    private var inputToCommit = LatencySamples()
    private var commitToPresent = LatencySamples()

    init(clock: MonotonicClock) {
        self.clock = clock
    }

    /// The figures so far.
    var stats: FrameLatencyStats {
        FrameLatencyStats(
            inputToCommit: inputToCommit.summary, commitToPresent: commitToPresent.summary,
            inputEventsOnTime: inputEventsOnTime, inputEventsLate: inputEventsLate,
            discardedFrames: discardedFrames, hasPresentationFeedback: presentation != nil)
    }

    // MARK: - Input and commits

    /// An input event was handed to the core at `time` (window clock); `wantsFrame` when the core then needs a
    /// frame.
    func inputDelivered(wantsFrame: Bool, at time: Duration) {
        guard wantsFrame else { return }
        if oldestWaitingInput == nil { oldestWaitingInput = time }
        waitingOnTime += 1
    }

    /// A frame opportunity passed without a new frame: with `stillWanted` (the core still wants one) the waiting
    /// events are late, else they had nothing to reflect.
    func frameOpportunityMissed(stillWanted: Bool) {
        guard stillWanted else { return nothingToReflect() }
        waitingLate += waitingOnTime
        waitingOnTime = 0
    }

    /// The core had nothing to draw: the waiting events are settled without a sample.
    func nothingToReflect() {
        oldestWaitingInput = nil
        waitingOnTime = 0
        waitingLate = 0
    }

    /// A new frame of `surface` is about to be committed, now: asks for its presentation feedback, and settles
    /// the waiting input. Call right before `wl_surface.commit`.
    func frameWillCommit(surface: OpaquePointer) {
        let now = clock.now
        frameCommits += 1
        if let oldest = oldestWaitingInput {
            inputToCommit.add(now - oldest)
            inputEventsOnTime += waitingOnTime
            inputEventsLate += waitingLate
            oldestWaitingInput = nil
            waitingOnTime = 0
            waitingLate = 0
        }
        guard let presentation = presentation?.proxy,
            let index = slots.firstIndex(where: { $0.proxy == nil }),
            let feedback = wp_presentation_feedback(presentation, surface)
        else { return }
        wp_presentation_feedback_add_listener(
            feedback, FrameLatencyRecorder.feedbackListener,
            Unmanaged.passUnretained(self).toOpaque())
        slots[index] = Slot(proxy: feedback, commitTime: now)
        liveFeedbackCount += 1
    }

    // MARK: - wp_presentation

    /// Starts using the compositor's `wp_presentation` (bound at v1).
    func attach(presentation proxy: OpaquePointer, globalName: UInt32) {
        presentation = (proxy, globalName)
        wp_presentation_add_listener(
            proxy, FrameLatencyRecorder.presentationListener,
            Unmanaged.passUnretained(self).toOpaque())
    }

    /// Destroys the waiting feedbacks and the `wp_presentation` (global removed, or teardown).
    func destroy() {
        for index in slots.indices {
            if let proxy = slots[index].proxy { wp_presentation_feedback_destroy(proxy) }
            slots[index].proxy = nil
        }
        liveFeedbackCount = 0
        if let proxy = presentation?.proxy { wp_presentation_destroy(proxy) }
        presentation = nil
    }

    private static let presentationListener: UnsafeMutablePointer<wp_presentation_listener> = {
        let listener = UnsafeMutablePointer<wp_presentation_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wp_presentation_listener(clock_id: { data, _, id in
                with(data) { $0.presentationClock = clockid_t(bitPattern: id) }
            }))
        return listener
    }()

    private static let feedbackListener: UnsafeMutablePointer<wp_presentation_feedback_listener> = {
        let listener = UnsafeMutablePointer<wp_presentation_feedback_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wp_presentation_feedback_listener(
                // The output the frame was shown on: not needed (the refresh comes with `presented`).
                sync_output: { _, _, _ in },
                presented: { data, feedback, secondsHigh, secondsLow, nanoseconds, refresh, _, _, _ in
                    let seconds = Int64(UInt64(secondsHigh) << 32 | UInt64(secondsLow))
                    let time = Duration.seconds(seconds) + .nanoseconds(Int64(nanoseconds))
                    let address = UInt(bitPattern: feedback)
                    with(data) { $0.presented(address, at: time, refresh: .nanoseconds(Int64(refresh))) }
                },
                discarded: { data, feedback in
                    let address = UInt(bitPattern: feedback)
                    with(data) { $0.discarded(address) }
                }))
        return listener
    }()

    private nonisolated static func with(
        _ data: UnsafeMutableRawPointer?,
        _ body: @MainActor (FrameLatencyRecorder) -> Void
    ) {
        guard let data else { return }
        let me = Unmanaged<FrameLatencyRecorder>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { body(me) }
    }

    /// `presented` at `time` on `presentationClock`, on an output refreshing every `refresh` (zero: unknown).
    private func presented(_ feedback: UInt, at time: Duration, refresh: Duration) {
        guard let index = release(feedback) else { return }
        let shown = clock.time(monotonic: monotonic(time))
        commitToPresent.add(shown - slots[index].commitTime)
        predictor.framePresented(at: shown, refresh: refresh)
    }

    /// A frame callback was done now (the predictor's fallback without presentation feedback).
    func frameCallbackDone() {
        predictor.frameCallbackDone(at: clock.now)
    }

    private func discarded(_ feedback: UInt) {
        guard release(feedback) != nil else { return }
        discardedFrames += 1
    }

    /// Destroys a feedback that got its destructor event and frees its slot; returns the slot's index.
    private func release(_ feedback: UInt) -> Int? {
        guard feedback != 0, let index = slots.firstIndex(where: { UInt(bitPattern: $0.proxy) == feedback }),
            let proxy = slots[index].proxy
        else { return nil }
        wp_presentation_feedback_destroy(proxy)
        slots[index].proxy = nil
        liveFeedbackCount -= 1
        return index
    }

    /// `time` on `presentationClock` as CLOCK_MONOTONIC.
    private func monotonic(_ time: Duration) -> Duration {
        let monotonicID = clockid_t(CLOCK_MONOTONIC)
        guard presentationClock != monotonicID else { return time }
        var other = timespec()
        var monotonicNow = timespec()
        guard clock_gettime(presentationClock, &other) == 0 else { return time }
        clock_gettime(monotonicID, &monotonicNow)
        let otherNow = Duration.seconds(Int64(other.tv_sec)) + .nanoseconds(Int64(other.tv_nsec))
        let baseNow = Duration.seconds(Int64(monotonicNow.tv_sec)) + .nanoseconds(Int64(monotonicNow.tv_nsec))
        return time - (otherNow - baseNow)
    }
}
