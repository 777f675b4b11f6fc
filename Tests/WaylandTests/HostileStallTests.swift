import Glibc
import Testing
import ToolkitTesting

@testable import Toolkit
@testable import ToolkitCore

/// A compositor that never sends frame callbacks, or never releases buffers. Rule (`FramePacer`): the window
/// waits for the compositor without spinning (its loop sleeps in `poll` until input, a timer, or the awaited
/// event), and meanwhile still routes input, fires timers and answers pings.
///
/// "Without spinning" is checked by the CPU time the test's own thread (the one running the window's loop) uses
/// over one second of waiting: well under 0.2 s, where a busy loop would use the whole second. The thread's
/// figure (`RUSAGE_THREAD`) rather than the process's: tests run in parallel in this process. A behaviour check
/// with a wide margin, not a benchmark.
@MainActor
@Suite struct HostileStallTests {
    private final class Ticker: FrameAnimator {
        let view: View
        init(view: View) { self.view = view }
        func animationFrame(at time: Duration) -> Bool {
            view.setNeedsDisplay()
            return true
        }
    }

    /// CPU seconds (user + system) this thread used so far.
    private static func threadCPUSeconds() -> Double {
        var usage = rusage()
        // RUSAGE_THREAD (1) is a GNU extension that Glibc's Swift module does not export by name.
        getrusage(__rusage_who_t(1), &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// Runs the window's loop for one second of wall time and returns the CPU seconds it took, and how many
    /// loop iterations there were.
    private func idleSecond(_ window: WaylandWindow) throws -> (cpu: Double, iterations: Int) {
        let clock = ContinuousClock()
        let end = clock.now + .seconds(1)
        let start = HostileStallTests.threadCPUSeconds()
        var iterations = 0
        while clock.now < end {
            _ = try window.dispatchOnce(timeout: end - clock.now)
            iterations += 1
        }
        return (HostileStallTests.threadCPUSeconds() - start, iterations)
    }

    private func isRepeat(_ event: InputEvent) -> Bool {
        if case .key(_, _, _, true, _) = event { return true }
        return false
    }

    @Test func withoutFrameCallbacksInputAndTimersStillWorkAndTheLoopSleeps() throws {
        let compositor = try TestCompositor()
        compositor.autoFrameCallbacks = false
        let client = try HostileClient(compositor: compositor, waitForFirstFrame: false)
        let window = try #require(client.window)
        try client.pump { compositor.frameCallbacksPending == 1 }
        #expect(compositor.frameCallbacksPending == 1)
        // A fling: the container wants frames it will never get.
        compositor.touchDown(id: 0, at: Point(x: 80, y: 110))
        compositor.touchFrame()
        for step in 1...4 {
            compositor.advanceClock(by: .milliseconds(10))
            compositor.touchMotion(id: 0, to: Point(x: 80, y: 110 - Double(step) * 20))
            compositor.touchFrame()
        }
        compositor.touchUp(id: 0)
        try client.pump { client.container.contentOffset.y > 0 && !client.events.isEmpty }
        #expect(client.container.contentOffset.y > 0, "input moved the content without frames")
        #expect(try client.answersPing())
        // Timers keep firing: a key held through the idle second repeats at 40 Hz.
        compositor.sendRepeatInfo(rate: 40, delay: 50)
        compositor.key(.space, pressed: true)
        try client.pump { client.events.filter(isRepeat).count >= 1 }
        let (cpu, iterations) = try idleSecond(window)
        compositor.key(.space, pressed: false)
        let repeats = client.events.filter(isRepeat).count
        print(
            "[HostileStallTests] no frame callbacks: \(cpu) s CPU, \(iterations) loop iterations, "
                + "\(repeats) key repeats in 1 s")
        #expect(cpu < 0.2)
        #expect(repeats >= 20)
        #expect(compositor.frameCallbacksPending == 1, "one callback at a time")
        #expect(window.presentedFrameCount == 0)
        // Callbacks resume: frames flow again.
        compositor.autoFrameCallbacks = true
        compositor.sendFrameCallbacks()
        try client.pump { window.presentedFrameCount >= 2 }
        #expect(window.presentedFrameCount >= 2)
        #expect(compositor.isClean)
    }

    @Test func withoutBufferReleasesInputAndTimersStillWorkAndTheLoopSleeps() throws {
        let compositor = try TestCompositor()
        compositor.autoReleaseBuffers = false
        let client = try HostileClient(compositor: compositor)
        let window = try #require(client.window)
        window.core.addAnimator(Ticker(view: window.rootView))
        try client.pump { window.liveBufferCount == 4 && compositor.buffersHeld == 4 }
        #expect(compositor.buffersHeld == 4)
        compositor.touchDown(id: 1, at: Point(x: 20, y: 20))
        compositor.touchFrame()
        compositor.touchUp(id: 1)
        compositor.sendRepeatInfo(rate: 40, delay: 50)
        compositor.key(.down, pressed: true)
        try client.pump { client.events.filter(isRepeat).count >= 3 }
        compositor.key(.down, pressed: false)
        #expect(client.events.filter(isRepeat).count >= 3)
        #expect(client.events.contains { if case .touchUp(1, _) = $0 { true } else { false } })
        #expect(try client.answersPing())

        let presented = window.presentedFrameCount
        let (cpu, iterations) = try idleSecond(window)
        print("[HostileStallTests] no buffer releases: \(cpu) s CPU, \(iterations) loop iterations in 1 s")
        #expect(cpu < 0.2)
        #expect(window.presentedFrameCount == presented)
        #expect(window.liveBufferCount == 4)
        #expect(compositor.heldBufferWrites == 0)
        compositor.releaseBuffers()
        compositor.autoReleaseBuffers = true
        try client.pump { window.presentedFrameCount > presented + 2 }
        #expect(window.presentedFrameCount > presented + 2)
        #expect(compositor.isClean)
    }
}
