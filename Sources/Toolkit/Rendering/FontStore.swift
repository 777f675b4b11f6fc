/// The lock around the process-wide `FontState` (FreeType handles are not thread-safe).
///
/// The package's `Lock` rather than `Synchronization.Mutex`: the state hands out glyphs (classes holding pixman
/// pointers) that a canvas uses while the lock is held, and `Mutex.withLock`'s `inout sending` parameter rejects
/// any such mixing with a non-`Sendable` canvas even though nothing escapes the lock.
///
/// `@unchecked Sendable`: `state` is only read or written inside `withState`, under `lock`.
final class FontStore: @unchecked Sendable {
    private let lock = Lock()
    private var state = FontState()

    init() {}

    /// Runs `body` with exclusive access to the font state. `body` must not call back into `Font` or text
    /// drawing (the lock is not recursive), and must not keep glyphs beyond its return.
    func withState<Result>(_ body: (inout FontState) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&state) }
    }
}
