import Synchronization

/// The one piece of state an `Observation` token shares with its registry entry: "is this observation over?".
///
/// Why a separate object with an atomic: the token may be released, or `invalidate()`d, on any thread (Swift
/// does not confine `deinit` to the actor that made the object), while the registry lives on the main actor.
/// The token raises this flag (and then lets go of the entry it owns); the registry reads it before every
/// delivery and drops the entry's slot the next time it walks its list. The flag is the only state both sides
/// read, so there is no data race to reason about; the token holds neither the registry nor the observed object.
final class ObservationFlag: Sendable {
    private let ended = Atomic<Bool>(false)

    init() {}

    /// True once the observation was invalidated (explicitly or by the token's deinit).
    var isInvalidated: Bool {
        // Acquiring pairs with the releasing store below, so a handler invalidated by another thread is seen
        // as such by the next check on the main actor.
        ended.load(ordering: .acquiring)
    }

    /// Ends the observation; doing it again does nothing.
    func invalidate() {
        ended.store(true, ordering: .releasing)
    }
}
