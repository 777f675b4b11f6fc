import CGtk4
import GtkExampleSupport
import ToolkitGTK

/// Focus mode's rows: 200 plain 44 pt rows (grey by row), made or dequeued on demand.
@MainActor
final class FocusRows: ListDataSource {
    func numberOfRows(in list: ListContainer) -> Int { 200 }

    func list(_ list: ListContainer, viewForRow row: Int) -> View {
        let view = list.dequeueReusableView(kind: "row") ?? View(frame: .zero)
        view.reuseKind = "row"
        let shade = 0.8 + Double(row % 5) * 0.04
        view.backgroundColor = Color(red: shade, green: shade, blue: shade)
        return view
    }
}

extension Fixture {
    /// Focus mode: a GtkEntry above the host's own widget, which holds a 300 x 400 `ListContainer` of 200 rows
    /// (single selection, row 0 focused by the app) in a 300 x 400 page of 800 pt that scrolls. The host reaches the list's keys only while GTK gives it the
    /// keyboard focus: Tab from the entry, or a click.
    func setUpFocus(in window: UnsafeMutablePointer<GtkWidget>) -> GtkViewHost {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
        let entry = gtk_entry_new()!
        gtk_box_append(gtkCast(box), entry)
        let host = GtkViewHost()
        gtk_widget_set_size_request(gtkWidget(host.widget), 300, 400)
        gtk_box_append(gtkCast(box), gtkWidget(host.widget))
        gtk_window_set_child(gtkCast(window), box)
        // The list sits in a page that scrolls too, as in an app: with no view focused the keys would go to the
        // page, the outermost scroll container.
        let page = ScrollContainer(frame: Rect(x: 0, y: 0, width: 300, height: 400))
        page.contentSize = Size(width: 300, height: 800)
        let rows = FocusRows()
        let list = ListContainer(frame: Rect(x: 0, y: 0, width: 300, height: 400))
        list.selectionMode = .single
        list.dataSource = rows
        list.focusedRow = 0
        page.addSubview(list)
        host.rootView.addSubview(page)
        (focusRows, focusList, focusPage) = (rows, list, page)
        return host
    }

    /// Focus mode's stats: the list's focused row, whether the window focuses the list, and the page's offset.
    func printFocusStats() {
        // Without its list the mode was not set up: say so, and the test finds none of the lines it reads.
        if let focusList, let core {
            printError("stats: focused row \(focusList.focusedRow.map(String.init) ?? "none")")
            printError("stats: list focused \(core.focusedView === focusList ? "yes" : "no")")
        } else {
            printError("stats: focus mode has no list")
        }
        if let focusPage { printError("stats: page offset \(focusPage.contentOffset.x) \(focusPage.contentOffset.y)") }
    }
}
