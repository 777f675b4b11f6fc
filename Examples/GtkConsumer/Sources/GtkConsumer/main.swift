// A GTK 4 window whose only child is a GtkViewHost showing a list of 50 labels. Scrolls the list by code once it
// is on screen, and quits after 30 frames: exit status 0 when the list scrolled and frames were drawn.
import CGtkApp
import ToolkitGTK

#if canImport(Glibc)
    import Glibc
#endif

@MainActor
final class App {
    var host: GtkViewHost?
    var list: ScrollContainer?
    var frames = 0

    func activate(_ application: UnsafeMutablePointer<GtkApplication>) {
        let window = gtk_application_window_new(application)!
        gtk_window_set_default_size(OpaquePointer(window).assumingWindow, 320, 240)
        let host = GtkViewHost()
        let list = ScrollContainer(frame: Rect(x: 0, y: 0, width: 320, height: 240))
        list.fillsSuperview = true
        list.contentSize = Size(width: 320, height: 50 * 40)
        list.backgroundColor = Color(red: 1, green: 1, blue: 1)
        for row in 0..<50 {
            list.addSubview(Label(frame: Rect(x: 12, y: Double(row) * 40, width: 296, height: 40), text: "Row \(row)"))
        }
        host.rootView.addSubview(list)
        gtk_window_set_child(OpaquePointer(window).assumingWindow, UnsafeMutablePointer<GtkWidget>(host.widget))
        gtk_window_present(OpaquePointer(window).assumingWindow)
        (self.host, self.list) = (host, list)
        // Count frames on the window's frame clock; scroll once the list is up, quit after 30.
        _ = gtk_widget_add_tick_callback(
            window,
            { _, _, data in
                MainActor.assumeIsolated {
                    let app = Unmanaged<App>.fromOpaque(data!).takeUnretainedValue()
                    app.frames += 1
                    if app.frames == 5 { app.list?.setContentOffset(Point(x: 0, y: 400), animated: true) }
                    if app.frames == 30, let application = g_application_get_default() {
                        g_application_quit(application)
                    }
                }
                return 1
            }, Unmanaged.passUnretained(self).toOpaque(), nil)
    }
}

extension OpaquePointer {
    /// GTK_WINDOW(): a cast is a change of pointer type.
    var assumingWindow: UnsafeMutablePointer<GtkWindow> { UnsafeMutablePointer<GtkWindow>(self) }
}

let status: Int32 = MainActor.assumeIsolated {
    let app = App()
    let application = gtk_application_new("org.toolkit.GtkConsumer", G_APPLICATION_NON_UNIQUE)!
    GtkSignals.quitOnTerminationSignals(OpaquePointer(application))
    // g_signal_connect is a macro: g_signal_connect_data with the handler cast to GCallback.
    let activate: @convention(c) (UnsafeMutablePointer<GtkApplication>?, gpointer?) -> Void = { application, data in
        MainActor.assumeIsolated { Unmanaged<App>.fromOpaque(data!).takeUnretainedValue().activate(application!) }
    }
    g_signal_connect_data(
        application, "activate", unsafeBitCast(activate, to: GCallback.self),
        Unmanaged.passUnretained(app).toOpaque(), nil, GConnectFlags(0))
    let status = g_application_run(UnsafeMutablePointer<GApplication>(OpaquePointer(application)), 0, nil)
    let offset = app.list?.contentOffset.y ?? 0
    print("gtk consumer: offset \(offset) after \(app.frames) frames")
    app.host = nil
    return status == 0 && offset == 400 && app.frames >= 30 ? 0 : 1
}
exit(status)
