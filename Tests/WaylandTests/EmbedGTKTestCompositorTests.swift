import Glibc
import Testing
import Toolkit
import ToolkitTesting

/// embed-gtk (GTK 4 hosting the container through WindowCore) on the project's own test compositor: real wl_touch,
/// wl_pointer and wl_keyboard events reach GTK, GTK's event controllers hand them to the container, and the result
/// is read from the pixels GTK commits (and, at the end, from the app's `--stats` lines after an xdg close).
///
/// The list is found in the committed picture by its first row's swatch: row 0 draws a 36 x 36 pt square of
/// 0xD92626 at (12, 10) of the list, so the list's top-left corner is that square's minus (12, 10) (scale 1).
/// Every row draws such a square, its colour following the row's index around a palette of 12, so the topmost square
/// fully in view tells where the list is scrolled to, modulo 12 rows (672 pt).
///
/// A motion is over when the app says so (`stats: deceleration ended`) or when the picture shows where it must end,
/// never after a quiet spell: a loaded machine can pause the app longer than any quiet spell a test could wait out.
@Suite(.serialized) struct EmbedGTKTestCompositorTests {
    static let canRun = EmbedGTKTests.executable != nil
    static let swatch: UInt32 = 0xFFD9_2626
    static let green: UInt32 = 0xFF00_FF00
    /// The swatches of rows 0 to 11 as committed (embed-gtk's bright palette: hue index / 12); rows repeat them.
    static let palette: [UInt32] = [
        0xFFD9_2626, 0xFFD9_8026, 0xFFD9_D926, 0xFF80_D926, 0xFF26_D926, 0xFF26_D980,
        0xFF26_D9D9, 0xFF26_80D9, 0xFF26_26D9, 0xFF80_26D9, 0xFFD9_26D9, 0xFFD9_2680
    ]
    static let rowHeight = 56.0
    /// How far the palette repeats: 12 rows of 56 pt.
    static let period = 672.0
    /// How long a motion may take on a loaded machine.
    static let motionDeadline: Duration = .seconds(20)

    private struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The top-left corner of a `size`-pixel square of `color` in `image`, if any.
    static func square(of color: UInt32, in image: Image, size: Int = 36) -> (x: Int, y: Int)? {
        for y in 0..<max(0, image.height - size) {
            var x = 0
            while x < image.width - size {
                if image.pixel(x: x, y: y) == color && image.pixel(x: x + size - 1, y: y + size - 1) == color
                    && (x == 0 || image.pixel(x: x - 1, y: y) != color)
                    && (y == 0 || image.pixel(x: x, y: y - 1) != color)
                {
                    return (x, y)
                }
                x += 1
            }
        }
        return nil
    }

    /// embed-gtk on a new test compositor, its list found in the committed pixels.
    static func start() throws -> (TestCompositor, GalleryProcess, origin: (x: Int, y: Int)) {
        let compositor = try TestCompositor()
        var environment = compositor.environment
        environment["GDK_BACKEND"] = "wayland"
        environment["GSK_RENDERER"] = "cairo"
        let app = try GalleryProcess(
            arguments: ["--stats"], environment: environment,
            executable: EmbedGTKTests.executable)
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(20)
        var origin: (x: Int, y: Int)?
        while origin == nil && clock.now < deadline && app.isRunning {
            if let image = try? compositor.waitForCommit(timeout: .milliseconds(500)),
                let corner = square(of: swatch, in: image)
            {
                origin = (corner.x - 12, corner.y - 10)
            }
        }
        guard let origin else {
            app.stop()
            throw Failure(description: "embed-gtk showed no list on the test compositor: \(app.standardError)")
        }
        do {
            try GtkAppSession.waitForSeat(compositor)
        } catch {
            app.stop()
            throw error
        }
        return (compositor, app, origin)
    }

    /// Closes the window the way a compositor does (xdg_toplevel.close) and returns the `--stats` lines.
    static func finish(_ compositor: TestCompositor, _ app: GalleryProcess) -> (offset: Double?, activated: String?) {
        _ = compositor.sendClose()
        let end = app.waitForExit(timeout: .seconds(10))
        #expect(end == .exited(0), "embed-gtk: \(end.map(\.description) ?? "still running")\n\(app.standardError)")
        let lines = app.standardError.split(separator: "\n")
        let offset = lines.last { $0.contains("list offset") }.flatMap { Double($0.split(separator: " ").last!) }
        let activated = lines.last { $0.contains("activated row") }.map { String($0.split(separator: " ").last!) }
        return (offset, activated)
    }

