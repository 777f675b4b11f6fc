/// A continuous recognizer for a press held still (<doc:ScrollBehaviour> §18): it begins when the fingers have
/// stayed within `allowableMovement` of where they landed for `minimumPressDuration`, changes as they move
/// afterwards, and ends at the lift. It fails if they move farther first (a container may then drag).
///
/// Once it has begun, no scroll container takes its fingers: every move goes to it until the lift.
public final class LongPressGestureRecognizer: GestureRecognizer {
    /// How long the fingers must stay still. Negative values count as zero. Default 500 ms.
    public var minimumPressDuration: Duration = .milliseconds(500) {
        didSet { if minimumPressDuration < .zero { minimumPressDuration = .zero } }
    }

    /// How far the fingers may move before it begins, points. Non-finite or negative values count as zero.
    /// Default 10.
    public var allowableMovement: Double = 10 {
        didSet { if !(allowableMovement >= 0) || !allowableMovement.isFinite { allowableMovement = 0 } }
    }

    override func recognizerFingerDown(_ id: Int, at location: Point, time: Duration) {
        guard currentState == .possible, fingers.count == 1, !awaitingRequirements else { return }
        scheduleTimer(at: time + minimumPressDuration)
    }

    override func recognizerFingersMoved(at time: Duration) {
        switch currentState {
        case .possible:
            if !awaitingRequirements && fingers.translation.length > allowableMovement { fail(at: time) }
        case .began, .changed:
            change()
        case .ended, .cancelled, .failed:
            break
        }
    }

    override func recognizerFingerLifted(at time: Duration) {
        guard fingers.isEmpty else { return }
        cancelTimer()
        switch currentState {
        case .began, .changed: end()
        case .possible: fail(at: time)
        case .ended, .cancelled, .failed: break
        }
    }

    override func recognizerStopped(at time: Duration) {
        cancelTimer()
    }

    override func requirementsFailed(at time: Duration) {
        attemptToBegin(at: time)
    }

    override func timerFired() {
        timer = nil
        timerQueue = nil
        guard currentState == .possible, !fingers.isEmpty else { return }
        if let arena {
            arena.performAsInput { attemptToBegin(at: arena.now) }
        }
    }
}
