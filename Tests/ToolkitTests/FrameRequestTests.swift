// WindowCore's frame requests: a backend is asked for a frame whenever something changes after the last one.

import Testing

@testable import ToolkitCore

@MainActor @Suite struct FrameRequestTests {
    /// Damages a view on each frame and stops after `frames` of them.
    private final class Damager: FrameAnimator {
        let view: View
        var frames: Int
        init(view: View, frames: Int) {
            self.view = view
            self.frames = frames
        }
        func animationFrame(at time: Duration) -> Bool {
            view.setNeedsDisplay()
            frames -= 1
            return frames > 0
        }
    }

    @Test func anAnimationThatDamagesOnItsLastFrameStillLetsLaterChangesAskForAFrame() {
        let core = WindowCore(size: Size(width: 100, height: 100))
        var requests = 0
        core.onNeedsFrame = { requests += 1 }
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        core.rootView.addSubview(view)
        var image = Image(width: 100, height: 100)
        func frame(_ ms: Int64) {
            core.prepareFrame(at: .milliseconds(ms))
            Canvas.draw(into: &image) { core.draw(into: $0) }
        }
        frame(0)
        core.addAnimator(Damager(view: view, frames: 2))
        let before = requests
        #expect(before >= 1)
        frame(16)
        frame(33)  // the animator's last frame: it damages and stops; that damage is drawn now
        #expect(!core.needsFrame)
        // Something changes later: the backend must hear of it.
        let settled = requests
        core.addAnimator(Damager(view: view, frames: 1))
        #expect(requests == settled + 1)
    }
}
