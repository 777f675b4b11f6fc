// <doc:ScrollBehaviour> §7, pointer part: axis routing, wheel detents, touchpad gestures, pointer presses and drags,
// hover. Through HeadlessWindow (the same WindowCore path as the Wayland seat).

import Testing

@testable import ToolkitCore

/// A view that records hover calls by name.
@MainActor
private final class HoverView: View {
    let name: String
    private let sink: (String) -> Void

    init(_ name: String, frame: Rect, sink: @escaping (String) -> Void) {
        self.name = name
        self.sink = sink
        super.init(frame: frame)
    }

    override func pointerEntered(_ location: Point) { sink("enter \(name)") }
    override func pointerExited(_ location: Point) { sink("exit \(name)") }
    override func pointerMoved(_ location: Point) { sink("move \(name)") }
}

@MainActor @Suite struct PointerScrollTests {
    let middle = Point(x: 200, y: 400)

    /// The default scene (400 x 800 container, 4000 pt tall content) with the pointer over it.
    func scene(smooth: Bool = true) -> ScrollScene {
        let s = ScrollScene()
        s.container.smoothWheelScrolling = smooth
        s.window.pointerMove(to: middle)
        return s
    }

    /// Offsets of `container` sampled at every frame for `ms` milliseconds.
    func frames(_ window: HeadlessWindow, _ container: ScrollContainer, ms: Int) -> [Double] {
        var out: [Double] = []
        for _ in 0..<(ms * 60 / 1000) {
            window.advance(by: .nanoseconds(16_666_667))
            out.append(container.contentOffset.y)
        }
        return out
    }

    // MARK: - Wheel

    @Test func aPressThatCompletesAKeyStepStillBringsAnOverscrolledAxisBack() {
        // Wide content so that both axes scroll; a touchpad swipe pulls the content past its left edge (x < 0).
        let s = ScrollScene(contentSize: Size(width: 1200, height: 4000))
        s.window.pointerMove(to: middle)
        s.window.pointerAxis(dx: -60, dy: 0, source: .finger)
        #expect(s.container.contentOffset.x < 0)
        // A key step down starts during the swipe; a press completes it at once (its target y = 40).
        s.window.key(.down, pressed: true)
        s.window.key(.down, pressed: false)
        s.window.pointerButton(.left, pressed: true)
        s.window.pointerButton(.left, pressed: false)
        s.window.pointerAxisStop()
        s.window.advance(by: .seconds(2))
        #expect(s.container.contentOffset == Point(x: 0, y: 40))
        #expect(!s.container.isDecelerating && !s.container.isDragging)
    }

    @Test func wheelDetentIs48PointsAtOnceWithoutSmoothScrolling() {
        let s = scene(smooth: false)
        s.window.pointerAxis(dx: 0, dy: 120, source: .wheel)
        #expect(s.container.contentOffset == Point(x: 0, y: 48))
        s.window.pointerAxis(dx: 0, dy: -240, source: .wheel)
        #expect(s.container.contentOffset == Point(x: 0, y: 0))
        #expect(!s.container.isDecelerating && !s.container.isDragging)
    }

    @Test func smoothWheelDetentTakesPoint1SecondsAndHasNoKineticTail() {
        let s = scene()
        s.window.pointerAxis(dx: 0, dy: 120, source: .wheel)
        #expect(s.container.contentOffset.y == 0)  // animated: nothing moved yet
        s.window.advance(ms: 50)
        let halfway = s.container.contentOffset.y
        #expect(halfway > 24 && halfway < 48)  // an ease-out start: past half the distance at half the time
        s.window.advance(ms: 33)  // frame at 83 ms: not there yet
        #expect(s.container.contentOffset.y < 48)
        s.window.advance(ms: 17)  // frame at 100 ms: exactly one detent
        #expect(s.container.contentOffset.y == 48)
        s.window.advance(ms: 1000)
        #expect(s.container.contentOffset.y == 48)
        #expect(!s.container.arbitration.isAnimating)
        // No dragging or deceleration callbacks for a wheel.
        #expect(s.delegate.events == ["didScroll"])
    }

