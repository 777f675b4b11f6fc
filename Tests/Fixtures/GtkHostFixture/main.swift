// GtkHostFixture: GTK hosts in the situations an app puts them in, for WaylandTests (run as a process on the
// test compositor). Every mode prints `layout: host X Y W H` (surface coordinates) and `stats: first frame drawn`
// once drawn, and `stats:` lines at exit.
//
//   GtkHostFixture --mode fixed      an app-made GtkDrawingArea adopted by the host, in a GtkFixed at (37, 53)
//                                    (how SwiftCrossUI places widgets); stats: list offset, row, cursor name
//   GtkHostFixture --mode scrolled   the host inside a GtkScrolledWindow that can scroll (kinetic, as GTK's
//                                    default): stats: list offset and the scrolled window's offset
//   GtkHostFixture --mode zoom       a zoomable container (1x to 4x) in the host's own widget: stats: zoom scale
//   GtkHostFixture --mode detach     the host detaches and is released when its list passes y = 100 (mid-drag);
//                                    1 s later the widget is removed and destroyed. Counts what still reaches the
//                                    core and its views after the detach: stats `after detach N`
//   GtkHostFixture --mode destroy    the widget is destroyed (removed and disposed) when the list passes y = 100,
//                                    the host released 1 s later: stats `after destroy N`
import CGtk4
import CToolkitGTK
import GtkExampleSupport
import ToolkitGTK

#if canImport(Glibc)
import Glibc
#endif

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
    var frames: FrameCounter?
    /// What reached the core or its views after the detach (or the destruction).
    var callbacksAfter = 0
    var counting = false
    var controllersBefore = 0

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
            let picture = DemoRow(frame: Rect(x: 0, y: 0, width: 480, height: 560), index: 0, title: "zoom",
                                  shade: .bright)
            zoomable.contentSize = picture.frame.size
            zoomable.addSubview(picture)
            zoomable.minimumZoomScale = 1
            zoomable.maximumZoomScale = 4
            zoomDelegate = ZoomDelegate(view: picture)
            zoomable.delegate = zoomDelegate
            host.rootView.addSubview(zoomable)
            self.zoomable = zoomable
        default:   // detach, destroy: an adopted area in a box with margins
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
        if mode != "zoom" { host.rootView.addSubview(list) }
        area = gtkWidget(host.widget)
        g_object_ref(UnsafeMutableRawPointer(area))   // the fixture's own reference: it counts controllers at exit
        (self.host, self.list, self.core) = (host, list, host.core)
        observation = list.observe(\.contentOffset) { [unowned self] _, change in
            if counting { callbacksAfter += 1 }
            if change.newValue.y > 100 && !counting && (mode == "detach" || mode == "destroy") { cutOff() }
        }
        gtk_window_present(gtkCast(window))
        frames = FrameCounter(widget: window, limit: options.frames, onFirstFrame: { [unowned self] in
            if let area { printError(placementLine("host", area)) }
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
        guard let core else { return }
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
        let probe = DrawProbe(frame: Rect(x: 0, y: 0, width: 300, height: 400)) { [unowned self] in callbacksAfter += 1 }
        core.rootView.addSubview(probe)
        core.discardDamage()
        _ = g_timeout_add(1000, { data in
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
        guard let area else { return }
        printError("stats: controllers \(controllersBefore) before, \(controllerCount(area)) after")
    }

    /// Takes the widget out of its box and destroys it (what GTK does to a widget whose owner disposes it).
    func destroyWidget() {
        guard let area, let parent else { return }
        gtk_box_remove(gtkCast(parent), area)
        g_object_run_dispose(UnsafeMutablePointer<GObject>(OpaquePointer(area)))
    }

    func printStats() {
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
        (frames, host, observation) = (nil, nil, nil)
        if let area { g_object_unref(UnsafeMutableRawPointer(area)) }
        area = nil
    }
}

/// Zooms one view.
@MainActor
final class ZoomDelegate: ScrollContainerDelegate {
    let view: View
    init(view: View) { self.view = view }
    func viewForZooming(in container: ScrollContainer) -> View? { view }
}

/// A transparent view that reports every draw.
@MainActor
final class DrawProbe: View {
    let onDraw: () -> Void
    init(frame: Rect, onDraw: @escaping () -> Void) {
        self.onDraw = onDraw
        super.init(frame: frame)
    }
    override func draw(in canvas: Canvas) { onDraw() }
}

@MainActor
func fixtureMain() -> Int32 {
    let usage = "GtkHostFixture --mode fixed|scrolled|zoom|detach|destroy [--frames N] [--stats]"
    guard let options = ExampleOptions.parse(Array(CommandLine.arguments.dropFirst()), usage: usage),
          let mode = options.mode, ["fixed", "scrolled", "zoom", "detach", "destroy"].contains(mode) else {
        printError("usage: \(usage)")
        return 2
    }
    guard let application = gtk_application_new("org.toolkit.GtkHostFixture", G_APPLICATION_NON_UNIQUE) else { return 1 }
    GtkSignals.quitOnTerminationSignals(OpaquePointer(application))
    let fixture = Fixture(options: options, mode: mode, application: application)
    _ = tgtk_connect_simple(application, "activate", { _, data in
        MainActor.assumeIsolated { Unmanaged<Fixture>.fromOpaque(data!).takeUnretainedValue().activate() }
    }, Unmanaged.passUnretained(fixture).toOpaque())
    let status = g_application_run(gtkCast(application), 0, nil)
    fixture.printStats()
    fixture.release()
    g_object_unref(application)
    return status
}

exit(MainActor.assumeIsolated { fixtureMain() })
