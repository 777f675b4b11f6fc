import Glibc
import Testing
import Toolkit
import ToolkitTesting

/// <doc:ScrollBehaviour> §22 in a GTK app: the host follows GtkSettings (GtkHostFixture's settings mode changes
/// the default settings as the desktop would, and prints the hosted core's scheme and motion after each change).
extension GtkViewHostTests {
    @Test(.enabled(if: Session.canRun, "needs the GTK examples (libgtk-4-dev, swift build --build-tests)"))
    func theHostFollowsGtkSettingsDarkThemeAndAnimations() throws {
        let session = try Session(Session.fixture, ["--mode", "settings"])
        #expect(session.wait(for: "stats: settings animations", timeout: .seconds(20)), "\(session.app.standardError)")
        let stats = session.finish()
        #expect(try Session.value(stats, "settings start") == "light false")
        #expect(try Session.value(stats, "settings prefer-dark") == "dark false")
        #expect(try Session.value(stats, "settings no-animations") == "dark true")
        #expect(try Session.value(stats, "settings prefer-light") == "light true")
        #expect(try Session.value(stats, "settings dark-theme") == "dark true")
        #expect(try Session.value(stats, "settings animations") == "dark false")
    }
}
