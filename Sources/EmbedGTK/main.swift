// embed-gtk: a GTK 4 application hosting a ScrollContainer list through ToolkitGTK's GtkViewHost.
//
//   embed-gtk [--frames N] [--pointer-drag] [--stats] [--no-atspi-bridge]
//     --frames N       quit with status 0 after N frames
//     --pointer-drag   a primary-button drag scrolls like a finger (compositors with no touch device)
//     --stats          print `stats: list offset X Y` (and the row tapped last, the root view's size) at exit;
//                      also the list's size once the first frame is drawn (`stats: list size W H`) and where a
//                      fling ends (`stats: deceleration ended X Y`)
//     --no-atspi-bridge  the host serves its views to no screen reader (GTK's own bridge still runs)
// Run it under a Wayland compositor (GDK_BACKEND=wayland) or any display GTK supports. SIGINT and SIGTERM quit
// it cleanly (exit status 0).
import CGtk4
import CToolkitGTK
import GtkExampleSupport
import ToolkitGTK

#if canImport(Glibc)
    import Glibc
#endif

/// The application: one window, one host, one list.
@MainActor
final class EmbedApp {
    let options: ExampleOptions
    let application: UnsafeMutablePointer<GtkApplication>
    var host: GtkViewHost?
    var list: DemoList?
    var frames: FrameCounter?
    /// The list's delegate under `--stats` (the list holds its delegate weakly).
    var reporter: DecelerationReporter?

    init(options: ExampleOptions, application: UnsafeMutablePointer<GtkApplication>) {
        self.options = options
        self.application = application
    }

    func activate() {
        let window = gtk_application_window_new(application)!
        gtk_window_set_title(gtkCast(window), "embed-gtk: ScrollContainer in GTK 4")
        gtk_window_set_default_size(gtkCast(window), 480, 640)
        let host = GtkViewHost()
        let list = DemoList(size: Size(width: 480, height: 640))
        host.rootView.addSubview(list)
        host.core.pointerEmulatesTouch = options.pointerDrag
        host.isAccessibilityBridgeEnabled = options.atspiBridge
        gtk_window_set_child(gtkCast(window), gtkWidget(host.widget))
        gtk_window_present(gtkCast(window))
        gtk_widget_grab_focus(gtkWidget(host.widget))
        (self.host, self.list) = (host, list)
        if options.stats {
            let reporter = DecelerationReporter()
            list.delegate = reporter
            self.reporter = reporter
        }
        if options.frames != nil || options.stats {
            frames = FrameCounter(
                widget: gtkWidget(host.widget), limit: options.frames,
                onFirstFrame: { [options] in
                    guard options.stats else { return }
                    printError("stats: first frame drawn")
                    printError("stats: list size \(list.bounds.width) \(list.bounds.height)")
                },
                onLimit: { [application] in g_application_quit(gtkCast(application)) })
        }
    }

    func printStats() {
        guard options.stats, let list else { return }
        printError("stats: list offset \(list.contentOffset.x) \(list.contentOffset.y)")
        printError("stats: activated row \(list.activatedRow.map(String.init) ?? "none")")
        if let host { printError("stats: root size \(host.rootView.bounds.width) \(host.rootView.bounds.height)") }
        printError("stats: \(min(frames?.frames ?? 0, options.frames ?? .max)) frames drawn")
    }
}

@MainActor
func embedMain() -> Int32 {
    let usage = "embed-gtk [--frames N] [--pointer-drag] [--stats] [--no-atspi-bridge]"
    guard let options = ExampleOptions.parse(Array(CommandLine.arguments.dropFirst()), usage: usage) else { return 2 }
    guard let application = gtk_application_new("org.toolkit.EmbedGTK", G_APPLICATION_NON_UNIQUE) else {
        printError("embed-gtk: gtk_application_new failed")
        return 1
    }
    GtkSignals.quitOnTerminationSignals(OpaquePointer(application))
    let app = EmbedApp(options: options, application: application)
    _ = tgtk_connect_simple(
        application, "activate",
        { _, data in
            MainActor.assumeIsolated { Unmanaged<EmbedApp>.fromOpaque(data!).takeUnretainedValue().activate() }
        }, Unmanaged.passUnretained(app).toOpaque())
    // GTK parses no arguments of ours: hand it the program name only.
    let status = g_application_run(gtkCast(application), 0, nil)
    app.printStats()
    (app.frames, app.host) = (nil, nil)
    g_object_unref(application)
    return status
}

exit(MainActor.assumeIsolated { embedMain() })
