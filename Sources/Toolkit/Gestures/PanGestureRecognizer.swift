/// The axes a pan may begin along (`PanGestureRecognizer.axes`).
public enum PanAxes: Sendable {
    /// Any motion past the slop begins it.
    case free
    /// It begins only when the motion at the slop crossing is at least as horizontal as vertical, and fails
    /// otherwise (the vertical drag is left to a container around it).
    case horizontal
    /// It begins only when the motion at the slop crossing is more vertical than horizontal, and fails otherwise.
    case vertical
}

/// A continuous recognizer for fingers that move (<doc:ScrollBehaviour> §18): it begins once their centroid moved
/// 10 pt, with `minimumNumberOfTouches` to `maximumNumberOfTouches` fingers down, and ends at the lift.
/// `translation(in:)` counts from the slop crossing, so nothing jumps by 10 pt. A scroll container's
/// `panGestureRecognizer` is one too: its state follows the container's drag.
public final class PanGestureRecognizer: GestureRecognizer {
    /// What a scroll container's drag may do when it would begin.
    enum DragGate { case open, wait, veto }

    /// The distance the centroid moves before a pan begins, points (*fixed*).
    public static let slop = 10.0

    /// The axes it begins along. Default `.free`.
    public var axes: PanAxes = .free

    /// Fewest fingers that begin it, at least 1. Default 1.
    public var minimumNumberOfTouches = 1 {
        didSet { if minimumNumberOfTouches < 1 { minimumNumberOfTouches = 1 } }
    }

    /// Most fingers that begin it (at least `minimumNumberOfTouches` in effect). Default `Int.max`.
    public var maximumNumberOfTouches = Int.max {
        didSet { if maximumNumberOfTouches < 1 { maximumNumberOfTouches = 1 } }
    }

    /// The centroid's motion since the pan began, counted from the slop crossing (or from the last
    /// `setTranslation`), as a vector in `view`'s coordinates (nil: window coordinates), points.
    public func translation(in view: View?) -> Point {
        vector(rawTranslation - origin, in: view)
    }

    /// Makes `translation(in: view)` read `translation` from now on (the motion goes on from there).
    public func setTranslation(_ translation: Point, in view: View?) {
        guard translation.isFinite else { return }
        let inWindow = windowVector(translation, from: view)
        origin = rawTranslation - inWindow
    }

    /// How fast the fingers move, in `view`'s coordinates (nil: window coordinates), points per second: at the
    /// lift, the release velocity a fling would use.
    public func velocity(in view: View?) -> Point {
        let velocity: Point
        if let driver {
            velocity = driver.fingerVelocity(at: arena?.now ?? .zero)
        } else if fingers.isEmpty {
            velocity = releaseVelocity
        } else {
            velocity = fingers.velocity(at: lastMotionTime)
        }
        return vector(velocity, in: view)
    }

    // MARK: - State

    private var origin: Point = .zero
    /// The translation at the previous frame, to find where the slop was crossed.
    private var previousTranslation: Point = .zero
    /// Where the slop was crossed while the pan waited for a requirement.
    private var waitingOrigin: Point?
    private var lastMotionTime: Duration = .zero
    private var releaseVelocity: Point = .zero

    /// The scroll container whose drag this recognizer is, if any; it owns the recognizer.
    unowned(unsafe) var driver: ScrollContainer?
    /// The driver, owned while the arena may still call it (fingers down, effects queued), so a container removed
    /// meanwhile lives until the arena is done with it.
    var heldDriver: ScrollContainer?

    /// The centroid translation (window coordinates): the container's for its own pan.
    private var rawTranslation: Point {
        driver.map { $0.dragTranslation } ?? fingers.translation
    }

    override var fingerCount: Int { driver?.fingers.count ?? fingers.count }

    override var centroidInWindow: Point { driver?.fingers.centroid ?? super.centroidInWindow }

    // MARK: - Recognizing

    override func recognizerFingerDown(_ id: Int, at location: Point, time: Duration) {
        if fingers.count == 1 {
            previousTranslation = .zero
            waitingOrigin = nil
        }
        lastMotionTime = time
    }

    override func recognizerFingersMoved(at time: Duration) {
        lastMotionTime = time
        let translation = fingers.translation
        defer { previousTranslation = translation }
        switch currentState {
        case .began, .changed:
            change()
        case .possible:
            guard !awaitingRequirements, translation.length > PanGestureRecognizer.slop else { return }
            // Too few or too many fingers: nothing is decided yet (one may still come or go).
            let count = fingers.count
            guard count >= minimumNumberOfTouches, count <= max(minimumNumberOfTouches, maximumNumberOfTouches)
            else { return }
            let horizontal = abs(translation.x) >= abs(translation.y)
            switch axes {
            case .free: break
            case .horizontal:
                if !horizontal {
                    fail(at: time)
                    return
                }
            case .vertical:
                if horizontal {
                    fail(at: time)
                    return
                }
            }
            let crossing = TouchArbitration.slopCrossing(
                from: previousTranslation, to: translation,
                slop: PanGestureRecognizer.slop)
            origin = crossing
            if !attemptToBegin(at: time), awaitingRequirements { waitingOrigin = crossing }
        case .ended, .cancelled, .failed:
            break
        }
    }

