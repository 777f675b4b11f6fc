#if canImport(Glibc)
    import Glibc
#endif

/// The command line the GTK examples share:
///   --frames N       quit with status 0 after N frames
///   --pointer-drag   a primary-button drag scrolls like a finger (compositors with no touch device)
///   --stats          print `stats:` lines on stderr (first frame, and the lists' state at exit)
///   --maximized      open the window maximized
///   --no-atspi-bridge  the hosts serve no views over AT-SPI (`GtkViewHost.isAccessibilityBridgeEnabled`)
/// plus `--mode NAME` for the test fixture.
public struct ExampleOptions: Sendable {
    public var frames: Int?
    public var pointerDrag = false
    public var stats = false
    public var maximized = false
    public var atspiBridge = true
    public var mode: String?

    /// The options, or nil (with the usage printed) when the command line is not understood.
    public static func parse(_ arguments: [String], usage: String) -> ExampleOptions? {
        var options = ExampleOptions()
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--frames" where index + 1 < arguments.count:
                guard let n = Int(arguments[index + 1]), n > 0 else { return failed(usage) }
                options.frames = n
                index += 1
            case "--mode" where index + 1 < arguments.count:
                options.mode = arguments[index + 1]
                index += 1
            case "--pointer-drag": options.pointerDrag = true
            case "--stats": options.stats = true
            case "--maximized": options.maximized = true
            case "--no-atspi-bridge": options.atspiBridge = false
            default: return failed(usage)
            }
            index += 1
        }
        return options
    }

    private static func failed(_ usage: String) -> ExampleOptions? {
        printError("usage: \(usage)")
        return nil
    }
}

/// One line on stderr, unbuffered (tests read it while the app runs).
public func printError(_ message: String) {
    let line = message + "\n"
    _ = line.utf8CString.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
}
