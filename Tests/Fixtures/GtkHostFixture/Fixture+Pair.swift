import CGtk4
import GtkExampleSupport
import ToolkitGTK

extension Fixture {
    /// Pair mode: as an ordinary GTK app lays hosts out, a host adopting a 400 x 471 GtkDrawingArea beside a host
    /// with a widget of its own, in a box; each holds a 400 x 400 `TapList` that does not fill it. Returns the
    /// left (adopting) host; the right one is `secondHost`.
    func setUpPair(in window: UnsafeMutablePointer<GtkWidget>) -> GtkViewHost {
        gtk_window_set_default_size(gtkCast(window), 840, 520)
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        let area = gtk_drawing_area_new()!
        gtk_widget_set_size_request(area, 400, 471)
        gtk_box_append(gtkCast(box), area)
        let left = GtkViewHost(adopting: OpaquePointer(area))
        let right = GtkViewHost()
        gtk_widget_set_size_request(gtkWidget(right.widget), 400, 471)
        gtk_box_append(gtkCast(box), gtkWidget(right.widget))
        gtk_window_set_child(gtkCast(window), box)
        tapLists = [TapList(name: "left"), TapList(name: "right")]
        left.rootView.addSubview(tapLists[0])
        right.rootView.addSubview(tapLists[1])
        secondHost = right
        return left
    }

    /// Release-hovered mode: once the pointer hovers the list's vertical bar (widened to its full 8 pt), the host
    /// is released (no detach first) with the pointer still inside it.
    func releaseOnceHovered() {
        hoverPoll = g_timeout_add(
            20,
            { data in
                MainActor.assumeIsolated {
                    let fixture = Unmanaged<Fixture>.fromOpaque(data!).takeUnretainedValue()
                    guard let width = fixture.list?.scrollbarTrackFrame(for: .vertical)?.width, width >= 8 else {
                        return 1
                    }
                    fixture.hoverPoll = 0
                    printError("stats: bar widened under the pointer")
                    fixture.host = nil
                    printError("stats: released while hovered")
                    return 0
                }
            }, Unmanaged.passUnretained(self).toOpaque())
    }
}
