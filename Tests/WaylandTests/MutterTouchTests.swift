import Glibc
import Testing

/// The gallery under a real compositor with real touch: a headless mutter (`MutterHarness`) whose RemoteDesktop
/// session drives a virtual touchscreen, so the gallery gets `wl_touch` down / motion / up / frame from mutter's
/// own input stack. Everything is checked from outside the process, from the `stats:` lines the gallery prints
/// with `--stats` (a tapped row and a drawn stroke as they happen, the containers' state when the window closes).
/// The window is closed as a user does, with Alt+F4 (mutter's keybinding sends `xdg_toplevel.close`).
///
/// The gallery's 800 x 600 window fills the 800 x 600 monitor, so mutter maximizes it at (0, 0): monitor pixels
/// are window points. The demo content starts below the 44 pt bar.
@Suite(
    .serialized,
    .enabled(
        if: MutterHarness.isInstalled && GalleryProcess.executable != nil,
        "mutter, pipewire, dbus-run-session, python3-gi or the gallery binary is missing (scripts/install-deps)"))
struct MutterTouchTests {
    /// A running mutter with the gallery on it.
    final class Session {
        let mutter: MutterHarness
        let gallery: GalleryProcess

        /// The wl_touch events the gallery dispatched so far, as its protocol log shows them (timestamps in ms), for
        /// a failure's message.
        var touches: String {
            gallery.protocolLog.text.split(separator: "\n").filter {
                $0.contains("wl_touch@") && ($0.contains(".motion(") || $0.contains(".up(") || $0.contains(".down("))
            }.joined(separator: "\n")
        }

        /// Starts mutter and the gallery on `demo`, and waits until mutter has configured the window at the
        /// monitor's size (maximized, at 0, 0): touches aimed at monitor pixels land on those window points.
        init(demo: String) throws {
            mutter = try MutterHarness()
            do {
                gallery = try GalleryProcess(
                    arguments: ["--demo", demo, "--stats"],
                    environment: mutter.clientEnvironment.merging(["WAYLAND_DEBUG": "client"]) { $1 })
            } catch {
                mutter.stop()
                throw error
            }
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(10)
            let configured = "configure(\(mutter.width), \(mutter.height), "
            while !(gallery.standardError.contains("first frame committed")
                && gallery.standardError.contains(configured))
            {
                guard clock.now < deadline, gallery.isRunning else {
                    let log = gallery.standardError
                    close()
                    throw MutterHarness.StartError(
                        description: "the gallery was not configured at the monitor size:\n\(log.suffix(4000))")
                }
                usleep(20_000)
            }
            // A window mutter just mapped does not take touches as placed yet: the first taps miss it, and while
            // mutter's map animation scales the window in, touches land transformed (780, 22 arrives as
            // 783.76, 19.25). Tap an empty spot of the bar (right of the demo buttons) until a wl_touch.down
            // reaches the gallery at exactly the monitor pixel aimed at.
            let tapsUntil = clock.now + .seconds(30)
            while !gallery.standardError.contains(", 780.00000000, 22.00000000)") {
                guard clock.now < tapsUntil, gallery.isRunning else {
                    let log = gallery.standardError
                    close()
                    throw MutterHarness.StartError(description: "no touch reached the gallery:\n\(log.suffix(4000))")
                }
                try mutter.send(["down 0 780 22", "up 0", "sleep 50"])
            }
            do {
                try gallery.waitForRest()
            } catch {
                close()
                throw error
            }
        }

        /// Runs helper commands (touches and pauses), in order; when they lift fingers, waits until the gallery
        /// has read every lift and come to rest (a fling or an animation they started is over).
        func touch(_ lines: [String]) throws {
            let lifted = gallery.protocolLog.count(".up(")
            try mutter.send(lines)
            let lifts = lines.filter { $0.hasPrefix("up ") || $0.hasPrefix("lift ") }.count
            if lifts > 0 { try gallery.waitForRest(dispatched: ".up(", count: lifted + lifts) }
        }

        /// The `stats:` lines printed so far, without the prefix.
        var stats: [String] {
            gallery.standardError.split(separator: "\n").filter { $0.hasPrefix("stats: ") }.map {
                String($0.dropFirst(7))
            }
        }

        /// Closes the window (Alt+F4), waits for the gallery to exit 0 and returns its `stats:` lines.
        func finish() throws -> [String] {
            try mutter.closeFocusedWindow()
            let end = gallery.waitForExit(timeout: .seconds(10))
            #expect(end == .exited(0), "gallery: \(end.map(\.description) ?? "still running")")
            return stats
        }

