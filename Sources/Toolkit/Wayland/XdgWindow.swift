import CWayland

/// The window's surface as a desktop toplevel: `wl_surface` + `xdg_surface` + `xdg_toplevel`, their
/// configure sequence, close requests, output enter/leave, and the frame callback.
///
/// Protocol facts it relies on: `xdg_toplevel.configure` comes first and is only applied at the following
/// `xdg_surface.configure` (whose serial must be acked before the commit that reflects it); a 0 width or
/// height means "the client decides"; one pending `wl_surface.frame` callback at a time is enough.
@MainActor
final class XdgWindow {
    /// The toplevel's states from the latest configure.
    struct States: Equatable {
        var maximized = false
        var fullscreen = false
        var resizing = false
        var activated = false
    }

    /// The `wl_surface`.
    private(set) var surface: OpaquePointer?
    private(set) var xdgSurface: OpaquePointer?
    private(set) var toplevel: OpaquePointer?
    private var frameCallback: OpaquePointer?
    /// The `wl_surface` version (`set_buffer_scale` needs 3, `damage_buffer` 4).
    let surfaceVersion: UInt32

    /// The size the latest toplevel configure asked for, in points (0: the client decides).
    private(set) var configuredSize = (width: Int32(0), height: Int32(0))
    /// The states of the latest toplevel configure.
    private(set) var states = States()
    /// The size the compositor suggests as an upper bound (`configure_bounds`, v4), in points; 0 = none.
    private(set) var bounds = (width: Int32(0), height: Int32(0))

    /// `xdg_surface.configure`: the toplevel state above is complete; ack `serial` before the next commit.
    var onConfigure: ((UInt32) -> Void)?
    /// `xdg_toplevel.close`: the user asked to close the window.
    var onClose: (() -> Void)?
    /// The surface entered (true) or left (false) an output (the `wl_output` proxy's address).
    var onOutput: ((UInt, Bool) -> Void)?
    /// The pending frame callback is done (the compositor's time in ms, unused by the window).
    var onFrameDone: (() -> Void)?

