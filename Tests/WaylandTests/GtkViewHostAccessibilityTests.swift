import Glibc
import TestSupport
import Testing
import Toolkit
import ToolkitTesting

/// ToolkitGTK's hosts serve their views over AT-SPI through the shared bridge, driven from GLib's main loop:
/// embed-gtk on the test compositor, with a private D-Bus daemon as its accessibility bus (`AT_SPI_BUS_ADDRESS`,
/// which GTK's own bridge takes too), read with busctl.
@Suite(
    .serialized,
    .enabled(if: GtkAppSession.embedGTK != nil, "needs embed-gtk (libgtk-4-dev, swift build --build-tests)"),
    .enabled(if: PrivateDBus.isInstalled, "dbus-daemon or busctl is not installed"),
    .enabled(if: PrivateDBus.bridgesAllowed, "NO_AT_BRIDGE=1 is set"))
struct GtkViewHostAccessibilityTests {
    /// embed-gtk `arguments` on a new test compositor with `bus` as its accessibility bus, once it drew its first
    /// frame (the host is mapped by then, so its bridge has connected).
    private func start(_ bus: PrivateDBus, _ arguments: [String]) throws -> (TestCompositor, GalleryProcess) {
        let compositor = try TestCompositor()
        var environment = compositor.environment
        environment["GDK_BACKEND"] = "wayland"
        environment["GSK_RENDERER"] = "cairo"
        environment["AT_SPI_BUS_ADDRESS"] = bus.address
        environment["NO_AT_BRIDGE"] = nil
        let app = try GalleryProcess(
            arguments: arguments + ["--stats"], environment: environment,
            executable: GtkAppSession.embedGTK)
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(20)
        while !app.standardError.contains("stats: first frame drawn") {
            guard clock.now < deadline, app.isRunning else {
                app.stop()
                throw GtkAppSession.Failure(description: "embed-gtk drew no first frame: \(app.standardError)")
            }
            usleep(20_000)
        }
        return (compositor, app)
    }

    /// The unique names on `bus` whose AT-SPI application says it is made with `toolkit` ("GTK", "Toolkit").
    private func applications(on bus: PrivateDBus, toolkit: String) -> [String] {
        guard
            let list = bus.busctl([
                "call", "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                "ListNames"
            ])
        else { return [] }
        let names = list.split(separator: "\"").map(String.init).filter { $0.hasPrefix(":") }
        return names.filter { name in
            bus.busctl([
                "get-property", name, "/org/a11y/atspi/accessible/root", "org.a11y.atspi.Application",
                "ToolkitName"
            ]) == "s \"\(toolkit)\""
        }
    }

    /// Waits (with a deadline) until some application on `bus` says it is made with `toolkit`.
    private func waitForApplication(on bus: PrivateDBus, toolkit: String) -> String? {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        while clock.now < deadline {
            if let name = applications(on: bus, toolkit: toolkit).first { return name }
            usleep(50_000)
        }
        return nil
    }

    @Test func theHostServesItsViewsAndAnswersFromGLibsLoop() throws {
        let bus = try PrivateDBus()
        defer { bus.stop() }
        try #require(bus.waitUntilListening())
        let (compositor, app) = try start(bus, [])
        defer {
            app.stop()
            _ = compositor
        }
        let name = try #require(waitForApplication(on: bus, toolkit: "Toolkit"), "\(app.standardError)")
        let prefix = "/org/a11y/atspi/accessible/"
        #expect(
            bus.busctl(["get-property", name, prefix + "0", "org.a11y.atspi.Accessible", "Name"])
                == "s \"Scrollable content\"")
        let children = try #require(
            bus.busctl([
                "call", name, prefix + "0", "org.a11y.atspi.Accessible",
                "GetChildren"
            ]))
        // a(so) 1 ":1.3" "/org/a11y/atspi/accessible/N": the list's scroll pane
        let pane = try #require(children.split(separator: "\"").map(String.init).last { $0.hasPrefix(prefix) })
        #expect(bus.busctl(["call", name, pane, "org.a11y.atspi.Accessible", "GetRole"]) == "u 49")  // scroll pane
        #expect(bus.busctl(["get-property", name, pane, "org.a11y.atspi.Accessible", "ChildCount"]) == "i 100")
    }

    @Test func withTheOptOutTheHostServesNothing() throws {
        let bus = try PrivateDBus()
        defer { bus.stop() }
        try #require(bus.waitUntilListening())
        let (compositor, app) = try start(bus, ["--no-atspi-bridge"])
        defer {
            app.stop()
            _ = compositor
        }
        // GTK's own bridge is there (it registers before the first frame, as the host would have)...
        #expect(waitForApplication(on: bus, toolkit: "GTK") != nil)
        // ...and the host's is not.
        #expect(applications(on: bus, toolkit: "Toolkit").isEmpty)
    }
}
