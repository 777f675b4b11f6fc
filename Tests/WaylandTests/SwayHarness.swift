import Foundation
import Glibc

/// A private headless sway (wlroots) for real-compositor tests, after <doc:Testing> (level 3): sway refuses to run as
/// root, so as root it runs as `nobody` (uid 65534) through `setpriv`, with a runtime directory that user
/// owns. Its seat starts without capabilities; `swaymsg` drives it through its IPC socket. `stop()` kills it
/// and removes the directory on every path.
final class SwayHarness {
    private static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Whether sway, swaymsg and (as root) setpriv are installed.
    static var isInstalled: Bool {
        find("sway") != nil && find("swaymsg") != nil && (geteuid() != 0 || find("setpriv") != nil)
    }

    struct StartError: Error, CustomStringConvertible {
        var description: String
    }

    let runtimeDirectory: String
    private(set) var socketName = ""
    private(set) var ipcSocket = ""
    private let process = Process()
    private var teardown = Teardown()

    /// Starts sway with a `width` x `height` output and waits (at most `timeout`) for its sockets.
    init(width: Int = 800, height: Int = 600, timeout: Duration = .seconds(10)) throws {
        guard SwayHarness.isInstalled, let sway = SwayHarness.find("sway") else {
            throw StartError(description: "sway is not installed")
        }
        var template = Array("/tmp/toolkit-sway-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw StartError(description: "mkdtemp failed")
        }
        runtimeDirectory = String(cString: made)
        let asRoot = geteuid() == 0
        let config = "\(runtimeDirectory)/config"
        _ = FileManager.default.createFile(
            atPath: config,
            contents: Data("output HEADLESS-1 resolution \(width)x\(height)\n".utf8))
        if asRoot {
            chown(runtimeDirectory, 65534, 65534)
            chown(config, 65534, 65534)
        }
        chmod(runtimeDirectory, 0o700)
        let environment = [
            "HOME=\(runtimeDirectory)", "XDG_RUNTIME_DIR=\(runtimeDirectory)",
            "WLR_BACKENDS=headless", "WLR_LIBINPUT_NO_DEVICES=1", "WLR_RENDERER=pixman",
            "PATH=/usr/bin:/bin"
        ]
        if asRoot, let setpriv = SwayHarness.find("setpriv") {
            process.executableURL = URL(fileURLWithPath: setpriv)
            process.arguments =
                ["--reuid=65534", "--regid=65534", "--clear-groups", "env", "-i"]
                + environment + [sway, "-c", config]
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["-i"] + environment + [sway, "-c", config]
        }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            try? FileManager.default.removeItem(atPath: runtimeDirectory)
            throw StartError(description: "could not launch sway: \(error)")
        }
        // Real I/O: wait for the sockets with a timeout. Sway skips wayland-0 and names the IPC socket by pid.
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while socketName.isEmpty || ipcSocket.isEmpty {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: runtimeDirectory)) ?? []
            socketName = names.first { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") } ?? ""
            ipcSocket = names.first { $0.hasPrefix("sway-ipc.") }.map { "\(runtimeDirectory)/\($0)" } ?? ""
            guard process.isRunning, clock.now < deadline else {
                stop()
                throw StartError(description: "sway did not create its sockets within \(timeout)")
            }
            if socketName.isEmpty || ipcSocket.isEmpty { usleep(20_000) }
        }
    }

    /// Runs `swaymsg` with `arguments` against this sway; returns its exit status.
    @discardableResult
    func message(_ arguments: [String]) throws -> Int32 {
        let tool = Process()
        tool.executableURL = URL(fileURLWithPath: SwayHarness.find("swaymsg") ?? "/usr/bin/swaymsg")
        tool.arguments = ["-s", ipcSocket] + arguments
        tool.standardOutput = FileHandle.nullDevice
        tool.standardError = FileHandle.nullDevice
        try tool.run()
        tool.waitUntilExit()
        return tool.terminationStatus
    }

    /// Stops sway (`swaymsg exit`, then SIGTERM, then SIGKILL after 2 s) and removes the runtime directory. Idempotent.
    func stop() {
        teardown.run {
            if process.isRunning {
                // Sway is slow to honour SIGTERM here (about 2 s); `swaymsg exit` ends it at once.
                if !ipcSocket.isEmpty { _ = try? message(["exit"]) }
                // setpriv execs sway, so the pid is sway's own.
                if process.isRunning { process.terminate() }
                let clock = ContinuousClock()
                let deadline = clock.now + .seconds(2)
                while process.isRunning && clock.now < deadline { usleep(10_000) }
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                process.waitUntilExit()
            }
            try? FileManager.default.removeItem(atPath: runtimeDirectory)
        }
    }

    deinit { stop() }
}
