/// Why a `TestCompositor` call failed.
public enum TestCompositorError: Error, CustomStringConvertible, Equatable {
    /// A wait (`waitForToplevel`, `waitForCommit`, `waitForPong`) ran out of time: the client did not do what
    /// was awaited. `TestCompositor.lastTimeoutReason` says which wait and what the compositor had seen.
    case timeout
    /// The compositor could not be set up (runtime directory, socket, display, thread); the text says which step.
    case setupFailed(String)
    /// `connectClientFD()` could not create or hand over the socket pair; the text says why.
    case clientConnectionFailed(String)

    /// A one-line message for test output.
    public var description: String {
        switch self {
        case .timeout:
            return "TestCompositor: timed out waiting for the client (see TestCompositor.lastTimeoutReason)"
        case .setupFailed(let why):
            return "TestCompositor: setup failed: \(why)"
        case .clientConnectionFailed(let why):
            return "TestCompositor: could not connect a client: \(why)"
        }
    }
}
