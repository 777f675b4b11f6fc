internal import CGtk4
internal import CToolkitGTK

#if canImport(Glibc)
    internal import Glibc
#endif

/// The event controllers a host adds to its widget, and the dispatch of GDK's events to the core.
///
/// - One `GtkEventControllerLegacy` sees every event the widget gets, unprocessed: touches, scrolls (no
///   `GtkEventControllerScroll` anywhere, so no kinetic flag: the container's own deceleration runs), touchpad
///   pinches, pointer motion and buttons, keys. It is the only way to reach GDK's motion history and per-event
///   device data in GTK 4.8.
/// - A `GtkEventControllerMotion` gives the crossings (GTK 4 hands those to motion controllers only), the
///   pointer's and, in GTK 4's Wayland backend, a first touch's too: +Pointer keeps only the seat's pointer.
/// - A `GtkEventControllerFocus` says when the widget gains and loses the keyboard focus.
/// - A touch-only `GtkGestureDrag` claims every touch sequence the widget gets at its begin and, while
///   `deniesTouchesToAncestors` holds, denies it to the ancestors' gestures that have not decided yet, so that a
///   `GtkScrolledWindow` (whose capture-phase drag gesture would claim the finger at GTK's drag threshold) does not
///   take a finger the host follows; its `cancel` is how the host learns that something took a finger anyway.
extension GtkViewHost {
    func addControllers(context: UnsafeMutableRawPointer) {
        let legacy = gtk_event_controller_legacy_new()!
        connect(
            UnsafeMutableRawPointer(legacy),
            tgtk_connect_event(
                UnsafeMutableRawPointer(legacy),
                { _, event, data in
                    guard let event else { return 0 }
                    var used = false
                    GtkViewHost.with(data) { used = $0.handle(event) }
                    return used ? 1 : 0
                }, context))
        add(legacy)

        addMotionController(context: context)

        let focus = gtk_event_controller_focus_new()!
        connect(
            UnsafeMutableRawPointer(focus),
            tgtk_connect_simple(
                UnsafeMutableRawPointer(focus), "enter",
                { _, data in
                    GtkViewHost.with(data) { $0.keyboardFocusChanged(true) }
                }, context))
        connect(
            UnsafeMutableRawPointer(focus),
            tgtk_connect_simple(
                UnsafeMutableRawPointer(focus), "leave",
                { _, data in
                    GtkViewHost.with(data) { $0.keyboardFocusChanged(false) }
                }, context))
        add(focus)

        // A widget runs its controllers newest first and stops at the first non-gesture controller that used the
        // event (the legacy one uses every touch): the claim gesture comes last so that it runs first.
        let claim = gtk_gesture_drag_new()!
        gtk_gesture_single_set_touch_only(claim, 1)
        connect(
            UnsafeMutableRawPointer(claim),
            tgtk_connect_sequence(
                UnsafeMutableRawPointer(claim), "begin",
                { gesture, sequence, data in
                    guard let gesture, let sequence else { return }
                    _ = gtk_gesture_set_sequence_state(OpaquePointer(gesture), sequence, GTK_EVENT_SEQUENCE_CLAIMED)
                    GtkViewHost.with(data) { host in
                        if host.deniesTouchesToAncestors { _ = tgtk_deny_sequence_to_ancestors(host.area, sequence) }
                    }
                }, context))
        connect(
            UnsafeMutableRawPointer(claim),
            tgtk_connect_sequence(
                UnsafeMutableRawPointer(claim), "cancel",
                { _, sequence, data in
                    guard let sequence else { return }
                    GtkViewHost.with(data) { $0.touchTakenAway(sequence) }
                }, context))
        add(claim)
    }

    /// The crossings' controller (`motionController`). Its signals do not say which pointer crossed: +Pointer asks.
    func addMotionController(context: UnsafeMutableRawPointer) {
        let motion = gtk_event_controller_motion_new()!
        connect(
            UnsafeMutableRawPointer(motion),
            tgtk_connect_point(
                UnsafeMutableRawPointer(motion), "enter",
                { _, x, y, data in
                    if GtkViewHost.traces { GtkViewHost.printError("ToolkitGTK crossing in at \(x) \(y)") }
                    GtkViewHost.with(data) { $0.crossingEntered() }
                }, context))
        connect(
            UnsafeMutableRawPointer(motion),
            tgtk_connect_simple(
                UnsafeMutableRawPointer(motion), "leave",
                { _, data in
                    if GtkViewHost.traces { GtkViewHost.printError("ToolkitGTK crossing out") }
                    GtkViewHost.with(data) { $0.crossingLeft() }
                }, context))
        add(motion)
        motionController = motion
    }

    /// Takes `controller` off the widget again (the widget drops it, and with it its handlers).
    func remove(_ controller: OpaquePointer) {
        let instance = UnsafeMutableRawPointer(controller)
        handlers.removeAll { $0.instance == instance }
        controllers.removeAll { $0 == controller }
        gtk_widget_remove_controller(area, controller)
    }

