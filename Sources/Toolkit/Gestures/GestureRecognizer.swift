/// A gesture an app attaches to a view (`View.addGestureRecognizer`), competing for the fingers in that view's
/// subtree (<doc:ScrollBehaviour> §18). The first to begin wins the fingers.
///
/// A continuous recognizer goes `possible` → `began` → `changed`* → `ended` or `cancelled` (or `failed`); a
/// discrete one `possible` → `ended` or `failed`. The action runs after the input is handled and reads the state
/// of its transition. A pointer press and drag is one finger. The view owns its recognizers, not the reverse.
@MainActor
open class GestureRecognizer: TouchParticipant {
    /// Where a recognizer is in its gesture.
    public enum State: Sendable {
        /// Watching fingers; nothing recognized yet.
        case possible
        /// A continuous gesture started: the recognizer won its fingers.
        case began
        /// The continuous gesture goes on (the fingers moved).
        case changed
        /// The gesture finished (a discrete one was recognized).
        case ended
        /// A gesture that had begun was taken away (a compositor cancel, removal, disabling).
        case cancelled
        /// The fingers did not make this gesture, or another participant won them.
        case failed
    }

    /// A recognizer that calls `action` on its transitions into `began`, `changed`, `ended` and `cancelled`.
    public init(action: ((GestureRecognizer) -> Void)? = nil) {
        self.action = action
        transitions.reserveCapacity(8)
        dependents.reserveCapacity(2)
        timerTarget.recognizer = self
    }

    /// The current state (inside the action: the state of the transition being reported).
    public var state: State { reportedState ?? currentState }

    /// The view the recognizer is attached to; nil once it was removed or the view is gone.
    public var view: View? { attachedView }

    /// Whether it takes part at all. Setting false makes it fail (or be cancelled) at once. Default true.
    public var isEnabled = true {
        didSet {
            guard isEnabled != oldValue, !isEnabled else { return }
            abandon()
        }
    }

    /// Whether winning the fingers cancels the content's touches of them; when false the content keeps them. Default
    /// true.
    public var cancelsTouchesInView = true

    /// How many fingers it tracks now.
    public var numberOfTouches: Int { fingerCount }

    /// The centroid of the fingers it tracks (the last ones, once they lifted), in `view`'s coordinates (nil: window).
    public func location(in view: View?) -> Point {
        let point = centroidInWindow
        guard let view else { return point }
        return view.convert(point, from: nil)
    }

    /// Where the first of the fingers it tracks (or tracked last) landed, in `view`'s coordinates (nil: window),
    /// points: a pan's start, counted before its slop (`translation(in:)` counts from the slop crossing).
    public func startLocation(in view: View?) -> Point {
        guard let view else { return landingPoint }
        return view.convert(landingPoint, from: nil)
    }

    /// The kinds of fingers it takes part in: a touchscreen's, the pointer's primary button, or both (the
    /// default). A finger of another kind is left to the others as if the recognizer were not there.
    public var allowedTouchTypes: TouchTypes = .all

    /// Asked when the recognizer would begin (or be recognized): false makes it fail and leaves the fingers to
    /// the others. Nil: true.
    public var shouldBegin: ((GestureRecognizer) -> Bool)?

    /// Asked about a pair when one of them wins fingers the other tracks: true lets both go on. Either side
    /// answering true is enough. Nil: false.
    public var recognizesSimultaneously: ((GestureRecognizer, GestureRecognizer) -> Bool)?

    /// The recognizer may not begin until `other` has failed; if `other` begins, this one fails. A requirement that
    /// would close a cycle, or on itself, is ignored with a message on standard error; one that tracks no fingers and
    /// waits for none counts as failed.
    public func require(toFail other: GestureRecognizer) {
        guard other !== self, !other.waits(for: self) else {
            Diagnostics.report(
                "require(toFail:) ignored: it would make \(type(of: self)) and "
                    + "\(type(of: other)) wait for each other forever")
            return
        }
        guard !requirements.contains(where: { $0.recognizer === other }) else { return }
        requirements.append(WeakRecognizer(other))
        other.dependents.append(WeakRecognizer(self))
    }

    // MARK: - State shared with the subclasses

    var currentState: State = .possible
    private var reportedState: State?
    private let action: ((GestureRecognizer) -> Void)?
    /// Transitions whose action is still to run.
    private var transitions: [State] = []
    private var isRunningActions = false
    var isQueuedForEffects = false
    /// The view, without owning it. Neither weak nor owning (a weak reference would put every retain of the view
    /// on the runtime's slow path): the view clears it when the recognizer is removed and when the view goes away.
    @exclusivity(unchecked) unowned(unsafe) var attachedView: View?
    /// Whether it waits for any other recognizer.
    var hasRequirements: Bool { !requirements.isEmpty }

