import Testing
import ToolkitTesting

@testable import Toolkit
@testable import ToolkitCore

/// <doc:ScrollBehaviour> §12 under the test compositor, in real time: while a motion runs (a wheel animation, a fling,
/// a page snap, an animated `setContentOffset`) the window commits a frame at every frame callback, which the
/// compositor completes at its 60 Hz refresh ticks; no gap between commits reaches 50 ms; and the motion ends
/// where the same input ends in a `HeadlessWindow`. Motions are sampled on the window's monotonic clock, so frame
/// callback times that stand still, jump ahead or go back change nothing.
///
/// Input is paced in real time (the compositor clock follows the monotonic clock), and the times the window's
/// core received are recorded and replayed, with the same spacing, in the headless window.
@MainActor
@Suite(.serialized) struct FrameTimingTests {
    /// A 200 x 300 window filled by a container over 200 x 6000 points of content, mapped, with every input
    /// event its core receives recorded.
    @MainActor
    final class Scene {
        let compositor: TestCompositor
        let window: WaylandWindow
        let container: ScrollContainer
        var events: [InputEvent] = []

        init(paging: Bool = false) throws {
            compositor = try TestCompositor()
            window = try WaylandWindow(
                title: "frames", size: Size(width: 200, height: 300),
                appID: "org.toolkit.tests",
                connection: .fileDescriptor(compositor.connectClientFD()))
            container = FrameTimingTests.makeContainer(paging: paging)
            window.rootView.addSubview(container)
            try #require(try FrameTiming.run(window) { window.presentedFrameCount >= 1 })
            window.onInputEvent = { [weak self] in self?.events.append($0) }
        }

        /// Runs until the container stops moving by itself; returns the longest commit gap from `start` (monotonic)
        /// to then, and the end time.
        func finishMotion(from start: Duration) throws -> (gap: Duration?, end: Duration) {
            let container = container
            let window = window
            // The input sent last is handled first (a motion may start only with the last finger's lift).
            try #require(try FrameTiming.run(window) { window.core.touchRouter.activeTouchCount == 0 })
            try #require(try FrameTiming.run(window) { !FrameTiming.isMoving(container) }, "the motion never ended")
            let end = FrameTiming.monotonicNow
            return (FrameTiming.longestGap(compositor.bufferCommitTimes, from: start, to: end), end)
        }

        /// Where the recorded input leaves the container in a headless window.
        func headlessOffset(paging: Bool = false, after setUp: (ScrollContainer) -> Void = { _ in }) -> Point {
            let headless = HeadlessWindow(size: Size(width: 200, height: 300))
            let twin = FrameTimingTests.makeContainer(paging: paging)
            headless.rootView.addSubview(twin)
            setUp(twin)
            FrameTiming.replay(events, in: headless)
            return twin.contentOffset
        }
    }

    /// The least time an animated `setContentOffset` (0.3 s) can be seen to take from just before the call: it
    /// starts at the window clock's latest reading, which may precede the call by the loop's last step.
    static let earliestEnd: Duration = .milliseconds(298)

    static func makeContainer(paging: Bool) -> ScrollContainer {
        let container = ScrollContainer(frame: Rect(x: 0, y: 0, width: 200, height: 300))
        container.contentSize = Size(width: 200, height: 6000)
        container.isPagingEnabled = paging
        return container
    }

    /// Three wheel detents 30 ms apart, sent while the window runs.
    private func threeDetents(_ scene: Scene) throws -> Duration {
        scene.compositor.pointerEnter(at: Point(x: 100, y: 150))
        scene.compositor.pointerFrame()
        try FrameTiming.run(scene.window, for: .milliseconds(20))
        let start = FrameTiming.monotonicNow
        for detent in 0..<3 {
            scene.compositor.pointerAxis(dx: 0, dy: 120, source: .wheel)
            scene.compositor.pointerFrame()
            if detent < 2 { try FrameTiming.run(scene.window, for: .milliseconds(30)) }
        }
        return start
    }

