import Glibc
import Testing
import Toolkit
import ToolkitTesting

/// The gallery, a separate process, against a `TestCompositor`: touch injected as a compositor would send it,
/// and the behaviour read back from committed pixels only (no access to the gallery's objects).
///
/// Layout facts of the gallery these tests read pixels with (Sources/Examples): an 800 x 600 window, a 44 pt bar
/// on top, then the `list` demo: rows of 56 pt, white (dark rgb(0.2, 0.2, 0.25) while pressed), each with a
/// 40 pt color swatch 8 pt below the row's top at x 12...52, colors cycling through `Theme.rowColor`'s ten.
///
/// Real time is involved, with bounded waits: the compositor clock (event times) runs with the monotonic clock,
/// the gallery's timers (the 150 ms content touch delay) run on its own monotonic clock, and its frames come at
/// the compositor's 60 Hz refresh ticks. Finger motions are paced at 16 ms of real time, which the compositor
/// clock then shows too.
@Suite(
    .serialized,
    .enabled(
        if: GalleryProcess.executable != nil,
        "the gallery executable is not built next to the tests: run swift build --build-tests"))
struct GalleryEndToEndTests {
    /// `Theme.rowColor`'s palette, ARGB.
    static let palette: [UInt32] = [
        0xFFFF_6B6B, 0xFFFF_A94D, 0xFFFF_D43B, 0xFF69_DB7C, 0xFF38_D9A9,
        0xFF4D_ABF7, 0xFF74_8FFC, 0xFF97_75FA, 0xFFDA_77F2, 0xFFF7_83AC
    ]
    static let barHeight = 44
    static let rowHeight = 56
    /// A column through the middle of every swatch.
    static let swatchColumn = 32
    /// A column through the row backgrounds only (right of the titles, left of the scroll indicator).
    static let backgroundColumn = 500

    private struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    // MARK: Reading the picture

    /// The list's content offset (points) shown in `image`, or nil when no whole swatch is visible.
    ///
    /// A swatch of row `r` has its top at content y = 56 r + 8, so a swatch whose first fully colored pixel is
    /// at window y `s` gives offset = 56 r + 8 - (s - 44). Its color tells r modulo 10; of the candidates 560 pt
    /// apart, the one nearest `previous` is taken (the tests sample often enough to move far less between two
    /// samples). An anti-aliased edge makes an estimate up to 1 pt high; the median of the swatches is returned.
    static func listOffset(_ image: Image, near previous: Double) -> Double? {
        let x = swatchColumn
        let top = barHeight
        guard image.width > x, image.height > top else { return nil }
        var estimates: [Double] = []
        var y = top
        while y < image.height {
            let color = image.pixel(x: x, y: y)
            guard let colorIndex = palette.firstIndex(of: color) else {
                y += 1
                continue
            }
            let start = y
            while y < image.height && image.pixel(x: x, y: y) == color { y += 1 }
            // A swatch cut by the list's top or bottom edge does not show where it starts.
            guard start > top, y < image.height, y - start >= 36 else { continue }
            let base = Double(rowHeight * colorIndex + 8 - (start - top))
            let period = Double(rowHeight * palette.count)
            estimates.append(base + ((previous - base) / period).rounded() * period)
        }
        guard !estimates.isEmpty else { return nil }
        return estimates.sorted()[estimates.count / 2]
    }

    /// Whether a pixel is the pressed row background (dark) rather than white or a swatch.
    static func isDark(_ pixel: UInt32) -> Bool {
        let r = (pixel >> 16) & 0xFF
        let g = (pixel >> 8) & 0xFF
        let b = pixel & 0xFF
        return r < 0x60 && g < 0x60 && b < 0x60
    }

    /// The window rows (y) of the background column that show a pressed row's background.
    static func darkRows(_ image: Image) -> [Int] {
        (barHeight..<image.height).filter { isDark(image.pixel(x: backgroundColumn, y: $0)) }
    }

    // MARK: Driving

    /// The gallery on `--demo list`, mapped on `compositor`.
    private func launch(_ compositor: TestCompositor) throws -> GalleryProcess {
        let gallery = try GalleryProcess(arguments: ["--demo", "list"], environment: compositor.environment)
        do {
            try compositor.waitForToplevel(timeout: .seconds(20))
        } catch {
            gallery.stop()
            throw Failure(
                description: "the gallery did not map a window (\(gallery.poll().map { "\($0)" } ?? "running")"
                    + ", \(compositor.lastTimeoutReason ?? "")); stderr: \(gallery.standardError)")
        }
        return gallery
    }

