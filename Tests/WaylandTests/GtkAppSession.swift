import Glibc
import Testing
import Toolkit
import ToolkitTesting

/// A GTK example or fixture (embed-gtk, embed-gtk-layout, GtkHostFixture) run as a process on a new test
/// compositor, for the ToolkitGTK tests: started, waited for until its first frame is drawn, read through the
/// `layout:` and `stats:` lines it prints on stderr, closed as a compositor closes a window.
final class GtkAppSession {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// A placed widget, in the toplevel's surface coordinates (what the compositor's input uses).
    struct Placement {
        var x: Double, y: Double, width: Double, height: Double
        var center: Point { Point(x: x + width / 2, y: y + height / 2) }
        /// A point `dx`, `dy` points from the widget's top-left corner.
        func point(_ dx: Double, _ dy: Double) -> Point { Point(x: x + dx, y: y + dy) }
    }

    static let embedGTK = GalleryProcess.product("embed-gtk")
    static let layout = GalleryProcess.product("embed-gtk-layout")
    static let fixture = GalleryProcess.product("GtkHostFixture")
    static let canRun = embedGTK != nil && layout != nil && fixture != nil

    let compositor: TestCompositor
    let app: GalleryProcess

    /// Starts `executable arguments...` on a new test compositor (whose output has `outputScale`), and waits
    /// until it has drawn its first frame.
    init(_ executable: String?, _ arguments: [String], outputScale: Int32 = 1) throws {
        let path = try #require(executable, "the GTK examples are not built (swift build --build-tests)")
        compositor = try TestCompositor()
        if outputScale != 1 { compositor.outputScale = outputScale }
        var environment = compositor.environment
        environment["GDK_BACKEND"] = "wayland"
        environment["GSK_RENDERER"] = "cairo"
        environment["NO_AT_BRIDGE"] = "1"
        app = try GalleryProcess(arguments: arguments + ["--stats"], environment: environment, executable: path)
        guard wait(for: "first frame drawn", timeout: .seconds(20)) else {
            app.stop()
            throw Failure(description: "\(path) drew no first frame: \(app.standardError)")
        }
        do {
            try Self.waitForSeat(compositor)
        } catch {
            app.stop()
            throw error
        }
    }

    /// Waits until a GTK client has made its seat's objects: GTK makes them together when the seat's
    /// capabilities arrive, some time after its first frame. A pointer enter reaches a client only through a
    /// `wl_pointer` it made (the compositor records the enter's serial then), so the test compositor enters the
    /// window's top-left corner, GTK's shadow, where nothing reacts, until one gets through.
    static func waitForSeat(_ compositor: TestCompositor, timeout: Duration = .seconds(10)) throws {
        try waitUntil("GTK made its wl_pointer (no pointer enter got through)", timeout: timeout) {
            if compositor.lastPointerEnterSerial != nil { return true }
            compositor.pointerEnter(at: Point(x: 1, y: 1))
            compositor.pointerFrame()
            return false
        }
        // What the seat's capabilities made GTK do is done once it answers a ping sent after the enter.
        try compositor.waitForPong(serial: compositor.sendPing(), timeout: timeout)
    }

    /// Waits until the app is at rest (see `TestCompositor.waitForRest`): what a gesture, a key or a configure
    /// started (a fling, an animated scroll, a relayout) is over.
    func waitForRest(quiet: Duration = .milliseconds(200), timeout: Duration = .seconds(20)) throws {
        do {
            try compositor.waitForRest(quiet: quiet, timeout: timeout)
        } catch let error as WaitTimeout {
            throw WaitTimeout(description: "\(error.description)\n\(app.standardError.suffix(3000))")
        }
    }

    deinit { app.stop() }

    /// Waits until stderr contains `text`; false at the timeout or when the app ended.
    func wait(for text: String, timeout: Duration) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while !app.standardError.contains(text) {
            guard clock.now < deadline, app.isRunning else { return false }
            usleep(20_000)
        }
        return true
    }

    /// Where the app said `name` is (`layout: NAME X Y W H`).
    func placement(_ name: String) throws -> Placement {
        let line = try #require(
            app.standardError.split(separator: "\n").last { $0.hasPrefix("layout: \(name) ") },
            "no placement of \(name): \(app.standardError)")
        let f = line.split(separator: " ").dropFirst(2).compactMap { Double($0) }
        try #require(f.count == 4, "bad placement line \(line)")
        return Placement(x: f[0], y: f[1], width: f[2], height: f[3])
    }

    /// Closes the window the way a compositor does (xdg_toplevel.close), expects exit status 0, and returns the
    /// `stats:` lines without their prefix.
    func finish() -> [String] {
        _ = compositor.sendClose()
        let end = app.waitForExit(timeout: .seconds(10))
        #expect(end == .exited(0), "\(end.map(\.description) ?? "still running")\n\(app.standardError)")
        return stats
    }

    /// The `stats:` lines printed so far, without the prefix.
    var stats: [String] {
        app.standardError.split(separator: "\n").filter { $0.hasPrefix("stats: ") }.map { String($0.dropFirst(7)) }
    }

    /// The text after `prefix ` in the last stats line that starts with it.
    static func value(_ stats: [String], _ prefix: String) throws -> String {
        let line = try #require(stats.last { $0.hasPrefix(prefix + " ") }, "no '\(prefix)' line in \(stats)")
        return String(line.dropFirst(prefix.count + 1))
    }

    /// The two numbers of an `offset X Y` stats line.
    static func offset(_ stats: [String], _ prefix: String) throws -> Point {
        let fields = try value(stats, prefix).split(separator: " ").compactMap { Double($0) }
        try #require(fields.count == 2, "bad '\(prefix)' line in \(stats)")
        return Point(x: fields[0], y: fields[1])
    }

    // MARK: Gestures

    /// A finger drags from `start` by `dy` points in `steps` moves 16 ms apart; `hold` keeps it still before
    /// the lift (`Gesture.holdStill`: no fling). The events are stamped on that script, sent no faster than
    /// stamped: the host never maps an event to a time after it read it, so the velocity it measures at the lift is
    /// the script's however late a loaded machine delivers them.
    func touchDrag(from start: Point, dy: Double, steps: Int = 15, hold: Bool = false) {
        let base = compositor.clock
        compositor.touchDown(id: 1, at: start, time: base)
        compositor.touchFrame()
        var time = base
        for step in 1...steps {
            usleep(16_000)
            time = base + .milliseconds(16 * step)
            compositor.touchMotion(
                id: 1, to: Point(x: start.x, y: start.y + dy * Double(step) / Double(steps)), time: time)
            compositor.touchFrame()
        }
        if hold {
            // Stamped when sent: at least the hold after the last stamp.
            Gesture.holdStill()
            compositor.touchUp(id: 1)
        } else {
            compositor.touchUp(id: 1, time: time)
        }
        compositor.touchFrame()
    }

    /// A primary-button click at `point`.
    func click(at point: Point) {
        compositor.pointerMotion(to: point)
        compositor.pointerFrame()
        usleep(50_000)
        compositor.pointerButton(.left, pressed: true)
        compositor.pointerFrame()
        usleep(40_000)
        compositor.pointerButton(.left, pressed: false)
        compositor.pointerFrame()
    }

    /// A key pressed and released.
    func press(_ key: Key) {
        compositor.key(key, pressed: true)
        compositor.key(key, pressed: false)
    }
}