    /// Where `image` shows the list scrolled to, modulo `period`: read from the topmost swatch fully in view (a list
    /// taller than two rows always shows one), or nil when there is none.
    static func shownOffset(in image: Image, origin: (x: Int, y: Int)) -> Double? {
        // The swatches' left edge: 12 pt into the list, whatever the offset (the list scrolls vertically).
        let x = origin.x + 12
        guard x >= 0, x + 35 < image.width else { return nil }
        var y = max(origin.y, 1)
        while y + 35 < image.height {
            let pixel = image.pixel(x: x, y: y)
            if let row = palette.firstIndex(of: pixel), image.pixel(x: x, y: y - 1) != pixel,
                image.pixel(x: x, y: y + 35) == pixel, image.pixel(x: x + 35, y: y + 35) == pixel
            {
                // The swatch's top is 10 pt into its row; the row starts `row` rows into the period.
                return Double(row) * rowHeight + 10 - Double(y - origin.y)
            }
            y += 1
        }
        return nil
    }

    /// Whether `image` shows the list at `offset` (within `tolerance` points, modulo `period`).
    static func shows(offset: Double, in image: Image, origin: (x: Int, y: Int), within tolerance: Double = 1) -> Bool {
        guard let shown = shownOffset(in: image, origin: origin) else { return false }
        let k = ((offset - shown) / period).rounded()
        return abs(shown + k * period - offset) <= tolerance
    }

    /// The first picture committed that shows the list at `offset` (within `tolerance` points); throws
    /// `WaitTimeout` (with what the picture shows and the app said) after `motionDeadline`.
    @discardableResult
    static func picture(
        showing offset: Double, within tolerance: Double = 1, _ compositor: TestCompositor, _ app: GalleryProcess,
        origin: (x: Int, y: Int)
    ) throws -> Image {
        let deadline = monotonicClock() + motionDeadline
        var seen = -1
        while true {
            // A new picture only when one was committed: copying it out holds the compositor's lock.
            let count = compositor.committedFrameCount
            if count != seen, let image = compositor.lastCommittedImage {
                seen = count
                if shows(offset: offset, in: image, origin: origin, within: tolerance) { return image }
            }
            guard monotonicClock() < deadline else {
                let shown = compositor.lastCommittedImage.flatMap { shownOffset(in: $0, origin: origin) }
                throw WaitTimeout(
                    description: "no picture showed the list at \(offset) within \(motionDeadline) (the last shows "
                        + "\(shown.map { "\($0) modulo \(period)" } ?? "no swatch"))\n\(app.standardError.suffix(3000))"
                )
            }
            usleep(5_000)
        }
    }

    /// The first picture committed where `condition` holds; throws `WaitTimeout` naming `what` after
    /// `motionDeadline`.
    @discardableResult
    static func picture(
        _ what: String, _ compositor: TestCompositor, _ app: GalleryProcess, where condition: (Image) -> Bool
    ) throws -> Image {
        do {
            return try compositor.waitForImage(what, timeout: motionDeadline, where: condition)
        } catch let error as WaitTimeout {
            throw WaitTimeout(description: "\(error.description)\n\(app.standardError.suffix(3000))")
        }
    }

    /// The numbers of the app's newest `stats: NAME X Y` line, once one is there (`motionDeadline`).
    static func statsLine(_ name: String, _ app: GalleryProcess) throws -> (x: Double, y: Double) {
        let prefix = "stats: \(name) "
        try app.waitForOutput(prefix, timeout: motionDeadline)
        let line = try #require(app.standardError.split(separator: "\n").last { $0.contains(prefix) })
        let numbers = line.split(separator: " ").suffix(2).compactMap { Double($0) }
        try #require(numbers.count == 2, "bad stats line: \(line)")
        return (numbers[0], numbers[1])
    }

