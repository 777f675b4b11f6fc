import Foundation
import Glibc
import TestSupport
import Testing
import Toolkit
import ToolkitTesting

/// <doc:ScrollBehaviour> §22 for real: the gallery's "contacts" demo in its own process against a `TestCompositor`,
/// on a private session bus where a stand-in portal (scripts/lib/fake-portal.py, python3-dbus) serves
/// `org.freedesktop.portal.Settings`. The portal flips `color-scheme` and `enable-animations` while the gallery runs,
/// and the committed pictures show the flips arrive: the selection's highlight and the list's background change
/// colour, and a wheel step lands in the first frame it changes.
///
/// Layout facts (Sources/Examples/Demos/ContactBook.swift): the list starts under the 44 pt bar; row 1 spans
/// 74 ..< 122 in the window, row 2 122 ..< 170; x 700 is right of every row's text.
@Suite(
    .serialized,
    .enabled(
        if: GalleryProcess.executable != nil,
        "the gallery executable is not built next to the tests: run swift build --build-tests"),
    .enabled(
        if: FakePortal.isRunnable, "needs dbus-daemon, busctl and /usr/bin/python3 with python3-dbus and python3-gi"))
struct DesktopSettingsEndToEndTests {
    static let lightHighlight = SelectionColors.light.highlight.premultipliedARGB
    static let darkHighlight = SelectionColors.dark.highlight.premultipliedARGB
    static let lightBackground = Color.white.premultipliedARGB
    static let darkBackground = Color(white: 0.11).premultipliedARGB

    /// Waits (at most 10 s) for a committed frame whose pixels at (700, y) are `colors` (y: colour).
    static func waitForPixels(_ compositor: TestCompositor, _ colors: [(y: Int, color: UInt32)]) -> (Bool, String) {
        let deadline = ContinuousClock.now + .seconds(10)
        var seen = ""
        while ContinuousClock.now < deadline {
            let count = compositor.committedFrameCount
            if let image = compositor.lastCommittedImage {
                seen = colors.map { String(image.pixel(x: 700, y: $0.y), radix: 16) }.joined(separator: " ")
                if colors.allSatisfy({ image.pixel(x: 700, y: $0.y) == $0.color }) { return (true, seen) }
            }
            _ = try? compositor.waitForCommit(after: count, timeout: .milliseconds(500))
        }
        return (false, seen)
    }

    /// Whether two pictures agree on the list's rows left of x 700 (no bars, no status line), y 60 ..< 400.
    static func sameRows(_ a: Image, _ b: Image) -> Bool {
        for y in 60..<400 {
            for x in 0..<700 where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { return false }
        }
        return true
    }

