import Glibc
import Testing
import Toolkit
import ToolkitTesting

/// ToolkitGTK's `GtkViewHost` in GTK apps run as processes on the project's test compositor: real wl_touch,
/// wl_pointer (with axis sources, axis_stop and pinch gestures) and wl_keyboard events reach GTK, and the hosts
/// hand them to their containers wherever GTK placed them. Results are read from the apps' `stats:` lines after
/// an xdg close, and from the pixels GTK commits.
@Suite(.serialized) struct GtkViewHostTests {
    typealias Session = GtkAppSession

    // MARK: Hosts inside a GTK layout (embed-gtk-layout)

    @Test(.enabled(if: Session.canRun, "needs the GTK examples (libgtk-4-dev, swift build --build-tests)"))
    func aHostNestedAtAnOffsetFollowsATouchDragAndFlingAndTheGTKLabelFollowsIt() throws {
        let session = try Session(Session.layout, [])
        let left = try session.placement("left")
        let right = try session.placement("right")
        // Nested in boxes with margins, under a header bar: nowhere near the window's origin.
        #expect(left.x > 20 && left.y > 60, "the left host is not at an offset: \(left)")
        session.touchDrag(from: left.point(left.width / 2, left.height - 40), dy: -300)
        try session.waitForRest()  // the fling runs out
        // The other host was not touched: its first row's dark swatch is where it was drawn at first.
        let image = try #require(session.compositor.lastCommittedImage)
        #expect(image.pixel(x: Int(right.x) + 30, y: Int(right.y) + 28) == 0xFF8C_0D0D)
        let stats = session.finish()
        let offset = try Session.offset(stats, "left offset").y
        #expect(offset > 330, "a 300 pt drag and release in the nested host scrolled it to \(offset)")
        #expect(try Session.offset(stats, "right offset") == Point(x: 0, y: 0))
        #expect(try Session.value(stats, "label") == "y \(Int(offset.rounded()))", "the GTK label did not follow")
        #expect(try Session.value(stats, "left activated row") == "none")
    }

    @Test(.enabled(if: Session.canRun, "needs the GTK examples (libgtk-4-dev, swift build --build-tests)"))
    func threeWheelDetentsOverTheSecondHostScrollItAlone() throws {
        let session = try Session(Session.layout, [])
        let right = try session.placement("right")
        session.compositor.pointerMotion(to: right.center)
        session.compositor.pointerFrame()
        for _ in 0..<3 {
            usleep(30_000)
            session.compositor.pointerAxis(dx: 0, dy: 120, source: .wheel)
            session.compositor.pointerFrame()
        }
        try session.waitForRest()  // the 0.1 s smooth steps finish
        let stats = session.finish()
        let offset = try Session.offset(stats, "right offset")
        #expect(abs(offset.y - 144) < 0.001 && offset.x == 0, "three detents: \(offset), expected 144")
        #expect(try Session.offset(stats, "left offset") == Point(x: 0, y: 0))
    }

    @Test(.enabled(if: Session.canRun, "needs the GTK examples (libgtk-4-dev, swift build --build-tests)"))
    func theHeaderBarsGTKButtonScrollsTheListsBackToTheTop() throws {
        let session = try Session(Session.layout, [])
        let left = try session.placement("left")
        let button = try session.placement("button")
        session.touchDrag(from: left.point(left.width / 2, left.height - 40), dy: -200, hold: true)
        try session.waitForRest()
        session.click(at: button.center)
        try session.waitForRest()  // the animated scroll to the top
        let stats = session.finish()
        #expect(try Session.offset(stats, "left offset") == Point(x: 0, y: 0))
        #expect(try Session.value(stats, "label") == "y 0")
        // The drag did scroll first: the label showed it (190 = 200 - the 10 pt slop).
        #expect(session.app.standardError.contains("layout: left"))
    }

