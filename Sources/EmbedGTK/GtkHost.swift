import CEmbedGTK
import CGtk4
import ToolkitCore
#if canImport(Glibc)
import Glibc
#endif

/// Hosts a `WindowCore` in a GtkDrawingArea: GTK's events become `InputEvent`s, GTK's frame clock drives
/// `prepareFrame(at:)`, GLib timeouts fire the core's timers, and the core draws into a cairo image surface that the
/// draw function paints.
///
/// - Input: one GtkEventControllerLegacy sees every event the area gets, unprocessed: touches (one GdkEventSequence
///   per finger, each event followed by a touch frame since GTK does not group them), scrolls (no kinetic flag
///   anywhere: the container's own deceleration runs; wheel deltas in detents become 120 units each, touchpad
///   deltas are points with `.finger`, and the touchpad's stop event is an axis stop), pointer motion and buttons
///   (those GTK emulates from touches are skipped, the touches themselves arrive), keys. GTK compresses motion: the
///   history GDK keeps for a compressed event is replayed first, with its own times.
/// - Time: one clock, `EventClock` (CLOCK_MONOTONIC through g_get_monotonic_time, the frame clock's too).
/// - Frames: `onNeedsFrame` adds a tick callback; each tick fires due timers, runs `prepareFrame(at:)` at the frame
///   clock's time and queues a draw; the tick removes itself once the core needs no frame.
/// - Pixels: an ARGB32 cairo image surface (premultiplied, native endian: pixman's a8r8g8b8) of the area's size
///   times its scale factor, kept between frames because the core draws only damage. A new surface (size or scale
///   changed) comes with `resize`, which damages the whole window.
@MainActor
final class GtkHost {
    let core: WindowCore
    let list: DemoList
    private let area: UnsafeMutablePointer<GtkWidget>
    private var clock = EventClock()
    private var surface: OpaquePointer?
    private var surfaceScale: Int32 = 1
    private var tickID: guint = 0
    private var timeoutID: guint = 0
    private var timeoutDeadline: Duration?
    /// Touch sequences (GDK pointers, opaque) to small touch ids, in order of arrival.
    private var sequences: [(sequence: OpaquePointer, id: Int)] = []
    private var nextTouchID = 0
    /// The last position the core got for each touch id.
    private var lastTouchLocation: [Int: Point] = [:]
    /// Whether the core was told the pointer is in the window. GTK 4 sends crossing events to motion controllers
    /// only: the first pointer event inside counts as the enter, a motion controller's "leave" as the leave.
    private var pointerInside = false
    /// Where the core was told the pointer is.
    private var pointerLocation: Point?
    /// Frames drawn so far, and the number after which the app quits (`--frames`).
    private(set) var framesDrawn = 0
    var frameLimit: Int?
    var onFrameLimit: (() -> Void)?
    /// Called once, after the first frame was drawn.
    var onFirstFrame: (() -> Void)?

    /// EMBED_GTK_TRACE=1 prints every GDK event the area gets, on stderr (diagnostics).
    nonisolated static let traces = getenv("EMBED_GTK_TRACE") != nil

    init(area: UnsafeMutablePointer<GtkWidget>, size: Size) {
        self.area = area
        core = WindowCore(size: size)
        list = DemoList(size: size)
        core.rootView.addSubview(list.container)
        core.onNeedsFrame = { [unowned self] in self.startTicking() }
        // The core asked for its first frame before `onNeedsFrame` was set (the whole window is damaged), and
        // asks again only after a `prepareFrame`: tick once now.
        startTicking()

        let context = Unmanaged.passUnretained(self).toOpaque()
        gtk_widget_set_focusable(area, 1)
        let legacy = gtk_event_controller_legacy_new()
        egtk_connect_legacy_event(legacy, { _, event, data in
            guard let event, let data else { return 0 }
            let host = Unmanaged<GtkHost>.fromOpaque(data).takeUnretainedValue()
            return MainActor.assumeIsolated { host.handle(event) ? 1 : 0 }
        }, context)
        gtk_widget_add_controller(area, legacy)
        let motion = gtk_event_controller_motion_new()
        egtk_connect_leave(motion, { _, data in
            guard let data else { return }
            let host = Unmanaged<GtkHost>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { host.pointerLeft() }
        }, context)
        gtk_widget_add_controller(area, motion)
        gtk_drawing_area_set_draw_func(egtk_drawing_area(area), { _, cr, width, height, data in
            guard let cr, let data else { return }
            let host = Unmanaged<GtkHost>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { host.draw(cr, width: width, height: height) }
        }, context, nil)
        egtk_connect_resize(area, { _, width, height, data in
            guard let data else { return }
            let host = Unmanaged<GtkHost>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { host.resize(width: width, height: height) }
        }, context)
    }

