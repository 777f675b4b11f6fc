import CWayland

/// A seat's pointer (`wl_pointer`): protocol events in, `InputEvent`s out, grouped per `wl_pointer.frame` by
/// `PointerFrameAccumulator`. Surface coordinates are points already (the buffer scale and the viewport only
/// affect pixels), so locations pass through unscaled and hit testing happens in points.
///
/// It also shows the cursor: after every delivery it compares the core's `currentCursor` (and the window's
/// scale) with what its cursor surface shows and, when they differ or after an enter, attaches the image and
/// calls `wl_pointer.set_cursor` with the latest enter serial. The cursor is undefined after an enter until a
/// client sets it, hence the unconditional set then; otherwise it is set only when it changes.
@MainActor
final class WaylandPointer {
    private(set) var proxy: OpaquePointer?
    /// The version the pointer was created at (the seat's).
    let version: UInt32
    /// Serial of the latest enter (needed by `wl_pointer.set_cursor`).
    private(set) var enterSerial: UInt32 = 0
    private var accumulator: PointerFrameAccumulator
    private let context: WaylandInputContext
    /// The touchpad pinch of this pointer, while the compositor offers `zwp_pointer_gestures_v1`.
    private var pinch: WaylandPinchGesture?

    /// What the cursor surface shows, since the latest enter.
    private struct AppliedCursor: Equatable {
        var cursor: Cursor
        var scale: Int
    }

    /// The `wl_surface` with the cursor role, made at the first cursor set.
    private var cursorSurface: OpaquePointer?
    /// True between enter and leave: set_cursor is only valid for the enter serial of a focused pointer.
    private var isInside = false
    /// nil after an enter: the next sync sets the cursor whatever it is.
    private var applied: AppliedCursor?

