import Glibc
import Testing
import ToolkitTesting

@testable import Toolkit
@testable import ToolkitCore

/// Frame latency (<doc:ScrollBehaviour> §12, `FrameLatencyStats`) under the test compositor, in real time: every input
/// event is reflected in the first commit after it (no frame of latency added in the client), the presentation feedback
/// objects are all destroyed, and the gallery's `--stats` prints the figures.
@MainActor
@Suite(.serialized) struct FrameLatencyTests {
    /// A 200 x 300 window with a container over 200 x 6000 points of content, mapped on a test compositor.
    @MainActor
    final class Scene {
        let compositor: TestCompositor
        let window: WaylandWindow
        let container: ScrollContainer

        init() throws {
            compositor = try TestCompositor()
            window = try WaylandWindow(
                title: "latency", size: Size(width: 200, height: 300),
                appID: "org.toolkit.tests",
                connection: .fileDescriptor(compositor.connectClientFD()))
            container = FrameTimingTests.makeContainer(paging: false)
            window.rootView.addSubview(container)
            try #require(try FrameTiming.run(window) { window.presentedFrameCount >= 1 })
        }
    }

    /// `duration` in milliseconds, one decimal, for messages.
    nonisolated static func ms(_ duration: Duration?) -> String {
        guard let duration else { return "-" }
        return String((FrameTiming.milliseconds(duration) * 10).rounded() / 10)
    }

    /// A finger dragged 30 motions of 4 pt, with gaps that cycle through 5, 11 and 23 ms (shorter and longer than
    /// the 16.7 ms refresh, so that motions arrive both while a frame callback is pending and while the window is
    /// idle), then lifted: every motion that moved the content is reflected in the first commit after it. That is
    /// raw application's latency (resampling off); resampled, a commit shows the finger a little before its frame
    /// (<doc:ScrollBehaviour> §22), and the last commit shows the last motion exactly.
    @Test(arguments: [false, true]) func everyTouchMotionIsReflectedInTheFirstCommitAfterIt(resampling: Bool) throws {
        let scene = try Scene()
        let window = scene.window
        window.core.resamplesTouches = resampling
        let compositor = scene.compositor
        // Each commit of a frame: its time on the window clock and the offset it shows.
        var commits: [(time: Duration, offset: Double)] = []
        window.onFrameCommitted = { [container = scene.container] time in
            commits.append((time, container.contentOffset.y))
        }
        let before = window.frameLatency
        var motionTimes: [Duration] = []
        window.onInputEvent = { [unowned window] event in
            if case .touchMotion = event { motionTimes.append(window.now) }
        }
        let commitsBefore = compositor.commitCount
        let frameCommitsBefore = compositor.bufferCommitTimes.count
        compositor.touchDown(id: 0, at: Point(x: 100, y: 250))
        compositor.touchFrame()
        // Motions as the window received them: receive time (window clock) and the offset once handled.
        var motions: [(time: Duration, offset: Double)] = []
        let gaps: [Duration] = [.milliseconds(5), .milliseconds(11), .milliseconds(23)]
        for step in 1...30 {
            try FrameTiming.run(window, for: gaps[step % gaps.count])
            compositor.touchMotion(id: 0, to: Point(x: 100, y: 250 - 4 * Double(step)))
            compositor.touchFrame()
            try #require(try FrameTiming.run(window, limit: .seconds(2)) { motionTimes.count == step })
            motions.append((motionTimes[step - 1], scene.container.contentOffset.y))
        }
        try FrameTiming.run(window, for: .milliseconds(50))
        // Every commit during the drag carried a new frame: none was a bare commit asking for a callback first.
        #expect(compositor.commitCount - commitsBefore == compositor.bufferCommitTimes.count - frameCommitsBefore)
        compositor.touchUp(id: 0)
        compositor.touchFrame()
        try #require(try FrameTiming.run(window) { !FrameTiming.isMoving(scene.container) && !window.core.needsFrame })
        try FrameTiming.run(window, for: .milliseconds(50))

        let stats = window.frameLatency
        let moved = motions.filter { $0.offset != 0 }
        try #require(moved.count >= 20, "the drag moved the content at only \(moved.count) motions")
        let last = try #require(motions.last)
        #expect(commits.last?.offset == last.offset, "the last commit shows \(commits.last?.offset ?? -1)")
        // Independently of the counters: the first commit after each motion shows at least its offset.
        for motion in moved where !resampling {
            let first = try #require(commits.first { $0.time >= motion.time }, "no commit after a motion")
            #expect(first.offset >= motion.offset, "a motion to \(motion.offset) first committed \(first.offset)")
        }
        #expect(stats.inputEventsLate == before.inputEventsLate, "late input events: \(stats.inputEventsLate)")
        #expect(stats.inputEventsOnTime - before.inputEventsOnTime >= moved.count)
        let inputToCommit = try #require(stats.inputToCommit)
        // At most one refresh interval (16.7 ms) waiting for the frame callback, plus drawing: 50 ms leaves room
        // for a loaded machine; the median stays within one interval.
        #expect(inputToCommit.maximum < FrameTiming.allowedGap, "max \(Self.ms(inputToCommit.maximum)) ms")
        #expect(inputToCommit.median < .nanoseconds(16_666_667), "median \(Self.ms(inputToCommit.median)) ms")
        let present = try #require(stats.commitToPresent)
        print(
            "[FrameLatencyTests] test compositor drag: input to commit median \(Self.ms(inputToCommit.median)) ms "
                + "max \(Self.ms(inputToCommit.maximum)) ms (\(inputToCommit.count) frames); commit to present median "
                + "\(Self.ms(present.median)) ms max \(Self.ms(present.maximum)) ms (\(present.count) frames)")
        #expect(compositor.isClean)
    }

