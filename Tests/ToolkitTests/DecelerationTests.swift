// <doc:ScrollBehaviour> §5: release velocity, fling threshold and clamp, exponential deceleration, edges, spring
// back, target override.

import Foundation
import Testing

@testable import ToolkitCore

@MainActor @Suite struct DecelerationTests {
    let start = Point(x: 200, y: 600)

    /// A finger moving up at `speed` pt/s for `durationMS`, in 10 ms steps, lifted without pause.
    func fling(_ s: ScrollScene, speed: Double, durationMS: Double = 100, from: Point? = nil) {
        let p = from ?? start
        let steps = Int(durationMS / 10)
        s.window.drag(
            from: p, to: p - Point(x: 0, y: speed * durationMS / 1000), steps: steps,
            durationMS: durationMS)
    }

    @Test func rule5_1_aShortFastFlickReadsAboutSixThousand() {
        // 300 pt in 4 events over 50 ms: a short fast flick must keep its speed.
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: start)
        for k in 1...4 {
            s.window.advance(ms: 12.5)
            s.window.touchMove(id: 1, to: start - Point(x: 0, y: 75 * Double(k)))
        }
        s.window.touchUp(id: 1)
        let v = s.delegate.releaseVelocities.first
        #expect(v != nil)
        #expect(near(v?.y ?? 0, 6000, 300))
        #expect(v?.x == 0)
    }

    @Test func rule5_1_aFingerThatStopsBeforeLiftingHasNoVelocity() {
        let s = ScrollScene()
        s.window.drag(from: start, to: start - Point(x: 0, y: 200), steps: 5, durationMS: 50, holdMS: 50)
        #expect(s.delegate.releaseVelocities.first == .zero)
        #expect(s.delegate.events.last == "didEndDragging(false)")
        #expect(!s.container.isDecelerating)
    }

    @Test func rule5_2_belowFiftyPointsPerSecondIsNoFling() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: start)
        s.window.moveLinearly(id: 1, from: start, to: start - Point(x: 0, y: 30), steps: 3, durationMS: 300)
        // 40 pt/s
        s.window.moveLinearly(
            id: 1, from: start - Point(x: 0, y: 30), to: start - Point(x: 0, y: 34),
            steps: 10, durationMS: 100)
        s.window.touchUp(id: 1)
        #expect(s.delegate.releaseVelocities.first == .zero)
        #expect(s.delegate.events.last == "didEndDragging(false)")
    }

    @Test func rule5_2_velocityIsClampedToEightThousand() {
        let s = ScrollScene()
        fling(s, speed: 20_000, durationMS: 50)
        #expect(s.delegate.releaseVelocities.first?.y == 8000)
    }

    @Test func rule5_3_decelerationTravelAtNormalRate() {
        let s = ScrollScene(contentSize: Size(width: 400, height: 20_000))
        fling(s, speed: 1000)
        let v = s.delegate.releaseVelocities.first?.y ?? 0
        #expect(near(v, 1000, 1))
        let released = s.container.contentOffset.y
        s.window.settle(s.container)
        // -v0 / (1000 ln r) = 499.5 pt for 1000 pt/s at 0.998.
        let expected = -v / (1000 * log(0.998))
        #expect(near(s.container.contentOffset.y - released, expected, 1))
        #expect(near(s.container.contentOffset.y - released, 499.5, 1.5))
    }

    @Test func rule5_3_decelerationTravelAtFastRate() {
        let s = ScrollScene(contentSize: Size(width: 400, height: 20_000))
        s.container.decelerationRate = .fast
        fling(s, speed: 1000)
        let released = s.container.contentOffset.y
        s.window.settle(s.container)
        #expect(near(s.container.contentOffset.y - released, 99.5, 1))
    }

    @Test func rule5_3_decelerationFollowsTheClosedForm() {
        let s = ScrollScene(contentSize: Size(width: 400, height: 20_000))
        fling(s, speed: 1000)
        let x0 = s.container.contentOffset.y
        let t0 = s.window.now
        s.window.advance(ms: 200)
        // Frames sample at k/60 s; compare at the last frame time.
        let frame = Duration.nanoseconds(Int64(s.window.frameCount) * 1_000_000_000 / 60)
        let t = Double((frame - t0).components.attoseconds) * 1e-18 + Double((frame - t0).components.seconds)
        let r = 0.998
        let expected = x0 + 1000 * (pow(r, 1000 * t) - 1) / (1000 * log(r))
        #expect(near(s.container.contentOffset.y, expected, 1.5))
    }

    @Test func rule5_4_hittingTheEdgeWithBouncesGoesPastAndComesBack() {
        let s = ScrollScene(contentSize: Size(width: 400, height: 1600))  // max offset 800
        s.container.contentOffset = Point(x: 0, y: 600)
        var maxSeen = 0.0
        let token = s.container.observe(\.contentOffset.y) { _, change in maxSeen = max(maxSeen, change.newValue) }
        fling(s, speed: 3000, durationMS: 60)
        s.window.settle(s.container)
        #expect(maxSeen > 801)
        #expect(near(s.container.contentOffset.y, 800, 0.5))
        token.invalidate()
    }

    @Test func rule5_4_hittingTheEdgeWithoutBouncesStopsThere() {
        let s = ScrollScene(contentSize: Size(width: 400, height: 1600))
        s.container.bounces = false
        s.container.contentOffset = Point(x: 0, y: 600)
        var maxSeen = 0.0
        let token = s.container.observe(\.contentOffset.y) { _, change in maxSeen = max(maxSeen, change.newValue) }
        fling(s, speed: 3000, durationMS: 60)
        s.window.settle(s.container)
        #expect(maxSeen <= 800)
        #expect(s.container.contentOffset.y == 800)
        token.invalidate()
    }

    @Test func rule5_5_springBackIsCriticallyDampedAndDoneWithinSixTenths() {
        let s = ScrollScene()
        // Pull far past the top (a full container size of finger travel), stop, release.
        s.window.drag(from: Point(x: 200, y: 0), to: Point(x: 200, y: 1610), steps: 20, durationMS: 400, holdMS: 60)
        #expect(s.container.contentOffset.y < -200)
        var worst = -Double.infinity
        let token = s.container.observe(\.contentOffset.y) { _, change in worst = max(worst, change.newValue) }
        s.window.advance(ms: 600)
        #expect(near(s.container.contentOffset.y, 0, 0.5))
        #expect(worst <= 0)  // never past the edge into the content
        s.window.advance(ms: 100)
        #expect(s.container.contentOffset.y == 0)
        #expect(!s.container.isDecelerating)
        token.invalidate()
    }

    @Test func rule5_6_willEndDraggingCanMoveTheTargetAndTheMotionEndsThere() {
        let s = ScrollScene(contentSize: Size(width: 400, height: 20_000))
        s.delegate.overrideTarget = Point(x: 0, y: 1234)
        var ys: [Double] = []
        // The motion's offsets (a resampled drag also steps back at each frame to the finger 5 ms before it).
        let token = s.container.observe(\.contentOffset.y) { c, change in
            if c.isDecelerating { ys.append(change.newValue) }
        }
        fling(s, speed: 2000)
        #expect(s.container.isDecelerating)
        s.window.settle(s.container)
        #expect(s.container.contentOffset.y == 1234)
        #expect(zip(ys, ys.dropFirst()).allSatisfy { $0 <= $1 })  // monotonic
        #expect(s.delegate.events.last == "didEndDecelerating")
        token.invalidate()
    }

    @Test func rule5_6_targetIsOfferedAsTheNaturalRestingPoint() {
        let s = ScrollScene(contentSize: Size(width: 400, height: 20_000))
        fling(s, speed: 1000)
        let offered = s.delegate.offeredTargets.first?.y ?? 0
        s.window.settle(s.container)
        #expect(near(s.container.contentOffset.y, offered, 0.5))
    }
}
