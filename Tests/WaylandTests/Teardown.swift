/// A teardown that may be asked for more than once (a test's `stop()`, then `deinit`): its work runs the first
/// time only. The harnesses (weston, sway, mutter, the gallery process) share it.
struct Teardown {
    private var done = false

    /// Runs `work` unless the teardown already ran.
    mutating func run(_ work: () -> Void) {
        if !done {
            done = true
            work()
        }
    }
}