    /// A finger down at (100, `y`), `steps` motions of `dy` points 16 ms apart, and up.
    private func swipe(_ scene: Scene, from y: Double, by dy: Double, steps: Int) throws {
        scene.compositor.touchDown(id: 0, at: Point(x: 100, y: y))
        scene.compositor.touchFrame()
        for step in 1...steps {
            try FrameTiming.run(scene.window, for: .milliseconds(16))
            scene.compositor.touchMotion(id: 0, to: Point(x: 100, y: y + dy * Double(step)))
            scene.compositor.touchFrame()
        }
        try FrameTiming.run(scene.window, for: .milliseconds(16))
        scene.compositor.touchUp(id: 0)
        scene.compositor.touchFrame()
    }

    private func report(_ name: String, _ gap: Duration?, _ scene: Scene) {
        print(
            "[FrameTimingTests] \(name): longest commit gap \(gap.map { FrameTiming.milliseconds($0) } ?? -1) ms, "
                + "offset \(scene.container.contentOffset.y)")
    }

    @Test func aWheelAnimationCommitsEveryRefreshAndEndsWhereTheHeadlessOneDoes() throws {
        let scene = try Scene()
        let start = try threeDetents(scene)
        let (gap, _) = try scene.finishMotion(from: start)
        report("wheel", gap, scene)
        let longest = try #require(gap, "no commit during the wheel animation")
        #expect(longest < FrameTiming.allowedGap, "a \(FrameTiming.milliseconds(longest)) ms gap")
        #expect(scene.container.contentOffset == Point(x: 0, y: 144))
        #expect(scene.container.contentOffset == scene.headlessOffset())
        #expect(scene.compositor.isClean)
    }

