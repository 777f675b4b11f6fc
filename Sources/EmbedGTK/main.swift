// embed-gtk: a GTK 4 application hosting a ScrollContainer list through ToolkitCore's WindowCore in a
// GtkDrawingArea (see GtkHost.swift for the mapping of GTK's events, frame clock and cairo surface).
//
//   embed-gtk [--frames N] [--pointer-drag] [--stats]
//     --frames N       quit with status 0 after N frames were drawn
//     --pointer-drag   a primary-button drag scrolls like a finger (compositors with no touch device)
//     --stats          print `stats: list offset X Y` (and the row tapped last) at exit, on stderr
// Run it under a Wayland compositor (GDK_BACKEND=wayland) or any display GTK supports.
import CEmbedGTK
import CGtk4
import ToolkitCore

#if canImport(Glibc)
import Glibc
#endif

struct EmbedOptions {
    var frames: Int?
    var pointerDrag = false
    var stats = false

    static func parse(_ arguments: [String]) -> EmbedOptions? {
        var options = EmbedOptions()
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--frames" where index + 1 < arguments.count:
                guard let n = Int(arguments[index + 1]), n > 0 else { return nil }
                options.frames = n
                index += 1
            case "--pointer-drag": options.pointerDrag = true
            case "--stats": options.stats = true
            default: return nil
            }
            index += 1
        }
        return options
    }
}

func printError(_ message: String) {
    let line = message + "\n"
    _ = line.utf8CString.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
}

/// The application: one window, one area, one host. Kept alive for the whole run.
@MainActor
final class EmbedApp {
    let options: EmbedOptions
    var host: GtkHost?
    var application: UnsafeMutablePointer<GtkApplication>?

    init(options: EmbedOptions) { self.options = options }

    func activate(_ app: UnsafeMutablePointer<GtkApplication>) {
        let window = gtk_application_window_new(app)!
        gtk_window_set_title(egtk_window(window), "embed-gtk: ScrollContainer in GTK 4")
        gtk_window_set_default_size(egtk_window(window), 480, 640)
        let area = gtk_drawing_area_new()!
        gtk_widget_set_hexpand(area, 1)
        gtk_widget_set_vexpand(area, 1)
        gtk_window_set_child(egtk_window(window), area)
        let host = GtkHost(area: area, size: Size(width: 480, height: 640))
        host.core.pointerEmulatesTouch = options.pointerDrag
        if let frames = options.frames {
            host.frameLimit = frames
            host.onFrameLimit = { [unowned self] in self.quit() }
            host.keepFramesComing()
        }
        if options.stats { host.onFirstFrame = { printError("stats: first frame drawn") } }
        self.host = host
        gtk_window_present(egtk_window(window))
        gtk_widget_grab_focus(area)
    }

    func quit() {
        guard let application else { return }
        g_application_quit(egtk_application(application))
    }

    func printStats() {
        guard options.stats, let host else { return }
        let offset = host.list.container.contentOffset
        printError("stats: list offset \(offset.x) \(offset.y)")
        printError("stats: activated row \(host.list.activatedRow.map(String.init) ?? "none")")
        printError("stats: \(host.framesDrawn) frames drawn")
    }
}

@MainActor
func embedMain() -> Int32 {
    guard let options = EmbedOptions.parse(Array(CommandLine.arguments.dropFirst())) else {
        printError("usage: embed-gtk [--frames N] [--pointer-drag] [--stats]")
        return 2
    }
    let app = EmbedApp(options: options)
    guard let gtkApp = gtk_application_new("org.toolkit.EmbedGTK", G_APPLICATION_NON_UNIQUE) else {
        printError("embed-gtk: gtk_application_new failed")
        return 1
    }
    app.application = gtkApp
    egtk_connect_activate(gtkApp, { gtkApp, data in
        guard let gtkApp, let data else { return }
        let app = Unmanaged<EmbedApp>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { app.activate(gtkApp) }
    }, Unmanaged.passUnretained(app).toOpaque())
    // GTK parses no arguments of ours: hand it the program name only.
    let status = g_application_run(egtk_application(gtkApp), 0, nil)
    app.printStats()
    app.host = nil
    g_object_unref(gtkApp)
    return status
}

exit(MainActor.assumeIsolated { embedMain() })