    private static let listener: UnsafeMutablePointer<wl_pointer_listener> = {
        let listener = UnsafeMutablePointer<wl_pointer_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_pointer_listener(
                enter: { data, _, serial, surface, x, y in
                    let address = UInt(bitPattern: surface)
                    WaylandPointer.with(data) { $0.enter(serial: serial, surface: address, x: x, y: y) }
                },
                leave: { data, _, _, surface in
                    let address = UInt(bitPattern: surface)
                    WaylandPointer.with(data) { $0.leave(surface: address) }
                },
                motion: { data, _, time, x, y in
                    WaylandPointer.with(data) { $0.motion(time: time, x: x, y: y) }
                },
                button: { data, _, _, time, button, state in
                    WaylandPointer.with(data) { $0.button(time: time, code: button, state: state) }
                },
                axis: { data, _, time, axis, value in
                    WaylandPointer.with(data) { $0.axis(time: time, axis: axis, value: value) }
                },
                frame: { data, _ in
                    WaylandPointer.with(data) { $0.frame() }
                },
                axis_source: { data, _, source in
                    WaylandPointer.with(data) { pointer in
                        if pointer.isInside { pointer.accumulator.axisSource(source) }
                    }
                },
                axis_stop: { data, _, time, axis in
                    WaylandPointer.with(data) { $0.axisStop(time: time, axis: axis) }
                },
                axis_discrete: { data, _, axis, discrete in
                    WaylandPointer.with(data) { $0.axisDiscrete(axis: axis, discrete: discrete) }
                },
                axis_value120: { data, _, axis, value in
                    WaylandPointer.with(data) { $0.axisValue120(axis: axis, value: value) }
                }))
        return listener
    }()

    /// Runs `body` on the pointer behind a listener's `data`, on the main actor (listeners run on the
    /// thread that dispatches the display: the main thread).
    private nonisolated static func with(_ data: UnsafeMutableRawPointer?, _ body: @MainActor (WaylandPointer) -> Void)
    {
        guard let data else { return }
        let pointer = Unmanaged<WaylandPointer>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { body(pointer) }
    }

    /// Gets the seat's pointer.
    init?(seat: OpaquePointer, context: WaylandInputContext) {
        guard let proxy = wl_seat_get_pointer(seat) else { return nil }
        self.proxy = proxy
        self.context = context
        version = wl_proxy_get_version(proxy)
        accumulator = PointerFrameAccumulator(framesEvents: version >= 5)
        wl_pointer_add_listener(proxy, WaylandPointer.listener, Unmanaged.passUnretained(self).toOpaque())
        attachPinchGesture()
    }

    /// Gets the pinch gesture of this pointer from the window's `zwp_pointer_gestures_v1`, when it has one and the
    /// pointer has none yet (at creation, or when the gestures global appears later).
    func attachPinchGesture() {
        guard pinch == nil, let proxy, let manager = context.pointerGestures else { return }
        pinch = WaylandPinchGesture(manager: manager, pointer: proxy, context: context)
        // The pinch lives no longer than the pointer (destroyed before it is released).
        pinch?.endPointerFrame = { [unowned self] in self.frame() }
    }

    /// Destroys the pinch gesture (the gestures global is going away, or the pointer is); a pinch in progress
    /// ends, cancelled.
    func detachPinchGesture() {
        pinch?.destroy()
        pinch = nil
    }

    /// Releases the pointer (`release` from v3, else a plain destroy), then its cursor surface. A pointer that
    /// goes away (capability lost, seat removed) while on the window leaves it: the events it had gathered go
    /// out, then a leave, which lifts a held primary button and ends touchpad gestures; the compositor will
    /// never send the release or leave itself. A touchpad pinch in progress ends, cancelled, before that.
    func release() {
        guard let proxy else { return }
        // The pinch object was made from the pointer: it goes first.
        detachPinchGesture()
        if isInside { accumulator.leave(timestamp: context.now, emit: context.post) }
        accumulator.frame(emit: context.post)
        context.flush()
        self.proxy = nil
        if version >= 3 { wl_pointer_release(proxy) } else { wl_pointer_destroy(proxy) }
        if let cursorSurface { wl_surface_destroy(cursorSurface) }
        cursorSurface = nil
        isInside = false
    }

    // MARK: - Cursor

    /// Destroys the cursor surface (the theme behind its buffer is going away); the next sync makes a new one.
    func releaseCursorSurface() {
        if let cursorSurface { wl_surface_destroy(cursorSurface) }
        cursorSurface = nil
        applied = nil
    }

    /// Shows the core's current cursor if the pointer is on the window and the cursor surface shows something
    /// else (another shape, another scale, or nothing since the latest enter). Cheap when nothing changed.
    func syncCursor() {
        guard let proxy, isInside, let theme = context.cursorTheme else { return }
        let wanted = AppliedCursor(cursor: context.currentCursor, scale: context.cursorScale)
        guard wanted != applied else { return }
        guard let image = theme.image(for: wanted.cursor, scale: wanted.scale) else { return }
        if cursorSurface == nil, let compositor = context.compositor {
            cursorSurface = wl_compositor_create_surface(compositor)
        }
        guard let surface = cursorSurface else { return }
        let surfaceVersion = wl_proxy_get_version(surface)
        // A scale above 1 needs wl_surface v3; without it the image is shown at scale 1 (large, never invalid).
        let scale = surfaceVersion >= 3 ? image.scale : 1
        if surfaceVersion >= 3 { wl_surface_set_buffer_scale(surface, Int32(scale)) }
        wl_surface_attach(surface, image.buffer, 0, 0)
        if surfaceVersion >= 4 {
            wl_surface_damage_buffer(surface, 0, 0, Int32(image.width), Int32(image.height))
        } else {
            wl_surface_damage(surface, 0, 0, Int32(image.width / scale), Int32(image.height / scale))
        }
        wl_surface_commit(surface)
        // The hotspot is in surface coordinates (points): pixels divided by the buffer scale.
        wl_pointer_set_cursor(proxy, enterSerial, surface, Int32(image.hotspotX / scale), Int32(image.hotspotY / scale))
        applied = wanted
    }

    // MARK: - Events

    private static func axis(_ raw: UInt32) -> Axis? {
        switch raw {
        case WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue: return .vertical
        case WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue: return .horizontal
        default: return nil
        }
    }

    private static func point(_ x: wl_fixed_t, _ y: wl_fixed_t) -> Point {
        Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
    }

    // Pairing rules for a buggy compositor: an enter on a surface that is not the window's means the pointer is
    // elsewhere (a leave when it was on the window); a leave for another surface is ignored; motion, buttons and
    // axis events while the pointer is not on the window (no enter yet, or after a leave) are dropped. A second
    // enter without a leave is an enter at the new place.
    private func enter(serial: UInt32, surface: UInt, x: wl_fixed_t, y: wl_fixed_t) {
        guard surface != 0, surface == context.windowSurface else {
            if isInside { leave(surface: context.windowSurface) }
            return
        }
        enterSerial = serial
        isInside = true
        applied = nil
        // enter carries no time: it happened now.
        accumulator.enter(location: WaylandPointer.point(x, y), timestamp: context.now, emit: context.post)
        // With frames (v5+) the core hears of the enter at the `frame`: setting the cursor now would show the
        // shape for the previous location first.
        if version >= 5 {
            context.flush()
        } else {
            deliver()
        }
    }

    // Each handler delivers: with frames (v5+) only `frame` posts anything, but before v5 every event is its own
    // frame and must reach the core at once.
    private func leave(surface: UInt) {
        guard surface == context.windowSurface else { return }
        isInside = false
        // A pinch on the window cannot go on once the pointer is elsewhere.
        pinch?.cancel()
        accumulator.leave(timestamp: context.now, emit: context.post)
        deliver()
    }

    /// Hands the posted events to the core, then shows the cursor it now wants. With frames (v5+) the enter
    /// reaches the core at the `frame`, so the cursor is set there, for the location of the enter.
    private func deliver() {
        context.flush()
        syncCursor()
    }

    private func motion(time: UInt32, x: wl_fixed_t, y: wl_fixed_t) {
        guard isInside else { return }
        accumulator.motion(
            location: WaylandPointer.point(x, y), timestamp: context.eventTime(time),
            emit: context.post)
        deliver()
    }

    private func button(time: UInt32, code: UInt32, state: UInt32) {
        guard isInside else { return }
        let pressed = state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue
        accumulator.button(code: code, pressed: pressed, timestamp: context.eventTime(time), emit: context.post)
        deliver()
    }

    private func axis(time: UInt32, axis: UInt32, value: wl_fixed_t) {
        guard isInside else { return }
        guard let axis = WaylandPointer.axis(axis) else { return }
        accumulator.axis(
            axis, value: wl_fixed_to_double(value), timestamp: context.eventTime(time),
            emit: context.post)
        deliver()
    }

    private func axisStop(time: UInt32, axis: UInt32) {
        guard isInside else { return }
        guard let axis = WaylandPointer.axis(axis) else { return }
        accumulator.axisStop(axis, timestamp: context.eventTime(time), emit: context.post)
        deliver()
    }

    // axis_discrete and axis_value120 come before the `axis` event they qualify, carry no time, and never
    // end a frame: they only feed the accumulator.
    private func axisDiscrete(axis: UInt32, discrete: Int32) {
        guard isInside else { return }
        guard let axis = WaylandPointer.axis(axis) else { return }
        accumulator.axisDiscrete(axis, steps: discrete)
    }

    private func axisValue120(axis: UInt32, value: Int32) {
        guard isInside else { return }
        guard let axis = WaylandPointer.axis(axis) else { return }
        accumulator.axisValue120(axis, value: value)
    }

    private func frame() {
        accumulator.frame(emit: context.post)
        deliver()
    }
}
