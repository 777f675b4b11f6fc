import CWayland
@_spi(Presentation) import ToolkitCore
import Glibc

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
    public private(set) var presentedFrameCount = 0

    /// Frame latency so far: input delivered → commit and, where the compositor offers `wp_presentation`,
    /// commit → presented (see `FrameLatencyStats`).
    public var frameLatency: FrameLatencyStats { latency.stats }

    /// Called once, right after the first frame was committed (attached and sent).
    public var onFirstFrameCommitted: (() -> Void)?

    /// Time from the start of `init` to the first committed frame, on the window clock; nil before it.
    public private(set) var timeToFirstCommit: Duration?

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
        didSet { xdg?.setTitle(title) }
    }

    /// The smallest size the compositor should give the window, in points (`xdg_toplevel.set_min_size`;
    /// zero: no minimum). Also the lower bound applied to configured sizes.
    public var minimumSize: Size = .zero {
        didSet {
            xdg?.setMinimumSize(width: WaylandWindow.points(minimumSize.width),
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
    private let startTime: Duration
    /// The connection (`WaylandWindow+Loop.swift` hands its descriptor to apps that run their own loop).
    let display: WaylandDisplay
    /// The loop's poll set (the display plus the app's descriptors); `WaylandWindow+Loop.swift` adds to it.
    let loop: WaylandEventLoop
    private let context: WaylandInputContext
    private var registry: WaylandRegistry?
    private var compositor: OpaquePointer?
    private var subcompositor: OpaquePointer?
    private var shm: OpaquePointer?
    private var wmBase: XdgWmBase?
    private var viewporter: OpaquePointer?
    private var fractionalScaleManager: OpaquePointer?
    /// The bound `zwp_pointer_gestures_v1` (touchpad pinch), its registry name and version.
    private var pointerGestures: (proxy: OpaquePointer, globalName: UInt32, version: UInt32)?
    /// The surface's viewport and fractional scale objects (both or neither: the fractional path needs both).
    private var viewport: OpaquePointer?
    private var fractionalScale: WaylandFractionalScale?
    /// How the buffers map to the surface now.
    private var scaling = RenderScale.one
    private var cursorTheme: WaylandCursorTheme?
    private var seats: [WaylandSeat] = []
    private var outputs: [WaylandOutput] = []
    private var enteredOutputs: [UInt] = []
    private var xdg: XdgWindow?
    /// The buffers and the surfaces that show them, and how each frame is drawn (`SurfacePresenter`).
    private var surfaces: SurfacePresenter?
    private var pacer = FramePacer()
    /// The core asked for a frame (or something else did) since the loop last looked: the frame is drawn once
    /// the events in hand are handled (`serviceFrameWant`), never in the middle of handling one.
    private var frameWantPending = false
    /// Frame latency: input → commit, commit → presented (`wp_presentation`).
    let latency: FrameLatencyRecorder
    /// What the surface has committed: the buffer scale and the viewport destination (points; nil: unset).
    private var committedScale = 1
    private var committedDestination: ViewportDestination?

    /// A `wp_viewport.set_destination` size, in points.
    private struct ViewportDestination: Equatable {
        var width: Int
        var height: Int
    }
    /// True while drawing a frame or applying a configure: frame requests from the core are covered.
    private var isBusy = false
    private var pendingError: WaylandError?
    private var isTornDown = false

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
    public init(title: String, size: Size, appID: String = "org.toolkit.app",
                connection: WaylandConnectionTarget = .environment) throws {
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
        installCursorTheme()   // observers do not run in init
        surfaces = SurfacePresenter(core: core, shm: shm, configuration: pixelConfiguration(),
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

    /// The pixels of the frame presented last (what the compositor shows: with a band surface, the rows around
    /// the band from the base buffer), or nil before the first one. For tests and diagnostics: it copies the whole
    /// buffer.
    func lastPresentedImage() -> Image? {
        surfaces?.lastPresentedImage()
    }

    /// Number of shm buffers alive (diagnostics: at most 4).
    var liveBufferCount: Int { surfaces?.buffers.liveCount ?? 0 }

    /// Frames presented by moving a ring buffer's start instead of copying the scrolled pixels (diagnostics).
    var shiftedFrameCount: Int { surfaces?.buffers.shiftedFrameCount ?? 0 }

    /// Frames drawn onward in the memory of the buffer the compositor still held (diagnostics).
    var onwardFrameCount: Int { surfaces?.buffers.onwardFrameCount ?? 0 }

    /// Frames drawn into a buffer that first caught up with the presented one, copying what it lacked
    /// (diagnostics: a scroll under a compositor that holds the shown buffer takes this path only when it cannot
    /// go onward).
    var catchUpFrameCount: Int { surfaces?.buffers.catchUpFrameCount ?? 0 }

    /// Frames each new buffer's pool holds (tests: 1 makes buffers that scroll by copying, 2 or more ring buffers;
    /// 3 by default).
    var bufferRingFrames: Int {
        get { surfaces?.buffers.ringFrames ?? 1 }
        set { surfaces?.buffers.ringFrames = newValue }
    }

    /// Whether the window may show a scrolled list between a title bar and a toolbar in a band surface of its own
    /// (tests turn it off to see the fallback; `TOOLKIT_NO_BAND=1` in the environment does too, see
    /// `PresentationOptions`).
    var usesBand: Bool {
        get { surfaces?.options.usesBand ?? PresentationOptions.environment.usesBand }
        set { surfaces?.options.usesBand = newValue }
    }

    /// The rows of the band surface in use (`top ..< bottom`, points), or nil without one (diagnostics and tests).
    var bandRows: Range<Double>? { surfaces?.band.map { $0.top..<($0.top + $0.height) } }
    /// Whether the band surface in use has a buffer attached and committed, nil without one (tests: after a
    /// commit it always has).
    var bandHasBuffer: Bool? { surfaces?.band?.hasBuffer }
    /// The column of the indicator's surface, in points, or nil without one (for tests).
    var indicatorColumn: Rect? {
        surfaces?.indicatorSurface.map { Rect(x: $0.x, y: $0.top, width: $0.width, height: $0.height) }
    }

    /// The cursor theme and size (from `XCURSOR_THEME` / `XCURSOR_SIZE` at init). Setting it reloads the theme
    /// and sets the cursor again (tests turn `usesTheme` off to see the fallback art).
    var cursorSettings = WaylandCursorTheme.Settings(themeName: nil, size: 24, usesTheme: true) {
        didSet { installCursorTheme() }
    }

    /// The image the cursor theme gives for `cursor` at whole scale `scale` (tests and diagnostics).
    func cursorImage(for cursor: Cursor, scale: Int) -> WaylandCursorTheme.Image? {
        cursorTheme?.image(for: cursor, scale: scale)
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

    // MARK: - Globals

    private func globalAdded(_ global: WaylandRegistry.Global) {
        guard let registry else { return }
        switch global.interface {
        case "wl_compositor" where compositor == nil:
            compositor = registry.bind(global, interface: cw_compositor_interface())?.proxy
        case "wl_subcompositor" where subcompositor == nil:
            subcompositor = registry.bind(global, interface: cw_subcompositor_interface())?.proxy
        case "wl_shm" where shm == nil:
            shm = registry.bind(global, interface: cw_shm_interface())?.proxy
        case "xdg_wm_base" where wmBase == nil:
            if let bound = registry.bind(global, interface: cw_xdg_wm_base_interface()) {
                wmBase = XdgWmBase(proxy: bound.proxy, version: bound.version)
            }
        case "wp_viewporter" where viewporter == nil:
            viewporter = registry.bind(global, interface: cw_viewporter_interface())?.proxy
        case "wp_fractional_scale_manager_v1" where fractionalScaleManager == nil:
            fractionalScaleManager = registry.bind(global, interface: cw_fractional_scale_manager_interface())?.proxy
        case "zwp_pointer_gestures_v1" where pointerGestures == nil:
            if let bound = registry.bind(global, interface: cw_pointer_gestures_interface()) {
                pointerGestures = (bound.proxy, global.name, bound.version)
                context.pointerGestures = bound.proxy
                // Pointers made before the global was seen get their pinch now.
                for seat in seats { seat.pointer?.attachPinchGesture() }
            }
        case "wp_presentation" where latency.presentation == nil:
            if let bound = registry.bind(global, interface: cw_presentation_interface()) {
                latency.attach(presentation: bound.proxy, globalName: global.name)
            }
        case "wl_seat":
            if let bound = registry.bind(global, interface: cw_seat_interface()) {
                seats.append(WaylandSeat(proxy: bound.proxy, version: bound.version, globalName: global.name,
                                         context: context))
            }
        case "wl_output":
            if let bound = registry.bind(global, interface: cw_output_interface()) {
                let output = WaylandOutput(proxy: bound.proxy, version: bound.version, globalName: global.name)
                output.onScaleChange = { [unowned self] in self.updateBufferScale() }
                outputs.append(output)
            }
        default:
            break
        }
    }

    private func globalRemoved(_ global: WaylandRegistry.Global) {
        if let gestures = pointerGestures, gestures.globalName == global.name {
            releasePointerGestures()
        } else if latency.presentation?.globalName == global.name {
            latency.destroy()
        } else if let index = seats.firstIndex(where: { $0.globalName == global.name }) {
            let seat = seats.remove(at: index)
            seat.release()
        } else if let index = outputs.firstIndex(where: { $0.globalName == global.name }) {
            let output = outputs.remove(at: index)
            enteredOutputs.removeAll { output.matches(address: $0) }
            output.release()
            updateBufferScale()
        }
    }

    /// Destroys every pointer's pinch gesture, then the `zwp_pointer_gestures_v1` (`release` from v2).
    private func releasePointerGestures() {
        for seat in seats { seat.pointer?.detachPinchGesture() }
        context.pointerGestures = nil
        guard let gestures = pointerGestures else { return }
        pointerGestures = nil
        if gestures.version >= 2 {
            zwp_pointer_gestures_v1_release(gestures.proxy)
        } else {
            zwp_pointer_gestures_v1_destroy(gestures.proxy)
        }
    }

    // MARK: - Scale

    private func surfaceOutput(address: UInt, entered: Bool) {
        if entered {
            if !enteredOutputs.contains(address) { enteredOutputs.append(address) }
        } else {
            enteredOutputs.removeAll { $0 == address }
        }
        updateBufferScale()
    }

    /// The fractional path: a viewport and a fractional scale object for the surface, when the compositor
    /// offers both globals (at startup; globals appearing later are not used for an existing surface).
    private func setUpFractionalScale(surface: OpaquePointer?) {
        guard let surface, let viewporter, let manager = fractionalScaleManager,
              let viewport = wp_viewporter_get_viewport(viewporter, surface) else { return }
        guard let fractional = WaylandFractionalScale(manager: manager, surface: surface) else {
            wp_viewport_destroy(viewport)
            return
        }
        self.viewport = viewport
        fractionalScale = fractional
        fractional.onPreferredScale = { [unowned self] _ in self.updateBufferScale() }
    }

    /// The scale the outputs ask for, lowered when the window's buffer would break `SurfaceLimits` at it.
    private func preferredScale() -> RenderScale {
        let entered = outputs.filter { output in enteredOutputs.contains { output.matches(address: $0) } }
        let size = pointSize
        return RenderScale.resolve(outputScales: outputs.map(\.scale), enteredScales: entered.map(\.scale),
                                   preferredFraction120: fractionalScale?.preferred120,
                                   canSetBufferScale: (xdg?.surfaceVersion ?? 0) >= 3, hasViewport: viewport != nil)
            .fitting(width: size.width, height: size.height)
    }

    private func updateBufferScale() {
        let scale = preferredScale()
        guard scale != scaling else { return }
        scaling = scale
        // Every pixel changes: redraw all. The new scale is sent with the next buffer (set_buffer_scale and the
        // viewport destination are double-buffered, and a bare commit of the old buffer at the new scale could
        // be invalid).
        core.addDamage(Rect(origin: .zero, size: core.size))
        context.cursorScale = scale.wholeScale
        syncCursors()
    }

    // MARK: - Cursor

    /// Lets every pointer on the window show the core's current cursor at the current scale.
    private func syncCursors() {
        for seat in seats { seat.pointer?.syncCursor() }
    }

    /// (Re)loads the cursor theme from `cursorSettings` and sets the cursor again.
    private func installCursorTheme() {
        guard let shm, !isTornDown else { return }
        destroyCursorSurfacesAndTheme()
        let theme = WaylandCursorTheme(shm: shm, settings: cursorSettings)
        cursorTheme = theme
        context.cursorTheme = theme
        syncCursors()
    }

    /// Cursor surfaces go before the theme whose buffers they show.
    private func destroyCursorSurfacesAndTheme() {
        for seat in seats { seat.pointer?.releaseCursorSurface() }
        context.cursorTheme = nil
        cursorTheme?.destroy()
        cursorTheme = nil
    }

    // MARK: - Frames

    private static func points(_ value: Double) -> Int {
        value.isFinite ? max(0, Int(min(value.rounded(.up), 1_000_000))) : 0
    }

    /// The window size in whole points, at least 1 x 1.
    private var pointSize: ViewportDestination {
        ViewportDestination(width: max(1, WaylandWindow.points(core.size.width)),
                            height: max(1, WaylandWindow.points(core.size.height)))
    }

    private func pixelConfiguration() -> BufferSlots.Configuration {
        let size = pointSize
        return BufferSlots.Configuration(width: scaling.pixels(forPoints: size.width),
                                         height: scaling.pixels(forPoints: size.height),
                                         scale: scaling.pixelsPerPoint)
    }

    private func configured(serial: UInt32) {
        guard let xdg else { return }
        isBusy = true
        let previousSize = core.size
        core.resize(to: XdgWindow.resolvedSize(configured: xdg.configuredSize, current: core.size,
                                               minimum: minimumSize))
        // The scale that fits `SurfaceLimits` depends on the size.
        updateBufferScale()
        isBusy = false
        execute(pacer.configure(serial: serial, needsFrame: core.needsFrame, resized: core.size != previousSize))
    }

    private func frameDone() {
        let (presented, action) = pacer.callbackDone(needsFrame: core.needsFrame)
        if presented { presentedFrameCount += 1 }
        let commits = latency.frameCommits
        execute(action)
        if latency.frameCommits == commits { latency.frameOpportunityMissed(stillWanted: core.needsFrame) }
    }

    /// Draws the frame asked for since the loop last looked, if the pacer lets it (idle: at once; a callback
    /// pending: its done draws it).
    private func serviceFrameWant() {
        guard frameWantPending else { return }
        frameWantPending = false
        execute(pacer.frameWanted())
    }

    private func execute(_ action: FramePacer.Action) {
        guard !isTornDown, pendingError == nil else { return }
        switch action {
        case .none: break
        case .draw: drawFrame()
        case .requestCallback: requestCallback()
        case .drawWithoutCallback: drawFrame(requestingCallback: false)
        }
    }

    /// A commit without a new buffer, carrying a frame callback (and the latest configure's ack).
    private func requestCallback() {
        guard let xdg, let surface = xdg.surface else { return }
        if let serial = pacer.takeSerialToAck() { xdg.ackConfigure(serial) }
        xdg.requestFrameCallback()
        wl_surface_commit(surface)
        latency.frameOpportunityMissed(stillWanted: core.needsFrame)
        pacer.didCommit(withBuffer: false)
    }

    /// A failure to get or fill a buffer, as the error the loop throws: a `WaylandError` as it is, anything else
    /// as `bufferAllocationFailed` with its description.
    private static func bufferError(_ error: any Error) -> WaylandError {
        (error as? WaylandError) ?? .bufferAllocationFailed("\(error)")
    }

    /// Draws the core's damage into a free buffer (or onward in the presented one) and commits it with its damage
    /// and, with `requestingCallback`, a frame callback (without: the ack of a resize while a callback is pending,
    /// see `FramePacer`). With a band surface the ring buffer goes to the band and the window's surface takes the
    /// base buffer when the bars changed; a frame that changed nothing in the ring buffer attaches nothing there.
    ///
    /// Order matters: the buffer is acquired (and the damage a fresh buffer needs is added) before
    /// `prepareFrame`, so that everything the core is told before drawing happens before its frame starts
    /// and the core's frame request state ends consistent.
    private func drawFrame(requestingCallback: Bool = true) {
        guard !isBusy, let xdg, let surface = xdg.surface, let surfaces else { return }
        isBusy = true
        defer { isBusy = false }
        let configuration = pixelConfiguration()
        surfaces.prepare(for: configuration, parent: surface, viewportScaling: scaling.usesViewport,
                         factory: SurfacePresenter.Factory(compositor: compositor, subcompositor: subcompositor,
                                                           shm: shm))
        var buffers: SurfacePresenter.FrameBuffers
        do {
            guard let acquired = try surfaces.acquire(hasCommittedFrame: pacer.hasCommittedFrame) else {
                // A surface has no free buffer: the frame waits for a release.
                pacer.bufferUnavailable()
                return
            }
            buffers = acquired
        } catch {
            pendingError = WaylandWindow.bufferError(error)
            return
        }
        surfaces.addDamage(for: buffers, firstFrame: !pacer.hasCommittedFrame)
        core.prepareFrame(at: clock.now)
        // Animations may have moved content under a still pointer: its cursor may have changed.
        syncCursors()
        guard core.needsFrame else {
            // The animations ended without changing anything: the buffers go back untouched.
            surfaces.putBack(buffers)
            latency.nothingToReflect()
            execute(pacer.nothingToDraw())
            return
        }
        let drawn: SurfacePresenter.Drawn
        do {
            guard let frame = try surfaces.draw(&buffers) else {
                // Declined onward with no other buffer free: the frame (its scroll kept by the core) waits.
                surfaces.putBack(buffers)
                pacer.bufferUnavailable()
                return
            }
            drawn = frame
        } catch {
            pendingError = WaylandWindow.bufferError(error)
            return
        }
        guard let content = surfaces.commitSubsurfaces(drawn, frame: buffers, bufferScale: scaling.bufferScale,
                                                       surfaceVersion: xdg.surfaceVersion) else { return }
        if let serial = pacer.takeSerialToAck() { xdg.ackConfigure(serial) }
        // The surface state that goes with this buffer: its buffer scale and, on the fractional path, the
        // surface size in points through the viewport (unset again if the path is ever left).
        if committedScale != scaling.bufferScale {
            wl_surface_set_buffer_scale(surface, Int32(scaling.bufferScale))
            committedScale = scaling.bufferScale
        }
        if let viewport {
            let destination = scaling.usesViewport ? pointSize : nil
            if destination != committedDestination {
                wp_viewport_set_destination(viewport, Int32(destination?.width ?? -1),
                                            Int32(destination?.height ?? -1))
                committedDestination = destination
            }
        }
        var shownDamage = DamageRegion()
        if let shown = content.shown {
            wl_surface_attach(surface, shown.proxy, 0, 0)
            shown.buffer?.markAttached()
            shownDamage = SurfacePresenter.report(shown.damage, on: surface, originY: 0, scale: configuration.scale,
                                                  surfaceVersion: xdg.surfaceVersion)
        }
        if requestingCallback { xdg.requestFrameCallback() }
        latency.frameWillCommit(surface: surface)
        wl_surface_commit(surface)
        surfaces.windowCommitted(drawn, content: content, shownDamage: shownDamage)
        let first = !pacer.hasCommittedFrame
        pacer.didCommit(withBuffer: true, requestedCallback: requestingCallback)
        onFrameCommitted?(clock.now)
        if first {
            timeToFirstCommit = clock.now - startTime
            onFirstFrameCommitted?()
        }
    }

    // MARK: - Teardown

    /// Destroys every proxy in protocol order, then disconnects. Safe to call twice.
    private func tearDown() {
        guard !isTornDown else { return }
        isTornDown = true
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
