/// A platform-neutral input event, as the window core consumes it.
///
/// Backends (the Wayland seat, `HeadlessWindow`, an app's own backend) translate their events into these,
/// stamped with the window clock, and hand them to the window one at a time. Touch events that arrive in one
/// protocol frame are followed by one `.touchFrame`; the core treats the frame as the moment to act on them.
/// Coordinates are window coordinates in points. The enum carries no references, so producing one never
/// allocates.
public enum InputEvent: Sendable, Equatable {
    /// A finger touched down.
    case touchDown(id: Int, location: Point, timestamp: Duration)
    /// A finger moved.
    case touchMotion(id: Int, location: Point, timestamp: Duration)
    /// A finger lifted.
    case touchUp(id: Int, timestamp: Duration)
    /// The end of a group of touch events that belong together (`wl_touch.frame`).
    case touchFrame(timestamp: Duration)
    /// The compositor took every active touch away (`wl_touch.cancel`, or the touch capability went away).
    case touchCancel(timestamp: Duration)
    /// The pointer entered the window at a location.
    case pointerEnter(location: Point, timestamp: Duration)
    /// The pointer left the window.
    case pointerLeave(timestamp: Duration)
    /// The pointer moved.
    case pointerMotion(location: Point, timestamp: Duration)
    /// A button was pressed or released.
    case pointerButton(PointerButton, pressed: Bool, timestamp: Duration)
    /// A scroll step (one pointer frame's worth).
    case axis(AxisEvent)
    /// A key was pressed or released (`isRepeat` for key repeat generated from the seat's repeat_info).
    case key(Key, pressed: Bool, modifiers: KeyModifiers, isRepeat: Bool, timestamp: Duration)
    /// The keyboard focus entered (true) or left (false) the window.
    case keyboardFocus(Bool)
    /// The modifier keys held from now on (`wl_keyboard.modifiers`): wheel events and keys see them (Ctrl +
    /// wheel zooms).
    case keyboardModifiers(KeyModifiers)
    /// A touchpad pinch began with `fingers` fingers (`zwp_pointer_gesture_pinch_v1.begin`), at the pointer.
    case pointerPinchBegin(fingers: Int, timestamp: Duration)
    /// The pinch changed: the centroid moved by `dx`, `dy` (points, since the last update), `scale` is the
    /// cumulative scale since the begin (1 = unchanged), `rotation` degrees clockwise since the last update.
    case pointerPinchUpdate(dx: Double, dy: Double, scale: Double, rotation: Double, timestamp: Duration)
    /// The pinch ended; `cancelled` when it was cancelled (the zoom returns to where it began).
    case pointerPinchEnd(cancelled: Bool, timestamp: Duration)

    /// The event's time on the window clock, when it has one.
    public var timestamp: Duration? {
        switch self {
        case .touchDown(_, _, let t), .touchMotion(_, _, let t), .touchUp(_, let t), .touchFrame(let t),
             .touchCancel(let t), .pointerEnter(_, let t), .pointerLeave(let t), .pointerMotion(_, let t),
             .pointerButton(_, _, let t), .key(_, _, _, _, let t), .pointerPinchBegin(_, let t),
             .pointerPinchUpdate(_, _, _, _, let t), .pointerPinchEnd(_, let t):
            return t
        case .axis(let e):
            return e.timestamp
        case .keyboardFocus, .keyboardModifiers:
            return nil
        }
    }
}
