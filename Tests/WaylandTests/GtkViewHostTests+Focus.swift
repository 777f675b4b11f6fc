import Glibc
import Testing
import Toolkit
import ToolkitTesting

/// The keyboard focus in a GTK host (GtkHostFixture's focus mode: a GtkEntry above a host holding a page that
/// scrolls, and in it a list whose row 0 the app focused): when GTK gives the host the focus, the window focuses its list, and real wl_keyboard keys
/// move the focused row; when GTK moves the focus elsewhere, the keys stop reaching the list.
extension GtkViewHostTests {
    @Test(.enabled(if: Session.canRun, "needs the GTK examples (libgtk-4-dev, swift build --build-tests)"))
    func theListTakesTheKeysWhileItsHostHasGTKsFocus() throws {
        let session = try Session(Session.fixture, ["--mode", "focus"])
        let host = try session.placement("host")
        // The entry lies just above the host (8 pt of box spacing): a click there gives it GTK's focus.
        let entry = Point(x: host.center.x, y: host.y - 20)
        session.click(at: entry)
        try session.waitForRest()
        // Tab moves GTK's focus on to the host: the list gets the window's focus, and Down moves its focused row.
        session.press(.tab)
        try session.waitForRest()
        for _ in 0..<3 { session.press(.down) }
        try session.waitForRest()
        // A click takes GTK's focus back to the entry: End is then the entry's (its cursor to the end), not the
        // list's (which would focus its last row). Down is not pressed there: GTK's arrow key navigation would move
        // its focus from the one-line entry on to the host.
        session.click(at: entry)
        try session.waitForRest()
        session.press(.end)
        try session.waitForRest()
        let stats = session.finish()
        #expect(try Session.value(stats, "focused row") == "3", "\(stats)")
        #expect(try Session.value(stats, "list focused") == "no")
        // No key went to the page around the list (the outermost scroll container, where keys go with no focus).
        #expect(try Session.offset(stats, "page offset") == Point(x: 0, y: 0))
    }
}
