import CWayland

/// A `wl_seat`: its capabilities come and go at runtime (a mouse plugged in, a virtual keyboard created),
/// and the pointer, keyboard and touch devices are created and released to match. Losing the touch
/// capability while a finger is down cancels the touch (`.touchCancel`).
@MainActor
final class WaylandSeat {
    /// The registry name of the seat global (for `global_remove`).
    let globalName: UInt32
    private(set) var proxy: OpaquePointer?
    /// The bound version (devices share it).
    let version: UInt32
    /// The seat's name (`wl_seat.name`, v2), for diagnostics.
    private(set) var name = ""
    private(set) var pointer: WaylandPointer?
    private(set) var keyboard: WaylandKeyboard?
    private(set) var touch: WaylandTouchDevice?
    private let context: WaylandInputContext

    private static let listener: UnsafeMutablePointer<wl_seat_listener> = {
        let listener = UnsafeMutablePointer<wl_seat_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_seat_listener(
                capabilities: { data, _, capabilities in
                    WaylandSeat.with(data) { $0.update(capabilities: capabilities) }
                },
                name: { data, _, name in
                    guard let name else { return }
                    let text = String(cString: name)
                    WaylandSeat.with(data) { $0.name = text }
                }))
        return listener
    }()

    private nonisolated static func with(_ data: UnsafeMutableRawPointer?, _ body: @MainActor (WaylandSeat) -> Void) {
        guard let data else { return }
        let seat = Unmanaged<WaylandSeat>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { body(seat) }
    }

    /// Wraps a bound seat.
    init(proxy: OpaquePointer, version: UInt32, globalName: UInt32, context: WaylandInputContext) {
        self.proxy = proxy
        self.version = version
        self.globalName = globalName
        self.context = context
        wl_seat_add_listener(proxy, WaylandSeat.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Matches the devices to `capabilities`. A capability that vanished is released at once (its proxy
    /// would only produce errors); one that appeared gets a fresh device, whose keymap / repeat info /
    /// enter arrive as new events.
    private func update(capabilities: UInt32) {
        guard let proxy else { return }
        let hasPointer = capabilities & WL_SEAT_CAPABILITY_POINTER.rawValue != 0
        let hasKeyboard = capabilities & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0
        let hasTouch = capabilities & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0
        if hasPointer, pointer == nil {
            pointer = WaylandPointer(seat: proxy, context: context)
        } else if !hasPointer, let device = pointer {
            pointer = nil
            device.release()
        }
        if hasKeyboard, keyboard == nil {
            keyboard = WaylandKeyboard(seat: proxy, context: context)
        } else if !hasKeyboard, let device = keyboard {
            keyboard = nil
            device.release()
        }
        if hasTouch, touch == nil {
            touch = WaylandTouchDevice(seat: proxy, context: context)
        } else if !hasTouch, let device = touch {
            touch = nil
            device.release()
        }
    }

    /// Releases the devices and the seat (the global went away, or teardown).
    func release() {
        // Devices first: they are created from the seat and their release requests need it alive.
        update(capabilities: 0)
        guard let proxy else { return }
        self.proxy = nil
        if version >= 5 { wl_seat_release(proxy) } else { wl_seat_destroy(proxy) }
    }
}
