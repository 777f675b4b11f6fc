import Synchronization

/// The one piece of state an `Observation` token shares with its registry entry: "is this observation over?".
///
/// A separate atomic because the token may be released or `invalidate()`d on any thread while the registry lives on
/// the main actor; the flag is the only state both sides read.
final class ObservationFlag: Sendable {
    private let ended = Atomic<Bool>(false)

    init() {}

    /// True once the observation was invalidated (explicitly or by the token's deinit).
    var isInvalidated: Bool {
        // Acquiring pairs with the releasing store below, so the main actor sees another thread's invalidation.
        ended.load(ordering: .acquiring)
    }

    /// Ends the observation; doing it again does nothing.
    func invalidate() {
        ended.store(true, ordering: .releasing)
    }
}
