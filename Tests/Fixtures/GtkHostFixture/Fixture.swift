import CGtk4
import CToolkitGTK
import GtkExampleSupport
import ToolkitGTK

/// The fixture's application: one window, one host in the situation `mode` names (see main.swift).
@MainActor
final class Fixture {
    let options: ExampleOptions
    let mode: String
    let application: UnsafeMutablePointer<GtkApplication>
    var host: GtkViewHost?
    var list: DemoList?
    var core: WindowCore?
    var area: UnsafeMutablePointer<GtkWidget>?
    var parent: UnsafeMutablePointer<GtkWidget>?
    var scrolled: UnsafeMutablePointer<GtkWidget>?
    var zoomable: ScrollContainer?
    var zoomDelegate: ZoomDelegate?
    var observation: Observation?
    var decelerationObservation: Observation?
    var frames: FrameCounter?
    /// What reached the core or its views after the detach (or the destruction).
    var callbacksAfter = 0
    var counting = false
    var controllersBefore = 0
    /// Hide mode: the list's offset when the host was hidden.
    var hiddenAt: Double?
    /// Pair mode: the second host and both hosts' lists (left, right).
    var secondHost: GtkViewHost?
    var tapLists: [TapList] = []
    /// Release-hovered mode: the timeout that waits for the hovered bar to widen.
    var hoverPoll: guint = 0
    /// Focus mode: the list in the host and its rows.
    var focusList: ListContainer?
    var focusRows: FocusRows?
    var focusPage: ScrollContainer?

    init(options: ExampleOptions, mode: String, application: UnsafeMutablePointer<GtkApplication>) {
        self.options = options
        self.mode = mode
        self.application = application
    }

