// <doc:ScrollBehaviour> §4: strict directional lock.

import Testing

@testable import ToolkitCore

@MainActor @Suite struct DirectionalLockTests {
    let start = Point(x: 200, y: 400)

    func grid() -> ScrollScene {
        let s = ScrollScene(viewport: Size(width: 400, height: 800), contentSize: Size(width: 8000, height: 8000))
        s.container.contentOffset = Point(x: 2000, y: 2000)
        s.container.isDirectionalLockEnabled = true
        return s
    }

    @Test func rule4_lockHoldsThroughDiagonalsAndTheDeceleration() {
        let s = grid()
        var xs: Set<Double> = []
        let token = s.container.observe(\.contentOffset.x) { _, c in xs.insert(c.newValue) }
        // Vertical dominant at the slop, then a long diagonal, then a diagonal fling.
        s.window.touchDown(id: 1, at: start)
        s.window.moveLinearly(id: 1, from: start, to: start + Point(x: 5, y: -15), steps: 3, durationMS: 30)
        s.window.moveLinearly(
            id: 1, from: start + Point(x: 5, y: -15), to: start + Point(x: -295, y: -315),
            steps: 10, durationMS: 50)
        s.window.touchUp(id: 1)
        #expect(s.container.isDecelerating)
        #expect((s.delegate.releaseVelocities.first?.x ?? 1) == 0)
        s.window.settle(s.container)
        #expect(xs.isEmpty)
        #expect(s.container.contentOffset.x == 2000)
        #expect(s.container.contentOffset.y > 2300)
        token.invalidate()
    }

    @Test func rule4_lockIsReleasedWhenTheDragAndDecelerationEnd() {
        let s = grid()
        s.window.drag(from: start, to: start - Point(x: 0, y: 100), steps: 5, durationMS: 50)
        s.window.settle(s.container)
        let y = s.container.contentOffset.y
        // A horizontal drag now moves x only.
        s.window.drag(from: start, to: start - Point(x: 100, y: 10), steps: 10, durationMS: 100, holdMS: 60)
        #expect(s.container.contentOffset.x > 2050)
        #expect(s.container.contentOffset.y == y)
    }

    @Test func rule4_withoutTheLockADiagonalDragMovesFreely() {
        let s = grid()
        s.container.isDirectionalLockEnabled = false
        s.window.drag(from: start, to: start - Point(x: 100, y: 100), steps: 10, durationMS: 100, holdMS: 60)
        #expect(s.container.contentOffset.x > 2050)
        #expect(s.container.contentOffset.y > 2050)
    }
}
