import CWaylandServer
import Glibc
import Toolkit

/// An in-process Wayland compositor for tests, on the real libwayland-server.
///
/// It offers wl_compositor v5, wl_shm v1 (argb8888, xrgb8888), one wl_output v3, xdg_wm_base v3, a wl_seat v8
/// with pointer, keyboard and touch, wl_data_device_manager v3 (no selection is ever offered; GTK 4 needs one to
/// bind the seat), zwp_pointer_gestures_v1 v3 (touchpad pinches, `pointerPinchBegin`) and wp_presentation v1
/// (`presented` at the refresh tick that shows a commit, on the compositor clock; `presentedFeedbackCount`),
/// plus wp_viewporter v1 and wp_fractional_scale_manager_v1 v1 once a test sets `fractionalScale`, and lets a
/// test drive input and observe what the client draws and which cursor it sets
/// (`lastCursorRequest`):
///
///     let compositor = try TestCompositor()
///     let client = try connect(fd: compositor.connectClientFD())       // or launch with `environment`
///     try compositor.waitForToplevel(timeout: .seconds(5))
///     compositor.touchDown(id: 0, at: Point(x: 10, y: 10)); compositor.touchFrame()
///     let image = try compositor.waitForCommit(timeout: .seconds(1))
///
/// Time runs as under a real compositor: the compositor clock (event and frame callback times) is the monotonic
/// clock plus whatever a test adds with `advanceClock`, and automatic frame callbacks complete at the output's
/// refresh ticks (`refreshRate`, 60 Hz by default), so a client animating under it commits once per refresh.
/// `bufferCommitTimes` shows the pace a user would see; `frameCallbackTimes` makes the callback times misbehave.
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
    let monitor: Lock
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
    public init(
        outputSize: Size = Size(width: 800, height: 600),
        capabilities: SeatCapabilities = [.pointer, .touch, .keyboard]
    ) throws {
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
        let monitor = Lock()
        let state = CompositorState(display: display, outputSize: outputSize, capabilities: capabilities)
        let thread: DispatchThread
        do {
            try state.createGlobals()
            thread = try DispatchThread(display: display, monitor: monitor) { state.serviceFrameTick() }
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

    /// Runs `body` on the state with the lock held, then flushes what it sent to the clients and wakes the
    /// waiters (`body` may have done what they wait for, e.g. `sendFrameCallbacks`).
    func perform<T>(_ body: (CompositorState) throws -> T) rethrows -> T {
        monitor.lock()
        defer {
            wl_display_flush_clients(display)
            monitor.broadcast()
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
            if monitor.wait(until: Lock.deadline(after: timeout), for: { state.hasMappedToplevel }) { return }
            state.lastTimeoutReason =
                "waitForToplevel: no xdg_toplevel mapped within \(timeout) "
                + "(clients: \(state.clientCount), toplevels: \(state.toplevels.count), "
                + "commits: \(state.commitCount), protocol errors: \(state.protocolErrors))"
            throw TestCompositorError.timeout
        }
    }

    /// Waits for the next commit, after this call, that attaches a buffer to an xdg_toplevel's surface (or changes
    /// one of its subsurfaces), and returns its pixels (xrgb8888 with alpha 0xFF). Throws
    /// `TestCompositorError.timeout` after `timeout`.
    ///
    /// "After this call" means a test thread that is slower than the client misses the frames committed between
    /// two calls: to see every frame, remember `committedFrameCount` and use `waitForCommit(after:timeout:)`.
    public func waitForCommit(timeout: Duration) throws -> Image {
        try waitForCommit(after: committedFrameCount, timeout: timeout).image
    }

    /// The number of the newest `CommittedFrame` (0 before the first buffer commit on a toplevel). Frames are
    /// numbered 1, 2, 3, ... in the order the compositor applied them.
    public var committedFrameCount: Int { perform { $0.bufferCommitCount } }

    /// The first frame numbered above `number` that is still kept: frame `number + 1` unless more than
    /// `retainedFrameBytes` of newer pictures came since, in which case the oldest one kept (its `number` tells
    /// how many were dropped). Returns at once when such a frame exists, else waits for the next commit. Throws
    /// `TestCompositorError.timeout` after `timeout`.
    ///
    /// Reading every frame of an animation, in order, whatever the test thread's speed:
    ///
    ///     var seen = compositor.committedFrameCount
    ///     // ... start the animation ...
    ///     while let frame = try? compositor.waitForCommit(after: seen, timeout: .seconds(1)) {
    ///         seen = frame.number
    ///         inspect(frame.image)
    ///     }
    public func waitForCommit(after number: Int, timeout: Duration) throws -> CommittedFrame {
        try perform { state in
            let arrived = monitor.wait(until: Lock.deadline(after: timeout)) { state.bufferCommitCount > number }
            if arrived, let frame = state.frames.first(where: { $0.number > number }) { return frame }
            state.lastTimeoutReason =
                "waitForCommit: no buffer commit on a toplevel after frame \(number) within "
                + "\(timeout) (clients: \(state.clientCount), toplevels: \(state.toplevels.count), "
                + "frames so far: \(state.bufferCommitCount), protocol errors: \(state.protocolErrors))"
            throw TestCompositorError.timeout
        }
    }

    /// The frames still kept whose number is above `number`, oldest first (without waiting).
    public func committedFrames(after number: Int) -> [CommittedFrame] {
        perform { state in state.frames.filter { $0.number > number } }
    }

    /// How many bytes of pictures the compositor keeps for `waitForCommit(after:timeout:)` (default 64 MiB: 34
    /// frames of 800 x 600; the newest frame is kept whatever its size). Lower it for tests of huge windows,
    /// raise it for a test that reads a long animation slowly.
    public var retainedFrameBytes: Int {
        get { perform { $0.retainedFrameBytes } }
        set { perform { $0.retainedFrameBytes = max(0, newValue) } }
    }

    /// The pixels of the most recent buffer committed on an xdg_toplevel's surface, if any (composed on this
    /// thread, outside the compositor's lock).
    public var lastCommittedImage: Image? { perform { $0.lastFrame }?.image }

    /// What the last wait that threw `TestCompositorError.timeout` was waiting for and what the compositor had
    /// seen by then; nil before any timeout.
    public var lastTimeoutReason: String? { perform { $0.lastTimeoutReason } }

    /// Makes the dispatch thread run its refresh tick again (a switch that affects frame callbacks changed).
    func wakeDispatchThread() {
        thread.wake()
    }

    // MARK: Clock and frames

    /// The compositor clock: CLOCK_MONOTONIC plus everything `advanceClock` added. Event timestamps and frame
    /// callback times are its milliseconds (wrapping at 2^32, like the protocol's). It runs by itself, like a
    /// real compositor's clock: a client animating under the test compositor never sees time stand still.
    public var clock: Duration { perform { $0.clock } }

    /// Moves the compositor clock forward by `duration`, on top of the monotonic clock it follows (negative
    /// durations are ignored: the clock is monotonic).
    public func advanceClock(by duration: Duration) {
        perform { state in state.clockAdvance += max(duration, .zero) }
    }

    /// CLOCK_MONOTONIC now, as the instants of `bufferCommitTimes` are measured (without `advanceClock`'s shift).
    public static var monotonicNow: Duration { FrameTicks.monotonicNow() }

    /// The output's refresh rate in Hz (default 60; set values are clamped to 1...1000, non-finite ones give 60):
    /// automatic frame callbacks complete on its ticks, and `wl_output.mode` announces it (in mHz).
    ///
    /// The ticks fall every 1/rate s on a fixed grid of the monotonic clock; a frame callback committed between
    /// two ticks is done at the next one, as a compositor repainting its output at that rate would do it. A
    /// client that draws when its callback is done thus commits at most once per refresh interval.
    public var refreshRate: Double {
        get { perform { $0.refreshRate } }
        set {
            perform { state in
                state.refreshRate = FrameTicks.clampedRate(newValue)
                state.refreshInterval = FrameTicks.interval(rate: state.refreshRate)
                state.pendingTick = nil
                for output in state.outputs { state.sendOutputDescription(output, geometry: false) }
            }
            wakeDispatchThread()
        }
    }

    /// The refresh tick that shows a commit made at `instant` (CLOCK_MONOTONIC, `monotonicNow`'s clock): the first
    /// tick of the refresh grid strictly after it. Several commits before one tick show only the last of them.
    public func refreshTick(after instant: Duration) -> Duration {
        perform { state in FrameTicks.next(after: instant, origin: state.tickOrigin, interval: state.refreshInterval) }
    }

    /// What `wl_callback.done` carries (default `.compositorClock`); the other modes make the times misbehave
    /// as some compositors' do, for robustness tests.
    public var frameCallbackTimes: FrameCallbackTimes {
        get { perform { $0.frameCallbackTimes } }
        set {
            perform { state in
                state.frameCallbackTimes = newValue
                state.lastFrameCallbackTime = nil
            }
        }
    }

    /// The CLOCK_MONOTONIC instants (`monotonicNow`) of the latest buffer commits on xdg_toplevel surfaces,
    /// oldest first: at least the last 2048, at most 4096. The gaps between them are what a user would see.
    public var bufferCommitTimes: [Duration] { perform { $0.bufferCommitTimes } }

    /// Waits until the frame callbacks committed before this call are done (with `autoFrameCallbacks`, the next
    /// refresh tick completes them; at once when none is pending). Callbacks committed meanwhile do not count.
    /// Throws `TestCompositorError.timeout` after `timeout`.
    public func waitForFrameCallbacks(timeout: Duration) throws {
        try perform { state in
            let batch = state.frameCallbackBatches
            let done = monitor.wait(until: Lock.deadline(after: timeout)) {
                state.committedFrameCallbacks.isEmpty || state.frameCallbackBatches != batch
            }
            if done { return }
            state.lastTimeoutReason =
                "waitForFrameCallbacks: \(state.committedFrameCallbacks.count) frame callbacks "
                + "still pending after \(timeout) (autoFrameCallbacks: \(state.autoFrameCallbacks))"
            throw TestCompositorError.timeout
        }
    }
}