    /// What a timer of this recognizer calls (`timerFired()`), through `timerTarget`, made once.
    lazy var timerAction: @MainActor () -> Void = { [timerTarget] in timerTarget.recognizer?.timerFired() }
    /// The timer queue a timer of this recognizer is in, while one is scheduled.
    var timerQueue: TimerQueue?
    /// The scheduled timer, if any.
    var timer: TimerQueue.ID?
    /// Reaches the recognizer from a timer without owning it (and without a weak reference, which would slow every
    /// retain of the recognizer); cleared when the recognizer goes away, so a timer left in a queue finds nobody.
    private let timerTarget = RecognizerTimerTarget()

    /// Schedules `timerFired()` at `deadline` on the view's window clock (replacing a scheduled one).
    func scheduleTimer(at deadline: Duration) {
        cancelTimer()
        timerQueue = attachedView?.hostWindow?.timers
        timer = timerQueue?.schedule(at: deadline, timerAction)
    }

    /// Cancels the scheduled timer, if any.
    func cancelTimer() {
        if let timer { timerQueue?.cancel(timer) }
        timer = nil
        timerQueue = nil
    }

    /// The scheduled timer is due. Default: nothing.
    func timerFired() {}

    /// A timer left in a queue finds nobody.
    isolated deinit {
        timerTarget.recognizer = nil
    }
    /// Those it waits for, and those waiting for it.
    var requirements: [WeakRecognizer] = []
    var dependents: [WeakRecognizer] = []
    /// It would have begun (or been recognized), and waits for a requirement to fail.
    var awaitingRequirements = false

    var fingers = FingerSet()
    /// Where the centroid was when the last finger lifted (for `location(in:)` after a tap).
    var lastCentroid: Point = .zero
    /// Where the first finger of the current (or last) sequence landed, window coordinates.
    var landingPoint: Point = .zero

    var fingerCount: Int { fingers.count }

    var centroidInWindow: Point { fingers.isEmpty ? lastCentroid : fingers.centroid }

    /// The arena of the recognizer's window, if it is in one.
    var arena: (any TouchArena)? { attachedView?.touchArena }

    // MARK: - Participant (the arena's side)

    public var arbitratedView: View? { attachedView }

    public func takesPart(inTouch id: Int) -> Bool {
        isEnabled && attachedView != nil && acceptsNewFingers
            && allowedTouchTypes.contains(id == Touch.pointerID ? .pointer : .direct)
    }

    public func fingerDown(_ id: Int, at location: Point, time: Duration) -> ContentTouchDisposition {
        if fingers.isEmpty {
            fingers.beginSequence()
            landingPoint = location
        }
        fingers.add(id, at: location, time: time)
        if fingers.count == 1 { fingers.beginSequence() }
        recognizerFingerDown(id, at: location, time: time)
        return .deliver
    }

    public func fingerMoved(_ id: Int, to location: Point) {
        // A recognizer that failed or ended only waits for the lift: its fingers' motion no longer matters.
        guard currentState == .possible || currentState == .began || currentState == .changed else { return }
        fingers.move(id, to: location)
        hasMoves = true
    }

    public func touchFrameEnded(at time: Duration) {
        guard hasMoves else { return }
        hasMoves = false
        fingers.commitMoves(at: time)
        recognizerFingersMoved(at: time)
    }

    public func fingerLifted(_ id: Int, at time: Duration) {
        guard fingers.contains(id) else { return }
        if hasMoves {
            hasMoves = false
            fingers.commitMoves(at: time)
            recognizerFingersMoved(at: time)
        }
        if fingers.count == 1 { lastCentroid = fingers.centroid }
        fingers.remove(id, at: time)
        // A tap recognized at this lift still claims the lifting finger: the content never gets it.
        liftingFinger = id
        lastLiftedFinger = id
        recognizerFingerLifted(at: time)
        liftingFinger = nil
        resetIfFinished()
    }

    public func allFingersCancelled(at time: Duration) {
        guard !fingers.isEmpty else { return }
        lastCentroid = fingers.centroid
        fingers.removeAll()
        hasMoves = false
        recognizerStopped(at: time)
        stopGesture()
        resetIfFinished()
    }