    /// During an animation of 1 s, each frame asks for a feedback and each feedback is presented and destroyed:
    /// neither side ever holds more than the frame in flight, and none is left at rest.
    @Test func presentationFeedbacksAreAllPresentedAndDestroyed() throws {
        let scene = try Scene()
        let window = scene.window
        let compositor = scene.compositor
        #expect(window.frameLatency.hasPresentationFeedback)
        var mostAlive = 0
        window.onFrameCommitted = { [unowned window] _ in mostAlive = max(mostAlive, window.latency.liveFeedbackCount) }
        let commitsBefore = window.latency.frameCommits
        scene.container.setContentOffset(Point(x: 0, y: 3000), animated: true)
        try #require(try FrameTiming.run(window) { !FrameTiming.isMoving(scene.container) })
        // The last frame's feedback comes back at the compositor's next refresh.
        try window.pump("the last feedbacks presented") {
            window.latency.liveFeedbackCount == 0 && compositor.liveFeedbackCount == 0
        }
        let frames = window.latency.frameCommits - commitsBefore
        #expect(frames >= 10, "only \(frames) frames during the animation")
        #expect(mostAlive <= 2, "\(mostAlive) feedbacks alive at once")
        #expect(window.latency.liveFeedbackCount == 0)
        #expect(compositor.liveFeedbackCount == 0)
        let stats = window.frameLatency
        #expect(stats.commitToPresent?.count == window.latency.frameCommits)
        #expect(compositor.presentedFeedbackCount == window.latency.frameCommits)
        #expect(stats.discardedFrames == 0 && compositor.discardedFeedbackCount == 0)
        // Shown at the next refresh tick: never before the commit, at most an interval (plus scheduling) after.
        let present = try #require(stats.commitToPresent)
        #expect(present.maximum < FrameTiming.allowedGap, "max \(Self.ms(present.maximum)) ms")
        #expect(compositor.isClean)
    }

    /// A frame replaced before the compositor showed it (a resize drawn while the previous frame waits for its
    /// callback) is discarded, and the one that replaced it is presented.
    @Test func aFrameReplacedBeforeItIsShownIsDiscarded() throws {
        let scene = try Scene()
        let window = scene.window
        let compositor = scene.compositor
        compositor.autoFrameCallbacks = false
        try FrameTiming.run(window, for: .milliseconds(50))
        let presented = compositor.presentedFeedbackCount
        // A frame, then a resize before its callback: the resize is drawn at once over it.
        scene.container.backgroundColor = Color(red: 1, green: 0, blue: 0)
        try #require(try FrameTiming.run(window) { window.latency.liveFeedbackCount == 1 })
        _ = compositor.sendConfigure(size: Size(width: 220, height: 300))
        try #require(try FrameTiming.run(window) { window.size.width == 220 && window.latency.frameCommits >= 3 })
        try #require(try FrameTiming.run(window) { window.frameLatency.discardedFrames == 1 })
        #expect(compositor.discardedFeedbackCount == 1)
        compositor.sendFrameCallbacks()
        try #require(try FrameTiming.run(window) { window.latency.liveFeedbackCount == 0 })
        #expect(compositor.presentedFeedbackCount == presented + 1)
        #expect(compositor.liveFeedbackCount == 0)
        #expect(compositor.isClean)
    }
}

/// The gallery's `--stats` latency lines, read from its stderr.
enum GalleryLatencyLines {
    /// One `stats: NAME median X ms max Y ms (N frames)` line.
    struct Figures: Equatable, CustomStringConvertible {
        var median: Double
        var maximum: Double
        var frames: Int
        var description: String { "median \(median) ms max \(maximum) ms (\(frames) frames)" }
    }