    @Test(.enabled(if: canRun, "needs the embed-gtk product (libgtk-4-dev, scripts/install-deps)"))
    func aTouchDragAndFlingScrollTheGTKHostedList() throws {
        let (compositor, app, o) = try Self.start()
        defer { app.stop() }
        // Up 300 pt in 15 motions stamped 16 ms apart (1,250 pt/s at release), sent no faster than stamped: the host
        // never maps an event to a time after it read it, so the times it sees are the script's, however late
        // a loaded machine delivers them, and so is the fling.
        let x = Double(o.x + 240)
        let y0 = Double(o.y + 500)
        let start = compositor.clock
        compositor.touchDown(id: 1, at: Point(x: x, y: y0), time: start)
        compositor.touchFrame()
        for step in 1...15 {
            usleep(16_000)
            compositor.touchMotion(
                id: 1, to: Point(x: x, y: y0 - Double(step) * 20), time: start + .milliseconds(16 * step))
            compositor.touchFrame()
        }
        compositor.touchUp(id: 1, time: start + .milliseconds(16 * 15))
        compositor.touchFrame()
        let rest = try Self.statsLine("deceleration ended", app)
        try Self.picture(showing: rest.y, compositor, app, origin: o)
        let (offset, activated) = Self.finish(compositor, app)
        let scrolled = try #require(offset, "no offset line: \(app.standardError)")
        #expect(scrolled == rest.y, "the list moved after its fling ended at \(rest.y)")
        // The last picture GTK committed before it exited shows the list where the app says it rests.
        let image = try #require(compositor.lastCommittedImage)
        let shown = Self.shownOffset(in: image, origin: o)
        #expect(
            Self.shows(offset: scrolled, in: image, origin: o),
            "offset \(scrolled) is not what GTK committed (\(shown.map { "\($0) modulo \(Self.period)" } ?? "no swatch"))"
        )
        // 300 pt of finger travel: at least 290 follow the finger (the 10 pt slop), the fling adds more.
        #expect(scrolled > 330, "offset after a 300 pt touch drag and release: \(scrolled)\n\(app.standardError)")
        #expect(activated == "none")
    }

    @Test(.enabled(if: canRun, "needs the embed-gtk product (libgtk-4-dev, scripts/install-deps)"))
    func aQuickTapReachesARowAndAClickDoesToo() throws {
        let (compositor, app, o) = try Self.start()
        defer { app.stop() }
        // A tap on row 2 (y 112...168 of the list).
        compositor.touchDown(id: 1, at: Point(x: Double(o.x + 200), y: Double(o.y + 140)))
        compositor.touchFrame()
        usleep(40_000)
        compositor.touchUp(id: 1)
        compositor.touchFrame()
        try Self.picture("row 2 marked after a tap", compositor, app) {
            $0.pixel(x: o.x + 300, y: o.y + 140) == Self.green
        }
        // A primary-button click on row 4 (224...280): the pointer reaches content as a touch does.
        compositor.pointerMotion(to: Point(x: Double(o.x + 200), y: Double(o.y + 250)))
        compositor.pointerFrame()
        usleep(50_000)
        compositor.pointerButton(.left, pressed: true)
        compositor.pointerFrame()
        usleep(40_000)
        compositor.pointerButton(.left, pressed: false)
        compositor.pointerFrame()
        // The mark moves: row 4 marked, row 2 no longer.
        try Self.picture("row 4 marked after a click, row 2 no longer", compositor, app) {
            $0.pixel(x: o.x + 300, y: o.y + 250) == Self.green && $0.pixel(x: o.x + 300, y: o.y + 140) != Self.green
        }
        let (_, activated) = Self.finish(compositor, app)
        #expect(activated == "4")
    }

    @Test(.enabled(if: canRun, "needs the embed-gtk product (libgtk-4-dev, scripts/install-deps)"))
    func keysReachTheGTKHostedList() throws {
        let (compositor, app, o) = try Self.start()
        defer { app.stop() }
        // Page Down: the list's height minus 40 pt; twice, each step shown to its end (to the pixel: a step's last
        // frames before its end are within a point of it).
        let page = try Self.statsLine("list size", app).y - 40
        compositor.key(.pageDown, pressed: true)
        compositor.key(.pageDown, pressed: false)
        try Self.picture(showing: page, within: 0.5, compositor, app, origin: o)
        compositor.key(.pageDown, pressed: true)
        compositor.key(.pageDown, pressed: false)
        try Self.picture(showing: 2 * page, within: 0.5, compositor, app, origin: o)
        let (offset, _) = Self.finish(compositor, app)
        let image = try #require(compositor.lastCommittedImage)  // the last picture before the exit
        let scrolled = try #require(offset, "no offset line: \(app.standardError)")
        let shown = Self.shows(offset: scrolled, in: image, origin: o)
        #expect(shown, "offset \(scrolled) is not what GTK committed")
        #expect(abs(scrolled - 2 * page) <= 1, "offset after two Page Down keys: \(scrolled)\n\(app.standardError)")
    }
}
