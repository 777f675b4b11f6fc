import Foundation
import Glibc

/// A private headless Weston for real-compositor tests: its own runtime directory (mode 0700), its own
/// socket, killed and cleaned up by `stop()` on every path (tests call it from `defer`).
///
/// Recipe from <doc:Testing> (level 3):
/// `weston --backend=headless-backend.so --use-pixman --socket=NAME --idle-time=0`. It offers no `wl_seat`, so these
/// tests cover connection, configure, buffers and frame pacing, not input.
final class WestonHarness {
    /// The weston executable on PATH, or nil.
    static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/weston"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    /// Whether weston is installed (tests are skipped, with a message, when it is not).
    static var isInstalled: Bool { executable != nil }

    /// Errors starting weston.
    struct StartError: Error, CustomStringConvertible {
        var description: String
    }

    let runtimeDirectory: String
    let socketName = "wayland-test"
    private let process = Process()
    private var teardown = Teardown()

    /// Starts weston, with one output of `width` x `height` pixels at `scale`, and waits (at most `timeout`) for
    /// its socket.
    /// With `debug`, weston runs with `--debug`, which lets `weston-screenshooter` take screenshots.
    init(
        width: Int = 640, height: Int = 480, scale: Int = 1, debug: Bool = false,
        timeout: Duration = .seconds(10)
    ) throws {
        guard let executable = WestonHarness.executable else {
            throw StartError(description: "weston is not installed")
        }
        var template = Array("/tmp/toolkit-weston-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw StartError(description: "mkdtemp failed: \(String(cString: strerror(errno)))")
        }
        runtimeDirectory = String(cString: made)
        chmod(runtimeDirectory, 0o700)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments =
            [
                "--backend=headless-backend.so", "--use-pixman", "--socket=\(socketName)",
                "--idle-time=0", "--width=\(width)", "--height=\(height)", "--scale=\(scale)"
            ]
            + (debug ? ["--debug"] : [])
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        environment.removeValue(forKey: "WAYLAND_SOCKET")
        environment.removeValue(forKey: "DISPLAY")
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        do {
            try process.run()
        } catch {
            removeDirectory()
            throw StartError(description: "could not launch weston: \(error)")
        }
        // Real I/O: wait for the socket with a timeout (the only wall-clock wait in these tests).
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        let socketPath = "\(runtimeDirectory)/\(socketName)"
        while !FileManager.default.fileExists(atPath: socketPath) {
            guard process.isRunning, clock.now < deadline else {
                stop()
                throw StartError(description: "weston did not create \(socketPath) within \(timeout)")
            }
            usleep(20_000)
        }
    }

    /// Terminates weston (SIGTERM, then SIGKILL after 2 s) and removes the runtime directory. Idempotent.
    func stop() {
        teardown.run {
            if process.isRunning {
                process.terminate()
                let clock = ContinuousClock()
                let deadline = clock.now + .seconds(2)
                while process.isRunning && clock.now < deadline { usleep(10_000) }
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                process.waitUntilExit()
            }
            removeDirectory()
        }
    }

    private func removeDirectory() {
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }

    deinit { stop() }
}
