/// The token of a key-path observation: the handler keeps running while this object lives and until
/// `invalidate()` is called.
///
/// The token keeps nothing alive but a shared flag: not the observed object (a container may go away while a
/// token still exists; the token then simply does nothing), not the registry, not the handler. Releasing the
/// last reference invalidates the observation, so keep the token in a property for as long as you want calls.
///
/// The token is `Sendable`: `invalidate()` and `deinit` may run on any thread. They only raise an atomic flag
/// that the registry checks on the main actor before each call, so a handler never runs after `invalidate()`
/// returned on the main actor, including when another handler invalidates it in the middle of a delivery pass.
/// The handler closure itself is released on the main actor the next time the observed object changes or a new
/// observation is registered on it.
public final class Observation: Sendable {
    private let flag: ObservationFlag

    init(flag: ObservationFlag) {
        self.flag = flag
    }

    /// Stops the observation: the handler is never called again. Calling it more than once does nothing.
    public func invalidate() {
        flag.invalidate()
    }

    deinit {
        flag.invalidate()
    }
}
