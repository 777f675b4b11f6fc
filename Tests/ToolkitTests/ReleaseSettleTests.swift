// <doc:ScrollBehaviour> §1: at rest after a gesture the offset is inside the range. A sequence the container never
// dragged (a tap, a long press the content tracked, a cancel) still ends in range when the range changed under the
// fingers, e.g. the content shrank during a long press while the list was scrolled to its end.

import Testing

@testable import ToolkitCore

@MainActor @Suite struct ReleaseSettleTests {
    let start = Point(x: 200, y: 400)

    /// A scene scrolled to the end of a 4000 pt content (offset 3200).
    private func sceneAtTheEnd() -> ScrollScene {
        let s = ScrollScene()
        s.container.contentOffset = Point(x: 0, y: 3200)
        return s
    }

    @Test func longPressLiftAfterTheContentShrankSettlesInRange() {
        let s = sceneAtTheEnd()
        s.window.touchDown(id: 1, at: start)
        s.window.advance(ms: 300)
        #expect(s.content.calls.map(\.kind) == [.began])
        s.container.contentSize = Size(width: 400, height: 2000)  // range now ends at 1200
        s.window.touchUp(id: 1)
        #expect(s.content.summary == [.began, .ended])
        s.window.settle(s.container)
        #expect(s.container.contentOffset == Point(x: 0, y: 1200))
        #expect(!s.container.isTracking && !s.container.arbitration.isAnimating)
    }

    @Test func quickTapAfterTheContentShrankSettlesInRangeAndIsDelivered() {
        let s = sceneAtTheEnd()
        s.window.touchDown(id: 1, at: start)
        s.window.advance(ms: 50)
        s.container.contentSize = Size(width: 400, height: 2000)
        s.window.touchUp(id: 1)
        #expect(s.content.summary == [.began, .ended])
        s.window.settle(s.container)
        #expect(s.container.contentOffset == Point(x: 0, y: 1200))
    }

    @Test func cancelWhilePendingAfterTheContentShrankSettlesInRange() {
        let s = sceneAtTheEnd()
        s.window.touchDown(id: 1, at: start)
        s.window.advance(ms: 50)
        s.container.contentSize = Size(width: 400, height: 2000)
        s.window.touchCancel()
        s.window.settle(s.container)
        #expect(s.container.contentOffset == Point(x: 0, y: 1200))
        #expect(s.content.calls.isEmpty)
    }

    @Test func cancelWhileTheContentTracksAfterTheContentShrankSettlesInRange() {
        let s = sceneAtTheEnd()
        s.window.touchDown(id: 1, at: start)
        s.window.advance(ms: 300)
        s.container.contentSize = Size(width: 400, height: 2000)
        s.window.touchCancel()
        #expect(s.content.summary == [.began, .cancelled])
        s.window.settle(s.container)
        #expect(s.container.contentOffset == Point(x: 0, y: 1200))
    }

    /// The settle after such a release is a settling motion: no dragging or deceleration callbacks.
    @Test func theSettleSendsNoDraggingCallbacks() {
        let s = sceneAtTheEnd()
        s.window.touchDown(id: 1, at: start)
        s.window.advance(ms: 300)
        s.container.contentSize = Size(width: 400, height: 2000)
        s.delegate.events.removeAll()
        s.window.touchUp(id: 1)
        s.window.settle(s.container)
        #expect(s.delegate.events.allSatisfy { $0 == "didScroll" })
        #expect(s.delegate.events.contains("didScroll"))
    }

    /// Within the range nothing moves: a plain tap is still a plain tap.
    @Test func aTapInRangeMovesNothing() {
        let s = ScrollScene()
        s.container.contentOffset = Point(x: 0, y: 500)
        s.window.touchDown(id: 1, at: start)
        s.window.advance(ms: 50)
        s.window.touchUp(id: 1)
        #expect(!s.container.arbitration.isAnimating)
        #expect(s.container.contentOffset == Point(x: 0, y: 500))
    }

    // The machine itself, fed values.

    @Test func machinePendingLastLiftWithAMotionReleasesTheContentAndSettles() {
        var m = TouchArbitration()
        _ = m.touchDown(at: .zero, fingers: 1)
        #expect(m.touchUp(at: .milliseconds(50), fingers: 0, release: .moves) == .releaseContentAndSettle)
        #expect(m.isAnimating)
        var n = TouchArbitration()
        _ = n.touchDown(at: .zero, fingers: 1)
        #expect(n.touchUp(at: .milliseconds(50), fingers: 0, release: .stays) == .releaseContent)
        #expect(!n.isTracking && !n.isAnimating)
    }

    @Test func machineContentLastLiftOrCancelWithAMotionSettles() {
        var m = TouchArbitration()
        m.configuration.delaysContentTouches = false
        _ = m.touchDown(at: .zero, fingers: 1)
        #expect(m.touchUp(at: .milliseconds(50), fingers: 0, release: .moves) == .settle)
        var n = TouchArbitration()
        _ = n.touchDown(at: .zero, fingers: 1)
        #expect(n.touchesCancelled(release: .moves) == .settle)
        #expect(n.isAnimating)
    }
}