    public func fingersClaimed(_ claim: TouchClaim, at time: Duration) {
        switch claim.kind {
        case .content:
            return
        case .caughtMotion:
            if failsOnCaughtMotion && currentState == .possible { fail(at: time) }
        case .gesture:
            if let other = claim.claimant as? GestureRecognizer, recognizesSimultaneously(with: other) { return }
            switch currentState {
            case .possible: fail(at: time)
            case .began, .changed: cancel(at: time)
            case .ended, .cancelled, .failed: break
            }
        }
    }

    public func leaveArena(at time: Duration) {
        guard !fingers.isEmpty || awaitingRequirements || currentState != .possible else { return }
        if !fingers.isEmpty { lastCentroid = fingers.centroid }
        fingers.removeAll()
        hasMoves = false
        stopGesture()
        recognizerStopped(at: time)
        resetIfFinished()
    }

    public func tracksFinger(_ id: Int) -> Bool {
        fingers.contains(id) || liftingFinger == id || (awaitingRequirements && lastLiftedFinger == id)
    }

    /// A recognizer that waits for a requirement after its fingers lifted stays in the arena: a participant
    /// recognized with the same fingers (later in the same lift) still makes it fail.
    public var tracksAnyFinger: Bool { !fingers.isEmpty || awaitingRequirements }

    public var holdsContentBack: Bool { false }

    public func contentMayBegin(_ touches: [Touch], in view: View) -> Bool { true }

    public func contentTouchEnded(_ touch: Touch, in view: View) {}

    // The chain's requirements as class members, so that a subclass (the container's pan) can be a link.

    public func dragsContent(withDeviceOf id: Int) -> Bool { false }

    public func movesContent(along axis: Axis) -> Bool { false }

    public func canMoveContent(along axis: Axis, direction: Double) -> Bool { false }

    public var acceptsChainedDrag: Bool { false }

    public var containsChainedMotion: Bool { true }

    public func bouncesChainedMotion(along axis: Axis) -> Bool { false }

    public func takeChainedMotion(_ delta: Double, along axis: Axis, pointer: Bool) -> Double { delta }

    public func showChainedOverscroll(_ stretch: Double, edgeSign: Double, along axis: Axis, pointer: Bool) -> Bool {
        false
    }

    public func chainedMotionFinished() {}

    public func takeChainedRelease(velocity: Double, along axis: Axis, pointer: Bool) -> Bool { false }

    public func chainedPointerGestureEnded(at time: Duration) {}

    public func takeChainedFling(
        velocity: Double, along axis: Axis, at time: Duration, onward: ArraySlice<any TouchParticipant>
    ) -> Bool { false }

    public var chainedContentOffset: Point {
        get { .zero }
        set {}
    }

    public var scrollsContent: Bool { false }

    public func scrollToShow(_ rect: Rect, of view: View) {}

    public func scrollByPages(_ pages: Int, along axis: Axis) -> Bool { false }

    public func runQueuedEffects() {
        isQueuedForEffects = false
        guard !isRunningActions else { return }
        isRunningActions = true
        defer {
            isRunningActions = false
            reportedState = nil
        }
        var i = 0
        while i < transitions.count {
            reportedState = transitions[i]
            i += 1
            action?(self)
        }
        transitions.removeAll(keepingCapacity: true)
    }

    private var hasMoves = false
    /// The finger whose lift is being handled (already out of `fingers`), and the last one that lifted.
    private var liftingFinger: Int?
    private var lastLiftedFinger: Int?

    // MARK: - Hooks for the recognizers (internal: the public extension point is `TouchParticipant`)

    /// Whether a finger that stopped a moving container makes it fail (a tap).
    var failsOnCaughtMotion: Bool { false }
    /// Whether a finger landing now is one it takes part in.
    var acceptsNewFingers: Bool { !(awaitingRequirements && fingers.isEmpty) }
    /// A finger joined (it is in `fingers` already).
    func recognizerFingerDown(_ id: Int, at location: Point, time: Duration) {}
    /// The fingers moved (committed to `fingers`).
    func recognizerFingersMoved(at time: Duration) {}
    /// A finger lifted (removed from `fingers`).
    func recognizerFingerLifted(at time: Duration) {}
    /// The fingers are gone without a lift, or the recognizer left: stop timers and waits.
    func recognizerStopped(at time: Duration) {}
    /// Every requirement failed while it was waiting: begin (or be recognized) now.
    func requirementsFailed(at time: Duration) {}
    /// A requirement began or was recognized: this one fails.
    func requirementWon(at time: Duration) { fail(at: time) }

