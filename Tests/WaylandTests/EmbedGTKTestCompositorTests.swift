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
@Suite(.serialized) struct EmbedGTKTestCompositorTests {
    static let canRun = EmbedGTKTests.executable != nil
    static let swatch: UInt32 = 0xFFD9_2626
    static let green: UInt32 = 0xFF00_FF00

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

    /// Whether `image` shows the list at `offset`: a red swatch (rows 0, 12, 24, ...: every 672 pt) is where that
    /// offset puts it, within 1 pt.
    static func shows(offset: Double, in image: Image, origin: (x: Int, y: Int)) -> Bool {
        guard let square = square(of: swatch, in: image) else { return false }
        let shown = Double(origin.y + 10 - square.y)  // offset modulo 672 pt
        let period = 672.0
        let k = ((offset - shown) / period).rounded()
        return abs(shown + k * period - offset) <= 1
    }

    /// The committed picture once the app is at rest (see `TestCompositor.waitForRest`).
    static func restingPicture(_ compositor: TestCompositor, _ app: GalleryProcess) throws -> Image {
        do {
            // 500 ms with no commit between two answered pings: GTK's frame clock can pause longer than the
            // default 200 ms under load mid-fling, and the offset the app prints on exit must be the one drawn.
            return try #require(try compositor.waitForRest(quiet: .milliseconds(500)))
        } catch let error as WaitTimeout {
            throw WaitTimeout(description: "\(error.description)\n\(app.standardError.suffix(3000))")
        }
    }

    @Test(.enabled(if: canRun, "needs the embed-gtk product (libgtk-4-dev, scripts/install-deps)"))
    func aTouchDragAndFlingScrollTheGTKHostedList() throws {
        let (compositor, app, o) = try Self.start()
        defer { app.stop() }
        // Up 300 pt in 15 motions 16 ms apart (about 1,250 pt/s at release): the drag, then a fling.
        let x = Double(o.x + 240)
        let y0 = Double(o.y + 500)
        compositor.touchDown(id: 1, at: Point(x: x, y: y0))
        compositor.touchFrame()
        for step in 1...15 {
            usleep(16_000)
            compositor.touchMotion(id: 1, to: Point(x: x, y: y0 - Double(step) * 20))
            compositor.touchFrame()
        }
        compositor.touchUp(id: 1)
        compositor.touchFrame()
        _ = try Self.restingPicture(compositor, app)
        let (offset, activated) = Self.finish(compositor, app)
        let scrolled = try #require(offset, "no offset line: \(app.standardError)")
        // The last picture GTK committed before it exited.
        let image = try #require(compositor.lastCommittedImage)
        // The committed pixels show the list where the app says it rests.
        let shown = Self.shows(offset: scrolled, in: image, origin: o)
        #expect(shown, "offset \(scrolled) is not what GTK committed")
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
        var image = try Self.restingPicture(compositor, app)
        let tapped = image.pixel(x: o.x + 300, y: o.y + 140)
        #expect(tapped == Self.green, "row 2 is not marked after a tap")
        // A primary-button click on row 4 (224...280): the pointer reaches content as a touch does.
        compositor.pointerMotion(to: Point(x: Double(o.x + 200), y: Double(o.y + 250)))
        compositor.pointerFrame()
        usleep(50_000)
        compositor.pointerButton(.left, pressed: true)
        compositor.pointerFrame()
        usleep(40_000)
        compositor.pointerButton(.left, pressed: false)
        compositor.pointerFrame()
        image = try Self.restingPicture(compositor, app)
        let clicked = image.pixel(x: o.x + 300, y: o.y + 250)
        let previous = image.pixel(x: o.x + 300, y: o.y + 140)
        #expect(clicked == Self.green, "row 4 is not marked after a click")
        #expect(previous != Self.green)
        let (_, activated) = Self.finish(compositor, app)
        #expect(activated == "4")
    }

    @Test(.enabled(if: canRun, "needs the embed-gtk product (libgtk-4-dev, scripts/install-deps)"))
    func keysReachTheGTKHostedList() throws {
        let (compositor, app, o) = try Self.start()
        defer { app.stop() }
        // Page Down: the list's height minus 40 pt; twice.
        compositor.key(.pageDown, pressed: true)
        compositor.key(.pageDown, pressed: false)
        _ = try Self.restingPicture(compositor, app)
        compositor.key(.pageDown, pressed: true)
        compositor.key(.pageDown, pressed: false)
        _ = try Self.restingPicture(compositor, app)
        let (offset, _) = Self.finish(compositor, app)
        let image = try #require(compositor.lastCommittedImage)  // the last picture before the exit
        let scrolled = try #require(offset, "no offset line: \(app.standardError)")
        let shown = Self.shows(offset: scrolled, in: image, origin: o)
        #expect(shown, "offset \(scrolled) is not what GTK committed")
        #expect(scrolled > 400, "offset after two Page Down keys: \(scrolled)\n\(app.standardError)")
    }
}
