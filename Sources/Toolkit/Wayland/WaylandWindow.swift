import CWayland
import Glibc
internal import ToolkitAccessibility
@_spi(Presentation) import ToolkitCore

/// A toolkit window on a Wayland compositor: the entry point apps use.
///
/// It connects, binds the globals it needs (`wl_compositor`, `wl_shm`, `xdg_wm_base`; seats and outputs
/// whenever they appear), creates an xdg toplevel and drives a `WindowCore`: protocol input becomes
/// `InputEvent`s stamped on the window clock (CLOCK_MONOTONIC since the window was made), and the core's
/// drawing becomes shm buffers committed with `damage_buffer`, paced by frame callbacks.
///
/// ```swift
/// let window = try WaylandWindow(title: "Demo", size: Size(width: 480, height: 640))
/// window.rootView.addSubview(myScrollContainer)
/// try window.run()          // returns when the user closes the window
/// ```
///
/// A compositor without a seat (Weston headless) or whose seat has no capabilities yet (sway) is fine: input
/// devices are created when they appear. Everything runs on the main thread.
///
/// Dense outputs: the window renders at the scale of the outputs it is on (`wl_output.scale`, the largest among
/// those its surface entered) with `wl_surface.set_buffer_scale`, or, where the compositor offers
/// fractional-scale-v1 and a viewporter, at the fractional scale it prefers (buffers of `round(size * scale)`
/// pixels shown through `wp_viewport.set_destination`); see `RenderScale`. Input stays in points either way.
/// The pointer shows the cursor of the view under it (`View.cursor`, `WindowCore.currentCursor`) from the
/// cursor theme (`XCURSOR_THEME`, `XCURSOR_SIZE`), scaled like the window; cursor-shape-v1 is not used
/// (wayland-protocols 1.31 does not have it).
@MainActor
public final class WaylandWindow {
    /// The backend-neutral window: root view, routing, timers, damage.
    public let core: WindowCore

    /// The view filling the window (`core.rootView`).
    public var rootView: View { core.rootView }

    /// The window size, in points (`core.size`).
    public var size: Size { core.size }

    /// When true, the primary pointer button acts as a finger (for compositors without a touch device).
    public var pointerEmulatesTouch: Bool {
        get { core.pointerEmulatesTouch }
        set { core.pointerEmulatesTouch = newValue }
    }

    /// Frames presented so far: frame callbacks done for commits that attached a new buffer.
    public internal(set) var presentedFrameCount = 0

    /// Frame latency so far: input delivered → commit and, where the compositor offers `wp_presentation`,
    /// commit → presented (see `FrameLatencyStats`).
    public var frameLatency: FrameLatencyStats { latency.stats }

    /// Called once, right after the first frame was committed (attached and sent).
    public var onFirstFrameCommitted: (() -> Void)?

    /// Time from the start of `init` to the first committed frame, on the window clock; nil before it.
    public internal(set) var timeToFirstCommit: Duration?

    /// The buffer scale sent with `wl_surface.set_buffer_scale`: the largest scale among the outputs the surface
    /// is on (before it is on any, the largest among all outputs; 1 without outputs or with a `wl_surface` below
    /// v3), at most 16, and lowered when the buffer would exceed 16384 pixels a side or 2^25 pixels; always 1 on
    /// the fractional path, where the viewport does the scaling.
    public var bufferScale: Int { scaling.bufferScale }

    /// Pixels per point the window renders at: `bufferScale`, or the compositor's preferred fractional scale
    /// (1.25, 1.5, ...; 0.25 to 16) on the fractional path, lowered like `bufferScale` for huge windows.
    public var pixelsPerPoint: Double { scaling.pixelsPerPoint }

    /// True when the window renders at the compositor's fractional scale (wp_fractional_scale_v1 with a
    /// wp_viewport): buffers of `round(size * pixelsPerPoint)` pixels, buffer scale 1.
    public var usesFractionalScale: Bool { scaling.usesViewport }

    /// True once the compositor asked to close the window (or `close()` was called): `run` returns and
    /// `dispatchOnce` answers false.
    public private(set) var isClosed = false