    @Test func partialDetentsAccumulateExactly() {
        let s = scene(smooth: false)
        s.window.pointerAxis(dx: 0, dy: 40, source: .wheel)
        #expect(s.container.contentOffset.y == 16)  // proportional: a third of a detent
        s.window.pointerAxis(dx: 0, dy: 80, source: .wheel)
        #expect(s.container.contentOffset.y == 48)  // exactly one detent
        // Units whose share is not a binary fraction still add up exactly: 5 x 24 = 120.
        for _ in 0..<5 { s.window.pointerAxis(dx: 0, dy: 24, source: .wheel) }
        #expect(s.container.contentOffset.y == 96)
    }

    @Test func partialDetentsAccumulateExactlyWhenSmooth() {
        let s = scene()
        s.window.pointerAxis(dx: 0, dy: 40, source: .wheel)
        s.window.advance(ms: 30)
        s.window.pointerAxis(dx: 0, dy: 80, source: .wheel)
        s.window.settle(s.container)
        #expect(s.container.contentOffset.y == 48)
    }

    @Test func consecutiveDetentsExtendTheTargetWithoutStutter() {
        let s = scene()
        s.window.pointerAxis(dx: 0, dy: 120, source: .wheel)
        var offsets = frames(s.window, s.container, ms: 50)
        s.window.pointerAxis(dx: 0, dy: 120, source: .wheel)
        offsets += frames(s.window, s.container, ms: 200)
        let last = offsets.firstIndex(of: 96)
        #expect(last != nil)
        // Every frame until the end moves forward: no pause and no step back at the second detent.
        for i in 1...(last ?? 1) { #expect(offsets[i] > offsets[i - 1], "frame \(i): \(offsets)") }
        #expect(offsets.last == 96)
        // The second step starts from where the first one was, with its speed: the frame deltas around the
        // second detent change by less than the first frame's delta (no jump).
        let d2 = offsets[2] - offsets[1]
        let d3 = offsets[3] - offsets[2]
        #expect(abs(d3 - d2) < offsets[0])
    }

    @Test func wheelIsClampedToTheRangeWithoutRubberBand() {
        let s = scene()
        s.container.contentOffset = Point(x: 0, y: 3180)  // range ends at 4000 - 800 = 3200
        s.window.pointerAxis(dx: 0, dy: 360, source: .wheel)
        let offsets = frames(s.window, s.container, ms: 300)
        #expect(offsets.allSatisfy { $0 <= 3200 })
        #expect(s.container.contentOffset.y == 3200)
        // Back up at once from the edge: the detents that went past it are not owed.
        s.window.pointerAxis(dx: 0, dy: -120, source: .wheel)
        s.window.settle(s.container)
        #expect(s.container.contentOffset.y == 3152)
    }

    @Test func wheelOnAPagingAxisMovesOnePagePerDetent() {
        let s = NestedScene()
        s.window.pointerMove(to: middle)
        s.window.pointerAxis(dx: 60, dy: 0, source: .wheel)  // half a detent: no page yet
        s.window.settle(s.pager)
        #expect(s.pager.contentOffset.x == 0)
        s.window.pointerAxis(dx: 60, dy: 0, source: .wheel)
        s.window.advance(ms: 100)
        #expect(s.pager.contentOffset.x > 0 && s.pager.contentOffset.x < 400)  // the page snap spring
        s.window.settle(s.pager)
        #expect(s.pager.contentOffset.x == 400)
        #expect(s.pager.currentPage == PageIndex(column: 1, row: 0))
    }

    // MARK: - Routing

    @Test func horizontalWheelOverAVerticalListInAPagerGoesToThePager() {
        let s = NestedScene()
        for c in [s.pager] + s.lists { c.smoothWheelScrolling = false }
        s.window.pointerMove(to: middle)
        s.window.pointerAxis(dx: 120, dy: 0, source: .wheel)
        #expect(s.pager.contentOffset.x == 400)
        #expect(s.lists.allSatisfy { $0.contentOffset == .zero })
        // The vertical component goes to the list under the pointer (now list 1), the pager never moves down.
        s.window.pointerAxis(dx: 0, dy: 120, source: .wheel)
        #expect(s.lists[1].contentOffset.y == 48)
        #expect(s.pager.contentOffset == Point(x: 400, y: 0))
    }

    @Test func oneEventSplitsByAxisBetweenNestedContainers() {
        let w = HeadlessWindow(size: Size(width: 400, height: 800))
        let outer = ScrollContainer(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        outer.contentSize = Size(width: 2000, height: 800)
        let inner = ScrollContainer(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        inner.contentSize = Size(width: 400, height: 4000)
        outer.addSubview(inner)
        w.rootView.addSubview(outer)
        outer.smoothWheelScrolling = false
        inner.smoothWheelScrolling = false
        w.pointerMove(to: middle)
        w.pointerAxis(dx: 120, dy: 240, source: .wheel)
        #expect(outer.contentOffset == Point(x: 48, y: 0))
        #expect(inner.contentOffset == Point(x: 0, y: 96))
        // A touchpad event splits the same way.
        w.pointerAxis(dx: 10, dy: 20, source: .finger)
        #expect(outer.contentOffset == Point(x: 58, y: 0))
        #expect(inner.contentOffset == Point(x: 0, y: 116))
    }

    @Test func noContainerUnderThePointerOrOutsideTheWindowScrollsNothing() {
        let s = ScrollScene(viewport: Size(width: 400, height: 400))
        s.container.frame = Rect(x: 0, y: 0, width: 200, height: 400)
        s.container.smoothWheelScrolling = false
        s.window.pointerAxis(dx: 0, dy: 120, source: .wheel)  // pointer never entered
        s.window.pointerMove(to: Point(x: 300, y: 100))  // beside the container
        s.window.pointerAxis(dx: 0, dy: 120, source: .wheel)
        #expect(s.container.contentOffset == .zero)
        s.window.pointerMove(to: Point(x: 100, y: 100))
        s.window.pointerAxis(dx: 0, dy: .nan, source: .wheel)  // bad input is dropped
        s.window.pointerAxis(dx: .infinity, dy: 120, source: .wheel)
        #expect(s.container.contentOffset == Point(x: 0, y: 48))
        s.window.pointerLeave()
        s.window.pointerAxis(dx: 0, dy: 120, source: .wheel)
        #expect(s.container.contentOffset == Point(x: 0, y: 48))
    }

    @Test func wheelIsIgnoredWhileAFingerDrags() {
        let s = scene(smooth: false)
        s.window.touchDown(id: 1, at: middle)
        s.window.moveLinearly(id: 1, from: middle, to: middle - Point(x: 0, y: 100), steps: 5, durationMS: 50)
        let dragged = s.container.contentOffset
        s.window.pointerAxis(dx: 0, dy: 120, source: .wheel)
        #expect(s.container.contentOffset == dragged)
        s.window.touchUp(id: 1)
    }

    // MARK: - Touchpad

    /// Touchpad events of `step` points every 10 ms, `count` of them.
    func swipe(_ window: HeadlessWindow, step: Point, count: Int) {
        for _ in 0..<count {
            window.advance(ms: 10)
            window.pointerAxis(dx: step.x, dy: step.y, source: .finger)
        }
    }

    @Test func touchpadFollowsTheFingers1to1WithoutDraggingCallbacks() {
        let s = scene()
        for k in 1...5 {
            s.window.advance(ms: 10)
            s.window.pointerAxis(dx: 0, dy: 10, source: .finger)
            #expect(s.container.contentOffset.y == Double(10 * k))
        }
        #expect(!s.container.isDragging && !s.container.isTracking)
        s.window.advance(ms: 100)  // the fingers rest: no motion by itself
        #expect(s.container.contentOffset.y == 50)
        #expect(!s.delegate.events.contains("willBeginDragging"))
    }

    @Test func touchpadStopStartsTheTouchFlingDeceleration() {
        let s = scene()
        swipe(s.window, step: Point(x: 0, y: 20), count: 8)  // 2000 pt/s
        let released = s.container.contentOffset.y
        #expect(released == 160)
        s.window.pointerAxisStop()
        #expect(s.container.isDecelerating)
        s.window.advance(ms: 100)
        #expect(s.container.contentOffset.y > released + 100)
        s.window.settle(s.container)
        // Same deceleration as a touch fling: travel v / (1000 ln(1 / 0.998)) = 999 pt for 2000 pt/s.
        #expect(abs(s.container.contentOffset.y - (released + 999)) < 5)
        #expect(s.delegate.events == ["didScroll", "willBeginDecelerating", "didScroll", "didEndDecelerating"])
    }

    @Test func touchpadFingersThatRestBeforeLiftingDoNotFling() {
        let s = scene()
        swipe(s.window, step: Point(x: 0, y: 20), count: 8)
        s.window.advance(ms: 60)
        s.window.pointerAxisStop()
        #expect(!s.container.isDecelerating)
        s.window.advance(ms: 500)
        #expect(s.container.contentOffset.y == 160)
    }

    @Test func touchpadRubberBandsPastAnEdgeAndSpringsBackOnStop() {
        let s = scene()
        swipe(s.window, step: Point(x: 0, y: -10), count: 10)  // 100 pt up from the top
        let band = RubberBand.displayed(overscroll: 100, dimension: 800)  // about 51.1 pt
        #expect(abs(s.container.contentOffset.y + band) < 1e-6)
        s.window.advance(ms: 60)
        s.window.pointerAxisStop()
        s.window.advance(ms: 600)
        #expect(abs(s.container.contentOffset.y) < 0.5)
        s.window.settle(s.container)
        #expect(s.container.contentOffset.y == 0)
    }

    @Test func touchpadFlingIntoAnEdgeBouncesAndComesBack() {
        let s = scene()
        s.container.contentOffset = Point(x: 0, y: 3000)
        swipe(s.window, step: Point(x: 0, y: 20), count: 8)
        s.window.pointerAxisStop()
        var overshoot = 0.0
        for _ in 0..<200 {
            s.window.advance(ms: 10)
            overshoot = max(overshoot, s.container.contentOffset.y - 3200)
        }
        #expect(overshoot > 1)
        #expect(s.container.contentOffset.y == 3200)
    }

    @Test func touchpadWithoutBouncesClampsAtTheEdge() {
        let s = scene()
        s.container.bounces = false
        swipe(s.window, step: Point(x: 0, y: -10), count: 10)
        #expect(s.container.contentOffset.y == 0)
        swipe(s.window, step: Point(x: 0, y: 10), count: 2)  // back down at once: no hidden overscroll
        #expect(s.container.contentOffset.y == 20)
    }

    @Test func aNewTouchpadGestureStopsTheDecelerationAndTracksAgain() {
        let s = scene()
        swipe(s.window, step: Point(x: 0, y: 20), count: 8)
        s.window.pointerAxisStop()
        s.window.advance(ms: 100)
        #expect(s.container.isDecelerating)
        let caught = s.container.contentOffset.y
        s.window.pointerAxis(dx: 0, dy: 5, source: .finger)
        #expect(!s.container.isDecelerating)
        #expect(s.container.contentOffset.y == caught + 5)
        s.window.advance(ms: 300)
        #expect(s.container.contentOffset.y == caught + 5)
    }

    @Test func aTouchDownStopsATouchpadDecelerationAndIsNotDelivered() {
        let s = scene()
        swipe(s.window, step: Point(x: 0, y: 20), count: 8)
        s.window.pointerAxisStop()
        s.window.advance(ms: 100)
        let caught = s.container.contentOffset.y
        s.window.touchDown(id: 1, at: middle)
        #expect(!s.container.isDecelerating)
        s.window.advance(ms: 200)
        s.window.touchUp(id: 1)
        s.window.advance(ms: 200)
        #expect(s.container.contentOffset.y == caught)
        #expect(s.content.calls.isEmpty)
    }

    @Test func touchpadOnAPagerGoesToTheNextPageOnAFastStop() {
        let s = NestedScene()
        s.window.pointerMove(to: middle)
        swipe(s.window, step: Point(x: 15, y: 0), count: 6)  // 90 pt at 1500 pt/s
        #expect(s.pager.contentOffset.x == 90)
        s.window.pointerAxisStop()
        s.window.settle(s.pager)
        #expect(s.pager.contentOffset.x == 400)
        // Slow, short and then resting: back to the nearest page.
        swipe(s.window, step: Point(x: 10, y: 0), count: 5)
        s.window.advance(ms: 60)
        s.window.pointerAxisStop()
        s.window.settle(s.pager)
        #expect(s.pager.contentOffset.x == 400)
    }

    @Test func directionalLockKeepsATouchpadGestureOnItsFirstAxis() {
        let s = ScrollScene(contentSize: Size(width: 2000, height: 4000))
        s.container.isDirectionalLockEnabled = true
        s.window.pointerMove(to: middle)
        s.window.advance(ms: 10)
        s.window.pointerAxis(dx: 2, dy: 6, source: .finger)
        swipe(s.window, step: Point(x: 20, y: 5), count: 6)
        #expect(s.container.contentOffset == Point(x: 0, y: 36))
        s.window.pointerAxisStop()
        s.window.settle(s.container)
        #expect(s.container.contentOffset.x == 0)
        #expect(s.container.contentOffset.y > 36)
    }

    @Test func continuousSourceScrolls1to1ClampedWithNoKineticTail() {
        let s = scene()
        s.window.pointerAxis(dx: 0, dy: 30, source: .continuous)
        #expect(s.container.contentOffset.y == 30)
        s.window.pointerAxis(dx: 0, dy: -100, source: .continuous)
        #expect(s.container.contentOffset.y == 0)
        s.window.advance(ms: 300)
        #expect(s.container.contentOffset.y == 0)
        #expect(!s.container.isDecelerating)
    }

    // MARK: - Pointer presses and drags

    @Test func aPointerDragDoesNotScrollByDefaultAndReachesTheContent() {
        let s = scene()
        s.window.pointerButton(.left, pressed: true)
        #expect(s.content.summary == [.began])  // at once: no content delay for a pointer that cannot drag
        for k in 1...10 {
            s.window.advance(ms: 10)
            s.window.pointerMove(to: middle - Point(x: 0, y: Double(20 * k)))
        }
        s.window.pointerButton(.left, pressed: false)
        s.window.advance(ms: 500)
        #expect(s.container.contentOffset == .zero)
        #expect(s.content.summary == [.began, .moved, .ended])
        #expect(s.content.calls.allSatisfy { $0.id == WindowCore.pointerTouchID })
        #expect(s.delegate.events.isEmpty)
    }

    @Test func pointerDragScrollsMakesAPrimaryDragAOneFingerTouch() {
        let s = scene()
        s.container.pointerDragScrolls = true
        s.window.pointerButton(.left, pressed: true)
        #expect(s.content.calls.isEmpty)  // held back like a finger (contentTouchDelay)
        for k in 1...10 {
            s.window.advance(ms: 5)
            s.window.pointerMove(to: middle - Point(x: 0, y: Double(10 * k)))
        }
        // 100 pt up, measured from the slop crossing at 10 pt: 90 pt, 1:1.
        #expect(s.container.contentOffset.y == 90)
        #expect(s.container.isDragging)
        s.window.pointerButton(.left, pressed: false)
        #expect(s.container.isDecelerating)  // 2000 pt/s: a fling
        s.window.settle(s.container)
        #expect(s.container.contentOffset.y > 500)
        #expect(s.content.calls.isEmpty)
        #expect(s.delegate.events.first == "willBeginDragging")
        #expect(s.delegate.events.last == "didEndDecelerating")
    }

    @Test func pointerEmulatesTouchTurnsPointerDragsOnForEveryContainer() {
        let s = scene()
        s.window.core.pointerEmulatesTouch = true
        #expect(!s.container.pointerDragScrolls && s.container.dragsWithPointer)
        s.window.pointerButton(.left, pressed: true)
        s.window.advance(ms: 20)
        s.window.pointerMove(to: middle - Point(x: 0, y: 60))
        s.window.advance(ms: 100)
        s.window.pointerButton(.left, pressed: false)
        #expect(s.container.contentOffset.y == 50)
    }

    @Test func pointerDragOnANestedPagerWithPointerDragScrollsPages() {
        let s = NestedScene()
        s.pager.pointerDragScrolls = true
        s.window.pointerMove(to: middle)
        s.window.pointerButton(.left, pressed: true)
        for k in 1...10 {
            s.window.advance(ms: 20)
            s.window.pointerMove(to: middle - Point(x: Double(30 * k), y: 0))
        }
        s.window.advance(ms: 60)
        s.window.pointerButton(.left, pressed: false)
        s.window.settle(s.pager)
        #expect(s.pager.contentOffset.x == 400)
        // A vertical pointer drag: the pager declines (axis gate) and the list does not drag by pointer.
        s.window.pointerMove(to: middle)
        s.window.pointerButton(.left, pressed: true)
        for k in 1...10 {
            s.window.advance(ms: 20)
            s.window.pointerMove(to: middle - Point(x: 0, y: Double(30 * k)))
        }
        s.window.pointerButton(.left, pressed: false)
        s.window.settle(s.lists[1])
        #expect(s.lists[1].contentOffset == .zero)
        #expect(s.rows[1][2].summary == [.began, .moved, .ended])
    }

    @Test func buttonHighlightsUnderAPressedPointerAndFiresOnReleaseInside() {
        let s = scene()
        var fired = 0
        let button = Button(frame: Rect(x: 100, y: 300, width: 200, height: 60), title: "Go") { _ in fired += 1 }
        s.content.addSubview(button)
        s.window.pointerMove(to: Point(x: 200, y: 330))
        s.window.pointerButton(.left, pressed: true)
        #expect(button.isHighlighted)
        s.window.pointerMove(to: Point(x: 210, y: 335))
        s.window.pointerButton(.left, pressed: false)
        #expect(!button.isHighlighted)
        #expect(fired == 1)
        // Pressed, dragged far away: no highlight, no action, and no scrolling.
        s.window.pointerButton(.left, pressed: true)
        s.window.pointerMove(to: Point(x: 200, y: 600))
        #expect(!button.isHighlighted)
        s.window.pointerButton(.left, pressed: false)
        #expect(fired == 1)
        #expect(s.container.contentOffset == .zero)
        // Other buttons do not press it.
        s.window.pointerMove(to: Point(x: 200, y: 330))
        s.window.pointerButton(.right, pressed: true)
        #expect(!button.isHighlighted)
        s.window.pointerButton(.right, pressed: false)
        #expect(fired == 1)
    }

    @Test func clicksFireAButtonInAContainerThatDragsWithThePointer() {
        let s = scene()
        s.container.pointerDragScrolls = true
        var fired = 0
        let button = Button(frame: Rect(x: 100, y: 300, width: 200, height: 60), title: "Go") { _ in fired += 1 }
        s.content.addSubview(button)
        s.window.pointerMove(to: Point(x: 200, y: 330))
        s.window.pointerButton(.left, pressed: true)
        #expect(!button.isHighlighted)  // the content delay, as for a finger
        s.window.advance(ms: 160)
        #expect(button.isHighlighted)
        s.window.pointerButton(.left, pressed: false)
        #expect(fired == 1)
        // A quick click, released before the delay: began and ended in the same turn (rule 2.4).
        s.window.pointerButton(.left, pressed: true)
        s.window.advance(ms: 40)
        s.window.pointerButton(.left, pressed: false)
        #expect(fired == 2)
    }

    @Test func aPressDuringATouchpadFlingCatchesItAndIsNotDelivered() {
        let s = scene()
        swipe(s.window, step: Point(x: 0, y: 20), count: 8)
        s.window.pointerAxisStop()
        s.window.advance(ms: 100)
        s.window.pointerButton(.left, pressed: true)
        #expect(!s.container.isDecelerating)
        let caught = s.container.contentOffset.y
        s.window.pointerMove(to: middle - Point(x: 0, y: 80))  // the pointer does not drag here
        s.window.pointerButton(.left, pressed: false)
        s.window.advance(ms: 300)
        #expect(s.container.contentOffset.y == caught)
        #expect(s.content.calls.isEmpty)
    }

    @Test func aPressDuringAWheelStepCompletesItAndReachesTheContent() {
        let s = scene()
        s.window.pointerAxis(dx: 0, dy: 120, source: .wheel)
        s.window.advance(ms: 30)
        s.window.pointerButton(.left, pressed: true)
        #expect(s.container.contentOffset.y == 48)
        #expect(!s.container.arbitration.isAnimating)
        #expect(s.content.summary == [.began])
        s.window.pointerButton(.left, pressed: false)
        #expect(s.content.summary == [.began, .ended])
    }

    // MARK: - Hover

    @Test func hoverEntersAndExitsTheHitViewAndItsAncestors() {
        let w = HeadlessWindow(size: Size(width: 300, height: 300))
        var log: [String] = []
        let sink: (String) -> Void = { log.append($0) }
        let outer = HoverView("outer", frame: Rect(x: 0, y: 0, width: 200, height: 200), sink: sink)
        let a = HoverView("a", frame: Rect(x: 0, y: 0, width: 100, height: 100), sink: sink)
        let b = HoverView("b", frame: Rect(x: 100, y: 0, width: 100, height: 100), sink: sink)
        outer.addSubview(a)
        outer.addSubview(b)
        w.rootView.addSubview(outer)
        w.pointerMove(to: Point(x: 50, y: 50))
        #expect(log == ["enter outer", "enter a"])
        log.removeAll()
        w.pointerMove(to: Point(x: 60, y: 50))
        #expect(log == ["move a", "move outer"])
        log.removeAll()
        w.pointerMove(to: Point(x: 150, y: 50))
        #expect(log == ["exit a", "enter b", "move b", "move outer"])
        log.removeAll()
        w.pointerMove(to: Point(x: 150, y: 150))  // over outer only
        #expect(log == ["exit b", "move outer"])
        log.removeAll()
        w.pointerMove(to: Point(x: 50, y: 50))
        log.removeAll()
        a.removeFromSuperview()
        #expect(log == ["exit a"])
        log.removeAll()
        w.pointerLeave()
        #expect(log == ["exit outer"])
        #expect(w.core.hoveredView == nil && w.core.pointerLocation == nil)
    }

    /// A container latched by a touchpad gesture that stops being scrollable along the gesture's axis (its
    /// content shrank to fit) loses the gesture as if its `axis_stop` came: its overscroll springs back, and it
    /// is no longer touchpad scrolling (<doc:ScrollBehaviour> §1, §7).
    @Test func aLatchedContainerThatStopsScrollingEndsItsTouchpadGesture() {
        let s = scene()
        for _ in 0..<5 {
            s.window.pointerAxis(dx: 0, dy: -20, source: .finger)
            s.window.advance(ms: 10)
        }
        #expect(s.container.contentOffset.y < 0)  // rubber band past the top
        #expect(s.container.isTouchpadScrolling)
        s.container.contentSize = Size(width: 400, height: 800)  // nothing to scroll any more
        s.window.pointerAxis(dx: 0, dy: -20, source: .finger)
        #expect(!s.container.isTouchpadScrolling)
        s.window.settle(s.container)
        #expect(s.container.contentOffset == .zero)
        #expect(!s.container.arbitration.isAnimating)
    }

    /// The same when the container turns scrolling off mid-gesture.
    @Test func aLatchedContainerWithScrollingDisabledEndsItsTouchpadGesture() {
        let s = scene()
        s.window.pointerAxis(dx: 0, dy: 30, source: .finger)
        #expect(s.container.isTouchpadScrolling)
        s.container.isScrollEnabled = false
        s.window.pointerAxis(dx: 0, dy: 30, source: .finger)
        #expect(!s.container.isTouchpadScrolling)
    }
}
