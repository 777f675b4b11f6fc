/// The lock around the process-wide `FontState`. `Lock`, not `Mutex`: a canvas uses the state's glyphs under the
/// lock, which `Mutex`'s `inout sending` rejects. `@unchecked Sendable`: `state` is touched only under `lock`.
final class FontStore: @unchecked Sendable {
    private let lock = Lock()
    private var state = FontState()

    init() {}

    /// Runs `body` with exclusive access to the font state; it must not call back into text (not recursive) nor keep
    /// glyphs.
    func withState<Result>(_ body: (inout FontState) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&state) }
    }
}
