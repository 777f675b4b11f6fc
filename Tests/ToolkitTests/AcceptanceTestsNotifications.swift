// Acceptance tests, <doc:ScrollBehaviour> §9 (delegate order, key-path observers), public API only.

import Testing
import ToolkitCore

@MainActor
@Suite struct AcceptanceTestsNotifications {
    let p = Point(x: 200, y: 600)

    @Test func delegateOrderForADragAndFling() {
        let s = ScrollScene()
        s.window.fling(from: p, to: Point(x: 200, y: 300), steps: 4, durationMS: 50)
        s.window.runToRest(s.container)
        s.window.advance(ms: 1000)
        #expect(
            s.delegate.events == [
                "willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(true)",
                "willBeginDecelerating", "didScroll", "didEndDecelerating"
            ])
    }

    @Test func delegateOrderWithoutDeceleration() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: p)
        s.window.moveLinearly(id: 1, from: p, to: Point(x: 200, y: 300), steps: 10, durationMS: 200)
        s.window.advance(ms: 100)
        s.window.touchUp(id: 1)
        s.window.advance(ms: 2000)
        #expect(s.delegate.events == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(false)"])
    }

    @Test func anOverscrolledSlowReleaseDeceleratesBackToTheEdge() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: Point(x: 200, y: 100))
        s.window.moveLinearly(id: 1, from: Point(x: 200, y: 100), to: Point(x: 200, y: 400), steps: 10, durationMS: 200)
        s.window.advance(ms: 100)
        s.window.touchUp(id: 1)
        s.window.runToRest(s.container)
        #expect(
            s.delegate.events == [
                "willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(true)",
                "willBeginDecelerating", "didScroll", "didEndDecelerating"
            ])
        #expect(s.container.contentOffset == .zero)
    }

    @Test func aDelegateSetToNilMidGestureHearsNothingMoreAndNothingBreaks() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: p)
        s.window.moveLinearly(id: 1, from: p, to: Point(x: 200, y: 450), steps: 3, durationMS: 30)
        let heard = s.delegate.fullLog.count
        s.container.delegate = nil
        s.window.moveLinearly(id: 1, from: Point(x: 200, y: 450), to: Point(x: 200, y: 300), steps: 3, durationMS: 30)
        s.window.touchUp(id: 1)
        #expect(s.container.isDecelerating)
        s.window.runToRest(s.container)
        #expect(s.delegate.fullLog.count == heard)
        #expect(s.container.contentOffset.y > 300)
    }

    @Test func aDelegateReplacedMidGestureHearsTheRest() {
        let s = ScrollScene()
        let second = RecordingDelegate()
        s.window.touchDown(id: 1, at: p)
        s.window.moveLinearly(id: 1, from: p, to: Point(x: 200, y: 450), steps: 3, durationMS: 30)
        s.container.delegate = second
        s.window.moveLinearly(id: 1, from: Point(x: 200, y: 450), to: Point(x: 200, y: 300), steps: 3, durationMS: 30)
        s.window.touchUp(id: 1)
        s.window.runToRest(s.container)
        #expect(s.delegate.milestones == ["willBeginDragging"])
        #expect(
            second.milestones == [
                "willEndDragging", "didEndDragging(true)", "willBeginDecelerating",
                "didEndDecelerating"
            ])
    }

    @Test func aDelegateThatGoesAwayIsNotKeptAlive() {
        let s = ScrollScene()
        weak var gone: RecordingDelegate?
        do {
            let temporary = RecordingDelegate()
            gone = temporary
            s.container.delegate = temporary
        }
        #expect(gone == nil)
        s.window.fling(from: p, to: Point(x: 200, y: 300), steps: 4, durationMS: 50)
        s.window.runToRest(s.container)
        #expect(s.container.delegate == nil)
    }

    // MARK: observers

    @Test func contentOffsetObserverGetsEachRealChangeOnceAsAChain() {
        let s = ScrollScene()
        var changes: [ObservedChange<Point>] = []
        let token = s.container.observe(\.contentOffset) { _, change in changes.append(change) }
        s.container.contentOffset = Point(x: 0, y: 10)
        s.container.contentOffset = Point(x: 0, y: 10)
        s.container.contentOffset = Point(x: 0, y: 5)
        #expect(changes.map(\.newValue) == [Point(x: 0, y: 10), Point(x: 0, y: 5)])
        #expect(changes.map(\.oldValue) == [Point.zero, Point(x: 0, y: 10)])
        #expect(changes[0].direction.vertical == .down)
        #expect(changes[1].direction.vertical == .up)
        #expect(changes[1].direction.horizontal == .none)
        changes.removeAll()
        s.window.fling(from: p, to: Point(x: 200, y: 300), steps: 4, durationMS: 50)
        s.window.runToRest(s.container)
        #expect(changes.count > 10)
        #expect(zip(changes, changes.dropFirst()).allSatisfy { $0.newValue == $1.oldValue })
        #expect(changes.allSatisfy { $0.oldValue != $0.newValue })
        #expect(changes.last?.newValue == s.container.contentOffset)
        token.invalidate()
    }

    @Test func initialCallsOnceWithNoOldValue() {
        let s = ScrollScene()
        s.container.contentOffset = Point(x: 0, y: 42)
        var changes: [ObservedChange<Double>] = []
        let token = s.container.observe(\.contentOffset.y, options: [.initial]) { _, change in changes.append(change) }
        #expect(changes.count == 1)
        #expect(changes.first?.oldValue == nil)
        #expect(changes.first?.newValue == 42)
        s.container.contentOffset = Point(x: 7, y: 42)  // y unchanged
        #expect(changes.count == 1)
        token.invalidate()
    }

    @Test func horizontalDirection() {
        let change = ScrollDirection(old: Point(x: 10, y: 10), new: Point(x: 5, y: 10))
        #expect(change.horizontal == .left)
        #expect(change.vertical == .none)
        #expect(ScrollDirection(old: .zero, new: Point(x: 1, y: 0)).horizontal == .right)
    }

    @Test func stateObserversSeeEachTransitionOnce() {
        let s = ScrollScene()
        var dragging: [Bool] = []
        var decelerating: [Bool] = []
        var tracking: [Bool] = []
        let t1 = s.container.observe(\.isDragging) { _, c in dragging.append(c.newValue) }
        let t2 = s.container.observe(\.isDecelerating) { _, c in decelerating.append(c.newValue) }
        let t3 = s.container.observe(\.isTracking) { _, c in tracking.append(c.newValue) }
        s.window.fling(from: p, to: Point(x: 200, y: 300), steps: 4, durationMS: 50)
        s.window.runToRest(s.container)
        #expect(dragging == [true, false])
        #expect(decelerating == [true, false])
        #expect(tracking == [true, false])
        _ = (t1, t2, t3)
    }

    @Test func invalidateAndDroppingTheTokenBothStopTheObservation() {
        let s = ScrollScene()
        var a = 0
        var b = 0
        let token = s.container.observe(\.contentOffset) { _, _ in a += 1 }
        do {
            let dropped = s.container.observe(\.contentOffset) { _, _ in b += 1 }
            s.container.contentOffset = Point(x: 0, y: 1)
            _ = dropped
        }
        s.container.contentOffset = Point(x: 0, y: 2)
        #expect(b == 1)
        #expect(a == 2)
        token.invalidate()
        s.container.contentOffset = Point(x: 0, y: 3)
        #expect(a == 2)
    }

    @Test func theTokenDoesNotKeepTheContainerAlive() {
        weak var gone: ScrollContainer?
        var token: Observation?
        do {
            let c = ScrollContainer(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            gone = c
            token = c.observe(\.contentOffset) { _, _ in }
        }
        #expect(gone == nil)
        token?.invalidate()
        token = nil
    }

    @Test func anObserverThatSetsTheOffsetIsCalledAgainAfterItReturnsNeverRecursively() {
        let s = ScrollScene()
        var depth = 0
        var maxDepth = 0
        var seen: [ObservedChange<Point>] = []
        let token = s.container.observe(\.contentOffset) { c, change in
            depth += 1
            maxDepth = max(maxDepth, depth)
            seen.append(change)
            if change.newValue.y > 100 { c.contentOffset = Point(x: 0, y: 100) }
            depth -= 1
        }
        s.window.touchDown(id: 1, at: p)
        s.window.moveLinearly(id: 1, from: p, to: Point(x: 200, y: 300), steps: 10, durationMS: 200)
        #expect(s.container.contentOffset.y == 100)
        #expect(s.container.isDragging)
        s.window.advance(ms: 100)
        s.window.touchUp(id: 1)
        s.window.runToRest(s.container)
        #expect(s.container.contentOffset.y == 100)
        #expect(maxDepth == 1)
        #expect(seen.contains { $0.newValue.y > 100 })
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.newValue == $1.oldValue })
        #expect(seen.last?.newValue.y == 100)
        token.invalidate()
    }

    @Test func anObserverThatSetsAnotherPropertyRunsItsObserversAfterwards() {
        let s = ScrollScene()
        var order: [String] = []
        let t1 = s.container.observe(\.contentOffset.y) { c, change in
            order.append("offset \(change.newValue)")
            if change.newValue > 50 { c.contentSize = Size(width: 400, height: 5000) }
            order.append("offset done")
        }
        let t2 = s.container.observe(\.contentSize) { _, change in order.append("size \(change.newValue.height)") }
        s.container.contentOffset = Point(x: 0, y: 60)
        #expect(order == ["offset 60.0", "offset done", "size 5000.0"])
        _ = (t1, t2)
    }

    @Test func observersOfEveryPublicSettingHearChanges() {
        let s = ScrollScene()
        var count = 0
        let tokens = [
            s.container.observe(\.bounces) { _, _ in count += 1 },
            s.container.observe(\.isPagingEnabled) { _, _ in count += 1 },
            s.container.observe(\.contentInset) { _, _ in count += 1 },
            s.container.observe(\.decelerationRate) { _, _ in count += 1 }
        ]
        s.container.bounces = false
        s.container.isPagingEnabled = true
        s.container.contentInset = EdgeInsets(top: 1, left: 0, bottom: 0, right: 0)
        s.container.decelerationRate = .fast
        #expect(count == 4)
        _ = tokens
    }
}