        /// Stops the gallery and mutter; nothing the harness started may be left.
        func close() {
            gallery.stop()
            mutter.stop()
            #expect(!mutter.groupIsAlive, "a process of mutter's group outlived stop()")
        }
    }

    // MARK: Gestures (helper command lines)

    /// A finger `slot` lands at `start` and moves by `delta` in `steps` equal moves, `interval` ms apart; it
    /// stays down.
    static func drag(
        _ slot: Int = 0, from start: (Double, Double), by delta: (Double, Double), steps: Int,
        interval: Int = 16
    ) -> [String] {
        var lines = ["down \(slot) \(start.0) \(start.1)"]
        for step in 1...steps {
            let f = Double(step) / Double(steps)
            lines += ["sleep \(interval)", "move \(slot) \(start.0 + delta.0 * f) \(start.1 + delta.1 * f)"]
        }
        return lines
    }

    /// The same motion as `drag`, released while moving: the last move and the lift go to mutter together
    /// (`lift`), so a busy machine cannot slip a pause between them that would turn the flick into a hold.
    static func flick(
        _ slot: Int = 0, from start: (Double, Double), by delta: (Double, Double), steps: Int,
        interval: Int = 16
    ) -> [String] {
        var lines = drag(slot, from: start, by: delta, steps: steps, interval: interval)
        lines[lines.count - 1] = "lift \(slot) \(start.0 + delta.0) \(start.1 + delta.1)"
        return lines
    }

    /// Two fingers land together and move by the same steps, each finger's motion a call of its own (as
    /// mutter's RemoteDesktop makes them: one `wl_touch.frame` per finger).
    static func twoFingers(
        _ a: (Double, Double), _ b: (Double, Double), steps: Int,
        move: (Int) -> ((Double, Double), (Double, Double))
    ) -> [String] {
        var lines = ["down 0 \(a.0) \(a.1)", "down 1 \(b.0) \(b.1)"]
        for step in 1...steps {
            let (p, q) = move(step)
            lines += ["sleep 16", "move 0 \(p.0) \(p.1)", "move 1 \(q.0) \(q.1)"]
        }
        return lines
    }

    /// The helper line that keeps the fingers still before they lift (no fling, see `Gesture.holdStill`).
    static let hold = "sleep \(Gesture.holdStillMilliseconds)"

    /// The two numbers at the end of the stats line that starts with `prefix`.
    static func pair(_ stats: [String], _ prefix: String) throws -> (Double, Double) {
        let line = try #require(stats.last { $0.hasPrefix(prefix) }, "no '\(prefix)' line in \(stats)")
        let fields = line.split(separator: " ")
        return (try #require(Double(fields[fields.count - 2])), try #require(Double(fields[fields.count - 1])))
    }

    // MARK: List

    @Test func dragFollowsTheFinger() throws {
        let session = try Session(demo: "list")
        defer { session.close() }
        // 300 px up in 20 px steps, then held still before lifting: no fling. The first 10 pt are the slop.
        try session.touch(Self.drag(from: (400, 500), by: (0, -300), steps: 15) + [Self.hold, "up 0"])
        let (x, y) = try Self.pair(try session.finish(), "list offset")
        #expect(x == 0)
        #expect(y == 290, "a 300 pt drag held before lift-off moves the list 300 - 10 (slop) pt")
    }

    @Test func releaseWhileMovingFlings() throws {
        let session = try Session(demo: "list")
        defer { session.close() }
        try session.touch(Self.flick(from: (400, 500), by: (0, -300), steps: 15))
        let (_, y) = try Self.pair(try session.finish(), "list offset")
        // About 1250 pt/s at release: the list keeps going well past the 290 pt the finger dragged it.
        #expect(
            y > 290 + 150, "offset after a released 300 pt flick: \(y); the touches mutter sent:\n\(session.touches)")
    }

    @Test func quickTapActivatesTheRow() throws {
        let session = try Session(demo: "list")
        defer { session.close() }
        // Row 6 spans 44 + 5 * 56 ... 44 + 6 * 56 in the window.
        try session.touch(["down 0 400 352", "sleep 40", "up 0"])
        let stats = try session.finish()
        #expect(stats.filter { $0.hasPrefix("row tapped") } == ["row tapped Row 6 · 日本語のテキスト"])
        #expect(try Self.pair(stats, "list offset") == (0, 0))
    }