    /// Moves touch `id` in `steps` motions of `delta` each, each with its frame, stamped 16 ms apart from now on the
    /// compositor clock and sent no faster than stamped: the client never maps an event to a time after it read it,
    /// so it sees the script's spacing (and a release the script's velocity) however late a loaded machine delivers
    /// them. Returns the last motion's stamp.
    @discardableResult
    private func drag(_ compositor: TestCompositor, id: Int, from start: Point, delta: Point, steps: Int) -> Duration {
        let base = compositor.clock
        var time = base
        for step in 1...steps {
            usleep(16_000)
            time = base + .milliseconds(16 * step)
            compositor.touchMotion(
                id: id,
                to: Point(
                    x: start.x + delta.x * Double(step),
                    y: start.y + delta.y * Double(step)), time: time)
            compositor.touchFrame()
        }
        return time
    }

    // MARK: Tests

    /// A 300 pt upward drag over 100 ms: the list follows the finger 1:1 while it is down and keeps moving
    /// after lift-off; then a close from the compositor ends the gallery with status 0.
    @Test func dragScrollsTheListWithTheFingerAndItKeepsMovingAfterRelease() throws {
        let compositor = try TestCompositor()
        let gallery = try launch(compositor)
        defer { gallery.stop() }

        let initial = try compositor.settledImage()
        let start = try #require(Self.listOffset(initial, near: 0), "no row swatch in the first frame")
        #expect(abs(start) < 1.5)

        let finger = Point(x: 400, y: 500)
        compositor.touchDown(id: 0, at: finger)
        compositor.touchFrame()
        // Two motions of 50 pt: past the slop, the drag has begun and the list moved up.
        drag(compositor, id: 0, from: finger, delta: Point(x: 0, y: -50), steps: 2)
        // Read once the finger rests: a frame while it moves shows it resampled, up to 8 ms ahead of the newest
        // motion (<doc:ScrollBehaviour> §22); 40 ms after it, one frame shows the newest motion exactly.
        let earlyImage = try #require(try compositor.waitForRest(quiet: .milliseconds(100)))
        let early = try #require(Self.listOffset(earlyImage, near: start))
        #expect(early > start + 40 && early <= start + 101, "after 100 pt of finger: offset \(early)")
        // Four more: the list moves exactly as far as the finger (1:1 while dragging).
        drag(compositor, id: 0, from: Point(x: finger.x, y: finger.y - 100), delta: Point(x: 0, y: -50), steps: 4)
        let movedImage = try #require(try compositor.waitForRest(quiet: .milliseconds(100)))
        let moved = try #require(Self.listOffset(movedImage, near: early))
        #expect(abs((moved - early) - 200) <= 2, "finger moved 200 pt, list \(moved - early) pt")

        // Two more motions and lift-off at 3000 pt/s (the finger at rest above would release no fling): later frames
        // show the list still moving up, steadily.
        let last = drag(
            compositor, id: 0, from: Point(x: finger.x, y: finger.y - 300), delta: Point(x: 0, y: -50), steps: 2)
        compositor.touchUp(id: 0, time: last)
        compositor.touchFrame()
        let released = try #require(Self.listOffset(compositor.settledImage(), near: moved + 100))
        var samples = [released]
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(3)
        while samples.last! < released + 150 && clock.now < deadline {
            let previous = samples.last!
            let image = try compositor.waitForImage("the list to move on after lift-off (offsets: \(samples))") {
                Self.listOffset($0, near: previous).map { abs($0 - previous) >= 0.5 } ?? false
            }
            samples.append(try #require(Self.listOffset(image, near: previous)))
        }
        #expect(samples.last! >= released + 150, "offsets after lift-off: \(samples)")
        #expect(
            zip(samples, samples.dropFirst()).allSatisfy { $0.1 >= $0.0 - 1.5 },
            "the list moved back while coasting: \(samples)")
        // The compositor completes frame callbacks at 60 Hz (not at once, when a frame could jump far ahead), so a
        // frame moves the list at most about 54 pt (the release velocity is the finger's, 50 pt per 16 ms): the
        // 150 pt take at least 3 frames after the release.
        #expect(samples.count >= 3, "too few frames while coasting: \(samples)")

        // Every one of those frames went into a buffer the compositor had given back.
        #expect(compositor.heldBufferWrites == 0)
        #expect(compositor.isClean)

        compositor.sendClose()
        let ended = gallery.waitForExit(timeout: .seconds(5))
        #expect(
            ended == .exited(0), "after close: \(ended.map { "\($0)" } ?? "still running"); \(gallery.standardError)")
        gallery.stop()
        #expect(kill(gallery.pid, 0) != 0, "the gallery process is still there (not reaped)")
    }

    /// A finger resting on a row highlights it once the content touch delay has passed; moving on into a drag
    /// takes the highlight away. Then the compositor goes away: the gallery fails with a one-line message.
    @Test func heldPressHighlightsARowAndTheDragThatFollowsRemovesIt() throws {
        let compositor = try TestCompositor()
        let gallery = try launch(compositor)
        defer { gallery.stop() }

        let rowCenter = Self.barHeight + 3 * Self.rowHeight + Self.rowHeight / 2  // the fourth row
        let point = Point(x: Double(Self.backgroundColumn), y: Double(rowCenter))
        let initial = try compositor.settledImage()
        #expect(Self.darkRows(initial).isEmpty)
        #expect(initial.pixel(x: Self.backgroundColumn, y: rowCenter) == 0xFFFF_FFFF)

        let clock = ContinuousClock()
        let down = clock.now
        compositor.touchDown(id: 0, at: point)
        compositor.touchFrame()
        // Before the delay the row is not highlighted (checked only when the machine answered in time).
        let early = try compositor.settledImage()
        if clock.now - down < .milliseconds(100) {
            #expect(!Self.isDark(early.pixel(x: Self.backgroundColumn, y: rowCenter)), "highlighted before the delay")
        }
        // Held past the delay (real time, which both clocks follow): the row turns dark, all of it and nothing else.
        let pressed = try compositor.waitForImage("the held row to highlight") {
            Self.isDark($0.pixel(x: Self.backgroundColumn, y: rowCenter))
        }
        let rowTop = Self.barHeight + 3 * Self.rowHeight
        let dark = Self.darkRows(pressed)
        #expect(
            dark.first == rowTop && dark.last! >= rowTop + Self.rowHeight - 2 && dark.last! < rowTop + Self.rowHeight,
            "dark rows \(dark.first ?? -1)...\(dark.last ?? -1), the row spans \(rowTop)..<\(rowTop + Self.rowHeight)")
        #expect(Self.listOffset(pressed, near: 0).map { abs($0) < 1.5 } == true, "the list moved under a held press")

        // The finger moves on, 120 pt up: the list scrolls and no row is highlighted any more.
        drag(compositor, id: 0, from: point, delta: Point(x: 0, y: -30), steps: 4)
        let dragged = try compositor.settledImage()
        let offset = try #require(Self.listOffset(dragged, near: 0))
        #expect(offset > 60, "the list did not scroll with the finger: offset \(offset)")
        #expect(Self.darkRows(dragged).isEmpty, "a row is still highlighted while dragging")
        usleep(16_000)
        compositor.touchUp(id: 0)
        compositor.touchFrame()

        // The compositor goes away: an error exit with a message, not a crash.
        compositor.disconnectAllClients()
        let ended = gallery.waitForExit(timeout: .seconds(5))
        let message = gallery.standardError
        // <doc:Testing>, the gallery's command line: a non-zero status and a one-line message on stderr when the
        // compositor goes away (an exit, no signal).
        var failedCleanly = false
        if case .exited(let status) = ended { failedCleanly = status != 0 }
        #expect(failedCleanly, "after disconnect: \(ended.map { "\($0)" } ?? "still running")")
        // The toolkit's own notes (`Toolkit:` lines, e.g. no settings portal on this machine) are not the message.
        let lines = message.split(separator: "\n").filter { !$0.hasPrefix("Toolkit:") }
        #expect(lines.count == 1 && lines[0].hasPrefix("gallery:"), "stderr: \(message)")
        gallery.stop()
        #expect(kill(gallery.pid, 0) != 0, "the gallery process is still there (not reaped)")
    }
}
