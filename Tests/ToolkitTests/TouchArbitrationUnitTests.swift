// The arbitration state machine and the policy, fed values directly (no window).

import Testing

@testable import ToolkitCore

@Suite struct TouchArbitrationUnitTests {
    @Test func pendingThenDelayThenSlopCancelsTheContent() {
        var m = TouchArbitration()
        #expect(m.touchDown(at: .zero, fingers: 1) == .hold(delayUntil: .milliseconds(150)))
        #expect(m.holdsContent)
        #expect(m.delayElapsed(at: .milliseconds(100)) == .none)  // stale or early
        #expect(m.delayElapsed(at: .milliseconds(150)) == .releaseContent)
        #expect(
            m.touchMoved(
                translation: Point(x: 0, y: -5), fingers: 1, scrollable: [.vertical],
                contentCancellable: true) == .none)
        let a = m.touchMoved(
            translation: Point(x: 0, y: -15), fingers: 1, scrollable: [.vertical],
            contentCancellable: true)
        #expect(a == .beginDrag(lock: .none, origin: Point(x: 0, y: -10), cancelsContent: true))
        #expect(m.isDragging)
        #expect(m.touchUp(at: .milliseconds(300), fingers: 0, release: .moves) == .endDrag(willDecelerate: true))
        #expect(m.isDecelerating)
        #expect(m.touchDown(at: .milliseconds(400), fingers: 1) == .catchAnimation)
        #expect(m.touchUp(at: .milliseconds(450), fingers: 0, release: .stays) == .none)
        #expect(!m.isTracking && !m.isAnimating)
    }

    @Test func lockTakesTheDominantAxis() {
        var m = TouchArbitration()
        m.configuration.isDirectionalLockEnabled = true
        _ = m.touchDown(at: .zero, fingers: 1)
        let a = m.touchMoved(
            translation: Point(x: 30, y: 12), fingers: 1, scrollable: [.horizontal, .vertical],
            contentCancellable: true)
        guard case .beginDrag(let lock, _, false) = a else {
            Issue.record("no drag: \(a)")
            return
        }
        #expect(lock == .locked(.horizontal))
    }

    @Test func slopCrossingIsOnTheCircle() {
        let p = TouchArbitration.slopCrossing(from: Point(x: 3, y: 4), to: Point(x: 30, y: 40), slop: 10)
        #expect(near(p.length, 10, 1e-9))
        #expect(near(p.x, 6, 1e-9) && near(p.y, 8, 1e-9))
    }

    @Test func policyPageBoundaries() {
        let p = ScrollPolicy(
            minOffset: .zero, maxOffset: Point(x: 1000, y: 0), viewport: Size(width: 400, height: 400),
            scrollable: [.horizontal], pageSize: Size(width: 400, height: 400),
            pagingAxes: [.horizontal], bounces: true, rate: .normal)
        #expect(p.nearestBoundary(to: 190, .horizontal) == 0)
        #expect(p.nearestBoundary(to: 210, .horizontal) == 400)
        #expect(p.nearestBoundary(to: 950, .horizontal) == 1000)  // last page clamped to the range
        #expect(p.boundary(after: 401, direction: 1, .horizontal) == 800)
        #expect(p.boundary(after: 400, direction: 1, .horizontal) == 800)
        #expect(p.boundary(after: 400, direction: -1, .horizontal) == 0)
        #expect(p.boundary(after: 1020, direction: -1, .horizontal) == 1000)
        #expect(p.boundary(after: -30, direction: 1, .horizontal) == 0)
        #expect(p.releaseVelocity(Point(x: 20_000, y: 10), lock: .none) == Point(x: 8000, y: 0))
        #expect(p.releaseVelocity(Point(x: 49, y: 0), lock: .none) == .zero)
        #expect(p.releaseVelocity(Point(x: .nan, y: 0), lock: .none) == .zero)
    }
}
