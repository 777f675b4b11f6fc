import CWayland

/// A pointer's touchpad pinch (`zwp_pointer_gesture_pinch_v1`, from `zwp_pointer_gestures_v1.get_pinch_gesture`):
/// begin / update / end in, `.pointerPinchBegin` / `.pointerPinchUpdate` / `.pointerPinchEnd` out, with times
/// mapped onto the window clock like the pointer's and the wl_fixed values as `Double`s (dx, dy in points,
/// scale cumulative since the begin, rotation in degrees since the last update).
///
/// Pairing rules for a buggy compositor: a begin on a surface that is not the window's is not for the window
/// (and ends, cancelled, a pinch the window was in); an update or end without a begin on the window is dropped.
/// A pinch that can no longer end by itself (the pointer left the window or went away) is ended, cancelled, by
/// `cancel()`, so the core never waits for an end that will not come.
///
/// Pinch events are not part of `wl_pointer.frame`: each one reaches the core at once, after whatever the pointer
/// still held for a frame that never ended (`endPointerFrame`), so that the pinch begins where the pointer is.
@MainActor
final class WaylandPinchGesture {
    private(set) var proxy: OpaquePointer?
    /// True between a begin on the window's surface and the end.
    private(set) var isActive = false
    private let context: WaylandInputContext
    /// Delivers what the pointer gathered since its last `wl_pointer.frame` (a gesture event ends that frame).
    var endPointerFrame: (() -> Void)?

    private static let listener: UnsafeMutablePointer<zwp_pointer_gesture_pinch_v1_listener> = {
        let listener = UnsafeMutablePointer<zwp_pointer_gesture_pinch_v1_listener>.allocate(capacity: 1)
        listener.initialize(
            to: zwp_pointer_gesture_pinch_v1_listener(
                begin: { data, _, _, time, surface, fingers in
                    let address = UInt(bitPattern: surface)
                    WaylandPinchGesture.with(data) { $0.begin(time: time, surface: address, fingers: fingers) }
                },
                update: { data, _, time, dx, dy, scale, rotation in
                    WaylandPinchGesture.with(data) {
                        $0.update(time: time, dx: dx, dy: dy, scale: scale, rotation: rotation)
                    }
                },
                end: { data, _, _, time, cancelled in
                    WaylandPinchGesture.with(data) { $0.end(time: time, cancelled: cancelled != 0) }
                }))
        return listener
    }()

    private nonisolated static func with(
        _ data: UnsafeMutableRawPointer?,
        _ body: @MainActor (WaylandPinchGesture) -> Void
    ) {
        guard let data else { return }
        let gesture = Unmanaged<WaylandPinchGesture>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { body(gesture) }
    }

    /// The pinch gesture of `pointer` (a `wl_pointer` proxy), from the bound `zwp_pointer_gestures_v1`.
    init?(manager: OpaquePointer, pointer: OpaquePointer, context: WaylandInputContext) {
        guard let proxy = zwp_pointer_gestures_v1_get_pinch_gesture(manager, pointer) else { return nil }
        self.proxy = proxy
        self.context = context
        zwp_pointer_gesture_pinch_v1_add_listener(
            proxy, WaylandPinchGesture.listener,
            Unmanaged.passUnretained(self).toOpaque())
    }

    /// Ends a pinch in progress, cancelled, now (queued: the caller flushes the context). Nothing otherwise.
    func cancel() {
        guard isActive else { return }
        isActive = false
        context.post(.pointerPinchEnd(cancelled: true, timestamp: context.now))
    }

    /// Cancels a pinch in progress and destroys the object (before its pointer is released).
    func destroy() {
        endPointerFrame = nil
        cancel()
        context.flush()
        guard let proxy else { return }
        self.proxy = nil
        zwp_pointer_gesture_pinch_v1_destroy(proxy)
    }

    // MARK: - Events

    private func begin(time: UInt32, surface: UInt, fingers: UInt32) {
        guard surface != 0, surface == context.windowSurface else {
            cancel()
            context.flush()
            return
        }
        endPointerFrame?()
        // A second begin without an end: the core ends the first pinch (cancelled) by itself.
        isActive = true
        context.post(.pointerPinchBegin(fingers: Int(fingers), timestamp: context.eventTime(time)))
        context.flush()
    }

    private func update(time: UInt32, dx: wl_fixed_t, dy: wl_fixed_t, scale: wl_fixed_t, rotation: wl_fixed_t) {
        guard isActive else { return }
        endPointerFrame?()
        context.post(
            .pointerPinchUpdate(
                dx: wl_fixed_to_double(dx), dy: wl_fixed_to_double(dy),
                scale: wl_fixed_to_double(scale), rotation: wl_fixed_to_double(rotation),
                timestamp: context.eventTime(time)))
        context.flush()
    }

    private func end(time: UInt32, cancelled: Bool) {
        guard isActive else { return }
        isActive = false
        endPointerFrame?()
        context.post(.pointerPinchEnd(cancelled: cancelled, timestamp: context.eventTime(time)))
        context.flush()
    }
}