    func activate() {
        let window = gtk_application_window_new(application)!
        gtk_window_set_title(gtkCast(window), "GtkHostFixture \(mode)")
        gtk_window_set_default_size(gtkCast(window), 480, 560)
        let list = DemoList(size: Size(width: 300, height: 400), title: mode)
        let host: GtkViewHost
        switch mode {
        case "fixed":
            let fixed = gtk_fixed_new()!
            let area = gtk_drawing_area_new()!
            gtk_widget_set_size_request(area, 300, 400)
            gtk_fixed_put(gtkCast(fixed), area, 37, 53)
            gtk_window_set_child(gtkCast(window), fixed)
            host = GtkViewHost(adopting: OpaquePointer(area))
        case "scrolled":
            let scrolled = gtk_scrolled_window_new()!
            let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            let above = gtk_label_new("Above the host: dragging here scrolls the GtkScrolledWindow")!
            gtk_widget_set_size_request(above, -1, 150)
            gtk_box_append(gtkCast(column), above)
            host = GtkViewHost()
            gtk_widget_set_size_request(gtkWidget(host.widget), 300, 400)
            gtk_box_append(gtkCast(column), gtkWidget(host.widget))
            let below = gtk_label_new("Below the host")!
            gtk_widget_set_size_request(below, -1, 900)
            gtk_box_append(gtkCast(column), below)
            gtk_scrolled_window_set_child(gtkCast(scrolled), column)
            gtk_window_set_child(gtkCast(window), scrolled)
            self.scrolled = scrolled
        case "zoom":
            host = GtkViewHost()
            gtk_window_set_child(gtkCast(window), gtkWidget(host.widget))
            let zoomable = ScrollContainer(frame: Rect(x: 0, y: 0, width: 480, height: 560))
            zoomable.fillsSuperview = true
            let picture = DemoRow(
                frame: Rect(x: 0, y: 0, width: 480, height: 560), index: 0, title: "zoom",
                shade: .bright)
            zoomable.contentSize = picture.frame.size
            zoomable.addSubview(picture)
            zoomable.minimumZoomScale = 1
            zoomable.maximumZoomScale = 4
            zoomDelegate = ZoomDelegate(view: picture)
            zoomable.delegate = zoomDelegate
            host.rootView.addSubview(zoomable)
            self.zoomable = zoomable
        case "pair":
            host = setUpPair(in: window)
        case "focus":
            host = setUpFocus(in: window)
        case "scrolled-shared":
            // As "scrolled", but the host lets its ancestors' gestures see the touch.
            let scrolled = gtk_scrolled_window_new()!
            let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            host = GtkViewHost()
            host.deniesTouchesToAncestors = false
            gtk_widget_set_size_request(gtkWidget(host.widget), 300, 400)
            gtk_box_append(gtkCast(column), gtkWidget(host.widget))
            let below = gtk_label_new("Below the host")!
            gtk_widget_set_size_request(below, -1, 900)
            gtk_box_append(gtkCast(column), below)
            gtk_scrolled_window_set_child(gtkCast(scrolled), column)
            gtk_window_set_child(gtkCast(window), scrolled)
            self.scrolled = scrolled
        case "release-hovered", "settings":
            host = GtkViewHost()
            gtk_window_set_child(gtkCast(window), gtkWidget(host.widget))
        case "label":
            // Bad input: a widget that is not a drawing area, given to init(adopting:).
            let label = gtk_label_new("Not a drawing area")!
            gtk_window_set_child(gtkCast(window), label)
            host = GtkViewHost(adopting: OpaquePointer(label))
        case "hide":
            // The host under a label, in a box; hidden (unmapped) mid-fling and shown again a second later.
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            gtk_box_append(gtkCast(box), gtk_label_new("The host below is hidden for a second mid-fling"))
            host = GtkViewHost()
            gtk_box_append(gtkCast(box), gtkWidget(host.widget))
            gtk_window_set_child(gtkCast(window), box)
        default:  // detach, destroy: an adopted area in a box with margins
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            gtk_widget_set_margin_top(box, 20)
            gtk_widget_set_margin_start(box, 30)
            let area = gtk_drawing_area_new()!
            gtk_widget_set_size_request(area, 300, 400)
            gtk_box_append(gtkCast(box), area)
            gtk_window_set_child(gtkCast(window), box)
            controllersBefore = controllerCount(area)
            host = GtkViewHost(adopting: OpaquePointer(area))
            parent = box
        }
        if mode != "zoom" && mode != "pair" && mode != "focus" { host.rootView.addSubview(list) }
        if mode == "label" {
            printError("stats: label host core size \(host.core.size.width) \(host.core.size.height)")
        }
        area = gtkWidget(host.widget)
        g_object_ref(UnsafeMutableRawPointer(area))  // the fixture's own reference: it counts controllers at exit
        (self.host, self.list, self.core) = (host, mode == "pair" ? nil : list, host.core)
        observation = list.observe(\.contentOffset) { [unowned self] _, change in
            if counting { callbacksAfter += 1 }
            if change.newValue.y > 100 && !counting && (mode == "detach" || mode == "destroy") { cutOff() }
        }
        if mode == "release-hovered" { releaseOnceHovered() }
        if mode == "settings" { changeSettings(of: host.core) }
        if mode == "hide" {
            decelerationObservation = list.observe(\.isDecelerating) { [unowned self] _, change in
                if change.newValue && hiddenAt == nil { hide() }
            }
        }
        gtk_window_present(gtkCast(window))
        frames = FrameCounter(
            widget: window, limit: options.frames,
            onFirstFrame: { [unowned self] in
                if let area { printError(placementLine(mode == "pair" ? "left" : "host", area)) }
                if let secondHost { printError(placementLine("right", gtkWidget(secondHost.widget))) }
                printError("stats: first frame drawn")
            }, onLimit: { [application] in g_application_quit(gtkCast(application)) })
    }

    /// The event controllers on `widget` now (GTK adds a shortcut controller to every widget itself).
    func controllerCount(_ widget: UnsafeMutablePointer<GtkWidget>) -> Int {
        guard let model = gtk_widget_observe_controllers(widget) else { return 0 }
        defer { g_object_unref(UnsafeMutableRawPointer(model)) }
        return Int(g_list_model_get_n_items(model))
    }