    /// Whether the compositor offers a seat at all (Weston headless offers none).
    public var hasSeat: Bool { !seats.isEmpty }
    /// Whether some seat currently has a touch device.
    public var hasTouch: Bool { seats.contains { $0.touch != nil } }
    /// Whether some seat currently has a pointer.
    public var hasPointer: Bool { seats.contains { $0.pointer != nil } }
    /// Whether some seat currently has a keyboard.
    public var hasKeyboard: Bool { seats.contains { $0.keyboard != nil } }

    /// The window title (`xdg_toplevel.set_title`). The compositor gets at most its first 1024 bytes of UTF-8
    /// (cut at a character boundary): a longer string would not fit in a Wayland message and would end the
    /// connection. The property keeps the whole string.
    public var title: String {
        didSet {
            xdg?.setTitle(title)
            accessibilityBridge?.windowTitle = title
        }
    }

    /// Serves the view tree to screen readers over AT-SPI (nil: no accessibility bus, or `NO_AT_BRIDGE=1`), and
    /// its descriptor's watch in the loop (WaylandWindow+Accessibility.swift).
    var accessibilityBridge: AccessibilityBridge?
    var accessibilityWatch: Int?
    /// Follows the desktop's colour scheme and motion settings (nil: no session bus), and its descriptor's watch
    /// (WaylandWindow+DesktopSettings.swift).
    var desktopSettings: DesktopSettingsPortal?
    var desktopSettingsWatch: Int?

    /// The smallest size the compositor should give the window, in points (`xdg_toplevel.set_min_size`;
    /// zero: no minimum). Also the lower bound applied to configured sizes.
    public var minimumSize: Size = .zero {
        didSet {
            xdg?.setMinimumSize(
                width: WaylandWindow.points(minimumSize.width),
                height: WaylandWindow.points(minimumSize.height))
            frameWantPending = true
        }
    }

    /// Called after every commit that attaches a new frame, with the window clock then (tests, diagnostics:
    /// the gaps between frames while something moves).
    var onFrameCommitted: ((Duration) -> Void)?

    /// Sees every input event before the core (tests, diagnostics).
    var onInputEvent: ((InputEvent) -> Void)? {
        get { context.observer }
        set { context.observer = newValue }
    }

    /// The window clock (CLOCK_MONOTONIC since the window was made); `now` reads it.
    let clock: MonotonicClock
    let startTime: Duration
    /// The connection (`WaylandWindow+Loop.swift` hands its descriptor to apps that run their own loop).
    let display: WaylandDisplay
    /// The loop's poll set (the display plus the app's descriptors); `WaylandWindow+Loop.swift` adds to it.
    let loop: WaylandEventLoop
    let context: WaylandInputContext
    var registry: WaylandRegistry?
    var compositor: OpaquePointer?
    var subcompositor: OpaquePointer?
    var shm: OpaquePointer?
    var wmBase: XdgWmBase?
    var viewporter: OpaquePointer?
    var fractionalScaleManager: OpaquePointer?
    /// The bound `zwp_pointer_gestures_v1` (touchpad pinch), its registry name and version.
    var pointerGestures: (proxy: OpaquePointer, globalName: UInt32, version: UInt32)?
    /// The surface's viewport and fractional scale objects (both or neither: the fractional path needs both).
    var viewport: OpaquePointer?
    var fractionalScale: WaylandFractionalScale?
    /// How the buffers map to the surface now.
    var scaling = RenderScale.one
    var cursorTheme: WaylandCursorTheme?
    var seats: [WaylandSeat] = []
    var outputs: [WaylandOutput] = []
    var enteredOutputs: [UInt] = []
    var xdg: XdgWindow?
    /// The buffers and the surfaces that show them, and how each frame is drawn (`SurfacePresenter`).
    var surfaces: SurfacePresenter?
    var pacer = FramePacer()
    /// The core asked for a frame (or something else did) since the loop last looked: the frame is drawn once
    /// the events in hand are handled (`serviceFrameWant`), never in the middle of handling one.
    var frameWantPending = false
    /// Frame latency: input → commit, commit → presented (`wp_presentation`).
    let latency: FrameLatencyRecorder
    /// What the surface has committed: the buffer scale and the viewport destination (points; nil: unset).
    var committedScale = 1
    var committedDestination: ViewportDestination?