    // MARK: - Input

    /// Translates one GDK event; true when it was used (GTK then stops propagating it).
    func handle(_ event: OpaquePointer) -> Bool {
        let type = gdk_event_get_event_type(event)
        if GtkHost.traces {
            var x = 0.0, y = 0.0
            _ = gdk_event_get_position(event, &x, &y)
            printError("event \(type.rawValue) time \(gdk_event_get_time(event)) at \(x) \(y)"
                       + " emulated \(gdk_event_get_pointer_emulated(event)) widget \(String(describing: location(event)))")
            if type == GDK_SCROLL {
                var dx = 0.0, dy = 0.0
                gdk_scroll_event_get_deltas(event, &dx, &dy)
                printError("scroll direction \(gdk_scroll_event_get_direction(event).rawValue) unit"
                           + " \(gdk_scroll_event_get_unit(event).rawValue) deltas \(dx) \(dy)")
            }
        }
        switch type {
        case GDK_TOUCH_BEGIN, GDK_TOUCH_UPDATE, GDK_TOUCH_END, GDK_TOUCH_CANCEL:
            handleTouch(event, type: type)
            if type == GDK_TOUCH_BEGIN { gtk_widget_grab_focus(area) }
            return true
        case GDK_SCROLL:
            handleScroll(event)
            return true
        case GDK_MOTION_NOTIFY, GDK_ENTER_NOTIFY, GDK_LEAVE_NOTIFY, GDK_BUTTON_PRESS, GDK_BUTTON_RELEASE:
            guard gdk_event_get_pointer_emulated(event) == 0 else { return false }
            handlePointer(event, type: type)
            if type == GDK_BUTTON_PRESS { gtk_widget_grab_focus(area) }
            return true
        case GDK_KEY_PRESS, GDK_KEY_RELEASE:
            return handleKey(event, pressed: type == GDK_KEY_PRESS)
        default:
            return false
        }
    }

    private func location(_ event: OpaquePointer) -> Point? {
        var sx = 0.0, sy = 0.0
        guard gdk_event_get_position(event, &sx, &sy) != 0 else { return nil }
        return widgetPoint(sx, sy)
    }

    private func widgetPoint(_ sx: Double, _ sy: Double) -> Point? {
        var wx = 0.0, wy = 0.0
        guard egtk_surface_to_widget(area, sx, sy, &wx, &wy) != 0 else { return nil }
        let point = Point(x: wx, y: wy)
        return point.x.isFinite && point.y.isFinite ? point : nil
    }

    private func touchID(for sequence: OpaquePointer, creating: Bool) -> Int? {
        if let entry = sequences.first(where: { $0.sequence == sequence }) { return entry.id }
        guard creating else { return nil }
        let id = nextTouchID
        nextTouchID = nextTouchID == Int(Int32.max) ? 0 : nextTouchID + 1
        sequences.append((sequence, id))
        return id
    }

    private func handleTouch(_ event: OpaquePointer, type: GdkEventType) {
        guard let sequence = gdk_event_get_event_sequence(event) else { return }
        let time = clock.eventTime(gdk_event_get_time(event))
        switch type {
        case GDK_TOUCH_BEGIN:
            guard let id = touchID(for: sequence, creating: true), let point = location(event) else { return }
            lastTouchLocation[id] = point
            core.handle(.touchDown(id: id, location: point, timestamp: time))
        case GDK_TOUCH_UPDATE:
            guard let id = touchID(for: sequence, creating: false) else { return }
            replayHistory(of: event) { point, t in
                lastTouchLocation[id] = point
                core.handle(.touchMotion(id: id, location: point, timestamp: t))
                core.handle(.touchFrame(timestamp: t))
            }
            guard let point = location(event) else { return }
            lastTouchLocation[id] = point
            core.handle(.touchMotion(id: id, location: point, timestamp: time))
        case GDK_TOUCH_END:
            guard let id = touchID(for: sequence, creating: false) else { return }
            // GTK repeats the last position in the end event: a motion only if the finger really moved.
            if let point = location(event), point != lastTouchLocation[id] {
                core.handle(.touchMotion(id: id, location: point, timestamp: time))
            }
            lastTouchLocation[id] = nil
            core.handle(.touchUp(id: id, timestamp: time))
            sequences.removeAll { $0.sequence == sequence }
        default:   // GDK_TOUCH_CANCEL: GTK cancels one sequence; the core's cancel takes every touch away.
            sequences.removeAll()
            lastTouchLocation.removeAll()
            core.handle(.touchCancel(timestamp: time))
            return
        }
        core.handle(.touchFrame(timestamp: time))
    }

