import CWayland
import Glibc
import Toolkit

/// A bare libwayland-client for driving `TestCompositor` in tests, independent of the Toolkit's own client.
///
/// It records what it receives as readable lines in `events` ("touch.down id=0 x=12.5 y=30.0 time=10"), binds
/// what a tested client would, and never blocks without a deadline: `roundtrip` polls the socket with a timeout
/// and throws instead of hanging a test run. Listener structs live in `RawWaylandListeners` (heap storage that
/// libwayland may keep pointing at), with every slot filled, and get this object as their data pointer.
final class RawWaylandClient {
    /// Why a client step failed.
    enum Failure: Error {
        case connectFailed
        case timeout
        /// The connection broke; the errno of wl_display_get_error (EPROTO after a protocol error).
        case disconnected(Int32)
    }

    let display: OpaquePointer
    private(set) var registry: OpaquePointer?
    private let listeners = RawWaylandListeners()

    /// Advertised globals: interface name -> (name, version).
    var globals: [String: (name: UInt32, version: UInt32)] = [:]
    var compositor: OpaquePointer?
    var shm: OpaquePointer?
    var seat: OpaquePointer?
    var wmBase: OpaquePointer?
    var output: OpaquePointer?
    var pointer: OpaquePointer?
    var keyboard: OpaquePointer?
    var touch: OpaquePointer?
    var surface: OpaquePointer?
    var xdgSurface: OpaquePointer?
    var toplevel: OpaquePointer?

    /// Everything received, in order (serials left out, they vary).
    var events: [String] = []
    /// The seat's last capabilities.
    var capabilities: UInt32 = 0
    /// The serial of the last xdg_surface.configure.
    var lastConfigureSerial: UInt32?
    /// The keymap (format, fd, size); the fd is owned here and closed in deinit.
    var keymap: (format: UInt32, fd: Int32, size: UInt32)?
    /// Buffers the compositor released.
    var releasedBuffers: [OpaquePointer] = []
    /// Frame callback times received.
    var frameTimes: [UInt32] = []
    var syncDone = false
    /// The last ping serial answered.
    var answeredPing: UInt32?
    /// Answer pings automatically.
    var answerPings = true
    /// Create and release input objects as the capabilities change.
    var followCapabilities = true
    /// Buffer memory left mapped by `makeMappedBuffer` (address, bytes), unmapped in deinit.
    private var mappings: [(UnsafeMutableRawPointer, Int)] = []
    /// Every proxy made through this client and not destroyed yet. Disconnecting frees none of them, so deinit
    /// destroys them first (LeakSanitizer runs the tests).
    private var proxies: Set<OpaquePointer> = []

    /// Connects over an fd from `TestCompositor.connectClientFD()`.
    convenience init(fd: Int32) throws {
        guard let display = wl_display_connect_to_fd(fd) else {
            close(fd)
            throw Failure.connectFailed
        }
        self.init(display: display)
    }

    /// Connects to a socket by path (absolute `WAYLAND_DISPLAY`).
    convenience init(path: String) throws {
        guard let display = wl_display_connect(path) else { throw Failure.connectFailed }
        self.init(display: display)
    }

    private init(display: OpaquePointer) {
        self.display = display
    }

    deinit {
        for proxy in proxies { wl_proxy_destroy(proxy) }
        wl_display_disconnect(display)
        if let keymap { close(keymap.fd) }
        for (address, size) in mappings { munmap(address, size) }
    }

    var opaque: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    // MARK: Proxy ownership

    /// Takes `proxy` (made on this connection) into the set destroyed with this client; returns it.
    @discardableResult
    func adopt(_ proxy: OpaquePointer?) -> OpaquePointer? {
        if let proxy { proxies.insert(proxy) }
        return proxy
    }

    /// `adopt` for what `wl_registry_bind` returns.
    @discardableResult
    func adopt(_ proxy: UnsafeMutableRawPointer?) -> OpaquePointer? {
        adopt(proxy.map { OpaquePointer($0) })
    }

    /// Call before destroying an adopted proxy by hand (or after a destructor request), so deinit skips it.
    func forget(_ proxy: OpaquePointer?) {
        if let proxy { proxies.remove(proxy) }
    }