    // MARK: - Transitions

    /// Tries to begin (or, `discrete`, to be recognized): asks `shouldBegin` and the requirements, then claims its
    /// fingers. Returns whether it did; it may instead wait for a requirement or fail.
    @discardableResult
    func attemptToBegin(at time: Duration, discrete: Bool = false) -> Bool {
        guard currentState == .possible, isEnabled else { return false }
        switch requirementGate() {
        case .wait:
            awaitingRequirements = true
            return false
        case .fail:
            fail(at: time)
            return false
        case .go:
            break
        }
        awaitingRequirements = false
        if let shouldBegin, !shouldBegin(self) {
            fail(at: time)
            return false
        }
        if !fingers.isEmpty || liftingFinger != nil, let arena {
            guard arena.claimFingers(of: self, cancellingContent: cancelsTouchesInView) else {
                fail(at: time)
                return false
            }
            // The claim may have re-entered app code that removed or disabled this recognizer.
            guard currentState == .possible, isEnabled, attachedView != nil else { return false }
        }
        transition(to: discrete ? .ended : .began)
        return true
    }

    func change() {
        guard currentState == .began || currentState == .changed else { return }
        transition(to: .changed)
    }

    func end() {
        guard currentState == .began || currentState == .changed else { return }
        transition(to: .ended)
    }

    func cancel(at time: Duration) {
        guard currentState == .began || currentState == .changed else { return }
        recognizerStopped(at: time)
        transition(to: .cancelled)
    }

    func fail(at time: Duration) {
        guard currentState == .possible else { return }
        awaitingRequirements = false
        recognizerStopped(at: time)
        transition(to: .failed)
    }

    /// A recognizer that had begun is cancelled, one that had not fails.
    private func stopGesture() {
        let time = arena?.now ?? .zero
        switch currentState {
        case .possible where awaitingRequirements || !fingers.isEmpty: fail(at: time)
        case .possible: awaitingRequirements = false
        case .began, .changed: cancel(at: time)
        case .ended, .cancelled, .failed: break
        }
    }

    /// Enters `newState` without asking anyone (a scroll container's pan, whose container decided).
    func transition(to newState: State) {
        currentState = newState
        switch newState {
        case .began, .changed, .ended, .cancelled:
            if action != nil { queueAction(newState) }
        case .possible, .failed:
            break
        }
        switch newState {
        case .began, .failed:
            notifyDependents(at: arena?.now ?? .zero)
        case .ended:
            // A discrete recognizer was recognized (a continuous one told its dependents when it began).
            notifyDependents(at: arena?.now ?? .zero)
        case .possible, .changed, .cancelled:
            break
        }
        resetIfFinished()
    }

    /// Back to `possible` once the gesture is over and every finger it saw has lifted.
    func resetIfFinished() {
        guard fingerCount == 0, !awaitingRequirements else { return }
        switch currentState {
        case .ended, .cancelled, .failed: currentState = .possible
        case .possible, .began, .changed: break
        }
    }

    private func queueAction(_ state: State) {
        transitions.append(state)
        if let arena, arena.isHandlingInput {
            isQueuedForEffects = true
            arena.queueEffects(of: self)
        } else {
            runQueuedEffects()
        }
    }

    /// Whether, in `possible`, it may still begin (it tracks fingers, or waits for a requirement or another tap).
    var isDeciding: Bool { fingerCount > 0 || awaitingRequirements }

    // MARK: - Attachment

    /// Attached to `view` (nil: detached): a gesture in progress is cancelled or failed first.
    func attach(to view: View?) {
        abandon()
        attachedView = view
    }

    /// Cancels (or fails) what the recognizer is doing and takes it out of the arena.
    func abandon() {
        let time = arena?.now ?? .zero
        if !fingers.isEmpty, let arena {
            arena.withdraw(self)
        } else {
            leaveArena(at: time)
        }
    }
}

/// A recognizer held without owning it: a requirement or a dependent that goes away is simply gone. (Only
/// recognizers linked by `require(toFail:)` are held weakly, and so pay for it on every retain.)
struct WeakRecognizer {
    weak var recognizer: GestureRecognizer?
    init(_ recognizer: GestureRecognizer) { self.recognizer = recognizer }
}

/// See `GestureRecognizer.timerTarget`.
@MainActor
final class RecognizerTimerTarget {
    unowned(unsafe) var recognizer: GestureRecognizer?
}
