import Toolkit

/// Watches the fingers that land in a view's subtree without competing for them: a `TouchParticipant` that takes
/// part in every touch, never claims, lets the content have its touches and gives nothing up. The window's arena
/// tells it every down, frame and lift after the participants inside the view (the recognizers, the containers) had
/// theirs, so `onInput` reads what they decided; it runs once the input is handled, as the protocol asks of
/// notifications to app code.
@MainActor
final class FingerWatcher: TouchParticipant {
    /// The view whose fingers it sees (not owned: the view owns the watcher).
    private weak var view: View?
    private var fingers: [Int] = []
    private var isQueued = false
    /// Called after each input that involved a finger: `landed` is where the newest finger touched down (window
    /// coordinates) when this input was its down.
    var onInput: ((_ landed: Point?) -> Void)?
    private var landed: Point?

    init(view: View) {
        self.view = view
        fingers.reserveCapacity(10)
    }

    /// Whether a finger is down.
    var hasFingers: Bool { !fingers.isEmpty }

    private func queue() {
        guard !isQueued, let arena = view?.touchArena else { return }
        isQueued = true
        arena.queueEffects(of: self)
    }

    var arbitratedView: View? { view }

    func takesPart(inTouch id: Int) -> Bool { true }

    func fingerDown(_ id: Int, at location: Point, time: Duration) -> ContentTouchDisposition {
        if !fingers.contains(id) { fingers.append(id) }
        landed = location
        queue()
        return .deliver
    }

    func fingerMoved(_ id: Int, to location: Point) {}

    func touchFrameEnded(at time: Duration) { queue() }

    func fingerLifted(_ id: Int, at time: Duration) {
        fingers.removeAll { $0 == id }
        queue()
    }

    func allFingersCancelled(at time: Duration) {
        fingers.removeAll()
        queue()
    }

    // Claims are the others' business: the watcher keeps watching until the lift.
    func fingersClaimed(_ claim: TouchClaim, at time: Duration) {}

    func leaveArena(at time: Duration) { fingers.removeAll() }

    func tracksFinger(_ id: Int) -> Bool { fingers.contains(id) }

    var tracksAnyFinger: Bool { !fingers.isEmpty }

    func runQueuedEffects() {
        isQueued = false
        let point = landed
        landed = nil
        onInput?(point)
    }
}
