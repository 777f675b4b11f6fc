import CPNG
import Foundation
import Glibc
import Testing

@testable import Toolkit
@testable import ToolkitCore

/// Scrolling by moving the buffer's start (`RingFrameBuffer`) under real compositors: weston (pixman renderer,
/// `--debug` for `weston-screenshooter`) and sway (`grim`). After whole-pixel scrolls (the ring path), a fling
/// (fractional offsets, drawn at whole pixels: the ring path too, then rest), a scroll back, and under sway a resize followed by more scrolling, the
/// compositor's screenshot of the window equals, pixel for pixel (tolerance 0), what a `HeadlessWindow` renders
/// for the same offset. The window is found in the screenshot by its header's colour (unique on screen). Each
/// runs three ways: with a footer (the list's band goes to a subsurface of its own over the window's surface,
/// which keeps header and footer; the compositor composes them), without one (the band reaches the bottom edge),
/// and with a footer and the band off (the ring buffers copy header and footer).
///
/// Weston has no seat: the fling's touches go straight into the window's core, stamped on its clock, as the
/// Wayland input code would deliver them; the frames are still paced and shown by the compositor.
@MainActor
@Suite(.serialized) struct RingScrollScreenshotTests {
    /// Header colour, found in the screenshot to place the window: rgb(12, 201, 117).
    static let headerColor = Color(red: 12 / 255, green: 201 / 255, blue: 117 / 255)
    static let headerPixel: UInt32 = 0xFF0C_C975

    /// A list row: background, rounded swatch, text, separator.
    final class Row: View {
        let index: Int
        init(index: Int, width: Double) {
            self.index = index
            super.init(frame: Rect(x: 0, y: Double(index) * 30, width: width, height: 30))
            backgroundColor = index % 2 == 0 ? Color(white: 1) : Color(red: 0.92, green: 0.94, blue: 1)
        }
        override func draw(in canvas: Canvas) {
            canvas.fillRoundedRect(
                Rect(x: 6, y: 5, width: 20, height: 20), radius: 6,
                color: Color(red: Double(index % 7) / 7, green: 0.35, blue: 0.7))
            canvas.drawText(
                "Row \(index) — the quick brown fox", at: Point(x: 34, y: 6), size: 14,
                color: Color(white: 0.1))
            canvas.fill(Rect(x: 34, y: 29, width: bounds.width - 34, height: 1), color: Color(white: 0.7))
        }
    }

    /// Header, a full-width list of 200 rows (indicators on) and, with `hasFooter`, a footer, laid out for `size`.
    /// Without a footer the list reaches the window's bottom edge. Once the list scrolls, its band goes to a
    /// surface of its own (`BandSurface`) and the window's surface keeps the header (and the footer).
    @MainActor
    final class Scene {
        let header = View(frame: .zero)
        let list = ScrollContainer(frame: .zero)
        let footer = View(frame: .zero)
        let hasFooter: Bool

        init(in root: View, footer hasFooter: Bool = true) {
            self.hasFooter = hasFooter
            root.backgroundColor = Color(white: 0.97)
            header.backgroundColor = RingScrollScreenshotTests.headerColor
            footer.backgroundColor = Color(red: 0.5, green: 0.1, blue: 0.2)
            footer.isHidden = !hasFooter
            root.addSubview(header)
            root.addSubview(list)
            root.addSubview(footer)
            for index in 0..<200 { list.addSubview(Row(index: index, width: 2000)) }
        }

        /// Lays the views out for `size` (setting a frame or content size to the value it has changes nothing, so
        /// this runs after every committed frame at no cost).
        func layout(_ size: Size) {
            header.frame = Rect(x: 0, y: 0, width: size.width, height: 24)
            list.frame = Rect(x: 0, y: 24, width: size.width, height: max(0, size.height - 24 - (hasFooter ? 16 : 0)))
            footer.frame = Rect(x: 0, y: size.height - 16, width: size.width, height: 16)
            list.contentSize = Size(width: size.width, height: 200 * 30)
        }
    }

