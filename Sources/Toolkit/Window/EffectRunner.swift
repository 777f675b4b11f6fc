/// The order of work of one window (<doc:Design>, "Effects after the mutation"): every input runs inside `run`,
/// and what it causes that reaches app code waits in queues drained in order when the outermost input returns.
/// Code that re-enters from a delivery runs as a nested input: its own effects join the drain. The scope is
/// entered and left only by `run`, so no path can leave it unbalanced.
@MainActor
final class EffectRunner {
    /// The window owning this runner, set once by its `init`.
    unowned(unsafe) var window: WindowCore!

    @exclusivity(unchecked) private var depth = 0
    @exclusivity(unchecked) private(set) var isDraining = false
    /// Participants with queued notifications, in the order they asked.
    private var participants: [any TouchParticipant] = []

    init() {
        participants.reserveCapacity(8)
    }

    /// Whether an input is being handled: effects wait for its end.
    var isHandlingInput: Bool { depth > 0 }

    /// Runs `body` as an input; when the outermost one returns, the queued effects are delivered.
    @inline(__always)
    func run(_ body: () -> Void) {
        depth += 1
        body()
        depth -= 1
        if depth == 0 && !isDraining { drain() }
    }

    /// `participant` has notifications: they are sent in the drain (at once when no input runs).
    func queueEffects(of participant: any TouchParticipant) {
        guard depth > 0 || isDraining else {
            participant.runQueuedEffects()
            return
        }
        var k = 0
        while k < participants.count {
            if participants[k] === participant { return }
            k += 1
        }
        participants.append(participant)
    }

    /// Delivers, until nothing is left: the touch deliveries, the hover calls, then one participant's
    /// notifications at a time (which may queue more of everything).
    private func drain() {
        isDraining = true
        defer { isDraining = false }
        while true {
            if window.touchRouter.deliverPending() { continue }
            if window.pointerRouter.deliverPending() { continue }
            guard !participants.isEmpty else { break }
            let participant = participants.removeFirst()
            participant.runQueuedEffects()
        }
    }
}