    private static let surfaceListener: UnsafeMutablePointer<wl_surface_listener> = {
        let listener = UnsafeMutablePointer<wl_surface_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_surface_listener(
                // Proxies cross into the main-actor closure as addresses (pointers are not Sendable).
                enter: { data, _, output in
                    let address = UInt(bitPattern: output)
                    XdgWindow.with(data) { $0.onOutput?(address, true) }
                },
                leave: { data, _, output in
                    let address = UInt(bitPattern: output)
                    XdgWindow.with(data) { $0.onOutput?(address, false) }
                }))
        return listener
    }()

    private static let xdgSurfaceListener: UnsafeMutablePointer<xdg_surface_listener> = {
        let listener = UnsafeMutablePointer<xdg_surface_listener>.allocate(capacity: 1)
        listener.initialize(
            to: xdg_surface_listener(configure: { data, _, serial in
                XdgWindow.with(data) { $0.onConfigure?(serial) }
            }))
        return listener
    }()

    private static let toplevelListener: UnsafeMutablePointer<xdg_toplevel_listener> = {
        let listener = UnsafeMutablePointer<xdg_toplevel_listener>.allocate(capacity: 1)
        listener.initialize(
            to: xdg_toplevel_listener(
                configure: { data, _, width, height, states in
                    let parsed = XdgWindow.parse(states)
                    XdgWindow.with(data) {
                        $0.configuredSize = (width, height)
                        $0.states = parsed
                    }
                },
                close: { data, _ in XdgWindow.with(data) { $0.onClose?() } },
                configure_bounds: { data, _, width, height in XdgWindow.with(data) { $0.bounds = (width, height) } },
                wm_capabilities: { _, _, _ in }))
        return listener
    }()

    private static let callbackListener: UnsafeMutablePointer<wl_callback_listener> = {
        let listener = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_callback_listener(done: { data, callback, _ in
                let address = UInt(bitPattern: callback)
                XdgWindow.with(data) { window in
                    guard let pending = window.frameCallback, UInt(bitPattern: pending) == address else { return }
                    wl_callback_destroy(pending)
                    window.frameCallback = nil
                    window.onFrameDone?()
                }
            }))
        return listener
    }()

    private nonisolated static func with(_ data: UnsafeMutableRawPointer?, _ body: @MainActor (XdgWindow) -> Void) {
        guard let data else { return }
        let window = Unmanaged<XdgWindow>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { body(window) }
    }

    private nonisolated static func parse(_ array: UnsafeMutablePointer<wl_array>?) -> States {
        var states = States()
        guard let array, let data = array.pointee.data else { return states }
        let count = array.pointee.size / MemoryLayout<UInt32>.size
        let values = data.bindMemory(to: UInt32.self, capacity: count)
        for index in 0..<count {
            switch values[index] {
            case XDG_TOPLEVEL_STATE_MAXIMIZED.rawValue: states.maximized = true
            case XDG_TOPLEVEL_STATE_FULLSCREEN.rawValue: states.fullscreen = true
            case XDG_TOPLEVEL_STATE_RESIZING.rawValue: states.resizing = true
            case XDG_TOPLEVEL_STATE_ACTIVATED.rawValue: states.activated = true
            default: break
            }
        }
        return states
    }

    /// Creates the surface and its toplevel role, with a title and app id. Nothing is committed yet.
    init?(compositor: OpaquePointer, wmBase: OpaquePointer, title: String, appID: String) {
        guard let surface = wl_compositor_create_surface(compositor) else { return nil }
        self.surface = surface
        surfaceVersion = wl_proxy_get_version(surface)
        wl_surface_add_listener(surface, XdgWindow.surfaceListener, Unmanaged.passUnretained(self).toOpaque())
        guard let xdgSurface = xdg_wm_base_get_xdg_surface(wmBase, surface) else {
            destroy()
            return nil
        }
        self.xdgSurface = xdgSurface
        xdg_surface_add_listener(xdgSurface, XdgWindow.xdgSurfaceListener, Unmanaged.passUnretained(self).toOpaque())
        guard let toplevel = xdg_surface_get_toplevel(xdgSurface) else {
            destroy()
            return nil
        }
        self.toplevel = toplevel
        xdg_toplevel_add_listener(toplevel, XdgWindow.toplevelListener, Unmanaged.passUnretained(self).toOpaque())
        setTitle(title)
        setAppID(appID)
    }

    /// The most bytes of UTF-8 a title or an app id is sent with. libwayland marshals a request into a
    /// 4096-byte buffer; a string too long for it cannot be sent and the connection ends. 1024 bytes hold more
    /// than any title bar shows.
    static let maximumTextBytes = 1024

    /// `text` cut to at most `maximumTextBytes` bytes of UTF-8, at a Unicode scalar boundary (never part of a
    /// character's bytes). Shorter text is returned as it is.
    static func wireText(_ text: String) -> String {
        guard text.utf8.count > maximumTextBytes else { return text }
        let scalars = text.unicodeScalars
        var end = scalars.startIndex
        var bytes = 0
        while end < scalars.endIndex {
            let width = UTF8.width(scalars[end])
            guard bytes + width <= maximumTextBytes else { break }
            bytes += width
            end = scalars.index(after: end)
        }
        return String(scalars[..<end])
    }

    /// `xdg_toplevel.set_title`, cut to `maximumTextBytes`.
    func setTitle(_ title: String) {
        guard let toplevel else { return }
        xdg_toplevel_set_title(toplevel, XdgWindow.wireText(title))
    }

    /// `xdg_toplevel.set_app_id` (the desktop file name, without `.desktop`), cut to `maximumTextBytes`.
    func setAppID(_ appID: String) {
        guard let toplevel else { return }
        xdg_toplevel_set_app_id(toplevel, XdgWindow.wireText(appID))
    }

    /// `xdg_toplevel.set_min_size`, in points (0: no minimum). Applied at the next commit.
    func setMinimumSize(width: Int, height: Int) {
        guard let toplevel else { return }
        xdg_toplevel_set_min_size(toplevel, Int32(clamping: max(0, width)), Int32(clamping: max(0, height)))
    }

    /// `xdg_surface.ack_configure`.
    func ackConfigure(_ serial: UInt32) {
        guard let xdgSurface else { return }
        xdg_surface_ack_configure(xdgSurface, serial)
    }

    /// Requests a frame callback for the next commit (one at a time: a second request while one is pending
    /// is ignored).
    func requestFrameCallback() {
        guard let surface, frameCallback == nil, let callback = wl_surface_frame(surface) else { return }
        frameCallback = callback
        wl_callback_add_listener(callback, XdgWindow.callbackListener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Whether a frame callback is pending.
    var hasPendingFrameCallback: Bool { frameCallback != nil }

    /// The window size after a toplevel configure of `configured` points: a 0 dimension keeps the current one
    /// (the client decides), and so does a negative one (a protocol violation, tolerated as 0); the result is
    /// at least `minimum` and at least 1 x 1, and then within `SurfaceLimits` (`SurfaceLimits.clampedSize`:
    /// sides of at most 16384 points, the height reduced when the area exceeds 2^25), which wins over
    /// `minimum`: a configure of `Int32.max` gives a 16384-point side, never an impossible buffer.
    nonisolated static func resolvedSize(
        configured: (width: Int32, height: Int32), current: Size,
        minimum: Size
    ) -> Size {
        func pick(_ asked: Int32, _ current: Double, _ minimum: Double) -> Double {
            let base = asked > 0 ? Double(asked) : (current.isFinite ? current.rounded() : 1)
            return max(1, max(minimum.isFinite ? minimum.rounded(.up) : 0, base))
        }
        return SurfaceLimits.clampedSize(
            Size(
                width: pick(configured.width, current.width, minimum.width),
                height: pick(configured.height, current.height, minimum.height)))
    }

    /// Destroys the frame callback, the role objects and the surface, in protocol order.
    func destroy() {
        if let frameCallback { wl_callback_destroy(frameCallback) }
        frameCallback = nil
        if let toplevel { xdg_toplevel_destroy(toplevel) }
        toplevel = nil
        if let xdgSurface { xdg_surface_destroy(xdgSurface) }
        xdgSurface = nil
        if let surface { wl_surface_destroy(surface) }
        surface = nil
        onConfigure = nil
        onClose = nil
        onOutput = nil
        onFrameDone = nil
    }
}
