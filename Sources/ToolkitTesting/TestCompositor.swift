import CWaylandServer
import Glibc
import Toolkit

/// An in-process Wayland compositor for tests, on the real libwayland-server.
///
/// It offers wl_compositor v5, wl_shm v1 (argb8888, xrgb8888), one wl_output v3, xdg_wm_base v3 and a wl_seat v8
/// with pointer, keyboard and touch (plus wp_viewporter v1 and wp_fractional_scale_manager_v1 v1 once a test sets
/// `fractionalScale`), and lets a test drive input and observe what the client draws and which cursor it sets
/// (`lastCursorRequest`):
///
///     let compositor = try TestCompositor()
///     let client = try connect(fd: compositor.connectClientFD())       // or launch with `environment`
///     try compositor.waitForToplevel(timeout: .seconds(5))
///     compositor.touchDown(id: 0, at: Point(x: 10, y: 10)); compositor.touchFrame()
///     let image = try compositor.waitForCommit(timeout: .seconds(1))
///
/// Threading: the compositor runs its own dispatch thread. Every method is safe to call from any thread; the
/// events a method sends are flushed to the clients' sockets before it returns. All state sits behind one lock
/// that the dispatch thread holds only while it handles a batch of requests, so a method never waits long.
///
/// Like a real compositor it checks the rules clients most often break and posts the protocol error
/// (`protocolErrors`, `isClean`): an `ack_configure` with a serial it never sent (`xdg_surface.invalid_serial`),
/// a buffer committed before the first configure was acknowledged (`unconfigured_buffer`), a commit on an
/// `xdg_surface` without a role, role objects destroyed in the wrong order, bad scales, transforms and sizes.
///
/// Teardown (deinit) stops the thread, disconnects the clients, destroys the display and removes the socket and
/// the runtime directory; nothing (fd, thread, file) outlives the object.
public final class TestCompositor: @unchecked Sendable {
    // @unchecked: `state` and the display are only touched with `monitor` held (see DispatchThread).
    let monitor: Monitor
    let state: CompositorState
    private let display: OpaquePointer
    private let thread: DispatchThread
    private let socketPath: String

    /// The private directory (mode 0700) that holds the socket; hand it to a client as `XDG_RUNTIME_DIR`.
    public let runtimeDirectory: String
    /// The socket's name inside `runtimeDirectory`; hand it to a client as `WAYLAND_DISPLAY`.
    public let socketName: String

    /// `XDG_RUNTIME_DIR` and `WAYLAND_DISPLAY` for launching a client process against this compositor.
    public var environment: [String: String] {
        ["XDG_RUNTIME_DIR": runtimeDirectory, "WAYLAND_DISPLAY": socketName]
    }

    /// Starts a compositor with one output of `outputSize` points (scale 1) and a seat with `capabilities`.
    /// Throws `TestCompositorError.setupFailed` when the runtime directory, socket, display or thread cannot be
    /// made.
    public init(outputSize: Size = Size(width: 800, height: 600),
                capabilities: SeatCapabilities = [.pointer, .touch, .keyboard]) throws {
        let base = ProcessInfoLite.temporaryDirectory
        var template = Array("\(base)/toolkit-compositor-XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else {
            throw TestCompositorError.setupFailed("mkdtemp in \(base): \(String(cString: strerror(errno)))")
        }
        let directory = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let name = "wayland-0"
        let path = "\(directory)/\(name)"
        guard let display = wl_display_create() else {
            rmdir(directory)
            throw TestCompositorError.setupFailed("wl_display_create failed")
        }
        func abandon(_ error: TestCompositorError) -> TestCompositorError {
            wl_display_destroy(display)
            unlink(path)
            rmdir(directory)
            return error
        }
        // The socket is bound here rather than by wl_display_add_socket, which reads the process-wide
        // XDG_RUNTIME_DIR: parallel tests each have their own directory.
        let listenFD = cws_listen_unix(path)
        if listenFD < 0 { throw abandon(.setupFailed("socket \(path): \(String(cString: strerror(errno)))")) }
        if wl_display_add_socket_fd(display, listenFD) != 0 {
            close(listenFD)
            throw abandon(.setupFailed("wl_display_add_socket_fd failed"))
        }
        let monitor = Monitor()
        let state = CompositorState(display: display, outputSize: outputSize, capabilities: capabilities)
        let thread: DispatchThread
        do {
            try state.createGlobals()
            thread = try DispatchThread(display: display, monitor: monitor)
        } catch {
            throw abandon(error)
        }
        self.monitor = monitor
        self.state = state
        self.display = display
        self.thread = thread
        self.socketPath = path
        runtimeDirectory = directory
        socketName = name
        // From here on a failure runs deinit, which cleans up everything above.
        try thread.start()
    }