    /// A `wp_viewport.set_destination` size, in points.
    struct ViewportDestination: Equatable {
        var width: Int
        var height: Int
    }
    /// True while drawing a frame or applying a configure: frame requests from the core are covered.
    var isBusy = false
    var pendingError: WaylandError?
    var isTornDown = false

    /// Connects and creates the toplevel; the first frame is drawn when the compositor configures it (in
    /// `run` or `dispatchOnce`).
    /// - Parameters:
    ///   - title: the window title (the compositor gets at most 1024 bytes of it, see `title`).
    ///   - size: the initial size, in points; rounded to whole points, at least 1 x 1 (non-finite: 1).
    ///   - appID: the application id (desktop file name) compositors group windows by; likewise cut to 1024
    ///     bytes of UTF-8 at a character boundary.
    ///   - connection: where to connect.
    /// - Throws: `WaylandError.noDisplay` when nothing answers, `.missingGlobal` when the compositor lacks
    ///   `wl_compositor`, `wl_shm` or `xdg_wm_base`, `.connectionLost` when it breaks the connection.
    public init(
        title: String, size: Size, appID: String = "org.toolkit.app",
        connection: WaylandConnectionTarget = .environment
    ) throws {
        clock = MonotonicClock()
        startTime = clock.now
        self.title = title
        display = try WaylandDisplay.connect(connection)
        loop = WaylandEventLoop(display: display)
        core = WindowCore(size: XdgWindow.resolvedSize(configured: (0, 0), current: size, minimum: .zero))
        context = WaylandInputContext(core: core, clock: clock)
        latency = FrameLatencyRecorder(clock: clock)
        context.latency = latency
        // Every stored property is set: from here on, a throw runs deinit, which tears down what exists.
        let registry = WaylandRegistry(display: display.display)
        self.registry = registry
        registry.onGlobal = { [unowned self] in self.globalAdded($0) }
        registry.onGlobalRemove = { [unowned self] in self.globalRemoved($0) }
        try display.roundtrip()
        guard let compositor else { throw WaylandError.missingGlobal("wl_compositor") }
        guard let shm else { throw WaylandError.missingGlobal("wl_shm") }
        guard let wmBaseProxy = wmBase?.proxy else { throw WaylandError.missingGlobal("xdg_wm_base") }
        guard let xdg = XdgWindow(compositor: compositor, wmBase: wmBaseProxy, title: title, appID: appID) else {
            throw WaylandError.connectionLost("could not create the window surface")
        }
        self.xdg = xdg
        xdg.onConfigure = { [unowned self] in self.configured(serial: $0) }
        xdg.onClose = { [unowned self] in self.isClosed = true }
        xdg.onFrameDone = { [unowned self] in self.frameDone() }
        xdg.onOutput = { [unowned self] in self.surfaceOutput(address: $0, entered: $1) }
        setUpFractionalScale(surface: xdg.surface)
        scaling = preferredScale()
        context.compositor = compositor
        context.windowSurface = UInt(bitPattern: xdg.surface)
        context.cursorScale = scaling.wholeScale
        cursorSettings = WaylandCursorTheme.Settings.fromEnvironment()
        installCursorTheme()  // observers do not run in init
        surfaces = SurfacePresenter(
            core: core, shm: shm, configuration: pixelConfiguration(),
            options: PresentationOptions.environment,
            onBufferReleased: { [unowned self] in self.execute(self.pacer.bufferReleased()) })
        core.onNeedsFrame = { [unowned self] in
            // While drawing or applying a configure, the frame in the works (and its callback) covers it.
            guard !self.isBusy else { return }
            self.frameWantPending = true
        }
        // The initial commit, without a buffer, asks the compositor for the first configure.
        if let surface = xdg.surface { wl_surface_commit(surface) }
        _ = try display.flush()
        startAccessibility(applicationName: appID)
        startDesktopSettings()
    }

    isolated deinit {
        tearDown()
    }

    // MARK: - Running

    /// Whether `run` ends on SIGINT and SIGTERM (default true): while it runs, either signal closes the window
    /// and `run` returns normally (`terminationSignal` says which), whatever signal mask the process inherited.
    /// A signal the process ignores or handles itself is left alone; see `TerminationSignals` for the rules.
    /// Set it to false when the app reads the signals its own way.
    public var endsOnTerminationSignals = true

    /// The signal (SIGINT or SIGTERM) that ended the latest `run`, if one did.
    public private(set) var terminationSignal: Int32?

