internal import CGtk4

/// Scrolling and pinching: wheel, touchpad and continuous scroll events, and touchpad pinches.
///
/// GTK's kinetic scrolling (`GTK_EVENT_CONTROLLER_SCROLL_KINETIC`) is never asked for: the raw events reach the
/// core, whose container runs its own deceleration after the touchpad's stop event.
extension GtkViewHost {
    func handleScroll(_ event: OpaquePointer) {
        let time = clock.eventTime(gdk_event_get_time(event))
        if let point = location(event) { pointerAt(point, time: time) }
        let touchpad = gdk_event_get_device(event).map { gdk_device_get_source($0) == GDK_SOURCE_TOUCHPAD } ?? false
        let fingers: AxisSource = touchpad ? .finger : .continuous
        switch gdk_scroll_event_get_direction(event) {
        case GDK_SCROLL_SMOOTH:
            var dx = 0.0
            var dy = 0.0
            gdk_scroll_event_get_deltas(event, &dx, &dy)
            if gdk_scroll_event_is_stop(event) != 0 {
                // The fingers left the touchpad: the container decides whether to fling.
                core.handle(
                    .axis(
                        AxisEvent(
                            source: fingers, dx: 0, dy: 0, stopHorizontal: true,
                            stopVertical: true, timestamp: time)))
            } else if gdk_scroll_event_get_unit(event) == GDK_SCROLL_UNIT_WHEEL {
                // Wheel deltas are in detents, fractions of one from a high-resolution wheel: 120 units each.
                core.handle(.axis(AxisEvent(source: .wheel, dx: dx * 120, dy: dy * 120, timestamp: time)))
            } else {
                // GDK_SCROLL_UNIT_SURFACE: surface pixels, which are the widget's points.
                core.handle(.axis(AxisEvent(source: fingers, dx: dx, dy: dy, timestamp: time)))
            }
        case GDK_SCROLL_UP:
            core.handle(.axis(AxisEvent(source: .wheel, dx: 0, dy: -120, timestamp: time)))
        case GDK_SCROLL_DOWN:
            core.handle(.axis(AxisEvent(source: .wheel, dx: 0, dy: 120, timestamp: time)))
        case GDK_SCROLL_LEFT:
            core.handle(.axis(AxisEvent(source: .wheel, dx: -120, dy: 0, timestamp: time)))
        case GDK_SCROLL_RIGHT:
            core.handle(.axis(AxisEvent(source: .wheel, dx: 120, dy: 0, timestamp: time)))
        default:
            break
        }
    }

    /// A touchpad pinch (GDK_TOUCHPAD_PINCH, from `zwp_pointer_gesture_pinch_v1` on Wayland): begin, update,
    /// end and cancel become the core's pinch events, at the pointer's position. GDK gives the centroid's motion
    /// in surface pixels (points), the scale since the begin, and the angle's change in radians (counter-clockwise
    /// negative); the core takes degrees clockwise.
    func handlePinch(_ event: OpaquePointer) {
        let time = clock.eventTime(gdk_event_get_time(event))
        switch gdk_touchpad_event_get_gesture_phase(event) {
        case GDK_TOUCHPAD_GESTURE_PHASE_BEGIN:
            if let point = location(event) { pointerAt(point, time: time) }
            pinching = true
            core.handle(.pointerPinchBegin(fingers: Int(gdk_touchpad_event_get_n_fingers(event)), timestamp: time))
        case GDK_TOUCHPAD_GESTURE_PHASE_UPDATE:
            guard pinching else { return }
            var dx = 0.0
            var dy = 0.0
            gdk_touchpad_event_get_deltas(event, &dx, &dy)
            let degrees = gdk_touchpad_event_get_pinch_angle_delta(event) * 180 / .pi
            core.handle(
                .pointerPinchUpdate(
                    dx: dx, dy: dy, scale: gdk_touchpad_event_get_pinch_scale(event),
                    rotation: degrees, timestamp: time))
        case GDK_TOUCHPAD_GESTURE_PHASE_END:
            guard pinching else { return }
            pinching = false
            core.handle(.pointerPinchEnd(cancelled: false, timestamp: time))
        default:  // GDK_TOUCHPAD_GESTURE_PHASE_CANCEL
            guard pinching else { return }
            pinching = false
            core.handle(.pointerPinchEnd(cancelled: true, timestamp: time))
        }
    }
}