    /// The figures of the line named `name` ("input to commit", "commit to present"), or nil.
    static func figures(_ name: String, in text: String) -> Figures? {
        for line in text.split(separator: "\n") where line.hasPrefix("stats: \(name) median ") {
            let words = line.split(separator: " ")
            // stats: A B C median X ms max Y ms (N frames)
            guard let m = words.firstIndex(of: "median"), words.count > m + 5,
                let median = Double(words[m + 1]), let maximum = Double(words[m + 4]),
                let frames = Int(words[m + 6].dropFirst())
            else { return nil }
            return Figures(median: median, maximum: maximum, frames: frames)
        }
        return nil
    }

    /// The late count and total of `stats: input events late L of T, ...`, or nil.
    static func lateInputEvents(in text: String) -> (late: Int, total: Int)? {
        for line in text.split(separator: "\n") where line.hasPrefix("stats: input events late ") {
            let words = line.split(separator: " ")
            guard words.count > 6, let late = Int(words[4]), let total = Int(words[6].filter(\.isNumber)) else {
                return nil
            }
            return (late, total)
        }
        return nil
    }
}

/// The gallery, a separate process, prints its latency figures with `--stats`: under the test compositor after a
/// touch drag (input to commit and commit to present), and under weston headless (commit to present; weston
/// offers no seat, so no input).
@Suite(
    .serialized,
    .enabled(
        if: GalleryProcess.executable != nil,
        "the gallery executable is not built next to the tests: run swift build --build-tests"))
struct GalleryLatencyStatsTests {
    @Test func theGalleryPrintsItsLatencyUnderTheTestCompositor() throws {
        let compositor = try TestCompositor()
        let gallery = try GalleryProcess(arguments: ["--demo", "list", "--stats"], environment: compositor.environment)
        defer { gallery.stop() }
        try compositor.waitForToplevel(timeout: .seconds(20))
        // Three drags of 20 motions of 10 pt, 8 ms apart (real time), each ending in a fling that the next one
        // catches once the gallery has drawn the fling's first frames.
        for drag in 0..<3 {
            compositor.touchDown(id: drag, at: Point(x: 400, y: 500))
            compositor.touchFrame()
            for step in 1...20 {
                usleep(8_000)
                compositor.touchMotion(id: drag, to: Point(x: 400, y: 500 - 10 * Double(step)))
                compositor.touchFrame()
            }
            compositor.touchUp(id: drag)
            compositor.touchFrame()
            _ = try compositor.settledImage()
        }
        #expect(compositor.sendClose())
        let ended = gallery.waitForExit(timeout: .seconds(5))
        let text = gallery.standardError
        #expect(ended == .exited(0), "\(text)")
        let input = try #require(GalleryLatencyLines.figures("input to commit", in: text), "\(text)")
        let present = try #require(GalleryLatencyLines.figures("commit to present", in: text), "\(text)")
        let late = try #require(GalleryLatencyLines.lateInputEvents(in: text), "\(text)")
        #expect(input.frames >= 20, "\(input)")
        #expect(present.frames >= input.frames, "\(present)")
        #expect(late.late == 0, "late input events: \(late)")
        print(
            "[GalleryLatencyStatsTests] test compositor: input to commit \(input); commit to present \(present); "
                + "late \(late.late) of \(late.total)")
        // The client is gone; the compositor's thread destroys its last feedbacks when it reads the hang-up,
        // which on a loaded machine can come a little after the process exited.
        try waitUntil("the compositor destroyed the last feedbacks (\(compositor.liveFeedbackCount) left)") {
            compositor.liveFeedbackCount == 0
        }
    }

    @Test(.enabled(if: WestonHarness.isInstalled, "weston is not installed: the weston figures are skipped"))
    func theGalleryPrintsPresentationFiguresUnderWeston() throws {
        let weston = try WestonHarness(width: 800, height: 600)
        defer { weston.stop() }
        let gallery = try GalleryProcess(
            arguments: ["--demo", "list", "--frames", "120", "--stats"],
            environment: [
                "XDG_RUNTIME_DIR": weston.runtimeDirectory,
                "WAYLAND_DISPLAY": weston.socketName
            ])
        defer { gallery.stop() }
        let ended = gallery.waitForExit(timeout: .seconds(30))
        let text = gallery.standardError
        #expect(ended == .exited(0), "\(text)")
        let present = try #require(GalleryLatencyLines.figures("commit to present", in: text), "\(text)")
        #expect(present.frames >= 100, "\(present)")
        // Shown after its commit, never before. How long after is a figure of the machine's load as much as of the
        // client (weston is another process): printed below against three refresh intervals of its 60 Hz output.
        #expect(present.median > 0, "\(present)")
        let late = try #require(GalleryLatencyLines.lateInputEvents(in: text), "\(text)")
        #expect(late.late == 0)
        print("[GalleryLatencyStatsTests] weston: commit to present \(present) (three refresh intervals: 50 ms)")
    }
}
