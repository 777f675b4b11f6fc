import Glibc
import Synchronization

/// Runs a blocking closure on a dedicated pthread, for tests that must wait in the compositor while the test's
/// own thread drives the client. Not a Swift concurrency task: blocking the small cooperative pool (two cores
/// here, shared by parallel tests) could starve it.
final class TestThread<Result: Sendable>: Sendable {
    /// The result, once the closure returned (a class so that the thread's closure can share it).
    private final class Outcome: Sendable {
        let value = Mutex<Result?>(nil)
    }

    private let outcome = Outcome()
    private let thread: pthread_t

    init(_ body: @escaping @Sendable () -> Result) {
        let outcome = self.outcome
        thread = startPthread {
            let value = body()
            outcome.value.withLock { $0 = value }
        }
    }

    /// True once the closure returned.
    var isFinished: Bool { outcome.value.withLock { $0 != nil } }

    /// Waits for the closure and returns its result.
    func join() -> Result {
        pthread_join(thread, nil)
        return outcome.value.withLock { $0! }
    }
}

/// The closure a pthread runs, boxed for the C entry point.
private final class PthreadBody {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

/// Starts a joinable pthread running `body`.
private func startPthread(_ body: @escaping @Sendable () -> Void) -> pthread_t {
    var thread = pthread_t()
    let context = Unmanaged.passRetained(PthreadBody(body)).toOpaque()
    let result = pthread_create(
        &thread, nil,
        { context in
            Unmanaged<PthreadBody>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context)
    precondition(result == 0, "pthread_create failed: \(result)")
    return thread
}