    @Test func tapThatStopsAFlingActivatesNothing() throws {
        let session = try Session(demo: "list")
        defer { session.close() }
        // The tap comes once the gallery has read the lift and drawn two frames of the fling after it.
        let lifted = session.gallery.protocolLog.count(".up(")
        try session.mutter.send(Self.flick(from: (400, 500), by: (0, -300), steps: 15))
        try session.gallery.waitForLog(".up(", count: lifted + 1)
        try session.gallery.waitForLog(".commit()", count: session.gallery.protocolLog.commits + 2)
        try session.touch(["down 0 400 352", "sleep 40", "up 0"])
        let stats = try session.finish()
        #expect(stats.filter { $0.hasPrefix("row tapped") } == [], "a tap that stops a fling activated a row")
        let (_, y) = try Self.pair(stats, "list offset")
        #expect(y > 290, "the flick scrolled first: \(y)")
    }

    // MARK: Lock, paging

    @Test func diagonalDragInTheLockDemoMovesOneAxis() throws {
        let session = try Session(demo: "lock")
        defer { session.close() }
        // Mostly horizontal at the slop crossing (260 across, 200 up): only the horizontal offset changes,
        // through the drag and the deceleration after it.
        try session.touch(Self.flick(from: (550, 422), by: (-260, -200), steps: 10))
        let (x, y) = try Self.pair(try session.finish(), "lock offset")
        #expect(x > 250, "horizontal offset: \(x)")
        #expect(y == 0, "the locked drag moved vertically: \(y)")
    }

    @Test func pagingFlickPagesAndVerticalDragScrollsTheInnerList() throws {
        let session = try Session(demo: "paging")
        defer { session.close() }
        try session.touch(Self.flick(from: (700, 322), by: (-200, 0), steps: 5))
        try session.touch(Self.flick(from: (400, 540), by: (0, -150), steps: 10, interval: 30))
        let stats = try session.finish()
        #expect(try Self.pair(stats, "paging offset") == (800, 0), "one page to the right, the pager never moved down")
        let nested = stats.filter { $0.hasPrefix("nested ") }
        #expect(
            nested.count == 1 && nested[0].hasPrefix("nested 1 offset 0.0 "), "only page 2's list scrolled: \(nested)")
        let (_, y) = try Self.pair(nested, "nested 1 offset")
        #expect(y > 130, "page 2's list scrolled by the vertical drag: \(y)")
    }

    // MARK: Two fingers

    @Test func canvasDrawsWithOneFingerAndPansWithTwo() throws {
        let session = try Session(demo: "canvas")
        defer { session.close() }
        try session.touch(Self.flick(from: (200, 250), by: (300, 60), steps: 12))
        // Two fingers 80 px apart move 40 px up and left together, hold, lift.
        var lines = Self.twoFingers((120, 274), (200, 274), steps: 8) { step in
            let d = Double(step) * 5
            return ((120 - d, 274 - d), (200 - d, 274 - d))
        }
        lines += [Self.hold, "up 0", "up 1"]
        try session.touch(lines)
        let stats = try session.finish()
        #expect(stats.filter { $0.hasPrefix("stroke drawn") }.count == 1, "one stroke from one finger: \(stats)")
        #expect(stats.filter { $0 == "stroke cancelled" }.count == 1, "the pan's first finger leaves no mark")
        // The centroid moved 40 pt along each axis; the first 10 pt (the slop, along the diagonal) do not scroll.
        let expected = 40 - 10 / 2.0.squareRoot()
        let (x, y) = try Self.pair(stats, "canvas offset")
        #expect(abs(x - expected) < 0.01 && abs(y - expected) < 0.01, "pan offset (\(x), \(y)), expected \(expected)")
        let scale = try #require(
            stats.last { $0.hasPrefix("zoom scale") }.flatMap { Double($0.split(separator: " ").last!) })
        #expect(abs(scale - 1) < 1e-9, "fingers that kept their distance zoomed to \(scale)")
    }

    @Test func twoFingerSpreadZooms() throws {
        let session = try Session(demo: "zoom")
        defer { session.close() }
        // From 120 to 216 px apart around (400, 324): 1.8x.
        var lines = Self.twoFingers((340, 324), (460, 324), steps: 12) { step in
            let d = 60 + Double(step) * 4
            return ((400 - d, 324), (400 + d, 324))
        }
        lines += [Self.hold, "up 0", "up 1"]
        try session.touch(lines)
        let stats = try session.finish()
        let scale = try #require(
            stats.last { $0.hasPrefix("zoom scale") }.flatMap { Double($0.split(separator: " ").last!) })
        #expect(abs(scale - 1.8) < 1e-9, "zoom scale after a 120 → 216 px spread: \(scale)")
    }
}
