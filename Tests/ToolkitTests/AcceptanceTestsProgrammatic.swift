// Acceptance tests, <doc:ScrollBehaviour> §8 (programmatic scrolling) and the direct-offset rule of §1.

import Testing
import ToolkitCore

@MainActor
@Suite struct AcceptanceTestsProgrammatic {
    @Test func animatedSetTakes0_3sOnAnEaseOutWithDidScrollPerFrameAndOneEnd() {
        let s = ScrollScene()
        var frames: [(Duration, Double)] = []
        var endedAt: Duration?
        s.delegate.onScroll = { [window = s.window] c in frames.append((window.now, c.contentOffset.y)) }
        let token = s.container.observe(\.contentOffset) { _, _ in }
        s.container.setContentOffset(Point(x: 0, y: 1000), animated: true)
        let start = s.window.now
        #expect(s.container.contentOffset.y == 0)  // animated: nothing moves before a frame
        s.window.run(
            until: {
                if endedAt == nil && s.delegate.didEndScrollingAnimationCount > 0 { endedAt = s.window.now }
                return endedAt != nil
            }, limitMS: 2000)
        s.window.advance(ms: 500)
        #expect(s.container.contentOffset == Point(x: 0, y: 1000))
        #expect(s.delegate.didEndScrollingAnimationCount == 1)
        let took = accSeconds((endedAt ?? .zero) - start)
        #expect(took >= 0.3 - 1e-9 && took <= 0.3 + 1.0 / 60 + 0.002, "took \(took) s")
        // One didScroll per frame (60 Hz over 0.3 s), each at a distinct frame time.
        #expect(frames.count >= 17 && frames.count <= 19, "\(frames.count) didScroll")
        #expect(Set(frames.map(\.0)).count == frames.count)
        // Ease-out: more than half the way at half the time, monotonic.
        if let mid = frames.first(where: { accSeconds($0.0 - start) >= 0.15 }) {
            #expect(mid.1 > 600, "at \(accSeconds(mid.0 - start)) s: \(mid.1)")
        }
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.1 <= $1.1 })
        #expect(s.delegate.milestones == ["didEndScrollingAnimation"])
        #expect(!s.container.isDragging && !s.container.isTracking)
        token.invalidate()
    }

    @Test func animatedSetNeverReportsDraggingOrDecelerating() {
        let s = ScrollScene()
        var sawDragging = false
        s.delegate.onScroll = { c in if c.isDragging || c.isTracking { sawDragging = true } }
        s.container.setContentOffset(Point(x: 0, y: 700), animated: true)
        s.window.advance(ms: 400)
        #expect(!sawDragging)
        #expect(!s.delegate.events.contains("willBeginDragging"))
        #expect(!s.delegate.events.contains("willBeginDecelerating"))
        #expect(!s.delegate.events.contains("didEndDecelerating"))
    }

    @Test func animatedSetCancelsAFlingAndEndsExactlyAtItsTarget() {
        let s = ScrollScene(contentSize: Size(width: 400, height: 40_000))
        s.window.fling(from: Point(x: 200, y: 700), to: Point(x: 200, y: 400), steps: 4, durationMS: 50)
        s.window.advance(ms: 100)
        #expect(s.container.isDecelerating)
        let before = s.delegate.milestones
        s.container.setContentOffset(Point(x: 0, y: 200), animated: true)
        #expect(!s.container.isDecelerating)
        s.window.advance(ms: 500)
        #expect(s.container.contentOffset == Point(x: 0, y: 200))
        #expect(s.delegate.didEndScrollingAnimationCount == 1)
        let after = Array(s.delegate.milestones.dropFirst(before.count))
        #expect(!after.contains("willBeginDragging") && !after.contains("willEndDragging"))
        #expect(after.last == "didEndScrollingAnimation")
    }

    @Test func aSecondAnimatedSetRetargetsAndEndsOnce() {
        let s = ScrollScene()
        s.container.setContentOffset(Point(x: 0, y: 1000), animated: true)
        s.window.advance(ms: 100)
        s.container.setContentOffset(Point(x: 0, y: 300), animated: true)
        s.window.advance(ms: 500)
        #expect(s.container.contentOffset.y == 300)
        #expect(s.delegate.didEndScrollingAnimationCount >= 1 && s.delegate.didEndScrollingAnimationCount <= 2)
        #expect(s.delegate.milestones.last == "didEndScrollingAnimation")
    }

    @Test func aDirectSetStopsAnAnimationAndStays() {
        let s = ScrollScene()
        s.container.setContentOffset(Point(x: 0, y: 1000), animated: true)
        s.window.advance(ms: 100)
        s.container.contentOffset = Point(x: 0, y: 50)
        s.window.advance(ms: 500)
        #expect(s.container.contentOffset.y == 50)
    }

    @Test func aDirectSetStopsAFlingAndStays() {
        let s = ScrollScene(contentSize: Size(width: 400, height: 40_000))
        s.window.fling(from: Point(x: 200, y: 700), to: Point(x: 200, y: 400), steps: 4, durationMS: 50)
        s.window.advance(ms: 100)
        s.container.contentOffset = Point(x: 0, y: 123)
        #expect(!s.container.isDecelerating)
        s.window.advance(ms: 1000)
        #expect(s.container.contentOffset.y == 123)
    }

    @Test func unanimatedSetIsImmediateWithOneDidScroll() {
        let s = ScrollScene()
        s.container.setContentOffset(Point(x: 0, y: 640), animated: false)
        #expect(s.container.contentOffset.y == 640)
        #expect(s.delegate.didScrollCount == 1)
        #expect(s.delegate.didEndScrollingAnimationCount == 0)
        s.container.setContentOffset(Point(x: 0, y: 640), animated: false)
        #expect(s.delegate.didScrollCount == 1)
    }

    @Test func scrollRectToVisibleMovesTheLeastAmount() {
        let s = ScrollScene(contentSize: Size(width: 1200, height: 4000))
        // Below the view: its bottom edge comes to the container's bottom edge.
        s.container.scrollRectToVisible(Rect(x: 10, y: 1000, width: 100, height: 100), animated: false)
        #expect(s.container.contentOffset == Point(x: 0, y: 300))
        // Already fully visible: nothing moves, nothing is reported.
        let count = s.delegate.didScrollCount
        s.container.scrollRectToVisible(Rect(x: 10, y: 400, width: 100, height: 100), animated: false)
        #expect(s.container.contentOffset == Point(x: 0, y: 300))
        #expect(s.delegate.didScrollCount == count)
        // Above: its top edge comes to the top.
        s.container.scrollRectToVisible(Rect(x: 10, y: 100, width: 100, height: 50), animated: false)
        #expect(s.container.contentOffset == Point(x: 0, y: 100))
        // Partly visible on the right: just enough to show it.
        s.container.scrollRectToVisible(Rect(x: 350, y: 150, width: 100, height: 50), animated: false)
        #expect(s.container.contentOffset == Point(x: 50, y: 100))
    }

    @Test func scrollRectToVisibleAnimatedEndsExactlyThere() {
        let s = ScrollScene()
        s.container.scrollRectToVisible(Rect(x: 0, y: 2000, width: 10, height: 200), animated: true)
        s.window.advance(ms: 400)
        #expect(s.container.contentOffset == Point(x: 0, y: 1400))
        #expect(s.delegate.milestones == ["didEndScrollingAnimation"])
    }
}
