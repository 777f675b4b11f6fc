import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A D-Bus daemon of a test's own, standing for the accessibility bus (no registry on it: bridges serve
/// unregistered), and busctl to talk to it as a screen reader would. Both test targets use it.
public final class PrivateDBus {
    public static let isInstalled =
        FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/busctl")
    /// `NO_AT_BRIDGE=1` keeps every bridge off every bus, a private one too.
    public static let bridgesAllowed = ProcessInfo.processInfo.environment["NO_AT_BRIDGE"] != "1"

    public let address: String
    private let directory: String
    private let daemon = Process()
    private let output = Pipe()

    /// Starts the daemon; `waitUntilListening()` before connecting.
    public init() throws {
        directory =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("atspi-bus-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        address = "unix:path=\(directory)/bus"
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--session", "--nofork", "--nopidfile", "--address=\(address)", "--print-address=1"]
        daemon.standardOutput = output
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
    }

    deinit { stop() }

    /// Waits for the daemon to print its address, which it does once it accepts connections (the socket file
    /// appears a moment earlier, at bind).
    public func waitUntilListening(seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        let fd = output.fileHandleForReading.fileDescriptor
        var byte: UInt8 = 0
        while Date() < deadline {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 50) > 0 else { continue }
            guard read(fd, &byte, 1) == 1 else { return false }  // the daemon ended
            if byte == UInt8(ascii: "\n") { return true }
        }
        return false
    }

    /// Kills the daemon (a child of a Foundation `Process` may start with SIGTERM blocked) and waits for it.
    public func stop() {
        if daemon.isRunning {
            kill(daemon.processIdentifier, SIGKILL)
            daemon.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Starts `busctl --address=<this bus> arguments...`; its standard output goes to the pipe returned.
    public func startBusctl(_ arguments: [String]) throws -> (process: Process, output: Pipe) {
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/busctl")
        process.arguments = ["--address=\(address)", "--timeout=5"] + arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        return (process, output)
    }

    /// The output of a busctl run that has ended: trimmed, or nil when it failed.
    public static func result(of run: (process: Process, output: Pipe)) -> String? {
        run.process.waitUntilExit()
        guard run.process.terminationStatus == 0 else { return nil }
        let text = String(decoding: run.output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs busctl to its end (with a deadline: a call that hangs is killed), for a bridge served by another
    /// process; its output, or nil when it failed.
    public func busctl(_ arguments: [String], seconds: Double = 10) -> String? {
        guard let run = try? startBusctl(arguments) else { return nil }
        let deadline = Date().addingTimeInterval(seconds)
        while run.process.isRunning {
            guard Date() < deadline else {
                kill(run.process.processIdentifier, SIGKILL)
                run.process.waitUntilExit()
                return nil
            }
            usleep(10_000)
        }
        return PrivateDBus.result(of: run)
    }
}