    private func add(_ controller: OpaquePointer) {
        gtk_widget_add_controller(area, controller)  // the widget takes the controller's only reference
        controllers.append(controller)
    }

    /// Translates one GDK event; true when it was used (GTK then stops propagating it).
    func handle(_ event: OpaquePointer) -> Bool {
        let type = gdk_event_get_event_type(event)
        if GtkViewHost.traces { trace(event, type: type) }
        switch type {
        case GDK_TOUCH_BEGIN, GDK_TOUCH_UPDATE, GDK_TOUCH_END, GDK_TOUCH_CANCEL:
            updateModifiers(event)
            handleTouch(event, type: type)
            if type == GDK_TOUCH_BEGIN { takeFocus() }
            return true
        case GDK_SCROLL:
            updateModifiers(event)
            handleScroll(event)
            return true
        case GDK_TOUCHPAD_PINCH:
            handlePinch(event)
            return true
        case GDK_MOTION_NOTIFY, GDK_BUTTON_PRESS, GDK_BUTTON_RELEASE:
            // GTK 4 marks the pointer events it emulates from the first finger: the touches themselves arrive. A
            // finger is not a pointer: nothing from a touchscreen hovers or clicks.
            guard gdk_event_get_pointer_emulated(event) == 0, !isFromTouchscreen(event) else { return false }
            updateModifiers(event)
            handlePointer(event, type: type)
            if type == GDK_BUTTON_PRESS { takeFocus() }
            return true
        case GDK_KEY_PRESS, GDK_KEY_RELEASE:
            updateModifiers(event)
            return handleKey(event, pressed: type == GDK_KEY_PRESS)
        default:
            return false
        }
    }

    /// Whether a touchscreen sent `event` (its device, or the physical device behind it).
    private func isFromTouchscreen(_ event: OpaquePointer) -> Bool {
        guard let device = gdk_event_get_device(event) else { return false }
        return gdk_device_get_source(device) == GDK_SOURCE_TOUCHSCREEN
    }

    /// An event's position in the widget, in points.
    func location(_ event: OpaquePointer) -> Point? {
        var sx = 0.0
        var sy = 0.0
        guard gdk_event_get_position(event, &sx, &sy) != 0 else { return nil }
        return widgetPoint(sx, sy)
    }

    /// A point of the widget's surface (where GDK events are) in the widget, wherever it sits in its window:
    /// boxes, `GtkFixed`, a scrolled viewport, client-side decorations.
    func widgetPoint(_ sx: Double, _ sy: Double) -> Point? {
        var wx = 0.0
        var wy = 0.0
        guard tgtk_surface_to_widget(area, sx, sy, &wx, &wy) != 0, wx.isFinite, wy.isFinite else { return nil }
        return Point(x: wx, y: wy)
    }

    /// The positions GDK folded into a compressed pointer motion, oldest first, with their own times (GDK 4.8
    /// keeps a history for motion and scroll events only).
    func replayHistory(of event: OpaquePointer, _ body: (Point, Duration) -> Void) {
        var count: guint = 0
        guard let history = gdk_event_get_history(event, &count), count > 0 else { return }
        defer { g_free(history) }
        for i in 0..<Int(count) {
            let entry = history[i]
            // axes.1 and axes.2 are GDK_AXIS_X and GDK_AXIS_Y, in surface coordinates.
            guard let point = widgetPoint(entry.axes.1, entry.axes.2) else { continue }
            body(point, clock.eventTime(entry.time))
        }
    }

    /// One line on stderr, unbuffered.
    nonisolated static func printError(_ message: String) {
        let line = message + "\n"
        _ = line.utf8CString.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
    }

    /// Takes the keyboard focus on a click or touch (GTK gives it on click only to widgets that ask).
    private func takeFocus() {
        if gtk_widget_has_focus(area) == 0 { _ = gtk_widget_grab_focus(area) }
    }

    private func trace(_ event: OpaquePointer, type: GdkEventType) {
        var x = 0.0
        var y = 0.0
        _ = gdk_event_get_position(event, &x, &y)
        var line = "ToolkitGTK event \(type.rawValue) time \(gdk_event_get_time(event)) at \(x) \(y)"
        if let point = location(event) { line += " widget \(point.x) \(point.y)" }
        if type == GDK_SCROLL {
            var dx = 0.0
            var dy = 0.0
            gdk_scroll_event_get_deltas(event, &dx, &dy)
            line +=
                " scroll direction \(gdk_scroll_event_get_direction(event).rawValue)"
                + " unit \(gdk_scroll_event_get_unit(event).rawValue) deltas \(dx) \(dy)"
                + " stop \(gdk_scroll_event_is_stop(event))"
        }
        GtkViewHost.printError(line)
    }
}
