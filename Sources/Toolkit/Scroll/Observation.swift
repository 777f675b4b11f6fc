import Synchronization

/// The token of a key-path observation: the handler keeps running while this object lives and until
/// `invalidate()` is called.
///
/// The token owns the handler only: not the observed object nor the registry. Ending the observation (by
/// `invalidate()` or by releasing the token) releases the handler at once, so a handler that captures the
/// container does not keep it alive once the token is gone; do not keep the token in an object the handler
/// captures. `Sendable`: `invalidate()` and `deinit` may run on any thread; they raise an atomic flag the registry
/// checks before each call, so a handler never runs after `invalidate()` returned on the main actor.
public final class Observation: Sendable {
    private let flag: ObservationFlag
    /// The registry entry with the handler, until the observation ends. Main-actor isolated, hence `Sendable`.
    private let entry: Mutex<(any AnyObject & Sendable)?>

    init(flag: ObservationFlag, entry: any AnyObject & Sendable) {
        self.flag = flag
        self.entry = Mutex(entry)
    }

    /// Stops the observation: the handler is never called again and is released now (or when a running delivery
    /// returns). Calling it again does nothing.
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
