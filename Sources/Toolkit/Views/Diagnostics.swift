#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reports misuse the toolkit recovers from (a `require(toFail:)` cycle, counts that disagree): one line on
/// standard error, prefixed `Toolkit:`, and to `onReport` when set.
@MainActor
public enum Diagnostics {
    /// Also called with every report (tests and apps that log elsewhere). Nil by default.
    public static var onReport: ((String) -> Void)?

    static func report(_ message: String) {
        onReport?(message)
        var line = "Toolkit: " + message + "\n"
        line.withUTF8 { buffer in _ = write(2, buffer.baseAddress, buffer.count) }
    }
}