    override func recognizerFingerLifted(at time: Duration) {
        guard fingers.isEmpty else { return }
        releaseVelocity = fingers.releaseVelocity(at: time)
        switch currentState {
        case .began, .changed: end()
        case .possible: fail(at: time)
        case .ended, .cancelled, .failed: break
        }
    }

    override func recognizerStopped(at time: Duration) {
        waitingOrigin = nil
    }

    override func requirementsFailed(at time: Duration) {
        if let driver {
            awaitingRequirements = false
            driver.requirementsFailedForDrag(at: time)
            return
        }
        // The motion while it waited is not lost: the translation counts from the crossing.
        let crossing = waitingOrigin ?? fingers.translation
        waitingOrigin = nil
        origin = crossing
        attemptToBegin(at: time)
    }

    // MARK: - A container's drag: the participant is the container

    override public var arbitratedView: View? { driver ?? attachedView }

    override public func takesPart(inTouch id: Int) -> Bool {
        guard let driver else { return super.takesPart(inTouch: id) }
        return isEnabled && driver.takesPartInDrag(touch: id)
    }

    override public func fingerDown(_ id: Int, at location: Point, time: Duration) -> ContentTouchDisposition {
        guard let driver else { return super.fingerDown(id, at: location, time: time) }
        heldDriver = driver
        let answer = driver.dragFingerDown(id: id, at: location, time: time)
        // A finger joining a running drag is the drag's: recognizers tracking it give it up.
        if answer == .suppress && driver.isDragging, let arena = driver.touchArena {
            arena.claimFingers(of: self, cancellingContent: true)
        }
        return answer
    }

    override public func fingerMoved(_ id: Int, to location: Point) {
        guard let driver else { return super.fingerMoved(id, to: location) }
        driver.dragFingerMoved(id: id, to: location)
    }

    override public func touchFrameEnded(at time: Duration) {
        guard let driver else { return super.touchFrameEnded(at: time) }
        driver.dragFrameEnded(time: time)
    }

    override public func fingerLifted(_ id: Int, at time: Duration) {
        guard let driver else { return super.fingerLifted(id, at: time) }
        driver.dragFingerLifted(id: id, time: time)
    }

    override public func allFingersCancelled(at time: Duration) {
        guard let driver else { return super.allFingersCancelled(at: time) }
        driver.dragFingersCancelled(time: time)
    }

    override public func fingersClaimed(_ claim: TouchClaim, at time: Duration) {
        guard let driver else { return super.fingersClaimed(claim, at: time) }
        switch claim.kind {
        case .caughtMotion:
            return
        case .gesture:
            if let other = claim.claimant as? GestureRecognizer,
                recognizesSimultaneously?(self, other) == true || other.recognizesSimultaneously?(other, self) == true
            {
                return
            }
        case .content:
            break
        }
        driver.declineSequence(time: time)
    }

    override public func leaveArena(at time: Duration) {
        guard let driver else { return super.leaveArena(at: time) }
        if driver.drag.isWithdrawingToSettle {
            // Scrolling was turned off: the fingers are gone for it, as when the compositor cancels them, and it
            // settles inside its range (<doc:ScrollBehaviour> §1, §2.9).
            driver.dragFingersCancelled(time: time)
        } else {
            driver.forgetFingers(time: time)
        }
    }

    override public func tracksFinger(_ id: Int) -> Bool {
        guard let driver else { return super.tracksFinger(id) }
        return driver.tracksFinger(id)
    }

    override public var tracksAnyFinger: Bool { driver?.hasFingers ?? super.tracksAnyFinger }

    override public var holdsContentBack: Bool { driver?.holdsContentBack ?? false }

    override public func contentMayBegin(_ touches: [Touch], in view: View) -> Bool {
        driver?.touchesShouldBegin(touches, in: view) ?? true
    }

    override public func contentTouchEnded(_ touch: Touch, in view: View) {
        driver?.contentTouchEnded(touch, in: view)
    }

    override public func runQueuedEffects() {
        super.runQueuedEffects()
        // A local owner: letting go of `heldDriver` may free the container, after it is done.
        guard let container = heldDriver ?? driver else { return }
        container.drainEffects()
        if !container.hasFingers && !isQueuedForEffects { heldDriver = nil }
    }

    // A container's pan is its link in the chains of the containers inside it (ScrollContainer+ChainLink.swift).