    deinit {
        thread.stop()
        // The dispatch thread is gone: nothing else can touch the display or the state now.
        wl_display_destroy_clients(display)
        wl_display_destroy(display)
        unlink(socketPath)
        rmdir(runtimeDirectory)
    }

    /// Runs `body` on the state with the lock held, then flushes what it sent to the clients.
    func perform<T>(_ body: (CompositorState) throws -> T) rethrows -> T {
        monitor.lock()
        defer {
            wl_display_flush_clients(display)
            monitor.unlock()
        }
        return try body(state)
    }

    // MARK: Clients

    /// Connects a client through a socket pair instead of the socket path (no file system, parallel-safe).
    /// Returns the client's end, for `wl_display_connect_to_fd`, which takes ownership of it (close-on-exec).
    public func connectClientFD() throws -> Int32 {
        var fds: [Int32] = [-1, -1]
        if cws_socketpair(&fds) != 0 {
            throw TestCompositorError.clientConnectionFailed("socketpair: \(String(cString: strerror(errno)))")
        }
        let client = perform { _ in wl_client_create(display, fds[0]) }
        if client == nil {
            close(fds[0])
            close(fds[1])
            throw TestCompositorError.clientConnectionFailed("wl_client_create failed")
        }
        return fds[1]
    }

    /// Disconnects every client at once (their sockets close: the client's next `wl_display_dispatch` fails).
    public func disconnectAllClients() {
        perform { _ in wl_display_destroy_clients(display) }
    }

    /// The number of connected clients.
    public var clientCount: Int { perform { $0.clientCount } }

    // MARK: Waiting for the client

    /// Returns once a client has mapped an xdg_toplevel: a buffer attached and committed after it acknowledged
    /// a configure (at once when one is mapped already). Throws `TestCompositorError.timeout` after `timeout`.
    public func waitForToplevel(timeout: Duration) throws {
        try perform { state in
            if monitor.wait(until: Monitor.deadline(after: timeout), for: { state.hasMappedToplevel }) { return }
            state.lastTimeoutReason = "waitForToplevel: no xdg_toplevel mapped within \(timeout) "
                + "(clients: \(state.clientCount), toplevels: \(state.toplevels.count), "
                + "commits: \(state.commitCount), protocol errors: \(state.protocolErrors))"
            throw TestCompositorError.timeout
        }
    }

    /// Waits for the next commit, after this call, that attaches a buffer to an xdg_toplevel's surface, and
    /// returns its pixels (xrgb8888 with alpha 0xFF). Throws `TestCompositorError.timeout` after `timeout`.
    public func waitForCommit(timeout: Duration) throws -> Image {
        try perform { state in
            let id = state.nextWaiterID
            state.nextWaiterID += 1
            state.commitWaiters.updateValue(nil, forKey: id)
            defer { state.commitWaiters.removeValue(forKey: id) }
            let arrived = monitor.wait(until: Monitor.deadline(after: timeout)) {
                if case .some(.some) = state.commitWaiters[id] { return true }
                return false
            }
            if arrived, case .some(.some(let image)) = state.commitWaiters[id] { return image }
            state.lastTimeoutReason = "waitForCommit: no buffer commit on a toplevel within \(timeout) "
                + "(clients: \(state.clientCount), toplevels: \(state.toplevels.count), "
                + "buffer commits so far: \(state.bufferCommitCount), protocol errors: \(state.protocolErrors))"
            throw TestCompositorError.timeout
        }
    }

    /// The pixels of the most recent buffer committed on an xdg_toplevel's surface, if any.
    public var lastCommittedImage: Image? { perform { $0.lastImage } }

    /// What the last wait that threw `TestCompositorError.timeout` was waiting for and what the compositor had
    /// seen by then; nil before any timeout.
    public var lastTimeoutReason: String? { perform { $0.lastTimeoutReason } }

    // MARK: Clock

    /// The compositor clock: event and frame callback timestamps are its milliseconds. Starts at zero.
    public var clock: Duration { perform { $0.clock } }

    /// Moves the compositor clock forward (negative durations are ignored: the clock is monotonic).
    public func advanceClock(by duration: Duration) {
        perform { state in state.clock += max(duration, .zero) }
    }
}
