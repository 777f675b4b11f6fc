import Testing

@testable import Toolkit
@testable import ToolkitCore

/// <doc:ScrollBehaviour> §12 under real compositors (weston and sway, headless, whose frame callbacks pace at their
/// output's refresh): a fling commits a frame at every frame callback and ends where the same input ends in a
/// `HeadlessWindow`. The longest gap between commits is printed against the 50 ms the test compositor's frame timing
/// tests hold it to, not asserted: here the compositor is another process, and a machine loaded by other work
/// pauses one or the other for longer without anything being wrong in either.
///
/// Neither compositor can inject touch here (weston headless has no seat, sway only a virtual pointer), so the
/// finger's events go straight into the window's core, stamped on its clock and paced in real time while the
/// window runs: the motion after the release is the window's own, presented through the compositor.
@MainActor
struct RealCompositorFrameTiming {
    /// Runs a fling in a 200 x 300 container of `window` and checks it; `name` for messages.
    static func checkFling(in window: WaylandWindow, _ name: String) throws {
        let container = FrameTimingTests.makeContainer(paging: false)
        window.rootView.addSubview(container)
        try #require(try FrameTiming.run(window) { window.presentedFrameCount >= 1 }, "\(name): no first frame")
        var commits: [Duration] = []
        window.onFrameCommitted = { commits.append($0) }

        // A finger down at y 250, six motions of 20 pt up 16 ms apart, and up 16 ms later: 1250 pt/s. Each event
        // carries its planned time and goes in once the window clock has reached it, so that a busy machine
        // delays the events but never changes the gesture (a late event would read as a finger at rest).
        var events: [InputEvent] = []
        let t0 = window.now
        func send(at offset: Duration, _ make: (Duration) -> InputEvent) throws {
            let time = t0 + offset
            try FrameTiming.run(window) { window.now >= time }
            for event in [make(time), .touchFrame(timestamp: time)] {
                events.append(event)
                window.core.handle(event)
            }
        }
        try send(at: .zero) { .touchDown(id: 0, location: Point(x: 100, y: 250), timestamp: $0) }
        for step in 1...6 {
            try send(at: .milliseconds(16 * step)) {
                .touchMotion(id: 0, location: Point(x: 100, y: 250 - 20 * Double(step)), timestamp: $0)
            }
        }
        let presentedBefore = window.presentedFrameCount
        try send(at: .milliseconds(16 * 7)) { .touchUp(id: 0, timestamp: $0) }
        let start = t0 + .milliseconds(16 * 7)
        #expect(container.isDecelerating, "\(name): no fling")
        try #require(try FrameTiming.run(window) { !FrameTiming.isMoving(container) }, "\(name): the fling never ended")
        let end = window.now

        let gap = try #require(FrameTiming.longestGap(commits, from: start, to: end), "\(name): no commit")
        print(
            "[RealCompositorFrameTiming] \(name): \(commits.filter { $0 >= start }.count) commits in "
                + "\(FrameTiming.milliseconds(end - start)) ms of fling, longest gap \(FrameTiming.milliseconds(gap)) ms "
                + "(\(gap < FrameTiming.allowedGap ? "under" : "OVER") the \(FrameTiming.milliseconds(FrameTiming.allowedGap)) ms "
                + "the test compositor's tests allow)")
        #expect(container.contentOffset.y > 300, "\(name): the fling went \(container.contentOffset.y) pt")
        // A frame at every frame callback: each presented frame of the fling was followed by the next commit.
        let flingCommits = commits.filter { $0 >= start }.count
        let presented = window.presentedFrameCount - presentedBefore
        #expect(abs(flingCommits - presented) <= 1, "\(name): \(flingCommits) commits, \(presented) frames presented")

        let headless = HeadlessWindow(size: Size(width: 200, height: 300))
        let twin = FrameTimingTests.makeContainer(paging: false)
        headless.rootView.addSubview(twin)
        FrameTiming.replay(events, in: headless)
        #expect(
            abs(container.contentOffset.y - twin.contentOffset.y) < 0.01,
            "\(name): window \(container.contentOffset.y), headless \(twin.contentOffset.y)")
    }
}

/// One suite, one test at a time: the two compositors do not compete for the CPU while their frames are timed.
@MainActor
@Suite(.serialized) struct RealCompositorFrameTimingTests {
    @Test(.enabled(if: WestonHarness.isInstalled, "weston is not installed: real-compositor tests skipped"))
    func aFlingCommitsAtEveryFrameCallbackUnderWeston() throws {
        let weston = try WestonHarness()
        defer { weston.stop() }
        let window = try WaylandWindow(
            title: "weston frames", size: Size(width: 200, height: 300),
            connection: .socket(
                name: weston.socketName,
                runtimeDirectory: weston.runtimeDirectory))
        try RealCompositorFrameTiming.checkFling(in: window, "weston")
    }

    @Test(.enabled(if: SwayHarness.isInstalled, "sway is not installed: sway tests skipped"))
    func aFlingCommitsAtEveryFrameCallbackUnderSway() throws {
        let sway = try SwayHarness(width: 800, height: 600)
        defer { sway.stop() }
        let window = try WaylandWindow(
            title: "sway frames", size: Size(width: 200, height: 300),
            connection: .socket(
                name: sway.socketName,
                runtimeDirectory: sway.runtimeDirectory))
        try RealCompositorFrameTiming.checkFling(in: window, "sway")
    }
}