    /// Runs the event loop until the window is closed (returns normally) or, with `maxFrames`, until that
    /// many frames were presented during this call (`maxFrames <= 0` returns at once). With
    /// `endsOnTerminationSignals`, SIGINT and SIGTERM close the window and end it too, within one loop step.
    /// - Throws: `WaylandError` when the connection breaks (compositor gone, protocol error) or a buffer
    ///   cannot be allocated.
    public func run(maxFrames: Int? = nil) throws {
        let start = presentedFrameCount
        terminationSignal = nil
        let signals = endsOnTerminationSignals ? TerminationSignals(window: self) : nil
        defer { signals?.end(window: self) }
        while true {
            if let maxFrames, presentedFrameCount - start >= maxFrames { return }
            guard try dispatchOnce(timeout: .seconds(3600)) else { return }
        }
    }

    /// One loop iteration: waits at most `timeout` (less when a timer is due sooner) for compositor events,
    /// dispatches them, fires due timers, draws when a frame callback says so.
    /// - Returns: false once the window is closed.
    public func dispatchOnce(timeout: Duration) throws -> Bool {
        if let pendingError { throw pendingError }
        guard !isClosed else { return false }
        // A frame asked for between two iterations (the app changed a view) goes out before waiting.
        serviceFrameWant()
        var wait = max(.zero, timeout)
        if let deadline = core.nextTimerDeadline {
            wait = min(wait, max(.zero, deadline - clock.now))
        }
        do {
            try loop.step(timeout: wait)
        } catch let error as WaylandError {
            pendingError = error
            throw error
        }
        core.fireTimers(upTo: clock.now)
        // Every event of this step was handled: one frame reflects them all, committed now when idle.
        serviceFrameWant()
        if let pendingError { throw pendingError }
        // Send what dispatching and timers produced (pongs, commits) now rather than at the next step: a
        // caller stepping by hand (a test) may block before calling again. A full socket is left to the
        // next step's POLLOUT wait.
        do {
            loop.noteFlush(complete: try display.flush())
        } catch let error as WaylandError {
            pendingError = error
            throw error
        }
        return !isClosed
    }

    /// The cursor theme and size (from `XCURSOR_THEME` / `XCURSOR_SIZE` at init). Setting it reloads the theme
    /// and sets the cursor again (tests turn `usesTheme` off to see the fallback art).
    var cursorSettings = WaylandCursorTheme.Settings(themeName: nil, size: 24, usesTheme: true) {
        didSet { installCursorTheme() }
    }

    /// Asks the run loop to stop, as if the compositor had sent `close`.
    public func close() {
        isClosed = true
    }

    /// A termination signal arrived during `run`: the window closes.
    func endRun(signal: Int32) {
        terminationSignal = signal
        close()
    }

    // MARK: - Teardown

    /// Destroys every proxy in protocol order, then disconnects. Safe to call twice.
    func tearDown() {
        guard !isTornDown else { return }
        isTornDown = true
        stopAccessibility()
        stopDesktopSettings()
        core.onNeedsFrame = nil
        surfaces?.destroyAll()
        surfaces = nil
        latency.destroy()
        fractionalScale?.destroy()
        fractionalScale = nil
        if let viewport { wp_viewport_destroy(viewport) }
        viewport = nil
        xdg?.destroy()
        xdg = nil
        // Pinch gestures before their pointers, then the gestures global.
        releasePointerGestures()
        for seat in seats { seat.release() }
        seats.removeAll()
        destroyCursorSurfacesAndTheme()
        for output in outputs { output.release() }
        outputs.removeAll()
        wmBase?.destroy()
        wmBase = nil
        if let viewporter { wp_viewporter_destroy(viewporter) }
        viewporter = nil
        if let fractionalScaleManager { wp_fractional_scale_manager_v1_destroy(fractionalScaleManager) }
        fractionalScaleManager = nil
        if let shm { wl_shm_destroy(shm) }
        shm = nil
        if let subcompositor { wl_subcompositor_destroy(subcompositor) }
        subcompositor = nil
        if let compositor { wl_compositor_destroy(compositor) }
        compositor = nil
        registry?.destroy()
        registry = nil
        _ = try? display.flush()
        display.disconnect()
    }
}