    /// The positions GDK folded into a compressed motion or touch update, oldest first, with their own times.
    private func replayHistory(of event: OpaquePointer, _ body: (Point, Duration) -> Void) {
        var count: guint = 0
        guard let history = gdk_event_get_history(event, &count), count > 0 else { return }
        defer { g_free(history) }
        for i in 0..<Int(count) {
            let entry = history[i]
            guard let point = widgetPoint(entry.axes.1, entry.axes.2) else { continue }   // GDK_AXIS_X, GDK_AXIS_Y
            if GtkHost.traces { printError("  history time \(entry.time) at \(point.x) \(point.y)") }
            body(point, clock.eventTime(entry.time))
        }
    }

    /// Tells the core the pointer is at `point`: an enter the first time, a motion after that.
    /// A button or scroll event repeats the pointer's position; only a real change is a motion (a repeated position
    /// would read as the pointer resting before a release).
    private func pointerAt(_ point: Point, time: Duration) {
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

    private func pointerLeft() {
        guard pointerInside else { return }
        pointerInside = false
        core.handle(.pointerLeave(timestamp: clock.now))
    }

    private func handleScroll(_ event: OpaquePointer) {
        let time = clock.eventTime(gdk_event_get_time(event))
        if let point = location(event) { pointerAt(point, time: time) }
        let device = gdk_event_get_device(event)
        let touchpad = device.map { gdk_device_get_source($0) == GDK_SOURCE_TOUCHPAD } ?? false
        switch gdk_scroll_event_get_direction(event) {
        case GDK_SCROLL_SMOOTH:
            var dx = 0.0, dy = 0.0
            gdk_scroll_event_get_deltas(event, &dx, &dy)
            if gdk_scroll_event_is_stop(event) != 0 {
                core.handle(.axis(AxisEvent(source: .finger, dx: 0, dy: 0, stopHorizontal: true, stopVertical: true,
                                            timestamp: time)))
            } else if gdk_scroll_event_get_unit(event) == GDK_SCROLL_UNIT_WHEEL {
                // Wheel deltas are in detents (fractions from high-resolution wheels): 120 units each.
                core.handle(.axis(AxisEvent(source: .wheel, dx: dx * 120, dy: dy * 120, timestamp: time)))
            } else {
                core.handle(.axis(AxisEvent(source: touchpad ? .finger : .continuous, dx: dx, dy: dy,
                                            timestamp: time)))
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

    private func handlePointer(_ event: OpaquePointer, type: GdkEventType) {
        let time = clock.eventTime(gdk_event_get_time(event))
        switch type {
        case GDK_ENTER_NOTIFY:
            if let point = location(event) { pointerAt(point, time: time) }
        case GDK_LEAVE_NOTIFY:
            pointerLeft()
        case GDK_MOTION_NOTIFY:
            replayHistory(of: event) { point, t in pointerAt(point, time: t) }
            if let point = location(event) { pointerAt(point, time: time) }
        default:
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
    }

    private func handleKey(_ event: OpaquePointer, pressed: Bool) -> Bool {
        let key: Key
        switch Int32(bitPattern: gdk_key_event_get_keyval(event)) {
        case GDK_KEY_Up, GDK_KEY_KP_Up: key = .up
        case GDK_KEY_Down, GDK_KEY_KP_Down: key = .down
        case GDK_KEY_Left, GDK_KEY_KP_Left: key = .left
        case GDK_KEY_Right, GDK_KEY_KP_Right: key = .right
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: key = .pageUp
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: key = .pageDown
        case GDK_KEY_Home, GDK_KEY_KP_Home: key = .home
        case GDK_KEY_End, GDK_KEY_KP_End: key = .end
        case GDK_KEY_space: key = .space
        default: return false
        }
        let state = gdk_event_get_modifier_state(event)
        var modifiers: KeyModifiers = []
        if state.rawValue & GDK_SHIFT_MASK.rawValue != 0 { modifiers.insert(.shift) }
        if state.rawValue & GDK_CONTROL_MASK.rawValue != 0 { modifiers.insert(.control) }
        if state.rawValue & GDK_ALT_MASK.rawValue != 0 { modifiers.insert(.alt) }
        let time = clock.eventTime(gdk_event_get_time(event))
        core.handle(.key(key, pressed: pressed, modifiers: modifiers, isRepeat: false, timestamp: time))
        return true
    }

    // MARK: - Time and frames

    /// Asks GTK's frame clock for ticks until the core needs no more frames.
    func startTicking() {
        guard tickID == 0 else { return }
        tickID = gtk_widget_add_tick_callback(area, { _, frameClock, data in
            guard let frameClock, let data else { return 0 }
            let host = Unmanaged<GtkHost>.fromOpaque(data).takeUnretainedValue()
            return MainActor.assumeIsolated { host.tick(frameTime: gdk_frame_clock_get_frame_time(frameClock)) }
        }, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    /// One frame clock tick: timers, motions, a draw. Returns G_SOURCE_CONTINUE while frames are needed.
    private func tick(frameTime: Int) -> gboolean {
        let time = clock.frameTime(frameTime)
        if let deadline = core.nextTimerDeadline, deadline <= time { core.fireTimers(upTo: time) }
        core.prepareFrame(at: time)
        if GtkHost.traces { printError("tick \(time) offset \(list.container.contentOffset.y)") }
        gtk_widget_queue_draw(area)
        armTimeout()
        if core.needsFrame || frameLimit != nil { return 1 }
        tickID = 0
        return 0
    }

    /// Keeps one GLib timeout armed at the core's next timer deadline (touch delay, indicator fade).
    func armTimeout() {
        let deadline = core.nextTimerDeadline
        guard deadline != timeoutDeadline else { return }
        if timeoutID != 0 { g_source_remove(timeoutID); timeoutID = 0 }
        timeoutDeadline = deadline
        guard let deadline else { return }
        let wait = max(.zero, deadline - clock.now)
        let milliseconds = guint(min(Double(Int32.max), (wait / .milliseconds(1)).rounded(.up)))
        timeoutID = g_timeout_add(milliseconds, { data in
            guard let data else { return 0 }
            let host = Unmanaged<GtkHost>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { host.timeoutFired() }
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    private func timeoutFired() {
        timeoutID = 0
        timeoutDeadline = nil
        core.fireTimers(upTo: clock.now)
        armTimeout()
    }

    // MARK: - Size and pixels

    private func resize(width: Int32, height: Int32) {
        let size = Size(width: Double(max(width, 0)), height: Double(max(height, 0)))
        core.resize(to: size)
        list.layout(width: size.width)
        dropSurface()
    }

    private func dropSurface() {
        if let surface { cairo_surface_destroy(surface) }
        surface = nil
    }

    /// The draw function: the core draws the damage into the kept surface, which is then painted whole.
    private func draw(_ cr: OpaquePointer, width: Int32, height: Int32) {
        let scale = max(1, gtk_widget_get_scale_factor(area))
        let size = Size(width: Double(width), height: Double(height))
        if core.size != size { resize(width: width, height: height) }
        if scale != surfaceScale { dropSurface(); surfaceScale = scale }
        if surface == nil {
            surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width * scale, height * scale)
            cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
            core.addDamage(Rect(origin: .zero, size: size))   // a new surface holds nothing yet
        }
        guard let surface, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
              let data = cairo_image_surface_get_data(surface) else { return }
        cairo_surface_flush(surface)
        let canvas = Canvas(pixels: UnsafeMutableRawPointer(data), width: Int(width * scale),
                            height: Int(height * scale), stride: Int(cairo_image_surface_get_stride(surface)),
                            scale: Int(scale))
        _ = core.draw(into: canvas)
        cairo_surface_mark_dirty(surface)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_paint(cr)
        framesDrawn += 1
        if framesDrawn == 1 { onFirstFrame?() }
        if let frameLimit, framesDrawn >= frameLimit { onFrameLimit?() }
    }

    /// Starts ticking every frame for `--frames N`: the count is of frames GTK drew, so something must keep them
    /// coming even when the list is at rest.
    func keepFramesComing() {
        startTicking()
    }

    isolated deinit {
        dropSurface()
        if timeoutID != 0 { g_source_remove(timeoutID) }
    }
}
