import CWayland

/// A seat's touch device (`wl_touch`): protocol events in, `InputEvent`s out, buffered per `wl_touch.frame`
/// by `TouchFrameBuffer` (which also flushes at the last up, for Weston 10). Named `WaylandTouchDevice`
/// because `Touch` is the toolkit's finger.
@MainActor
final class WaylandTouchDevice {
    private(set) var proxy: OpaquePointer?
    /// The version the device was created at (the seat's).
    let version: UInt32
    private var buffer = TouchFrameBuffer()
    private let context: WaylandInputContext

    private static let listener: UnsafeMutablePointer<wl_touch_listener> = {
        let listener = UnsafeMutablePointer<wl_touch_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_touch_listener(
                down: { data, _, _, time, surface, id, x, y in
                    let address = UInt(bitPattern: surface)
                    WaylandTouchDevice.with(data) { device in
                        // A finger on another surface (or one already destroyed: NULL) is not the window's; its
                        // later motion and up are then dropped too, as for any id that is not down.
                        guard address != 0, address == device.context.windowSurface else { return }
                        device.down(time: time, id: id, x: x, y: y)
                    }
                },
                up: { data, _, _, time, id in
                    WaylandTouchDevice.with(data) { $0.up(time: time, id: id) }
                },
                motion: { data, _, time, id, x, y in
                    WaylandTouchDevice.with(data) { $0.motion(time: time, id: id, x: x, y: y) }
                },
                frame: { data, _ in
                    WaylandTouchDevice.with(data) { $0.frame() }
                },
                cancel: { data, _ in
                    WaylandTouchDevice.with(data) { $0.cancel() }
                },
                // Contact shape and orientation (v6) are not used; the slots must still be filled.
                shape: { _, _, _, _, _ in },
                orientation: { _, _, _, _ in }))
        return listener
    }()

    private nonisolated static func with(
        _ data: UnsafeMutableRawPointer?,
        _ body: @MainActor (WaylandTouchDevice) -> Void
    ) {
        guard let data else { return }
        let device = Unmanaged<WaylandTouchDevice>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { body(device) }
    }

    /// Gets the seat's touch device.
    init?(seat: OpaquePointer, context: WaylandInputContext) {
        guard let proxy = wl_seat_get_touch(seat) else { return nil }
        self.proxy = proxy
        self.context = context
        version = wl_proxy_get_version(proxy)
        wl_touch_add_listener(proxy, WaylandTouchDevice.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Whether a finger is down.
    var hasActiveTouches: Bool { buffer.hasActiveTouches }

    /// Releases the device. Fingers still down are cancelled (`.touchCancel`): the capability went away
    /// mid-touch and no up will ever come.
    func release() {
        buffer.deviceRemoved(timestamp: context.now, emit: context.post)
        context.flush()
        guard let proxy else { return }
        self.proxy = nil
        if version >= 3 { wl_touch_release(proxy) } else { wl_touch_destroy(proxy) }
    }

    // MARK: - Events

    private static func point(_ x: wl_fixed_t, _ y: wl_fixed_t) -> Point {
        Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
    }

    // Touch ids are Int32 on the wire; the toolkit's `Int` holds every value, and ids are only compared. The
    // pointer's emulated touch (`WindowCore.pointerTouchID`) lies outside Int32, so no wire id can collide with it.
    private func down(time: UInt32, id: Int32, x: wl_fixed_t, y: wl_fixed_t) {
        buffer.down(
            id: Int(id), location: WaylandTouchDevice.point(x, y), timestamp: context.eventTime(time),
            emit: context.post)
        context.flush()
    }

    private func up(time: UInt32, id: Int32) {
        buffer.up(id: Int(id), timestamp: context.eventTime(time), emit: context.post)
        context.flush()
    }

    private func motion(time: UInt32, id: Int32, x: wl_fixed_t, y: wl_fixed_t) {
        buffer.motion(
            id: Int(id), location: WaylandTouchDevice.point(x, y), timestamp: context.eventTime(time),
            emit: context.post)
        context.flush()
    }

    private func frame() {
        buffer.frame(emit: context.post)
        context.flush()
    }

    private func cancel() {
        // `cancel` carries no time: the compositor took the touches away now.
        buffer.cancel(timestamp: context.now, emit: context.post)
        context.flush()
    }
}
