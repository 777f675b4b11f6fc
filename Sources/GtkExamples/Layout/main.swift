// embed-gtk-layout: ScrollContainers inside an ordinary GTK 4 layout, through ToolkitGTK.
//
// A header bar holds a GTK button that scrolls both lists to the top and a GTK label that follows the left list's
// offset through a key-path observer; below a GTK label, two hosts sit side by side, each nested in boxes with
// margins, so that neither is at the window's origin.
//
//   embed-gtk-layout [--frames N] [--pointer-drag] [--stats] [--maximized] [--no-atspi-bridge]
//     --stats   also prints, once the first frame is drawn, `layout: NAME X Y WIDTH HEIGHT` for the button and
//               both hosts (surface coordinates, which tests aim at), and the lists' offsets at exit
//     --no-atspi-bridge  the hosts serve their views to no screen reader (GTK's own bridge still runs)
import CGtk4
import CToolkitGTK
import GtkExampleSupport
import ToolkitGTK

#if canImport(Glibc)
    import Glibc
#endif

@MainActor
final class LayoutApp {
    let options: ExampleOptions
    let application: UnsafeMutablePointer<GtkApplication>
    var hosts: [GtkViewHost] = []
    var lists: [DemoList] = []
    var button: UnsafeMutablePointer<GtkWidget>?
    var offsetLabel: UnsafeMutablePointer<GtkWidget>?
    var observation: Observation?
    var frames: FrameCounter?

    init(options: ExampleOptions, application: UnsafeMutablePointer<GtkApplication>) {
        self.options = options
        self.application = application
    }

    func activate() {
        let window = gtk_application_window_new(application)!
        gtk_window_set_title(gtkCast(window), "embed-gtk-layout")
        gtk_window_set_default_size(gtkCast(window), 760, 560)

        // The header bar: a button that scrolls to the top, a label that shows the left list's offset.
        let header = gtk_header_bar_new()!
        let button = gtk_button_new_with_label("Top")!
        _ = tgtk_connect_simple(
            button, "clicked",
            { _, data in
                MainActor.assumeIsolated { Unmanaged<LayoutApp>.fromOpaque(data!).takeUnretainedValue().scrollToTop() }
            }, Unmanaged.passUnretained(self).toOpaque())
        gtk_header_bar_pack_start(gtkCast(header), button)
        let offsetLabel = gtk_label_new("y 0")!
        gtk_header_bar_pack_end(gtkCast(header), offsetLabel)
        gtk_window_set_titlebar(gtkCast(window), header)

        // The body: a label above two hosts side by side, each in a box with margins.
        let body = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
        for set in [
            gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start,
            gtk_widget_set_margin_end
        ] { set(body, 16) }
        gtk_box_append(gtkCast(body), gtk_label_new("Two ScrollContainers in GTK boxes"))
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_box_set_homogeneous(gtkCast(row), 1)
        gtk_widget_set_vexpand(row, 1)
        for (title, shade) in [("left", DemoRow.Shade.bright), ("right", .dark)] {
            let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
            gtk_box_append(gtkCast(column), gtk_label_new(title))
            let host = GtkViewHost()
            host.accessibleLabel = "\(title) list"
            host.core.pointerEmulatesTouch = options.pointerDrag
            host.isAccessibilityBridgeEnabled = options.atspiBridge
            let list = DemoList(size: Size(width: 340, height: 440), title: "on the \(title)", shade: shade)
            host.rootView.addSubview(list)
            gtk_box_append(gtkCast(column), gtkWidget(host.widget))
            gtk_box_append(gtkCast(row), column)
            hosts.append(host)
            lists.append(list)
        }
        gtk_box_append(gtkCast(body), row)
        gtk_window_set_child(gtkCast(window), body)

        // The label follows the left list through a key-path observer.
        observation = lists[0].observe(\.contentOffset) { _, change in
            gtk_label_set_text(gtkCast(offsetLabel), "y \(Int(change.newValue.y.rounded()))")
        }
        (self.button, self.offsetLabel) = (button, offsetLabel)
        if options.maximized { gtk_window_maximize(gtkCast(window)) }
        gtk_window_present(gtkCast(window))
        if options.frames != nil || options.stats {
            frames = FrameCounter(
                widget: window, limit: options.frames,
                onFirstFrame: { [unowned self] in self.firstFrame() },
                onLimit: { [application] in g_application_quit(gtkCast(application)) })
        }
    }

    func scrollToTop() {
        for list in lists { list.setContentOffset(Point(x: 0, y: 0), animated: true) }
    }

    func firstFrame() {
        guard options.stats, let button else { return }
        printError(placementLine("button", button))
        printError(placementLine("left", gtkWidget(hosts[0].widget)))
        printError(placementLine("right", gtkWidget(hosts[1].widget)))
        printError("stats: first frame drawn")
    }

    func printStats() {
        guard options.stats, lists.count == 2, let offsetLabel else { return }
        for (name, list) in zip(["left", "right"], lists) {
            printError("stats: \(name) offset \(list.contentOffset.x) \(list.contentOffset.y)")
            printError("stats: \(name) activated row \(list.activatedRow.map(String.init) ?? "none")")
        }
        printError("stats: label \(String(cString: gtk_label_get_text(gtkCast(offsetLabel))))")
    }
}

@MainActor
func layoutMain() -> Int32 {
    let usage = "embed-gtk-layout [--frames N] [--pointer-drag] [--stats] [--maximized] [--no-atspi-bridge]"
    guard let options = ExampleOptions.parse(Array(CommandLine.arguments.dropFirst()), usage: usage) else { return 2 }
    guard let application = gtk_application_new("org.toolkit.EmbedGTKLayout", G_APPLICATION_NON_UNIQUE) else {
        printError("embed-gtk-layout: gtk_application_new failed")
        return 1
    }
    GtkSignals.quitOnTerminationSignals(OpaquePointer(application))
    let app = LayoutApp(options: options, application: application)
    _ = tgtk_connect_simple(
        application, "activate",
        { _, data in
            MainActor.assumeIsolated { Unmanaged<LayoutApp>.fromOpaque(data!).takeUnretainedValue().activate() }
        }, Unmanaged.passUnretained(app).toOpaque())
    let status = g_application_run(gtkCast(application), 0, nil)
    app.printStats()
    app.frames = nil
    app.hosts.removeAll()
    g_object_unref(application)
    return status
}

exit(MainActor.assumeIsolated { layoutMain() })
