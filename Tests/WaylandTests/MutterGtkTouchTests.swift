import Glibc
import Testing

/// ToolkitGTK under a real compositor with real touch: embed-gtk-layout (two hosts nested in GTK boxes under a
/// header bar, so neither is at the window's origin) on a headless mutter whose RemoteDesktop session drives a
/// virtual touchscreen (`MutterHarness`). GTK gets `wl_touch` from mutter's own input stack and the hosts get it
/// from GTK. Checked from outside, from the `stats:` lines the app prints after Alt+F4.
///
/// The window opens maximized (`--maximized`), at the monitor's origin with no shadow: the `layout:` lines'
/// surface coordinates are monitor pixels.
@Suite(
    .serialized,
    .enabled(
        if: MutterHarness.isInstalled && GtkAppSession.layout != nil,
        "mutter, pipewire, dbus-run-session, python3-gi or embed-gtk-layout is missing (scripts/install-deps)"))
struct MutterGtkTouchTests {
    /// mutter with embed-gtk-layout on it, configured maximized and taking touches where they are aimed.
    final class Session {
        let mutter: MutterHarness
        let app: GalleryProcess

        init() throws {
            mutter = try MutterHarness()
            do {
                let environment = mutter.clientEnvironment.merging(
                    ["WAYLAND_DEBUG": "client", "GDK_BACKEND": "wayland", "GSK_RENDERER": "cairo", "NO_AT_BRIDGE": "1"])
                { $1 }
                app = try GalleryProcess(
                    arguments: ["--stats", "--maximized"], environment: environment,
                    executable: GtkAppSession.layout)
            } catch {
                mutter.stop()
                throw error
            }
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(15)
            let configured = "configure(\(mutter.width), \(mutter.height), "
            while !(app.standardError.contains("first frame drawn") && app.standardError.contains(configured)) {
                guard clock.now < deadline, app.isRunning else {
                    let log = app.standardError
                    close()
                    throw MutterHarness.StartError(
                        description: "embed-gtk-layout was not maximized:\n\(log.suffix(4000))")
                }
                usleep(20_000)
            }
            // Until mutter takes touches on the new window as placed (see MutterTouchTests), tap an empty spot of
            // the body until a wl_touch.down arrives at exactly the pixel aimed at. The spot is the margin below the
            // right host: while the map animation scales the window in around its centre, a touch there lands
            // further down, outside the window. (One above the hosts once landed on the header bar's close button.)
            let tapsUntil = clock.now + .seconds(30)
            while !app.standardError.contains(", 700.00000000, 592.00000000)") {
                guard clock.now < tapsUntil, app.isRunning else {
                    let log = app.standardError
                    close()
                    throw MutterHarness.StartError(
                        description: "no touch reached embed-gtk-layout:\n\(log.suffix(4000))")
                }
                try mutter.send(["down 0 700 592", "up 0", "sleep 50"])
            }
            do {
                try app.waitForRest()
            } catch {
                close()
                throw error
            }
        }

        /// Sends helper lines that end with fingers lifting (`lifts` of them), then waits until the app has read
        /// the lifts and come to rest.
        func touch(_ lines: [String], lifts: Int = 1) throws {
            let lifted = app.protocolLog.count(".up(")
            try mutter.send(lines)
            try app.waitForRest(dispatched: ".up(", count: lifted + lifts)
        }

        /// Where the app placed `name` (its `layout:` line), in monitor pixels.
        func placement(_ name: String) throws -> (x: Double, y: Double, width: Double, height: Double) {
            let line = try #require(app.standardError.split(separator: "\n").last { $0.hasPrefix("layout: \(name) ") })
            let f = line.split(separator: " ").dropFirst(2).compactMap { Double($0) }
            try #require(f.count == 4)
            return (f[0], f[1], f[2], f[3])
        }

        /// Alt+F4, exit status 0, the `stats:` lines without the prefix.
        func finish() throws -> [String] {
            try mutter.closeFocusedWindow()
            let end = app.waitForExit(timeout: .seconds(10))
            #expect(end == .exited(0), "embed-gtk-layout: \(end.map(\.description) ?? "still running")")
            return app.standardError.split(separator: "\n").filter { $0.hasPrefix("stats: ") }.map {
                String($0.dropFirst(7))
            }
        }

        func close() {
            app.stop()
            mutter.stop()
            #expect(!mutter.groupIsAlive, "a process of mutter's group outlived stop()")
        }
    }

    @Test func nestedHostsFollowRealTouchDragsAndFlings() throws {
        let session = try Session()
        defer { session.close() }
        let left = try session.placement("left")
        let right = try session.placement("right")
        #expect(left.x > 0 && left.y > 40, "the left host is at the window's origin: \(left)")
        // The left host: 300 px up, held before lifting (no fling). The first 10 pt are the slop.
        let lx = left.x + left.width / 2
        let ly = left.y + left.height - 40
        try session.touch(
            MutterTouchTests.drag(from: (lx, ly), by: (0, -300), steps: 15) + [MutterTouchTests.hold, "up 0"])
        // The right host: the same flick, released while moving.
        let rx = right.x + right.width / 2
        let ry = right.y + right.height - 40
        try session.touch(MutterTouchTests.flick(from: (rx, ry), by: (0, -300), steps: 15))
        let stats = try session.finish()
        let leftY = try GtkAppSession.offset(stats, "left offset").y
        let rightY = try GtkAppSession.offset(stats, "right offset").y
        #expect(abs(leftY - 290) < 0.01, "a 300 px drag held before lift-off moves the list 290 pt: \(leftY)")
        #expect(rightY > 290 + 150, "a released 300 px flick flings past the finger: \(rightY)")
        #expect(try GtkAppSession.value(stats, "label") == "y \(Int(leftY.rounded()))")
    }
}