    static func from(_ data: UnsafeMutableRawPointer?) -> RawWaylandClient {
        Unmanaged<RawWaylandClient>.fromOpaque(data!).takeUnretainedValue()
    }

    // MARK: Pumping

    /// Sends wl_display.sync and dispatches until its answer arrives: everything the compositor sent before
    /// has been handled then.
    func roundtrip(timeout: Duration = .seconds(5)) throws {
        guard let callback = wl_display_sync(display) else { throw Failure.disconnected(wl_display_get_error(display)) }
        syncDone = false
        wl_callback_add_listener(callback, listeners.sync, opaque)
        defer { wl_callback_destroy(callback) }
        let deadline = Self.now() + timeout
        while !syncDone { try pump(until: deadline) }
        // Requests made by the handlers (a pong) must reach the compositor even if the test sends nothing more.
        _ = wl_display_flush(display)
    }

    /// Reads and dispatches whatever arrives before `deadline` (one poll); throws when the connection breaks
    /// or the deadline passed with nothing to read.
    func pump(until deadline: Duration) throws {
        while wl_display_prepare_read(display) != 0 {
            if wl_display_dispatch_pending(display) < 0 { throw Failure.disconnected(wl_display_get_error(display)) }
        }
        _ = wl_display_flush(display)
        let remaining = deadline - Self.now()
        guard remaining > .zero else {
            wl_display_cancel_read(display)
            throw Failure.timeout
        }
        var descriptor = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
        let milliseconds =
            Int32(
                remaining.components.seconds * 1000
                    + remaining.components.attoseconds / 1_000_000_000_000_000) + 1
        if poll(&descriptor, 1, milliseconds) > 0 {
            if wl_display_read_events(display) < 0 { throw Failure.disconnected(wl_display_get_error(display)) }
        } else {
            wl_display_cancel_read(display)
        }
        if wl_display_dispatch_pending(display) < 0 { throw Failure.disconnected(wl_display_get_error(display)) }
    }

    static func now() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    // MARK: Setup

    /// Gets the registry, waits for the globals and binds wl_compositor, wl_shm, wl_output, xdg_wm_base and
    /// wl_seat (at `seatVersion` or what is advertised, whichever is lower).
    func bindGlobals(seatVersion: UInt32 = 8) throws {
        registry = adopt(wl_display_get_registry(display))
        wl_registry_add_listener(registry, listeners.registry, opaque)
        try roundtrip()
        func bind(_ name: String, _ interface: UnsafePointer<wl_interface>?, _ version: UInt32) -> OpaquePointer? {
            guard let global = globals[name] else { return nil }
            return adopt(wl_registry_bind(registry, global.name, interface, min(global.version, version)))
        }
        compositor = bind("wl_compositor", cw_compositor_interface(), 5)
        shm = bind("wl_shm", cw_shm_interface(), 1)
        output = bind("wl_output", cw_output_interface(), 3)
        if let output { wl_output_add_listener(output, listeners.output, opaque) }
        wmBase = bind("xdg_wm_base", cw_xdg_wm_base_interface(), 3)
        if let wmBase { xdg_wm_base_add_listener(wmBase, listeners.wmBase, opaque) }
        seat = bind("wl_seat", cw_seat_interface(), seatVersion)
        if let seat { wl_seat_add_listener(seat, listeners.seat, opaque) }
        try roundtrip()
    }

    /// Follows the seat's capabilities: creates the objects of new ones, releases those of removed ones.
    func updateInputObjects() {
        guard followCapabilities, let seat else { return }
        let canRelease = wl_seat_get_version(seat) >= 3
        if capabilities & 1 != 0, pointer == nil {
            pointer = adopt(wl_seat_get_pointer(seat))
            wl_pointer_add_listener(pointer, listeners.pointer, opaque)
        } else if capabilities & 1 == 0, let pointer {
            forget(pointer)
            if canRelease { wl_pointer_release(pointer) } else { wl_pointer_destroy(pointer) }
            self.pointer = nil
        }
        if capabilities & 2 != 0, keyboard == nil {
            keyboard = adopt(wl_seat_get_keyboard(seat))
            wl_keyboard_add_listener(keyboard, listeners.keyboard, opaque)
        } else if capabilities & 2 == 0, let keyboard {
            forget(keyboard)
            if canRelease { wl_keyboard_release(keyboard) } else { wl_keyboard_destroy(keyboard) }
            self.keyboard = nil
        }
        if capabilities & 4 != 0, touch == nil {
            touch = adopt(wl_seat_get_touch(seat))
            wl_touch_add_listener(touch, listeners.touch, opaque)
        } else if capabilities & 4 == 0, let touch {
            forget(touch)
            if canRelease { wl_touch_release(touch) } else { wl_touch_destroy(touch) }
            self.touch = nil
        }
    }

