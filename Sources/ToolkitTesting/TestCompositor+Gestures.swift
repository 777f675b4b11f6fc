import Toolkit

// Touchpad gestures (zwp_pointer_gestures_v1 v3, always offered). A pinch's events go to the pinch objects
// (`get_pinch_gesture`) of the pointers of the active toplevel's client, for its surface, stamped with the
// compositor clock in milliseconds. Like a button, a pinch event enters first (at the last position, followed by
// `wl_pointer.frame` for pointers of v5+) when the pointer is not on the active toplevel. Nothing checks that begin, update and end come in order: a test may send
// them in any order to see how a client copes. An event with no mapped toplevel, without the pointer capability,
// or for a client without a pinch object is dropped and counted in `droppedInputEventCount`.
//
// Swipe and hold gesture objects can be made too; they receive no events.

extension TestCompositor {
    /// `zwp_pointer_gesture_pinch_v1.begin` with a new serial, the active toplevel's surface and `fingers`
    /// (negative values are sent as 0): a touchpad pinch begins at the pointer's location.
    public func pointerPinchBegin(fingers: Int) { perform { $0.pointerPinchBegin(fingers: fingers) } }

    /// `zwp_pointer_gesture_pinch_v1.update`: the fingers' centroid moved by `dx`, `dy` (surface points, since the
    /// last update), `scale` is the cumulative scale since the begin (1 = unchanged) and `rotation` the degrees
    /// turned clockwise since the last update. Sent as wl_fixed (1/256 steps): NaN becomes 0, values beyond
    /// +-8388607 clamp.
    public func pointerPinchUpdate(dx: Double, dy: Double, scale: Double, rotation: Double) {
        perform { $0.pointerPinchUpdate(dx: dx, dy: dy, scale: scale, rotation: rotation) }
    }

    /// `zwp_pointer_gesture_pinch_v1.end` with a new serial; `cancelled` when the compositor cancelled the pinch
    /// (the client should return to where it began).
    public func pointerPinchEnd(cancelled: Bool) { perform { $0.pointerPinchEnd(cancelled: cancelled) } }

    /// The `zwp_pointer_gesture_pinch_v1` objects alive, of every client (a client that releases its pointer
    /// should destroy the pinch object it made for it).
    public var pinchGestureCount: Int { perform { $0.pinchGestures.count } }
}
