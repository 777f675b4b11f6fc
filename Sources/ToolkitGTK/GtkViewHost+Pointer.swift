internal import CGtk4
internal import CToolkitGTK

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

    /// GtkEventControllerMotion's enter. GTK 4's Wayland backend also moves a pointer of the touchscreen's own to
    /// a first touch (and never takes it out again), and the signal does not say which pointer crossed: a finger
    /// must not hover (it would show and widen the bars under it, and the tap would go to the bar), so only the
    /// seat's pointer counts, where it really is.
    ///
    /// A finger's crossing leaves the controller believing a pointer is inside, so that the seat's pointer coming
    /// in later would cross unseen: the controller is replaced by a new one, once GTK is done with this crossing.
    func crossingEntered() {
        var x = 0.0
        var y = 0.0
        guard tgtk_pointer_over_widget(area, &x, &y) != 0 else {
            scheduleMotionRenewal()
            return
        }
        pointerAt(Point(x: x, y: y), time: clock.now)
    }

    private func scheduleMotionRenewal() {
        guard isAttached, motionRenewalID == 0 else { return }
        motionRenewalID = g_idle_add_full(
            G_PRIORITY_HIGH_IDLE,
            { data in
                GtkViewHost.with(data) { $0.renewMotionController() }
                return 0  // G_SOURCE_REMOVE
            }, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    private func renewMotionController() {
        motionRenewalID = 0
        guard isAttached, let old = motionController else { return }
        remove(old)
        addMotionController(context: Unmanaged.passUnretained(self).toOpaque())
    }

    /// Removes a pending renewal of the crossings' controller (detach).
    func cancelMotionRenewal() {
        if motionRenewalID != 0 { g_source_remove(motionRenewalID) }
        motionRenewalID = 0
    }

    /// GtkEventControllerMotion's leave: a leave unless the seat's pointer is still over the widget (a finger's
    /// pointer left for another surface).
    func crossingLeft() {
        guard tgtk_pointer_over_widget(area, nil, nil) == 0 else { return }
        pointerLeft()
    }

    /// The pointer left the widget. While a button is held GTK keeps sending motion to the widget (an implicit
    /// grab), so a drag that leaves the widget goes on.
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