    @Test(.enabled(if: Session.canRun, "needs the GTK examples (libgtk-4-dev, swift build --build-tests)"))
    func keysGoToTheFocusedHostAndTabMovesTheFocusOn() throws {
        let session = try Session(Session.layout, [])
        let right = try session.placement("right")
        // A click focuses the right host; Page Down scrolls it one page (its height minus 40 pt).
        session.click(at: right.point(right.width / 2, 30))
        try session.waitForRest()
        session.press(.pageDown)
        try session.waitForRest()
        // Tab is GTK's: the focus leaves the host, and the next Page Down does not reach it.
        session.press(.tab)
        try session.waitForRest()
        session.press(.pageDown)
        try session.waitForRest()
        let stats = session.finish()
        let offset = try Session.offset(stats, "right offset").y
        #expect(
            abs(offset - (right.height - 40)) < 0.5, "right offset \(offset), expected one page of \(right.height - 40)"
        )
        #expect(try Session.offset(stats, "left offset") == Point(x: 0, y: 0))
    }

    // MARK: embed-gtk

    @Test(.enabled(if: Session.canRun, "needs the GTK examples (libgtk-4-dev, swift build --build-tests)"))
    func aTouchpadSwipeScrollsAndFlingsAfterTheStopEvent() throws {
        let session = try Session(Session.embedGTK, [])
        session.compositor.pointerMotion(to: Point(x: 240, y: 320))
        session.compositor.pointerFrame()
        // Ten finger-scroll steps of 20 pt, 16 ms apart (1,250 pt/s), then the fingers lift (axis_stop).
        for _ in 0..<10 {
            usleep(16_000)
            session.compositor.pointerAxis(dx: 0, dy: 20, source: .finger)
            session.compositor.pointerFrame()
        }
        session.compositor.pointerAxisStop()
        session.compositor.pointerFrame()
        try session.waitForRest()
        let stats = session.finish()
        let offset = try Session.offset(stats, "list offset").y
        // The fingers moved the list 200 pt; the container's own fling (not GTK's kinetic scrolling) adds more.
        #expect(offset > 260, "a 200 pt touchpad swipe released at speed scrolled to \(offset)")
    }

    @Test(.enabled(if: Session.canRun, "needs the GTK examples (libgtk-4-dev, swift build --build-tests)"))
    func aHostAtRestAsksForNoFrames() throws {
        let session = try Session(Session.embedGTK, [])
        session.touchDrag(from: Point(x: 240, y: 500), dy: -200)
        // Ticks from GTK's frame clock would draw and commit: once the fling (about 3 s) and the indicator's fade
        // are over, a whole second passes with no commit, between two pings the app answers.
        try session.waitForRest(quiet: .seconds(1))
        #expect(try Session.offset(session.finish(), "list offset").y > 190)
    }

    @Test(.enabled(if: Session.canRun, "needs the GTK examples (libgtk-4-dev, swift build --build-tests)"))
    func atScale2TheHostDrawsCrispDoubleSizePixelsAndFollowsAScaleChange() throws {
        let session = try Session(Session.embedGTK, [], outputScale: 2)
        try waitUntil("a buffer of scale 2") { session.compositor.toplevelBufferScale == 2 }
        try session.waitForRest()
        try Self.expectCrispSwatch(session, scale: 2)
        // The output goes back to scale 1 while the app runs: GTK's scale factor changes, the host follows.
        session.compositor.outputScale = 1
        try waitUntil("a buffer of scale 1") { session.compositor.toplevelBufferScale == 1 }
        try session.waitForRest()
        try Self.expectCrispSwatch(session, scale: 1)
        _ = session.finish()
    }

    /// Row 0's 36 pt swatch is a square of 36 x `scale` pixels of its exact colour, with no blended edge, in a
    /// buffer of that scale.
    private static func expectCrispSwatch(_ session: Session, scale: Int) throws {
        #expect(session.compositor.toplevelBufferScale == Int32(scale))
        let image = try #require(session.compositor.lastCommittedImage)
        let side = 36 * scale
        let corner = try #require(
            EmbedGTKTestCompositorTests.square(of: 0xFFD9_2626, in: image, size: side),
            "no \(side)-pixel swatch at scale \(scale)")
        #expect(image.pixel(x: corner.x + side - 1, y: corner.y + side - 1) == 0xFFD9_2626)
        #expect(image.pixel(x: corner.x + side, y: corner.y + side / 2) != 0xFFD9_2626)
        #expect(image.pixel(x: corner.x - 1, y: corner.y + side / 2) == 0xFFFF_FFFF, "the swatch's edge is blended")
    }

    @Test(.enabled(if: Session.canRun, "needs the GTK examples (libgtk-4-dev, swift build --build-tests)"))
    func theRootViewFollowsTheWidgetsSize() throws {
        let session = try Session(Session.embedGTK, [])
        let serial = session.compositor.sendConfigure(size: Size(width: 360, height: 420))
        try waitUntil("GTK acknowledged the configure") { session.compositor.lastAckedSerial == serial }
        try session.waitForRest()
        let size = try Session.offset(session.finish(), "root size")
        // The window is 360 wide; its height less GTK's title bar is the widget's.
        #expect(size.x == 360 && size.y > 300 && size.y < 420, "root view \(size) in a 360 x 420 window")
    }

    // MARK: Fixtures

    @Test(.enabled(if: Session.canRun, "needs the GTK examples (libgtk-4-dev, swift build --build-tests)"))
    func anAdoptedAreaInAGtkFixedTakesTapsAndShowsTheRowsCursor() throws {
        let session = try Session(Session.fixture, ["--mode", "fixed"])
        let host = try session.placement("host")
        // A tap on row 2 (112...168 pt of the list), where GtkFixed put the area.
        session.compositor.touchDown(id: 1, at: host.point(150, 140))
        session.compositor.touchFrame()
        usleep(40_000)
        session.compositor.touchUp(id: 1)
        session.compositor.touchFrame()
        try session.waitForRest()
        // Hovering a row shows the hand the row asks for.
        session.compositor.pointerMotion(to: host.point(150, 300))
        session.compositor.pointerFrame()
        try session.waitForRest()
        let stats = session.finish()
        #expect(try Session.value(stats, "activated row") == "2")
        #expect(try Session.value(stats, "cursor") == "pointer")
    }

    @Test(.enabled(if: Session.canRun, "needs the GTK examples (libgtk-4-dev, swift build --build-tests)"))
    func aGtkScrolledWindowAroundTheHostDoesNotStealItsTouch() throws {
        // Control: a drag on the label above the host scrolls the GtkScrolledWindow (it can and does scroll).
        var session = try Session(Session.fixture, ["--mode", "scrolled"])
        var host = try session.placement("host")
        session.touchDrag(from: Point(x: host.center.x, y: host.y - 20), dy: -100, hold: true)
        try session.waitForRest()
        var stats = session.finish()
        #expect(try Double(Session.value(stats, "scrolled window offset")) ?? 0 > 50)
        // A drag on the host scrolls the host's list, and the scrolled window stays.
        session = try Session(Session.fixture, ["--mode", "scrolled"])
        host = try session.placement("host")
        session.touchDrag(from: host.point(host.width / 2, 250), dy: -200, hold: true)  // in the viewport
        try session.waitForRest()
        stats = session.finish()
        let followed = try Session.offset(stats, "list offset").y
        // 200 pt less the 10 pt slop; GTK's touch positions carry wl_fixed's 1/256 steps.
        #expect(abs(followed - 190) < 0.01, "the host's list did not follow the finger: \(followed)\n\(stats)")
        #expect(try Session.value(stats, "scrolled window offset") == "0.0", "the scrolled window took the touch")
    }

    @Test(.enabled(if: Session.canRun, "needs the GTK examples (libgtk-4-dev, swift build --build-tests)"))
    func aTouchpadPinchZoomsTheHostedContainer() throws {
        let session = try Session(Session.fixture, ["--mode", "zoom"])
        session.compositor.pointerMotion(to: Point(x: 200, y: 200))
        session.compositor.pointerFrame()
        usleep(50_000)
        session.compositor.pointerPinchBegin(fingers: 2)
        for scale in [1.1, 1.25, 1.5] {
            usleep(16_000)
            session.compositor.pointerPinchUpdate(dx: 0, dy: 0, scale: scale, rotation: 0)
        }
        session.compositor.pointerPinchEnd(cancelled: false)
        try session.waitForRest()
        let stats = session.finish()
        let scale = try #require(Double(try Session.value(stats, "zoom scale")))
        #expect(abs(scale - 1.5) < 1e-6, "zoom scale after a pinch to 1.5: \(scale)")
    }

    @Test(.enabled(if: Session.canRun, "needs the GTK examples (libgtk-4-dev, swift build --build-tests)"))
    func anUnmappedHostTicksNoFramesAndResumesWhenMappedAgain() throws {
        let session = try Session(Session.fixture, ["--mode", "hide"])
        session.touchDrag(from: Point(x: 200, y: 450), dy: -300)  // released at speed: a fling runs
        #expect(session.wait(for: "hidden at", timeout: .seconds(5)))
        // GTK commits the window without the host, then nothing while the host is hidden (for a second).
        try session.waitForRest(quiet: .milliseconds(100))
        #expect(!session.app.standardError.contains("shown at"), "the host was shown again before the count began")
        let commits = session.compositor.commitCount
        #expect(session.wait(for: "shown at", timeout: .seconds(5)))
        // While unmapped the host asked for no frame: nothing was committed and the list did not move.
        #expect(
            session.compositor.commitCount == commits,
            "\(session.compositor.commitCount - commits) commits while hidden")
        try session.waitForRest()
        let stats = session.finish()
        let hidden = try #require(Double(try Session.value(stats, "hidden at")))
        let shown = try #require(Double(try Session.value(stats, "shown at")))
        let end = try Session.offset(stats, "list offset").y
        #expect(shown == hidden, "the list moved while its host was unmapped: \(hidden) -> \(shown)")
        #expect(end > shown, "the fling did not resume once the host was mapped again: \(end)")
    }

    @Test(.enabled(if: Session.canRun, "needs the GTK examples (libgtk-4-dev, swift build --build-tests)"))
    func adoptingAWidgetThatIsNotADrawingAreaIsRefusedWithAMessage() throws {
        let session = try Session(Session.fixture, ["--mode", "label"])
        session.touchDrag(from: Point(x: 200, y: 300), dy: -100)
        try session.waitForRest()
        let stats = session.finish()
        #expect(session.app.standardError.contains("GtkViewHost(adopting:) needs a GtkDrawingArea"))
        #expect(try Session.value(stats, "label host core size") == "0.0 0.0")
        #expect(try Session.offset(stats, "list offset") == Point(x: 0, y: 0))
        #expect(!session.app.standardError.contains("CRITICAL"), "GTK was asked something of the label")
    }

    /// Drags through the fixture's cut-off (y = 100), then sends everything a host listens to, before and after
    /// the second step; nothing may reach the core or its views.
    private func cutOff(mode: String) throws {
        let session = try Session(Session.fixture, ["--mode", mode])
        let host = try session.placement("host")
        session.touchDrag(from: host.point(150, 380), dy: -300)  // released at speed: a fling was running
        #expect(
            session.wait(for: mode == "detach" ? "detached and released" : "widget destroyed", timeout: .seconds(5)))
        func everything() throws {
            session.touchDrag(from: host.point(150, 300), dy: -100)
            session.compositor.pointerMotion(to: host.point(100, 100))
            session.compositor.pointerFrame()
            session.compositor.pointerAxis(dx: 0, dy: 120, source: .wheel)
            session.compositor.pointerFrame()
            session.press(.pageDown)
            _ = session.compositor.sendConfigure(size: Size(width: 400, height: 500))
            try session.waitForRest()
        }
        try everything()
        #expect(
            session.wait(for: mode == "detach" ? "widget destroyed" : "detached and released", timeout: .seconds(5)))
        try everything()
        let stats = session.finish()
        #expect(try Session.value(stats, "after \(mode)") == "0", "callbacks reached the core after the \(mode)")
        let controllers = try Session.value(stats, "controllers").split(separator: " ")
        #expect(
            controllers.count == 4 && controllers[0] == controllers[2],
            "the host left controllers on the widget: \(controllers)")
    }

    @Test(.enabled(if: Session.canRun, "needs the GTK examples (libgtk-4-dev, swift build --build-tests)"))
    func afterDetachAndThenTheWidgetsDestructionNothingReachesTheCore() throws {
        try cutOff(mode: "detach")
    }

    @Test(.enabled(if: Session.canRun, "needs the GTK examples (libgtk-4-dev, swift build --build-tests)"))
    func afterTheWidgetsDestructionMidFlingAndThenDetachNothingReachesTheCore() throws {
        try cutOff(mode: "destroy")
    }
}