    /// Decodes a PNG file into ARGB words (opaque screenshots: premultiplied equals straight).
    static func decodePNG(_ path: String) -> Image? {
        var header = png_image()
        header.version = png_uint_32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_file(&header, path) != 0 else { return nil }
        header.format = png_uint_32(PNG_FORMAT_BGRA)
        let width = Int(header.width)
        let height = Int(header.height)
        var words = [UInt32](repeating: 0, count: width * height)
        let done = words.withUnsafeMutableBytes {
            png_image_finish_read(&header, nil, $0.baseAddress, png_int_32(width * 4), nil)
        }
        return done != 0 ? Image(width: width, height: height, pixels: words) : nil
    }

    /// Decodes a binary PPM (P6, maxval 255), as `grim -t ppm` writes.
    static func decodePPM(_ path: String) -> Image? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let bytes = [UInt8](data)
        var fields: [Int] = []
        var index = 2
        var current = -1
        guard bytes.count > 2, bytes[0] == UInt8(ascii: "P"), bytes[1] == UInt8(ascii: "6") else { return nil }
        while fields.count < 3, index < bytes.count {
            let byte = bytes[index]
            if byte >= 48 && byte <= 57 {
                current = max(current, 0) * 10 + Int(byte - 48)
            } else if current >= 0 {
                fields.append(current)
                current = -1
            }
            index += 1
        }
        guard fields.count == 3, fields[2] == 255 else { return nil }
        let width = fields[0]
        let height = fields[1]
        guard bytes.count >= index + width * height * 3 else { return nil }
        var words = [UInt32](repeating: 0, count: width * height)
        for p in 0..<(width * height) {
            let o = index + 3 * p
            words[p] = 0xFF00_0000 | UInt32(bytes[o]) << 16 | UInt32(bytes[o + 1]) << 8 | UInt32(bytes[o + 2])
        }
        return Image(width: width, height: height, pixels: words)
    }

    /// The window's place in `shot` (the first pixel of the header colour in reading order) and the number of its
    /// pixels that differ from `expected`; nil when the header is not on screen or the window does not fit.
    static func compare(_ expected: Image, in shot: Image) -> (x: Int, y: Int, differences: Int)? {
        var origin: (Int, Int)?
        search: for y in 0..<shot.height {
            for x in 0..<shot.width where shot.pixel(x: x, y: y) == headerPixel {
                origin = (x, y)
                break search
            }
        }
        guard let (x0, y0) = origin, x0 + expected.width <= shot.width, y0 + expected.height <= shot.height
        else { return nil }
        var differences = 0
        for y in 0..<expected.height {
            for x in 0..<expected.width where shot.pixel(x: x0 + x, y: y0 + y) != expected.pixel(x: x, y: y) {
                differences += 1
            }
        }
        return (x0, y0, differences)
    }

    /// What the window should show: a headless twin of the scene at `size` and `offset`, indicators faded.
    static func expectedImage(size: Size, offset: Point, footer: Bool) -> Image {
        let twin = HeadlessWindow(size: size)
        let scene = Scene(in: twin.rootView, footer: footer)
        scene.layout(size)
        scene.list.contentOffset = offset
        twin.advance(by: .seconds(5))
        return twin.render()
    }

    /// Dispatches until nothing moves and the indicators have faded.
    static func settle(_ window: WaylandWindow, _ scene: Scene, limit: Duration = .seconds(15)) throws {
        try window.pump("the list at rest with its indicators faded", limit: limit) {
            !window.core.needsFrame && !scene.list.isDecelerating && scene.list.scrollIndicatorOpacity == 0
        }
    }

    /// `steps` frames that each move the list by `dy` points, each presented before the next.
    static func scroll(_ window: WaylandWindow, _ scene: Scene, by dy: Double, steps: Int) throws {
        for step in 0..<steps {
            let list = scene.list
            list.contentOffset = Point(x: 0, y: list.contentOffset.y + dy)
            let before = window.presentedFrameCount
            try window.pump("scroll step \(step) presented") { window.presentedFrameCount > before }
        }
    }

    /// A flick upwards at about 3,000 pt/s through the core, stamped on the window clock.
    static func fling(_ window: WaylandWindow) {
        let core = window.core
        var y = 180.0
        var time = window.clock.now
        core.handle(.touchDown(id: 7, location: Point(x: 100, y: y), timestamp: time))
        core.handle(.touchFrame(timestamp: time))
        for _ in 0..<6 {
            time += .milliseconds(8)
            y -= 24
            core.handle(.touchMotion(id: 7, location: Point(x: 100, y: y), timestamp: time))
            core.handle(.touchFrame(timestamp: time))
        }
        core.handle(.touchUp(id: 7, timestamp: time))
        core.handle(.touchFrame(timestamp: time))
    }

    /// Takes screenshots with `shoot` until the window in one equals the twin at the list's offset and the window's
    /// size (the compositor shows a commit at its next repaint, weston fades new windows in, sway configures them),
    /// and expects that within 10 s.
    static func expectMatch(_ window: WaylandWindow, _ scene: Scene, _ what: String, shoot: () throws -> Image?)
        throws
    {
        let deadline = monotonicClock() + .seconds(10)
        var shot: Image?
        var found: (x: Int, y: Int, differences: Int)?
        var expected: Image
        repeat {
            // What the window shows now: the compositor may still be configuring it (sway tiles a new window).
            expected = expectedImage(size: window.size, offset: scene.list.contentOffset, footer: scene.hasFooter)
            shot = try shoot()
            found = shot.flatMap { compare(expected, in: $0) }
            if found?.differences == 0 { break }
            // The window's loop runs between two shots: the compositor may be waiting for it.
            try window.idle(for: .milliseconds(50))
        } while monotonicClock() < deadline
        let last = try #require(shot, "no screenshot (\(what))")
        // TOOLKIT_TEST_SHOTS=DIR keeps the screenshot of each step for a look (named after the step).
        if let directory = ProcessInfo.processInfo.environment["TOOLKIT_TEST_SHOTS"] {
            let name =
                (scene.hasFooter ? "footer-" : "") + (window.usesBand ? "band-" : "no-band-")
                + what.replacingOccurrences(of: " ", with: "-")
            try? PNGEncoder.write(last, to: "\(directory)/\(window.title)-\(name).png")
        }
        guard let found else {
            Issue.record("window not found in the \(last.width)x\(last.height) screenshot (\(what))")
            return
        }
        #expect(
            found.differences == 0,
            "\(what): \(found.differences) pixels differ at offset \(scene.list.contentOffset)")
        // A compositor repaints only the damage it is told: a wrong pixel outside it would stay off screen until
        // something else repaints there. The buffer itself must hold the whole picture.
        let committed = try #require(window.lastPresentedImage())
        #expect(pixelDifferences(committed, expected) == 0, "\(what): the committed buffer differs from the render")
    }

    /// Runs `tool arguments` in `directory` with the compositor's environment; waits at most 10 s.
    static func run(_ tool: String, _ arguments: [String], in directory: String, socket: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ["XDG_RUNTIME_DIR": directory, "WAYLAND_DISPLAY": socket, "PATH": "/usr/bin:/bin"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        while process.isRunning && clock.now < deadline { usleep(20_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    /// The scenario: ring scrolls, a fling, a scroll back; `shoot` takes each screenshot, `between` may change
    /// the window (a resize) before a last round of scrolls.
    static func play(
        _ window: WaylandWindow, _ scene: Scene, shoot: () throws -> Image?,
        resize: (() throws -> Void)? = nil
    ) throws {
        window.onFrameCommitted = { [unowned window] _ in scene.layout(window.size) }
        scene.layout(window.size)
        try settle(window, scene)
        try expectMatch(window, scene, "first frame", shoot: shoot)
        try scroll(window, scene, by: 7, steps: 40)
        try settle(window, scene)
        #expect(window.shiftedFrameCount > 0)
        // The list's band moved to a surface of its own, unless bands are off.
        let height = window.size.height
        #expect(window.bandRows == (window.usesBand ? 24..<(scene.hasFooter ? height - 16 : height) : nil))
        // With the band, the list's vertical indicator is in a surface of its own over its column.
        #expect((window.indicatorColumn != nil) == window.usesBand)
        try expectMatch(window, scene, "after 40 scrolls of 7 pt", shoot: shoot)
        let shiftedBeforeFling = window.shiftedFrameCount
        fling(window)
        try settle(window, scene)
        // The fling's fractional offsets are drawn at whole pixels: its frames move the start too (the last
        // ones, under a pixel per frame, move nothing).
        #expect(window.shiftedFrameCount - shiftedBeforeFling >= 10)
        try expectMatch(window, scene, "after a fling", shoot: shoot)
        let onwardBeforeUp = window.onwardFrameCount
        let catchUpsBeforeUp = window.catchUpFrameCount
        try scroll(window, scene, by: -11, steps: 25)
        try settle(window, scene)
        // Both compositors hold the buffer they show until the next commit (pixman renderers). With the band, the
        // upward scroll goes on in the held buffer's memory (its new rows lie above the held band rows): at most
        // the first frame (binding the indicator's overlay again) copies into the other buffer. Without it, every
        // step does.
        let onward = window.onwardFrameCount - onwardBeforeUp
        let catchUps = window.catchUpFrameCount - catchUpsBeforeUp
        if window.usesBand {
            #expect(onward >= 24, "\(onward) onward, \(catchUps) caught up")
            #expect(catchUps <= 1, "\(onward) onward, \(catchUps) caught up")
        } else {
            #expect(catchUps >= 25, "\(onward) onward, \(catchUps) caught up")
        }
        try expectMatch(window, scene, "after 25 scrolls of -11 pt", shoot: shoot)
        // The compositors that can resize the window (sway) go on with a resize; the others end here.
        if let resize {
            try resize()
            try settle(window, scene)
            scene.layout(window.size)
            try expectMatch(window, scene, "after a resize", shoot: shoot)
            try scroll(window, scene, by: 9, steps: 30)
            try settle(window, scene)
            try expectMatch(window, scene, "after a resize and 30 scrolls of 9 pt", shoot: shoot)
        }
    }

    nonisolated static let hasScreenshooter = FileManager.default.isExecutableFile(
        atPath: "/usr/bin/weston-screenshooter")
    nonisolated static let hasGrim = FileManager.default.isExecutableFile(atPath: "/usr/bin/grim")

    /// How the window is set up: with or without a footer, with a band surface or without.
    nonisolated static let modes = [
        (footer: true, band: true), (footer: false, band: true), (footer: true, band: false)
    ]

    @Test(
        .enabled(if: WestonHarness.isInstalled && hasScreenshooter, "needs weston and weston-screenshooter"),
        arguments: modes)
    func westonScreenshotsEqualHeadlessRenders(footer: Bool, band: Bool) throws {
        let weston = try WestonHarness(width: 640, height: 480, debug: true)
        defer { weston.stop() }
        let window = try WaylandWindow(
            title: "ring-scroll-weston", size: Size(width: 360, height: 300),
            appID: "org.toolkit.ringtest",
            connection: .socket(
                name: weston.socketName,
                runtimeDirectory: weston.runtimeDirectory))
        window.usesBand = band
        let scene = Scene(in: window.rootView, footer: footer)
        var shots = 0
        try Self.play(
            window, scene,
            shoot: {
                shots += 1
                let directory = weston.runtimeDirectory
                let before = Set((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
                try Self.run("/usr/bin/weston-screenshooter", [], in: directory, socket: weston.socketName)
                let after = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
                guard let file = after.first(where: { $0.hasSuffix(".png") && !before.contains($0) }) else {
                    return nil
                }
                defer { try? FileManager.default.removeItem(atPath: "\(directory)/\(file)") }
                return Self.decodePNG("\(directory)/\(file)")
            })
        #expect(shots >= 4)
    }

    @Test(.enabled(if: SwayHarness.isInstalled && hasGrim, "needs sway and grim"), arguments: modes)
    func swayScreenshotsEqualHeadlessRendersAcrossAResize(footer: Bool, band: Bool) throws {
        let sway = try SwayHarness(width: 640, height: 480)
        defer { sway.stop() }
        let window = try WaylandWindow(
            title: "ring-scroll-sway", size: Size(width: 360, height: 300),
            appID: "org.toolkit.ringtest",
            connection: .socket(
                name: sway.socketName,
                runtimeDirectory: sway.runtimeDirectory))
        window.usesBand = band
        let scene = Scene(in: window.rootView, footer: footer)
        let path = "/tmp/toolkit-ring-\(getpid())-\(footer)-\(band).ppm"
        defer { unlink(path) }
        try Self.play(
            window, scene,
            shoot: {
                unlink(path)
                try Self.run("/usr/bin/grim", ["-t", "ppm", path], in: sway.runtimeDirectory, socket: sway.socketName)
                return Self.decodePPM(path)
            },
            resize: {
                let before = window.size
                try sway.message(["[app_id=org.toolkit.ringtest] floating enable, resize set 420 260"])
                try window.pump("sway's resize configure") { window.size != before }
            })
    }
}