    @Test func aFlingCommitsEveryRefreshAndEndsWhereTheHeadlessOneDoes() throws {
        let scene = try Scene()
        try swipe(scene, from: 250, by: -20, steps: 6)
        let start = FrameTiming.monotonicNow
        try #require(try FrameTiming.run(scene.window) { scene.container.isDecelerating }, "no fling")
        let (gap, _) = try scene.finishMotion(from: start)
        report("fling", gap, scene)
        let longest = try #require(gap, "no commit during the fling")
        #expect(longest < FrameTiming.allowedGap, "a \(FrameTiming.milliseconds(longest)) ms gap")
        #expect(scene.container.contentOffset.y > 300, "the fling went \(scene.container.contentOffset.y) pt")
        let headless = scene.headlessOffset()
        #expect(
            abs(scene.container.contentOffset.y - headless.y) < 0.01,
            "window \(scene.container.contentOffset.y), headless \(headless.y)")
        #expect(scene.compositor.isClean)
    }

    @Test func aPageSnapCommitsEveryRefreshAndEndsWhereTheHeadlessOneDoes() throws {
        let scene = try Scene(paging: true)
        // 100 pt up, slowly (a third of a page at 625 pt/s): the page snap decides where it settles.
        try swipe(scene, from: 250, by: -10, steps: 10)
        let start = FrameTiming.monotonicNow
        let (gap, _) = try scene.finishMotion(from: start)
        report("page snap", gap, scene)
        let longest = try #require(gap, "no commit during the page snap")
        #expect(longest < FrameTiming.allowedGap, "a \(FrameTiming.milliseconds(longest)) ms gap")
        let offset = scene.container.contentOffset.y
        #expect(offset.truncatingRemainder(dividingBy: 300) == 0, "not on a page: \(offset)")
        #expect(scene.container.contentOffset == scene.headlessOffset(paging: true))
        #expect(scene.compositor.isClean)
    }

    @Test func anAnimatedSetContentOffsetCommitsEveryRefreshAndTakesItsDuration() throws {
        let scene = try Scene()
        let start = FrameTiming.monotonicNow
        scene.container.setContentOffset(Point(x: 0, y: 1200), animated: true)
        let (gap, end) = try scene.finishMotion(from: start)
        report("setContentOffset", gap, scene)
        let longest = try #require(gap, "no commit during the animation")
        #expect(longest < FrameTiming.allowedGap, "a \(FrameTiming.milliseconds(longest)) ms gap")
        #expect(scene.container.contentOffset == Point(x: 0, y: 1200))
        // Neither faster nor slower than its 0.3 s: it ends at the first frame at or after that (counted from the
        // window's clock reading before the call, at most a few microseconds before `start`).
        let took = end - start
        #expect(
            took >= FrameTimingTests.earliestEnd && took < .milliseconds(300) + FrameTiming.allowedGap,
            "took \(FrameTiming.milliseconds(took)) ms")
        let headless = scene.headlessOffset { twin in twin.setContentOffset(Point(x: 0, y: 1200), animated: true) }
        #expect(headless == scene.container.contentOffset)
        #expect(scene.compositor.isClean)
    }

    /// Frame callback times that stand still, leap a second per frame or go back: the window samples its own
    /// clock, so the wheel animation neither stalls nor jumps to its end, and an animated `setContentOffset`
    /// still takes 0.3 s.
    @Test(arguments: [
        FrameCallbackTimes.frozen(milliseconds: 5000), .jumping(milliseconds: 1000),
        .backwards(milliseconds: 40)
    ])
    func motionsIgnoreTheFrameCallbackTimes(_ times: FrameCallbackTimes) throws {
        let scene = try Scene()
        scene.compositor.frameCallbackTimes = times
        let wheelStart = try threeDetents(scene)
        let (wheelGap, _) = try scene.finishMotion(from: wheelStart)
        report("wheel, callback times \(times)", wheelGap, scene)
        let longestWheel = try #require(wheelGap)
        #expect(longestWheel < FrameTiming.allowedGap, "\(times): a \(FrameTiming.milliseconds(longestWheel)) ms gap")
        #expect(scene.container.contentOffset == Point(x: 0, y: 144))

        let start = FrameTiming.monotonicNow
        scene.container.setContentOffset(Point(x: 0, y: 1200), animated: true)
        let (gap, end) = try scene.finishMotion(from: start)
        let longest = try #require(gap)
        #expect(longest < FrameTiming.allowedGap, "\(times): a \(FrameTiming.milliseconds(longest)) ms gap")
        let took = end - start
        #expect(
            took >= FrameTimingTests.earliestEnd && took < .milliseconds(300) + FrameTiming.allowedGap,
            "\(times): took \(FrameTiming.milliseconds(took)) ms")
        #expect(scene.container.contentOffset == Point(x: 0, y: 1200))
        #expect(scene.compositor.isClean)
    }

    /// The refresh rate sets the pace: at 30 Hz the window commits every 33 ms while it animates, at 60 Hz every
    /// 17 ms (once per tick, whatever the window could draw).
    @Test func commitsFollowTheRefreshRate() throws {
        for rate in [30.0, 60.0] {
            let scene = try Scene()
            scene.compositor.refreshRate = rate
            #expect(scene.compositor.refreshRate == rate)
            let start = FrameTiming.monotonicNow
            scene.container.setContentOffset(Point(x: 0, y: 1200), animated: true)
            _ = try scene.finishMotion(from: start)
            let commits = scene.compositor.bufferCommitTimes.filter { $0 >= start }
            // The first frame is committed at once (the window was idle: <doc:ScrollBehaviour> §12, no frame of
            // latency), between two ticks; every later one waits for its callback, done at a tick.
            let ticked = commits.dropFirst()
            let intervals = zip(ticked, ticked.dropFirst()).map { FrameTiming.milliseconds($1 - $0) }
            let interval = 1000 / rate
            // One commit per tick: on average one refresh interval apart (a single one may come late, which
            // brings the next closer, when the machine is busy).
            let mean = intervals.reduce(0, +) / Double(max(1, intervals.count))
            #expect(abs(mean - interval) < 1.5, "\(rate) Hz: intervals \(intervals)")
            // About 0.3 s of animation: one commit per tick.
            #expect(abs(Double(commits.count) - 0.3 * rate) <= 3, "\(rate) Hz: \(commits.count) commits")
        }
    }
}