    override public func dragsContent(withDeviceOf id: Int) -> Bool {
        driver?.dragsContent(withDeviceOf: id) ?? false
    }

    override public func movesContent(along axis: Axis) -> Bool { driver?.movesContent(along: axis) ?? false }

    override public func canMoveContent(along axis: Axis, direction: Double) -> Bool {
        driver?.canMoveContent(along: axis, direction: direction) ?? false
    }

    override public var acceptsChainedDrag: Bool { driver?.acceptsChainedDrag ?? false }

    override public var containsChainedMotion: Bool { driver?.scrollChaining != .automatic }

    override public func bouncesChainedMotion(along axis: Axis) -> Bool {
        driver.map { $0.bounces && $0.movesContent(along: axis) } ?? false
    }

    override public func takeChainedMotion(_ delta: Double, along axis: Axis, pointer: Bool) -> Double {
        driver?.takeChainedMotion(delta, along: axis, pointer: pointer) ?? delta
    }

    override public func showChainedOverscroll(
        _ stretch: Double, edgeSign: Double, along axis: Axis, pointer: Bool
    ) -> Bool {
        driver?.showChainedOverscroll(stretch, edgeSign: edgeSign, along: axis, pointer: pointer) ?? false
    }

    override public func chainedMotionFinished() { driver?.chainedMotionFinished() }

    override public func takeChainedRelease(velocity: Double, along axis: Axis, pointer: Bool) -> Bool {
        driver?.takeChainedRelease(velocity: velocity, along: axis, pointer: pointer) ?? false
    }

    override public func chainedPointerGestureEnded(at time: Duration) { driver?.chainedPointerGestureEnded(at: time) }

    override public func takeChainedFling(
        velocity: Double, along axis: Axis, at time: Duration, onward: ArraySlice<any TouchParticipant>
    ) -> Bool {
        driver?.takeChainedFling(velocity: velocity, along: axis, at: time, onward: onward) ?? false
    }

    override public var chainedContentOffset: Point {
        get { driver?.contentOffset ?? .zero }
        set { driver?.applyOffset(newValue) }
    }

    override public var scrollsContent: Bool { driver != nil }

    override public func scrollToShow(_ rect: Rect, of view: View) {
        guard let driver else { return }
        driver.scrollRectToVisible(view.convert(rect, to: driver), animated: false)
    }

    override public func scrollByPages(_ pages: Int, along axis: Axis) -> Bool {
        guard let driver, pages != 0 else { return false }
        return driver.scroll(.page(pages), along: axis, at: driver.touchArena?.now ?? .zero)
    }

    /// Whether the container's drag may begin now: `.wait` while a requirement is undecided, `.veto` when one
    /// won or `shouldBegin` says no (asked only when nothing else holds it back).
    func containerDragGate() -> DragGate {
        guard isEnabled else { return .veto }
        switch requirementGate() {
        case .wait: return .wait
        case .fail: return .veto
        case .go: break
        }
        if let shouldBegin, !shouldBegin(self) { return .veto }
        return .open
    }

    override func requirementWon(at time: Duration) {
        guard let driver else { return super.requirementWon(at: time) }
        awaitingRequirements = false
        driver.dragRequirementWon(at: time)
    }

    var gatesDrag: Bool { !isEnabled || shouldBegin != nil || hasRequirements }

    func containerAwaitsRequirements() { awaitingRequirements = true }

    func containerStoppedWaiting() { awaitingRequirements = false }

    /// The container's drag began: the recognizer's state follows the drag from here.
    func containerDragBegan(at origin: Point) {
        self.origin = origin
        containerTransition(.began)
    }

    /// The container's drag moved.
    func containerDragChanged() {
        if currentState == .began || currentState == .changed { containerTransition(.changed) }
    }

    /// The container's sequence ended: a drag ends, an undecided sequence fails.
    func containerSequenceEnded(cancelled: Bool, at time: Duration) {
        switch currentState {
        case .began, .changed: containerTransition(cancelled ? .cancelled : .ended)
        case .possible: fail(at: time)
        case .ended, .cancelled, .failed: break
        }
    }

    /// The container gave up the sequence (declined it, or left it to the content).
    func containerDeclined(at time: Duration) {
        if currentState == .possible { fail(at: time) }
    }

    private func containerTransition(_ newState: State) {
        switch newState {
        case .began:
            guard currentState == .possible else { return }
            transition(to: .began)
        case .changed, .ended, .cancelled:
            transition(to: newState)
        case .possible, .failed:
            break
        }
    }

    // MARK: - Geometry

    private func vector(_ v: Point, in view: View?) -> Point {
        guard let view else { return v }
        return view.convert(v, from: nil) - view.convert(Point.zero, from: nil)
    }

    private func windowVector(_ v: Point, from view: View?) -> Point {
        guard let view else { return v }
        return view.convert(v, to: nil) - view.convert(Point.zero, to: nil)
    }
}
