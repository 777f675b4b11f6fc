import Glibc

/// A private headless mutter (GNOME's compositor) with real touch, after <doc:Testing> (level 3, mutter):
/// `dbus-run-session` (a private session bus) runs `scripts/lib/mutter-touch.py`, which starts a bare `pipewire`
/// and `mutter --headless --wayland --no-x11` with one virtual monitor, opens a RemoteDesktop session with a
/// ScreenCast of that monitor, and then turns the lines this harness writes (`down SLOT X Y`, `move`, `up`,
/// `key`, `sleep MS`) into real `wl_touch` and key events, answering `ok` to each.
///
/// Every process runs in one process group of its own, in a runtime directory of its own (mode 0700): `stop()`
/// asks the helper to quit, then signals the group and reaps it, on every path (tests call it from `defer`;
/// deinit calls it too). mutter and pipewire also die with the helper (PR_SET_PDEATHSIG).
///
/// Coordinates are monitor pixels. A window of the monitor's size is maximized by mutter (its auto-maximize),
/// so it lies at (0, 0) and monitor pixels are its surface coordinates.
///
/// What mutter 43's real touch does (seen with WAYLAND_DEBUG=client on the gallery):
/// - the first taps after a window maps miss it, and while the map animation scales it in, touches arrive
///   transformed and fractional (780, 22 aimed, 783.76, 19.25 received): wait for an exact hit before testing;
/// - every RemoteDesktop call is one `wl_touch.frame`, so two fingers moving together arrive as one frame per
///   finger, often with the same millisecond timestamp;
/// - no `wl_touch.frame` follows the last `up` (as Weston 10);
/// - stopping the session removes the touch capability with a finger down and sends no `cancel` or `up`.
final class MutterHarness {
    struct StartError: Error, CustomStringConvertible {
        var description: String
    }

    /// The helper script, found from this source file (Tests/WaylandTests → scripts/lib).
    static let helperScript: String = {
        let file = #filePath
        let tests = file[..<(file.lastIndex(of: "/") ?? file.endIndex)]
        let root = tests[..<(tests.lastIndex(of: "/") ?? tests.endIndex)]
        let package = root[..<(root.lastIndex(of: "/") ?? root.endIndex)]
        return package + "/scripts/lib/mutter-touch.py"
    }()

    /// The Debian python (python3-gi installs PyGObject for it, not for another python on PATH).
    static let python = "/usr/bin/python3"

    private static func find(_ name: String) -> String? {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Whether mutter, pipewire, dbus-run-session and the python GObject bindings are installed.
    static let isInstalled: Bool = {
        guard find("mutter") != nil, find("pipewire") != nil, find("dbus-run-session") != nil,
            access(python, X_OK) == 0, access(helperScript, R_OK) == 0
        else { return false }
        return run([python, "-c", "import gi; gi.require_version('Gio', '2.0')"]) == 0
    }()

    /// Runs `argv` with output discarded; its exit status (-1 if it could not start).
    private static func run(_ argv: [String]) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let args = argv.map { strdup($0) } + [nil]
        defer { for pointer in args { free(pointer) } }
        var child = pid_t()
        guard posix_spawn(&child, argv[0], &actions, nil, args, environ) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
    }

    let runtimeDirectory: String
    let socketName = "wayland-mutter"
    /// The monitor's size in pixels.
    let width: Int, height: Int
    /// The environment a client needs to connect (for `GalleryProcess`).
    var clientEnvironment: [String: String] {
        ["XDG_RUNTIME_DIR": runtimeDirectory, "WAYLAND_DISPLAY": socketName]
    }

    /// dbus-run-session's pid, which is also the process group of everything started here.
    private let pid: pid_t
    private let commandFD: Int32
    private let replyFD: Int32
    private var replyBuffer: [UInt8] = []
    private var teardown = Teardown()