    @Test func theGalleryFollowsTheSchemeAndTheMotionSettingAtRunTime() throws {
        let bus = try PrivateDBus()
        try #require(bus.waitUntilListening())
        let portal = try FakePortal(bus: bus)
        defer { portal.stop() }
        try #require(portal.waitUntilReady(), "\(portal.output)")
        let compositor = try TestCompositor()
        var environment = compositor.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        let gallery = try GalleryProcess(arguments: ["--demo", "contacts"], environment: environment)
        defer { gallery.stop() }
        try compositor.waitForToplevel(timeout: .seconds(20))
        // The gallery asked the portal (ReadOne) for the three settings.
        #expect(portal.waitForLine("ReadOne org.freedesktop.appearance color-scheme"), "\(portal.output)")
        #expect(portal.waitForLine("ReadOne org.gnome.desktop.interface enable-animations"), "\(portal.output)")
        // Light: click row 1, its highlight is the light one, the rest of the list white.
        compositor.pointerEnter(at: Point(x: 700, y: 100))
        compositor.pointerFrame()
        compositor.pointerButton(.left, pressed: true)
        compositor.pointerFrame()
        compositor.pointerButton(.left, pressed: false)
        compositor.pointerFrame()
        let light = Self.waitForPixels(compositor, [(100, Self.lightHighlight), (150, Self.lightBackground)])
        #expect(light.0, "light: \(light.1)")

        // The desktop turns animations off, then dark. The portal's signals reach the gallery in the order sent:
        // once the dark colours show, the motion setting has arrived too.
        try #require(portal.set("org.gnome.desktop.interface", "enable-animations", type: "b", value: "false"))
        try #require(portal.set("org.freedesktop.appearance", "color-scheme", type: "u", value: "1"))
        let dark = Self.waitForPixels(compositor, [(100, Self.darkHighlight), (150, Self.darkBackground)])
        #expect(dark.0, "dark: \(dark.1)")

        // A wheel step (0.1 s when animated) shows its end in the first frame that changes.
        let still = try #require(try compositor.waitForRest())
        let before = compositor.committedFrameCount
        compositor.pointerMotion(to: Point(x: 400, y: 300))
        compositor.pointerAxis(dx: 0, dy: 120, source: .wheel)
        compositor.pointerFrame()
        var first: Image?
        var number = before
        while first == nil {
            let frame = try compositor.waitForCommit(after: number, timeout: .seconds(10))
            number = frame.number
            if !Self.sameRows(frame.image, still) { first = frame.image }
        }
        let rest = try #require(try compositor.waitForRest())
        #expect(Self.sameRows(try #require(first), rest))
        #expect(!Self.sameRows(rest, still))

        // And light again ("prefer light"): the list's background at y 150 (the selected row 1 moved up, away).
        try #require(portal.set("org.freedesktop.appearance", "color-scheme", type: "u", value: "2"))
        let back = Self.waitForPixels(compositor, [(150, Self.lightBackground)])
        #expect(back.0, "light again: \(back.1)")
        #expect(compositor.sendClose())
        let ended = gallery.waitForExit(timeout: .seconds(5))
        #expect(ended == .exited(0), "\(gallery.standardError)")
        // No diagnostic about the portal: it was there.
        #expect(!gallery.standardError.contains("settings portal"), "\(gallery.standardError)")
    }

    @Test func anOlderPortalIsReadWithRead() throws {
        let bus = try PrivateDBus()
        try #require(bus.waitUntilListening())
        let portal = try FakePortal(bus: bus, options: ["--old", "--color-scheme", "1", "--no-reduced-motion"])
        defer { portal.stop() }
        try #require(portal.waitUntilReady(), "\(portal.output)")
        let compositor = try TestCompositor()
        var environment = compositor.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        let gallery = try GalleryProcess(arguments: ["--demo", "contacts"], environment: environment)
        defer { gallery.stop() }
        try compositor.waitForToplevel(timeout: .seconds(20))
        #expect(portal.waitForLine("Read org.freedesktop.appearance color-scheme"), "\(portal.output)")
        // Dark from the start (the answer came within the window's short wait, or just after).
        let dark = Self.waitForPixels(compositor, [(150, Self.darkBackground)])
        #expect(dark.0, "dark: \(dark.1)")
        #expect(compositor.sendClose())
        _ = gallery.waitForExit(timeout: .seconds(5))
        // A portal without reduced-motion answers NotFound: normal, nothing reported.
        #expect(!gallery.standardError.contains("settings portal"), "\(gallery.standardError)")
    }

    @Test func aPortalThatNeverAnswersDelaysNothingAndIsReportedOnce() throws {
        let bus = try PrivateDBus()
        try #require(bus.waitUntilListening())
        let portal = try FakePortal(bus: bus, options: ["--silent", "--color-scheme", "1"])
        defer { portal.stop() }
        try #require(portal.waitUntilReady(), "\(portal.output)")
        let compositor = try TestCompositor()
        var environment = compositor.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        let gallery = try GalleryProcess(arguments: ["--demo", "contacts"], environment: environment)
        defer { gallery.stop() }
        // The window maps and draws in the defaults while the reads wait; the reads give up after their 3 s.
        try compositor.waitForToplevel(timeout: .seconds(20))
        #expect(portal.waitForLine("ReadOne org.freedesktop.appearance color-scheme"), "\(portal.output)")
        let light = Self.waitForPixels(compositor, [(150, Self.lightBackground)])
        #expect(light.0, "light: \(light.1)")
        let deadline = ContinuousClock.now + .seconds(15)
        while !gallery.standardError.contains("settings portal") && ContinuousClock.now < deadline { usleep(20_000) }
        // Still running, and it still draws: a click selects a row.
        compositor.pointerEnter(at: Point(x: 700, y: 100))
        compositor.pointerFrame()
        compositor.pointerButton(.left, pressed: true)
        compositor.pointerFrame()
        compositor.pointerButton(.left, pressed: false)
        compositor.pointerFrame()
        let selected = Self.waitForPixels(compositor, [(100, Self.lightHighlight)])
        #expect(selected.0, "selected: \(selected.1)")
        #expect(compositor.sendClose())
        _ = gallery.waitForExit(timeout: .seconds(5))
        let lines = gallery.standardError.split(separator: "\n").filter { $0.contains("settings portal") }
        #expect(lines.count == 1, "\(gallery.standardError)")
        if let line = lines.first { print("[DesktopSettingsEndToEndTests] \(line)") }
    }

