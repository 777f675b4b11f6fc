import Synchronization

/// The token of a key-path observation: the handler keeps running while this object lives and until
/// `invalidate()` is called.
///
/// The token owns the handler and nothing else: not the observed object (a container may go away while a token
/// still exists; the token then simply does nothing) and not the registry, which refers to the handler weakly.
/// Ending the observation, by `invalidate()` or by releasing the last reference to the token, releases the
/// handler at once, on the thread that ended it. So a handler that captures the observed container does not
/// keep it alive once the token is gone. Keep the token in a property for as long as you want calls (but not in
/// an object the handler captures, or that object keeps itself alive).
///
/// The token is `Sendable`: `invalidate()` and `deinit` may run on any thread. They raise an atomic flag that the
/// registry checks on the main actor before each call, so a handler never runs after `invalidate()` returned on
/// the main actor, including when another handler invalidates it in the middle of a delivery pass.
public final class Observation: Sendable {
    private let flag: ObservationFlag
    /// The registry entry with the handler, until the observation ends. Main-actor isolated, hence `Sendable`.
    private let entry: Mutex<(any AnyObject & Sendable)?>

    init(flag: ObservationFlag, entry: any AnyObject & Sendable) {
        self.flag = flag
        self.entry = Mutex(entry)
    }

    /// Stops the observation: the handler is never called again and is released now (unless a delivery running
    /// on the main actor still holds it; then when that delivery returns). Calling it more than once does
    /// nothing.
    public func invalidate() {
        flag.invalidate()
        let ended = entry.withLock { held in
            let taken = held
            held = nil
            return taken
        }
        // Released here, outside the lock: the handler's captures may run arbitrary deinit code.
        withExtendedLifetime(ended) {}
    }

    deinit {
        flag.invalidate()
    }
}
