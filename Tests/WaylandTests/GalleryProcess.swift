import Glibc

/// The `gallery` executable run as a separate process (posix_spawn) against a test compositor: the proof that
/// any client connects through `TestCompositor.environment`.
///
/// Lifetime: `stop()` kills (SIGKILL) and reaps the process on every path; deinit calls it, and tests call it
/// from `defer` too, so a failing expectation or a thrown error leaves no process and no zombie behind. The
/// gallery's stderr goes to an unlinked temporary file (nothing to clean up), readable with `standardError`.
final class GalleryProcess {
    /// Why the gallery could not be started.
    struct LaunchError: Error, CustomStringConvertible {
        var description: String
    }

    /// How the process ended.
    enum Termination: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)

        var description: String {
            switch self {
            case .exited(let code): return "exit status \(code)"
            case .signaled(let signal): return "killed by signal \(signal)"
            }
        }
    }

    /// The built `gallery` executable: `$TOOLKIT_GALLERY` when set, else the one next to the running test
    /// binary (SwiftPM puts every product of the package in the same build folder, and `swift build
    /// --build-tests` builds them all). Nil when there is none.
    static let executable: String? = {
        if let override = getenv("TOOLKIT_GALLERY"), access(override, X_OK) == 0 { return String(cString: override) }
        return product("gallery")
    }()

    /// Another executable product of the package (e.g. `embed-gtk`), found next to the running test binary.
    static func product(_ name: String) -> String? {
        var candidates: [String] = []
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if count > 0 {
            let exe = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            candidates.append(directory(of: exe) + "/" + name)
        }
        if let first = CommandLine.arguments.first, first.contains("/") {
            candidates.append(directory(of: first) + "/" + name)
        }
        return candidates.first { access($0, X_OK) == 0 }
    }

    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }

    /// The process id.
    let pid: pid_t
    private let errorFD: Int32
    private(set) var termination: Termination?
    private var teardown = Teardown()

    /// Starts `gallery arguments...` with the current environment, minus any Wayland or display variables,
    /// plus `environment` (the compositor's `XDG_RUNTIME_DIR` and `WAYLAND_DISPLAY`).
    init(arguments: [String], environment: [String: String], executable: String? = nil) throws {
        guard let path = executable ?? GalleryProcess.executable else {
            throw LaunchError(description: "no gallery executable next to the test binary (swift build --build-tests)")
        }
        // stderr: a temporary file, unlinked at once; close-on-exec here, dup'ed onto fd 2 in the child only.
        var template = Array("/tmp/toolkit-gallery-stderr-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw LaunchError(description: "mkstemp: \(String(cString: strerror(errno)))") }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        errorFD = fd

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fd, 2)
        // Signals as a fresh process has them: the test runner may block or ignore some (SIGPIPE).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        var all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let dropped: Set<String> = ["WAYLAND_DISPLAY", "WAYLAND_SOCKET", "XDG_RUNTIME_DIR", "DISPLAY"]
        var entries: [String] = []
        if var cursor = Optional(environ) {
            while let entry = cursor.pointee {
                let text = String(cString: entry)
                let name = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
                if !dropped.contains(name) && environment[name] == nil { entries.append(text) }
                cursor = cursor.successor()
            }
        }
        entries += environment.map { "\($0.key)=\($0.value)" }
        let envp = entries.map { strdup($0) } + [nil]
        defer { for pointer in envp { free(pointer) } }

        var child = pid_t()
        let result = posix_spawn(&child, path, &actions, &attributes, argv, envp)
        guard result == 0 else {
            close(fd)
            throw LaunchError(description: "posix_spawn \(path): \(String(cString: strerror(result)))")
        }
        pid = child
    }

    deinit {
        stop()
        close(errorFD)
    }

    /// Reaps the process if it has ended (never blocks). Returns how it ended, or nil while it runs.
    @discardableResult
    func poll() -> Termination? {
        if let termination { return termination }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        guard result == pid else { return nil }
        // The <sys/wait.h> macros do not import: the low 7 bits are the signal, 0 for an exit.
        let signal = status & 0x7F
        termination = signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
        return termination
    }

    /// Waits at most `timeout` (real time) for the process to end; nil if it still runs.
    func waitForExit(timeout: Duration) -> Termination? {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while poll() == nil && clock.now < deadline { usleep(5_000) }
        return poll()
    }

    /// True while the process runs.
    var isRunning: Bool { poll() == nil }

    /// Kills the process if it still runs and reaps it. Idempotent.
    func stop() {
        teardown.run {
            if poll() == nil {
                kill(pid, SIGKILL)
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                let signal = status & 0x7F
                termination = signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
            }
        }
    }

    /// What the process wrote on stderr so far (with `WAYLAND_DEBUG=client`, megabytes, read in large chunks).
    var standardError: String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var offset: off_t = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { pread(errorFD, $0.baseAddress, $0.count, offset) }
            guard count > 0 else { break }
            bytes += chunk[0..<count]
            offset += off_t(count)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