    /// Starts the session bus, pipewire, mutter and the helper, with a `width` x `height` virtual monitor;
    /// waits (at most `timeout`) until the RemoteDesktop session runs and the seat has its touchscreen.
    init(width: Int = 800, height: Int = 600, timeout: Duration = .seconds(20)) throws {
        guard MutterHarness.isInstalled, let dbus = MutterHarness.find("dbus-run-session") else {
            throw StartError(description: "mutter, pipewire, dbus-run-session or python3-gi is not installed")
        }
        self.width = width
        self.height = height
        var template = Array("/tmp/toolkit-mutter-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw StartError(description: "mkdtemp failed: \(String(cString: strerror(errno)))")
        }
        runtimeDirectory = String(cString: made)
        chmod(runtimeDirectory, 0o700)

        var toHelper: [Int32] = [-1, -1]
        var fromHelper: [Int32] = [-1, -1]
        guard pipe(&toHelper) == 0, pipe(&fromHelper) == 0 else {
            try? MutterHarness.removeTree(runtimeDirectory)
            throw StartError(description: "pipe: \(String(cString: strerror(errno)))")
        }
        // Close-on-exec here: only the dup2'ed copies reach the helper (the gallery inherits none of them).
        for fd in toHelper + fromHelper { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toHelper[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromHelper[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "\(runtimeDirectory)/helper.log", O_WRONLY | O_CREAT, 0o600)
        // A fresh process group (killable as a whole) with the signals of a fresh process.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        var all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        let argv = [
            dbus, "--", MutterHarness.python, MutterHarness.helperScript, "--runtime", runtimeDirectory,
            "--display", socketName, "--size", "\(width)x\(height)", "--warm-up"
        ]
        let args = argv.map { strdup($0) } + [nil]
        defer { for pointer in args { free(pointer) } }
        var entries: [String] = []
        let dropped: Set<String> = [
            "WAYLAND_DISPLAY", "WAYLAND_SOCKET", "DISPLAY", "XDG_RUNTIME_DIR",
            "DBUS_SESSION_BUS_ADDRESS"
        ]
        if var cursor = Optional(environ) {
            while let entry = cursor.pointee {
                let text = String(cString: entry)
                let name = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
                if !dropped.contains(name) { entries.append(text) }
                cursor = cursor.successor()
            }
        }
        entries.append("XDG_RUNTIME_DIR=\(runtimeDirectory)")
        let envp = entries.map { strdup($0) } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var child = pid_t()
        let result = posix_spawn(&child, dbus, &actions, &attributes, args, envp)
        close(toHelper[0])
        close(fromHelper[1])
        guard result == 0 else {
            close(toHelper[1])
            close(fromHelper[0])
            try? MutterHarness.removeTree(runtimeDirectory)
            throw StartError(description: "posix_spawn \(dbus): \(String(cString: strerror(result)))")
        }
        pid = child
        commandFD = toHelper[1]
        replyFD = fromHelper[0]

        do {
            let first = try readReply(timeout: timeout)
            guard first == "ready" else { throw StartError(description: "mutter-touch.py: \(first)") }
            try waitForTouchscreen(timeout: timeout)
        } catch {
            let log = helperLog
            stop()
            throw StartError(description: "\(error)\n\(log)")
        }
    }

    deinit { stop() }

    /// The helper's, mutter's and pipewire's logs (for failure messages).
    var helperLog: String {
        ["helper.log", "mutter.log", "pipewire.log"].map { name in
            "--- \(name)\n" + MutterHarness.readText("\(runtimeDirectory)/\(name)")
        }.joined(separator: "\n")
    }

    /// The warm-up tap made mutter create its virtual touchscreen; a client sees it as the seat's touch
    /// capability. Waits for that, so the gallery started next binds its `wl_touch` at once.
    private func waitForTouchscreen(timeout: Duration) throws {
        let client = try RawWaylandClient(path: "\(runtimeDirectory)/\(socketName)")
        client.followCapabilities = false
        try client.bindGlobals()
        let deadline = RawWaylandClient.now() + timeout
        while client.capabilities & 4 == 0 {
            guard RawWaylandClient.now() < deadline else {
                throw StartError(description: "mutter's seat got no touch capability within \(timeout)")
            }
            try? client.pump(until: RawWaylandClient.now() + .milliseconds(50))
        }
    }

    // MARK: Commands

    /// Sends `lines` (helper commands) at once and waits until each is answered `ok`; the helper runs them in
    /// order, so `sleep` lines time the gesture there. Throws on an `error` answer or after `timeout` plus the
    /// sleeps.
    func send(_ lines: [String], timeout: Duration = .seconds(10)) throws {
        let text = lines.map { $0 + "\n" }.joined()
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { write(commandFD, $0.baseAddress! + offset, $0.count - offset) }
            guard written > 0 else {
                throw StartError(description: "write to the helper: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
        let sleeps = lines.reduce(0) { total, line in
            line.hasPrefix("sleep ") ? total + (Int(line.dropFirst(6)) ?? 0) : total
        }
        let deadline = RawWaylandClient.now() + timeout + .milliseconds(sleeps)
        for line in lines {
            let reply = try readReply(timeout: deadline - RawWaylandClient.now())
            guard reply == "ok" else { throw StartError(description: "'\(line)': \(reply)") }
        }
    }

    /// Closes the focused window the way a user does, with Alt+F4 (mutter's keybinding): the client gets
    /// `xdg_toplevel.close`.
    func closeFocusedWindow() throws {
        let alt = 0xFFE9
        let f4 = 0xFFC1
        try send(["key \(alt) 1", "key \(f4) 1", "key \(f4) 0", "key \(alt) 0"])
    }

    /// One line from the helper (without its newline).
    private func readReply(timeout: Duration) throws -> String {
        let deadline = RawWaylandClient.now() + timeout
        while true {
            if let newline = replyBuffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: replyBuffer[..<newline], as: UTF8.self)
                replyBuffer.removeSubrange(...newline)
                return line
            }
            let remaining = deadline - RawWaylandClient.now()
            guard remaining > .zero else {
                throw StartError(description: "the helper did not answer within the timeout")
            }
            var descriptor = pollfd(fd: replyFD, events: Int16(POLLIN), revents: 0)
            let milliseconds =
                Int32(
                    remaining.components.seconds * 1000
                        + remaining.components.attoseconds / 1_000_000_000_000_000) + 1
            guard poll(&descriptor, 1, milliseconds) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 512)
            let count = chunk.withUnsafeMutableBytes { read(replyFD, $0.baseAddress, $0.count) }
            guard count > 0 else { throw StartError(description: "the helper exited") }
            replyBuffer += chunk[0..<count]
        }
    }

