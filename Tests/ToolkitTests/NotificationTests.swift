// <doc:ScrollBehaviour> §9: delegate order and key-path observers through the container.

import Testing

@testable import ToolkitCore

@MainActor @Suite struct NotificationTests {
    let start = Point(x: 200, y: 600)

    @Test func rule9_1_delegateOrderForADragAndFling() {
        let s = ScrollScene()
        s.window.drag(from: start, to: start - Point(x: 0, y: 200), steps: 5, durationMS: 50)
        s.window.settle(s.container)
        #expect(
            s.delegate.events == [
                "willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(true)",
                "willBeginDecelerating", "didScroll", "didEndDecelerating"
            ])
    }

    @Test func rule9_1_delegateOrderWithoutDeceleration() {
        let s = ScrollScene()
        s.window.drag(from: start, to: start - Point(x: 0, y: 200), steps: 5, durationMS: 50, holdMS: 60)
        s.window.advance(ms: 2000)
        #expect(s.delegate.events == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(false)"])
    }

    @Test func rule9_1_stateSeenFromTheCallbacksIsTheNewState() {
        final class Probe: ScrollContainerDelegate {
            var seen: [String] = []
            func scrollContainerWillBeginDragging(_ c: ScrollContainer) {
                seen.append("begin dragging=\(c.isDragging)")
            }
            func scrollContainerDidEndDragging(_ c: ScrollContainer, willDecelerate: Bool) {
                seen.append("end dragging=\(c.isDragging) decel=\(c.isDecelerating)")
            }
            func scrollContainerDidEndDecelerating(_ c: ScrollContainer) {
                seen.append("rest decel=\(c.isDecelerating)")
            }
        }
        let s = ScrollScene()
        let probe = Probe()
        s.container.delegate = probe
        s.window.drag(from: start, to: start - Point(x: 0, y: 200), steps: 5, durationMS: 50)
        s.window.settle(s.container)
        #expect(probe.seen == ["begin dragging=true", "end dragging=false decel=true", "rest decel=false"])
    }

    @Test func rule9_2_observersSeeEveryActualChangeWithOldAndNew() {
        let s = ScrollScene()
        var changes: [(Point?, Point)] = []
        let token = s.container.observe(\.contentOffset, options: [.initial]) { _, c in
            changes.append((c.oldValue, c.newValue))
        }
        #expect(changes.count == 1)
        #expect(changes[0].0 == nil && changes[0].1 == .zero)
        s.container.contentOffset = Point(x: 0, y: 10)
        s.container.contentOffset = Point(x: 0, y: 10)  // same value: no call
        #expect(changes.count == 2)
        #expect(changes[1].0 == .zero && changes[1].1 == Point(x: 0, y: 10))
        token.invalidate()
        s.container.contentOffset = Point(x: 0, y: 20)
        #expect(changes.count == 2)
    }

    @Test func rule9_2_directionPerAxis() {
        let s = ScrollScene(contentSize: Size(width: 4000, height: 4000))
        var directions: [ScrollDirection] = []
        let token = s.container.observe(\.contentOffset) { _, c in directions.append(c.direction) }
        s.container.contentOffset = Point(x: 10, y: 0)
        s.container.contentOffset = Point(x: 5, y: 20)
        #expect(directions[0].horizontal == .right && directions[0].vertical == .none)
        #expect(directions[1].horizontal == .left && directions[1].vertical == .down)
        _ = token
    }

    @Test func rule9_2_draggingAndDeceleratingFlags() {
        let s = ScrollScene()
        var dragging: [Bool] = []
        var decelerating: [Bool] = []
        var tracking: [Bool] = []
        let t1 = s.container.observe(\.isDragging) { _, c in dragging.append(c.newValue) }
        let t2 = s.container.observe(\.isDecelerating) { _, c in decelerating.append(c.newValue) }
        let t3 = s.container.observe(\.isTracking) { _, c in tracking.append(c.newValue) }
        s.window.drag(from: start, to: start - Point(x: 0, y: 200), steps: 5, durationMS: 50)
        s.window.settle(s.container)
        #expect(dragging == [true, false])
        #expect(decelerating == [true, false])
        #expect(tracking == [true, false])
        _ = (t1, t2, t3)
    }

    @Test func rule9_2_nestedKeyPathsAndContentSize() {
        let s = ScrollScene()
        var ys: [Double] = []
        var sizes: [Size] = []
        let t1 = s.container.observe(\.contentOffset.y) { _, c in ys.append(c.newValue) }
        let t2 = s.container.observe(\.contentSize) { _, c in sizes.append(c.newValue) }
        s.container.contentOffset = Point(x: 3, y: 0)  // y unchanged: no call
        s.container.contentOffset = Point(x: 3, y: 7)
        s.container.contentSize = Size(width: 400, height: 5000)
        #expect(ys == [7])
        #expect(sizes == [Size(width: 400, height: 5000)])
        _ = (t1, t2)
    }

    @Test func rule9_2_aHandlerMaySetPropertiesAndIsCalledAgainAfterwards() {
        let s = ScrollScene()
        var log: [String] = []
        var depth = 0
        let token = s.container.observe(\.contentOffset.y) { c, change in
            depth += 1
            defer { depth -= 1 }
            log.append("\(change.newValue) depth \(depth)")
            if change.newValue > 100 { c.contentOffset = Point(x: 0, y: 100) }  // clamp from the handler
        }
        s.container.contentOffset = Point(x: 0, y: 150)
        #expect(log == ["150.0 depth 1", "100.0 depth 1"])
        #expect(s.container.contentOffset.y == 100)
        _ = token
    }

    @Test func rule9_2_theTokenEndsTheObservationAndDoesNotRetainTheContainer() {
        weak var weakContainer: ScrollContainer?
        var calls = 0
        var token: Observation?
        do {
            let c = ScrollContainer(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            c.contentSize = Size(width: 100, height: 1000)
            weakContainer = c
            token = c.observe(\.contentOffset) { _, _ in calls += 1 }
            c.contentOffset = Point(x: 0, y: 5)
        }
        #expect(calls == 1)
        #expect(weakContainer == nil)
        _ = token
        // Dropping the token stops the observation.
        let s = ScrollScene()
        var later = 0
        var t2: Observation? = s.container.observe(\.contentOffset) { _, _ in later += 1 }
        s.container.contentOffset = Point(x: 0, y: 1)
        t2 = nil
        s.container.contentOffset = Point(x: 0, y: 2)
        #expect(later == 1)
        _ = t2
    }

    /// The lifetime rule in `ScrollContainer.observe`'s documentation: a handler that captures its container
    /// keeps it alive only while the token lives, whether the token is invalidated or released, and whether the
    /// container was in a window and dragged or not.
    @Test(arguments: [false, true])
    func rule9_2_aHandlerCapturingItsContainerDoesNotKeepItAliveOnceTheTokenIsGone(invalidate: Bool) {
        weak var weakContainer: ScrollContainer?
        weak var weakWindow: HeadlessWindow?
        var token: Observation?
        var offsets: [Double] = []
        do {
            let s = ScrollScene()
            weakContainer = s.container
            weakWindow = s.window
            // Counts changes per touch frame: resampling would add one per display frame (TouchResamplingTests).
            s.window.core.resamplesTouches = false
            let container = s.container
            token = container.observe(\.contentOffset) { _, change in
                offsets.append(container.contentOffset.y)  // the container, captured strongly
                _ = change
            }
            s.window.drag(from: start, to: start - Point(x: 0, y: 100), steps: 10, durationMS: 100, holdMS: 60)
            s.window.settle(s.container)
            s.container.removeFromSuperview()
        }
        #expect(offsets.count == 9)  // one per frame; the first move stays inside the slop
        #expect(weakWindow == nil)
        #expect(weakContainer != nil)  // the token's handler still holds it
        if invalidate { token?.invalidate() } else { token = nil }
        #expect(weakContainer == nil)
    }

    @Test func rule9_2_observersDuringADragSeeOneChangePerFrame() {
        let s = ScrollScene()
        // Counts changes per touch frame: resampling would add one per display frame (TouchResamplingTests).
        s.window.core.resamplesTouches = false
        var count = 0
        let token = s.container.observe(\.contentOffset) { _, _ in count += 1 }
        s.window.drag(from: start, to: start - Point(x: 0, y: 100), steps: 10, durationMS: 100, holdMS: 60)
        #expect(count == 9)  // the first move stays inside the slop
        _ = token
    }

    @Test func rule9_2_settingsAndGeometryAreObservableToo() {
        let s = ScrollScene()
        var seen: [String] = []
        let t1 = s.container.observe(\.bounces) { _, c in seen.append("bounces \(c.newValue)") }
        let t2 = s.container.observe(\.isPagingEnabled) { _, c in seen.append("paging \(c.newValue)") }
        let t3 = s.container.observe(\.frame.size.height) { _, c in seen.append("height \(c.newValue)") }
        s.container.bounces = false
        s.container.isPagingEnabled = true
        s.container.frame = Rect(x: 0, y: 0, width: 400, height: 600)
        #expect(seen == ["bounces false", "paging true", "height 600.0"])
        _ = (t1, t2, t3)
    }
}