    /// Creates a surface with an xdg_toplevel, commits it without a buffer and waits for the configure.
    func createToplevel(title: String = "test") throws {
        surface = adopt(wl_compositor_create_surface(compositor))
        xdgSurface = adopt(xdg_wm_base_get_xdg_surface(wmBase, surface))
        xdg_surface_add_listener(xdgSurface, listeners.xdgSurface, opaque)
        toplevel = adopt(xdg_surface_get_toplevel(xdgSurface))
        xdg_toplevel_add_listener(toplevel, listeners.toplevel, opaque)
        xdg_toplevel_set_title(toplevel, title)
        xdg_toplevel_set_app_id(toplevel, "org.example.rawclient")
        wl_surface_commit(surface)
        try roundtrip()
    }

    /// A wl_buffer of `width` x `height` pixels in `format`, every pixel set by `pixel(x, y)`.
    func makeBuffer(
        width: Int, height: Int, format: wl_shm_format = WL_SHM_FORMAT_ARGB8888,
        pixel: (Int, Int) -> UInt32
    ) -> OpaquePointer? {
        makeMappedBuffer(width: width, height: height, format: format, keepMapped: false, pixel: pixel)?.buffer
    }

    /// Like `makeBuffer`, and with `keepMapped` the pixels stay writable (row after row, no padding) for as long
    /// as this client lives: for tests of what the compositor sees when a client writes into a buffer.
    func makeMappedBuffer(
        width: Int, height: Int, format: wl_shm_format = WL_SHM_FORMAT_ARGB8888,
        keepMapped: Bool = true, pixel: (Int, Int) -> UInt32
    )
        -> (buffer: OpaquePointer, pixels: UnsafeMutablePointer<UInt32>?)?
    {
        let stride = width * 4
        let size = stride * height
        let fd = cw_create_shm_file("raw-client-buffer", size)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard let memory = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0),
            memory != MAP_FAILED
        else { return nil }
        let pixels = memory.bindMemory(to: UInt32.self, capacity: width * height)
        for y in 0..<height {
            for x in 0..<width { pixels[y * width + x] = pixel(x, y) }
        }
        if keepMapped { mappings.append((memory, size)) } else { munmap(memory, size) }
        let pool = wl_shm_create_pool(shm, fd, Int32(size))
        let buffer = wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), Int32(stride), format.rawValue)
        wl_shm_pool_destroy(pool)
        guard let buffer = adopt(buffer) else { return nil }
        wl_buffer_add_listener(buffer, listeners.buffer, opaque)
        return (buffer, keepMapped ? pixels : nil)
    }

    /// Acknowledges the last configure (when `ack`), attaches `buffer`, asks for a frame callback and commits.
    func present(_ buffer: OpaquePointer?, ack: Bool = true) {
        if ack, let serial = lastConfigureSerial { xdg_surface_ack_configure(xdgSurface, serial) }
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, Int32.max, Int32.max)
        let callback = adopt(wl_surface_frame(surface))
        wl_callback_add_listener(callback, listeners.frame, opaque)
        wl_surface_commit(surface)
        wl_display_flush(display)
    }

    /// The protocol error the compositor sent, as (interface name, object id, code), or nil.
    var protocolError: (interface: String, id: UInt32, code: UInt32)? {
        var interface: UnsafePointer<wl_interface>?
        var id: UInt32 = 0
        let code = wl_display_get_protocol_error(display, &interface, &id)
        guard let interface else { return nil }
        return (String(cString: interface.pointee.name), id, code)
    }
}