    @Test func noPortalOnTheBusKeepsTheDefaultsAndSaysSoOnce() throws {
        let bus = try PrivateDBus()
        try #require(bus.waitUntilListening())
        let compositor = try TestCompositor()
        var environment = compositor.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        let gallery = try GalleryProcess(arguments: ["--demo", "contacts"], environment: environment)
        defer { gallery.stop() }
        try compositor.waitForToplevel(timeout: .seconds(20))
        let light = Self.waitForPixels(compositor, [(150, Self.lightBackground)])
        #expect(light.0, "light: \(light.1)")
        #expect(compositor.sendClose())
        _ = gallery.waitForExit(timeout: .seconds(5))
        let lines = gallery.standardError.split(separator: "\n").filter { $0.contains("settings portal") }
        #expect(lines.count == 1, "\(gallery.standardError)")
        if let line = lines.first { print("[DesktopSettingsEndToEndTests] \(line)") }
    }
}

/// scripts/lib/fake-portal.py on a `PrivateDBus`, its standard output collected. Sendable by hand: the output,
/// which Foundation's reader appends from its own thread, is behind `lock`; the rest is set once in init.
final class FakePortal: @unchecked Sendable {
    static let python = "/usr/bin/python3"
    static let script: String = {
        // Tests/WaylandTests/<this file> → the package root.
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("scripts/lib/fake-portal.py").path
    }()

    /// Whether the stand-in can run here: the bus tools, python3 with its D-Bus and GLib modules, the script.
    static let isRunnable: Bool = {
        guard PrivateDBus.isInstalled, FileManager.default.isExecutableFile(atPath: python),
            FileManager.default.fileExists(atPath: script)
        else { return false }
        let check = Process()
        check.executableURL = URL(fileURLWithPath: python)
        check.arguments = ["-c", "import dbus, dbus.mainloop.glib, gi.repository.GLib"]
        check.standardOutput = FileHandle.nullDevice
        check.standardError = FileHandle.nullDevice
        guard (try? check.run()) != nil else { return false }
        check.waitUntilExit()
        return check.terminationStatus == 0
    }()

    private let bus: PrivateDBus
    private let process = Process()
    private let pipe = Pipe()
    private let lock = NSLock()
    private var collected = ""

    init(bus: PrivateDBus, options: [String] = []) throws {
        self.bus = bus
        process.executableURL = URL(fileURLWithPath: FakePortal.python)
        process.arguments = [FakePortal.script, bus.address] + options
        process.standardOutput = pipe
        process.standardError = pipe
        pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            if data.isEmpty {
                // End of file: the stand-in exited; stop being called for it.
                handle.readabilityHandler = nil
            } else if let self {
                self.lock.lock()
                self.collected += String(decoding: data, as: UTF8.self)
                self.lock.unlock()
            }
        }
        try process.run()
    }

    deinit { stop() }

    /// Everything the stand-in printed so far.
    var output: String {
        lock.lock()
        defer { lock.unlock() }
        return collected
    }

    /// Waits (at most `seconds`) for a line of output equal to `line`.
    func waitForLine(_ line: String, seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if output.split(separator: "\n").contains(where: { $0 == line }) { return true }
            usleep(10_000)
        }
        return false
    }

    func waitUntilReady() -> Bool { waitForLine("ready") }

    /// Changes a setting: the stand-in stores it and emits SettingChanged.
    func set(_ namespace: String, _ key: String, type: String, value: String) -> Bool {
        bus.busctl([
            "call", "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop", "org.toolkit.test.FakePortal",
            "Set", "ssv", namespace, key, type, value
        ]) != nil
    }

    func stop() {
        pipe.fileHandleForReading.readabilityHandler = nil
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
