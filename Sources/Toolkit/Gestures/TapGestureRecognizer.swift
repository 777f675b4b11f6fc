/// A discrete recognizer for taps (<doc:ScrollBehaviour> §18): recognized when `numberOfTouchesRequired` fingers
/// lift having moved less than 10 pt, within 0.35 s of landing; for `numberOfTapsRequired` above 1, each next tap
/// lands within 0.35 s of the previous lift and within 40 pt of the first tap.
///
/// A tap whose finger stopped a moving scroll container is not recognized; one inside a container that delays its
/// content's touches is.
public final class TapGestureRecognizer: GestureRecognizer {
    /// How far the fingers may move and still tap, points (*fixed*).
    public static let allowableMovement = 10.0
    /// How long a tap may last, and the longest pause between taps (*fixed*).
    public static let maximumDuration: Duration = .milliseconds(350)
    /// How far from the first tap the next ones may land, points (*fixed*).
    public static let maximumTapDistance = 40.0

    /// Taps in a row that make the gesture, at least 1. Default 1.
    public var numberOfTapsRequired = 1 {
        didSet { if numberOfTapsRequired < 1 { numberOfTapsRequired = 1 } }
    }

    /// Fingers that tap together, at least 1. Default 1.
    public var numberOfTouchesRequired = 1 {
        didSet { if numberOfTouchesRequired < 1 { numberOfTouchesRequired = 1 } }
    }

    private var taps = 0
    private var firstLocation: Point = .zero
    /// When the current tap's first finger landed, and when the previous tap lifted.
    private var tapStart: Duration = .zero
    private var previousLift: Duration = .zero
    /// The most fingers down at once in the current tap.
    private var mostFingers = 0

    override var isDeciding: Bool { super.isDeciding || taps > 0 }

    override var failsOnCaughtMotion: Bool { true }

    /// Made to tap by an assistive technology (`click`): recognized at once, as a whole series.
    func recognizeForAccessibility(at location: Point) {
        guard isEnabled, currentState == .possible, fingers.isEmpty else { return }
        resetSeries()
        lastCentroid = location
        attemptToBegin(at: arena?.now ?? .zero, discrete: true)
    }

    override func recognizerFingerDown(_ id: Int, at location: Point, time: Duration) {
        guard currentState == .possible, !awaitingRequirements else { return }
        if fingers.count == 1 {
            if taps > 0 {
                // The next tap of a series: soon enough after the last lift, near enough to the first tap.
                guard time - previousLift <= TapGestureRecognizer.maximumDuration,
                    (location - firstLocation).length <= TapGestureRecognizer.maximumTapDistance
                else {
                    fail(at: time)
                    return
                }
            } else {
                firstLocation = location
            }
            tapStart = time
            mostFingers = 0
            scheduleTimer(at: time + TapGestureRecognizer.maximumDuration)
        }
        mostFingers = max(mostFingers, fingers.count)
        if mostFingers > numberOfTouchesRequired { fail(at: time) }
    }

    override func recognizerFingersMoved(at time: Duration) {
        guard currentState == .possible, !awaitingRequirements else { return }
        if fingers.translation.length >= TapGestureRecognizer.allowableMovement { fail(at: time) }
    }

    override func recognizerFingerLifted(at time: Duration) {
        guard fingers.isEmpty, currentState == .possible, !awaitingRequirements else { return }
        cancelTimer()
        guard mostFingers == numberOfTouchesRequired, time - tapStart <= TapGestureRecognizer.maximumDuration else {
            fail(at: time)
            return
        }
        taps += 1
        if taps >= numberOfTapsRequired {
            taps = 0
            attemptToBegin(at: time, discrete: true)
        } else {
            previousLift = time
            scheduleTimer(at: time + TapGestureRecognizer.maximumDuration)
        }
    }

    override func recognizerStopped(at time: Duration) {
        cancelTimer()
        resetSeries()
    }

    override func requirementsFailed(at time: Duration) {
        attemptToBegin(at: time, discrete: true)
    }

    /// The tap lasted too long, or the next tap did not come.
    override func timerFired() {
        timer = nil
        timerQueue = nil
        guard currentState == .possible, !awaitingRequirements else { return }
        if let arena {
            arena.performAsInput { fail(at: arena.now) }
        } else {
            fail(at: .zero)
        }
    }

    private func resetSeries() {
        taps = 0
        mostFingers = 0
    }
}
