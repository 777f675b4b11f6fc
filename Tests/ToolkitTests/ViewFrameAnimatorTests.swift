// `View.addFrameAnimator`: per-frame work an app drives from a view (the edge auto-scroll is written on it).

import Testing

@testable import ToolkitCore

@MainActor @Suite struct ViewFrameAnimatorTests {
    /// Records the frame times it is called at; answers `keepGoing`.
    final class Recorder: FrameAnimator {
        var times: [Duration] = []
        var keepGoing = true
        func animationFrame(at time: Duration) -> Bool {
            times.append(time)
            return keepGoing
        }
    }

    @Test func itRunsEveryFrameUntilItAnswersFalseOrIsRemoved() {
        let window = HeadlessWindow(size: Size(width: 100, height: 100))
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let recorder = Recorder()
        #expect(!view.addFrameAnimator(recorder))
        window.rootView.addSubview(view)
        #expect(view.addFrameAnimator(recorder))
        #expect(view.addFrameAnimator(recorder))
        window.advance(by: .milliseconds(50))
        // Frames at 1/60, 2/60 and 3/60 s, once each.
        #expect(recorder.times == [1, 2, 3].map { .nanoseconds($0 * 1_000_000_000 / 60) })
        view.removeFrameAnimator(recorder)
        window.advance(by: .milliseconds(50))
        #expect(recorder.times.count == 3)
        view.addFrameAnimator(recorder)
        recorder.keepGoing = false
        window.advance(by: .milliseconds(50))
        #expect(recorder.times.count == 4)
        #expect(window.core.viewAnimators.isEmpty)
    }

    @Test func itIsDroppedWithoutACallWhenItsViewLeavesTheWindow() {
        let window = HeadlessWindow(size: Size(width: 100, height: 100))
        let parent = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        parent.addSubview(view)
        window.rootView.addSubview(parent)
        let recorder = Recorder()
        view.addFrameAnimator(recorder)
        window.advance(by: .milliseconds(20))
        #expect(recorder.times.count == 1)
        parent.removeFromSuperview()
        window.advance(by: .milliseconds(100))
        #expect(recorder.times.count == 1)
        #expect(window.core.viewAnimators.isEmpty && !window.core.isAnimating(recorder))
    }
}
