internal import CGtk4

/// Touch: one core touch id per `GdkEventSequence`. GTK does not group touch events into frames as Wayland does,
/// so each event is followed by a `.touchFrame`. GDK 4.8 compresses pointer motion only (its motion history is
/// replayed in +Pointer): every touch update arrives on its own, with its own time, and
/// `gdk_event_get_history` refuses touch events.
extension GtkViewHost {
    func handleTouch(_ event: OpaquePointer, type: GdkEventType) {
        guard let sequence = gdk_event_get_event_sequence(event) else { return }
        let time = clock.eventTime(gdk_event_get_time(event))
        switch type {
        case GDK_TOUCH_BEGIN:
            guard let point = location(event) else { return }
            let id = touches.begin(sequence, at: point)
            core.handle(.touchDown(id: id, location: point, timestamp: time))
        case GDK_TOUCH_UPDATE:
            guard let id = touches.id(of: sequence) else { return }
            guard let point = location(event), point != touches.location(of: sequence) else { return }
            touches.move(sequence, to: point)
            core.handle(.touchMotion(id: id, location: point, timestamp: time))
        case GDK_TOUCH_END:
            guard let id = touches.id(of: sequence) else { return }
            // GTK repeats the last position in the end event: a motion only if the finger really moved (a
            // repeated position would read as the finger resting before it lifts, and stop a fling).
            if let point = location(event), point != touches.location(of: sequence) {
                core.handle(.touchMotion(id: id, location: point, timestamp: time))
            }
            touches.end(sequence)
            core.handle(.touchUp(id: id, timestamp: time))
        default:  // GDK_TOUCH_CANCEL
            guard touches.id(of: sequence) != nil else { return }
            cancelTouches(at: time)
            return
        }
        core.handle(.touchFrame(timestamp: time))
    }

    /// Another widget's gesture took `sequence` (a `GtkScrolledWindow` that claimed it before the host could, a
    /// popover's grab): the host gets no more of its events, so the core's touches end, cancelled.
    func touchTakenAway(_ sequence: OpaquePointer) {
        guard touches.id(of: sequence) != nil else { return }
        cancelTouches(at: clock.now)
    }

    /// GTK cancels one sequence at a time; the core's cancel takes every touch away (as `wl_touch.cancel` does).
    func cancelTouches(at time: Duration) {
        touches.removeAll()
        core.handle(.touchCancel(timestamp: time))
    }
}