    // MARK: Stopping

    /// Asks the helper to quit (it stops the session, mutter and pipewire; dbus-run-session then ends the bus),
    /// then SIGTERM and SIGKILL to the whole group if anything is left after 3 s; reaps and removes the
    /// runtime directory. Idempotent.
    func stop() {
        teardown.run {
            _ = "quit\n".withCString { write(commandFD, $0, 5) }
            close(commandFD)
            let clock = ContinuousClock()
            var deadline = clock.now + .seconds(3)
            var status: Int32 = 0
            var reaped = false
            while clock.now < deadline {
                if waitpid(pid, &status, WNOHANG) == pid {
                    reaped = true
                    break
                }
                usleep(10_000)
            }
            // The group may outlive its leader (a dbus-daemon, a child that ignored its parent's death).
            for signal in [SIGTERM, SIGKILL] {
                guard killpg(pid, 0) == 0 else { break }
                killpg(pid, signal)
                deadline = clock.now + .seconds(2)
                while killpg(pid, 0) == 0 && clock.now < deadline {
                    if !reaped && waitpid(pid, &status, WNOHANG) == pid { reaped = true }
                    usleep(10_000)
                }
            }
            if !reaped { while waitpid(pid, &status, 0) < 0 && errno == EINTR {} }
            close(replyFD)
            try? MutterHarness.removeTree(runtimeDirectory)
        }
    }

    /// Whether a process of the harness's group still runs (tests check none is left after `stop()`).
    var groupIsAlive: Bool { killpg(pid, 0) == 0 }

    private static func readText(_ path: String) -> String {
        guard let file = fopen(path, "r") else { return "(none)" }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Removes a directory tree (the runtime directory: sockets, logs, dconf's folder).
    private static func removeTree(_ path: String) throws {
        _ = run(["/bin/rm", "-rf", path])
    }
}
