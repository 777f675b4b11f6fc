internal import CGtk4

/// Pointer: hover (enter, motion with its history, leave) and the left, middle and right buttons; the cursor the
/// hovered view asks for.
extension GtkViewHost {
    /// Tells the core the pointer is at `point`: an enter the first time, a motion after that. A button or scroll
    /// event repeats the pointer's position; only a real change is a motion (a repeated position would read as the
    /// pointer resting before a release).
    func pointerAt(_ point: Point, time: Duration) {
        if pointerInside {
            guard point != pointerLocation else { return }
            pointerLocation = point
            core.handle(.pointerMotion(location: point, timestamp: time))
        } else {
            pointerLocation = point
            pointerInside = true
            core.handle(.pointerEnter(location: point, timestamp: time))
        }
    }

    /// The pointer left the widget (GtkEventControllerMotion's leave). While a button is held GTK keeps sending
    /// motion to the widget (an implicit grab), so a drag that leaves the widget goes on.
    func pointerLeft() {
        guard pointerInside else { return }
        pointerInside = false
        pointerLocation = nil
        core.handle(.pointerLeave(timestamp: clock.now))
    }

    func handlePointer(_ event: OpaquePointer, type: GdkEventType) {
        let time = clock.eventTime(gdk_event_get_time(event))
        if type == GDK_MOTION_NOTIFY {
            replayHistory(of: event) { point, t in pointerAt(point, time: t) }
            if let point = location(event) { pointerAt(point, time: time) }
            return
        }
        let button: PointerButton
        switch gdk_button_event_get_button(event) {
        case 1: button = .left
        case 2: button = .middle
        case 3: button = .right
        default: return
        }
        if let point = location(event) { pointerAt(point, time: time) }
        core.handle(.pointerButton(button, pressed: type == GDK_BUTTON_PRESS, timestamp: time))
    }

    /// Shows `cursor` over the widget, by its CSS cursor name (the names every GDK backend knows).
    func showCursor(_ cursor: Cursor) {
        gtk_widget_set_cursor_from_name(area, GtkViewHost.cursorName(cursor))
    }

    /// The CSS name of the GDK cursor for `cursor`.
    static func cursorName(_ cursor: Cursor) -> String {
        switch cursor {
        case .arrow: "default"
        case .hand: "pointer"
        case .text: "text"
        case .crosshair: "crosshair"
        case .grab: "grab"
        case .grabbing: "grabbing"
        case .notAllowed: "not-allowed"
        }
    }
}
