import Glibc
import Testing
import Toolkit
import ToolkitTesting

/// Two hosts side by side in an ordinary GTK layout (GtkHostFixture's pair mode), each holding a 400 x 400 list
/// of 200 rows of 44 pt that does not fill its host: a finger by a bar that is not shown, the pointer on that bar,
/// and a host released while the pointer hovers it.
extension GtkViewHostTests {
    /// A finger is not a pointer: GTK 4's Wayland backend sends a crossing for a first touch, which must not
    /// hover, show or widen the bars; a quick tap on a bar that was not shown reaches the row under it.
    @Test(.enabled(if: Session.canRun, "needs the GTK examples (libgtk-4-dev, swift build --build-tests)"))
    func aQuickTapByTheEdgeOfAHostedListReachesTheRowUnderTheFinger() throws {
        let session = try Session(Session.fixture, ["--mode", "pair"])
        let left = try session.placement("left")
        // 3 pt inside the list's right edge, 129 pt below its top: row 2 (88...132 pt), where the bar would be.
        session.compositor.touchDown(id: 1, at: left.point(397, 129))
        session.compositor.touchFrame()
        usleep(30_000)
        session.compositor.touchUp(id: 1)
        session.compositor.touchFrame()
        #expect(
            session.wait(for: "left tapped row", timeout: .seconds(5)),
            "the tap reached no row: \(session.app.standardError.suffix(3000))")
        let stats = session.finish()
        #expect(try Session.value(stats, "left tapped row") == "2")
        #expect(try Session.value(stats, "left bar") == "hidden", "the finger showed the bar")
        #expect(try Session.offset(stats, "left offset") == Point(x: 0, y: 0))
        #expect(try Session.value(stats, "right tapped row") == "none")
    }

    /// The control: the pointer at the same place does show and widen the bar, and its click is the bar's (the
    /// thumb's centre jumps to the pointer), not the row's.
    @Test(.enabled(if: Session.canRun, "needs the GTK examples (libgtk-4-dev, swift build --build-tests)"))
    func thePointerAtTheSamePlaceWidensTheBarAndItsClickMovesTheThumb() throws {
        let session = try Session(Session.fixture, ["--mode", "pair"])
        let left = try session.placement("left")
        session.click(at: left.point(397, 129))
        #expect(session.wait(for: "left offset", timeout: .seconds(5)), "the click on the bar moved nothing")
        let stats = session.finish()
        #expect(try Session.value(stats, "left tapped row") == "none")
        #expect(try Session.offset(stats, "left offset").y > 1000)
    }

    /// Releasing a host (no detach first) while the pointer hovers its widened bar: the host's release ends the
    /// hover (the bar narrows and asks for a frame) and exits cleanly.
    @Test(.enabled(if: Session.canRun, "needs the GTK examples (libgtk-4-dev, swift build --build-tests)"))
    func aHostReleasedWhileThePointerHoversItGoesQuietly() throws {
        let session = try Session(Session.fixture, ["--mode", "release-hovered"])
        let host = try session.placement("host")
        session.compositor.pointerMotion(to: host.point(host.width - 5, host.height / 2))
        session.compositor.pointerFrame()
        #expect(
            session.wait(for: "released while hovered", timeout: .seconds(5)),
            "\(session.app.standardError.suffix(2000))")
        // Input after the release reaches nothing, and the app still closes as usual.
        session.compositor.pointerMotion(to: host.point(host.width / 2, host.height / 2))
        session.compositor.pointerFrame()
        _ = session.finish()
    }

    /// With `deniesTouchesToAncestors` off, an enclosing GtkScrolledWindow competes for the finger: its drag
    /// gesture claims it at GTK's drag threshold and scrolls, and the host's touch ends cancelled.
    @Test(.enabled(if: Session.canRun, "needs the GTK examples (libgtk-4-dev, swift build --build-tests)"))
    func aHostThatLetsItsAncestorsSeeTheTouchLosesADragToAGtkScrolledWindow() throws {
        let session = try Session(Session.fixture, ["--mode", "scrolled-shared"])
        let host = try session.placement("host")
        session.touchDrag(from: host.point(host.width / 2, 250), dy: -200)
        let stats = session.finish()
        let scrolled = try #require(Double(try Session.value(stats, "scrolled window offset")))
        #expect(scrolled > 50, "the scrolled window did not get the touch: \(scrolled)\n\(stats)")
        #expect(try Session.offset(stats, "list offset") == Point(x: 0, y: 0), "the host's list kept the finger")
    }
}