    /// Detaches or destroys mid-gesture, then starts counting whatever still reaches the core.
    func cutOff() {
        let core = required(core, "the core")
        if mode == "detach" {
            host?.detach()
            host = nil
            printError("stats: detached and released")
            printControllers()
        } else {
            destroyWidget()
            printError("stats: widget destroyed")
        }
        counting = true
        // The core no longer has a driver: anything that asks for a frame, changes the cursor or draws is a
        // callback the host failed to disconnect.
        core.onNeedsFrame = { [unowned self] in callbacksAfter += 1 }
        core.onCursorChange = { [unowned self] _ in callbacksAfter += 1 }
        let probe = DrawProbe(frame: Rect(x: 0, y: 0, width: 300, height: 400)) { [unowned self] in callbacksAfter += 1
        }
        core.rootView.addSubview(probe)
        core.discardDamage()
        _ = g_timeout_add(
            1000,
            { data in
                MainActor.assumeIsolated { Unmanaged<Fixture>.fromOpaque(data!).takeUnretainedValue().secondStep() }
                return 0
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// One second later: the other half (destroy after a detach, release after a destroy).
    func secondStep() {
        if mode == "detach" {
            destroyWidget()
            printError("stats: widget destroyed")
        } else {
            host?.detach()
            host = nil
            printError("stats: detached and released")
            printControllers()
        }
    }

    /// The controllers on the widget, against those it had before the host adopted it.
    func printControllers() {
        let area = required(area, "the drawing area")
        printError("stats: controllers \(controllersBefore) before, \(controllerCount(area)) after")
    }

    /// Hide mode: hides the host as its fling starts (its widget is unmapped: no ticks may come), shows it a second later.
    func hide() {
        let area = required(area, "the drawing area")
        let list = required(list, "the list")
        hiddenAt = list.contentOffset.y
        gtk_widget_set_visible(area, 0)
        printError("stats: hidden at \(list.contentOffset.y)")
        _ = g_timeout_add(
            1000,
            { data in
                MainActor.assumeIsolated {
                    let fixture = Unmanaged<Fixture>.fromOpaque(data!).takeUnretainedValue()
                    let list = required(fixture.list, "the list")
                    // Printed 200 ms before the widget is mapped again (the test reads the commits in between): what
                    // the hidden second did to the list.
                    printError("stats: shown at \(list.contentOffset.y)")
                    _ = g_timeout_add(
                        200,
                        { data in
                            MainActor.assumeIsolated {
                                let fixture = Unmanaged<Fixture>.fromOpaque(data!).takeUnretainedValue()
                                if let area = fixture.area { gtk_widget_set_visible(area, 1) }
                            }
                            return 0
                        }, data)
                }
                return 0
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Takes the widget out of its box and destroys it (what GTK does to a widget whose owner disposes it).
    func destroyWidget() {
        guard let area, let parent else { return }
        gtk_box_remove(gtkCast(parent), area)
        g_object_run_dispose(UnsafeMutablePointer<GObject>(OpaquePointer(area)))
    }

    func printStats() {
        printFocusStats()
        for (name, list) in zip(["left", "right"], tapLists) {
            printError("stats: \(name) offset \(list.contentOffset.x) \(list.contentOffset.y)")
            printError("stats: \(name) tapped row \(list.tappedRow.map(String.init) ?? "none")")
            printError(
                "stats: \(name) bar \(list.scrollbarTrackFrame(for: .vertical).map { "\($0.width)" } ?? "hidden")")
        }
        guard let list else { return }
        printError("stats: list offset \(list.contentOffset.x) \(list.contentOffset.y)")
        printError("stats: activated row \(list.activatedRow.map(String.init) ?? "none")")
        if let scrolled {
            let adjustment = gtk_scrolled_window_get_vadjustment(gtkCast(scrolled))
            printError("stats: scrolled window offset \(gtk_adjustment_get_value(adjustment))")
        }
        if let zoomable { printError("stats: zoom scale \(zoomable.zoomScale)") }
        if let area, let cursor = gtk_widget_get_cursor(area), let name = gdk_cursor_get_name(cursor) {
            printError("stats: cursor \(String(cString: name))")
        }
        if counting { printError("stats: after \(mode) \(callbacksAfter)") }
    }

    func release() {
        (frames, host, secondHost, observation) = (nil, nil, nil, nil)
        if hoverPoll != 0 { g_source_remove(hoverPoll) }
        if let area { g_object_unref(UnsafeMutableRawPointer(area)) }
        area = nil
    }
}

/// `value`, or the fixture stops with status 3 and says what was missing: a step that runs without what it acts on
/// must fail the test that drives it, not print nothing.
@MainActor
func required<T>(_ value: T?, _ what: String) -> T {
    guard let value else {
        printError("fixture: \(what) is missing at this step")
        exit(3)
    }
    return value
}
