// <doc:ScrollBehaviour> §15: whenever a pull starts refreshing, the content comes to rest at minOffset - height,
// whatever the overscroll at the lift (short of the control's height or past it) and whatever the finger's speed.
//
// The numbers, by hand. A 400 x 800 container (d = 800) over 4000 pt, no insets (minOffset 0). A finger x points past
// the top edge shows the rubber band b(x) = (1 - 1 / (x·0.55/d + 1))·d = 440·x / (800 + 0.55·x):
//     x =  40: b = 17600 / 822    = 21.411
//     x =  90: b = 39600 / 849.5  = 46.616
//     x = 100: b = 44000 / 855    = 51.462
//     x = 130: b = 57200 / 871.5  = 65.634
//     x = 150: b = 66000 / 882.5  = 74.788
//     x = 110: b = 48400 / 860.5  = 56.247
// While refreshing the range starts at -height, so the rest point is also the range's start (inside the range).

import Testing

@testable import ToolkitCore

@MainActor @Suite struct RefreshRestTests {
    /// The scene of RefreshControlTests with the control's `triggerDistance` and `height` set.
    static func scene(trigger: Double, height: Double = 60) -> (ScrollScene, RefreshControl) {
        let s = ScrollScene()
        let control = RefreshControl()
        control.triggerDistance = trigger
        control.height = height
        s.container.refreshControl = control
        return (s, control)
    }

    /// Pulls `finger` points past the top edge (after the 10 pt slop) and holds still for 100 ms: the lift has no
    /// velocity. Returns the overscroll shown just before the lift.
    static func pullAndHold(_ s: ScrollScene, finger: Double) -> Double {
        s.window.touchDown(id: 1, at: Point(x: 200, y: 100))
        s.window.moveLinearly(
            id: 1, from: Point(x: 200, y: 100), to: Point(x: 200, y: 110 + finger), steps: 10,
            durationMS: 200)
        s.window.advance(ms: 100)
        let shown = -s.container.contentOffset.y
        s.window.touchUp(id: 1)
        return shown
    }

    /// The offsets of the frames until `ms` after now (one per frame, at k/60 s).
    static func frames(_ s: ScrollScene, ms: Double) -> [Double] {
        var seen: [Double] = []
        for _ in 0..<Int(ms * 60 / 1000) {
            s.window.advance(ms: 1000.0 / 60)
            seen.append(s.container.contentOffset.y)
        }
        return seen
    }

    /// At rest exactly at `y`, the start of the range, and resting there by the policy's own rule.
    static func expectRest(_ s: ScrollScene, at y: Double, _ comment: Comment) {
        #expect(s.container.contentOffset.y == y, comment)
        #expect(!s.container.isDecelerating && !s.container.isDragging, comment)
        let policy = s.container.makePolicy()
        #expect(policy.minOffset.y == y, comment)
        #expect(policy.isResting(s.container.contentOffset), comment)
    }

    /// Released short of the control's height (46.6 of 60 with a 40 pt trigger, 21.4 of 60 with 20, 51.5 of 90 with
    /// 40): the content moves on to minOffset - height, monotonically, never past it, and stops exactly there.
    @Test(arguments: [
        (trigger: 40.0, finger: 90.0, height: 60.0, shown: 46.616),
        (trigger: 20.0, finger: 40.0, height: 60.0, shown: 21.411),
        (trigger: 40.0, finger: 100.0, height: 90.0, shown: 51.462)
    ])
    func aReleaseShortOfTheHeightMovesOnToTheControl(
        trigger: Double, finger: Double, height: Double,
        shown: Double
    ) {
        let (s, control) = RefreshRestTests.scene(trigger: trigger, height: height)
        let pulled = RefreshRestTests.pullAndHold(s, finger: finger)
        #expect(abs(pulled - shown) < 0.001)
        #expect(control.isRefreshing)
        // The page snap spring: there within 0.5 s, from one side.
        let path = RefreshRestTests.frames(s, ms: 500)
        #expect(zip(path, path.dropFirst()).allSatisfy { $1 <= $0 }, "moves down only: \(path)")
        #expect(path.allSatisfy { $0 >= -height }, "never past the rest point: \(path)")
        s.window.advance(ms: 500)
        RefreshRestTests.expectRest(s, at: -height, "trigger \(trigger), released at \(shown)")
    }

    /// Released past the control's height (65.6 of 60, 46.6 of 30): the content springs back up to minOffset - height.
    @Test(arguments: [
        (trigger: 50.0, finger: 130.0, height: 60.0, shown: 65.634),
        (trigger: 40.0, finger: 90.0, height: 30.0, shown: 46.616)
    ])
    func aReleasePastTheHeightComesBackToTheControl(trigger: Double, finger: Double, height: Double, shown: Double) {
        let (s, control) = RefreshRestTests.scene(trigger: trigger, height: height)
        let pulled = RefreshRestTests.pullAndHold(s, finger: finger)
        #expect(abs(pulled - shown) < 0.001)
        #expect(control.isRefreshing)
        let path = RefreshRestTests.frames(s, ms: 500)
        #expect(zip(path, path.dropFirst()).allSatisfy { $1 >= $0 }, "moves up only: \(path)")
        #expect(path.allSatisfy { $0 <= -height }, "never past the rest point: \(path)")
        s.window.advance(ms: 500)
        RefreshRestTests.expectRest(s, at: -height, "trigger \(trigger), released at \(shown)")
    }

    /// Lifted while the finger still moves: pulling on (the content moving toward the rest point, from short of
    /// it) or pushing back (away from it, from 56.2 after 74.8): it still ends exactly at minOffset - height.
    @Test func aMovingReleaseEndsThereToo() {
        do {
            let (s, control) = RefreshRestTests.scene(trigger: 40)
            s.window.touchDown(id: 1, at: Point(x: 200, y: 100))
            s.window.moveLinearly(
                id: 1, from: Point(x: 200, y: 100), to: Point(x: 200, y: 200), steps: 10,
                durationMS: 100)
            #expect(abs(s.container.contentOffset.y + 46.616) < 0.001)
            s.window.touchUp(id: 1)
            #expect(control.isRefreshing)
            let path = RefreshRestTests.frames(s, ms: 500)
            #expect(path.allSatisfy { $0 >= -60 }, "a pull toward the rest point does not pass it: \(path)")
            s.window.advance(ms: 500)
            RefreshRestTests.expectRest(s, at: -60, "released pulling")
        }
        do {
            let (s, control) = RefreshRestTests.scene(trigger: 40)
            s.window.touchDown(id: 1, at: Point(x: 200, y: 100))
            s.window.moveLinearly(
                id: 1, from: Point(x: 200, y: 100), to: Point(x: 200, y: 260), steps: 10,
                durationMS: 200)
            s.window.moveLinearly(
                id: 1, from: Point(x: 200, y: 260), to: Point(x: 200, y: 220), steps: 4,
                durationMS: 40)
            #expect(abs(s.container.contentOffset.y + 56.247) < 0.001)
            s.window.touchUp(id: 1)
            #expect(control.isRefreshing)
            s.window.advance(ms: 1000)
            RefreshRestTests.expectRest(s, at: -60, "released pushing back")
        }
    }

    /// The delegate is offered the rest point as the target, and moving the target does not move the control out
    /// of view.
    @Test func theDelegateIsOfferedTheRestPoint() {
        let (s, _) = RefreshRestTests.scene(trigger: 40)
        s.delegate.overrideTarget = Point(x: 0, y: 300)
        _ = RefreshRestTests.pullAndHold(s, finger: 90)
        #expect(s.delegate.offeredTargets.last == Point(x: 0, y: -60))
        s.window.advance(ms: 1000)
        RefreshRestTests.expectRest(s, at: -60, "target moved by the delegate")
    }

    /// A pull short of the trigger (46.6 < 50) starts nothing and springs back to the edge.
    @Test func aPullShortOfTheTriggerReturnsToTheEdge() {
        let (s, control) = RefreshRestTests.scene(trigger: 50)
        _ = RefreshRestTests.pullAndHold(s, finger: 90)
        #expect(!control.isRefreshing)
        s.window.advance(ms: 1000)
        RefreshRestTests.expectRest(s, at: 0, "short of the trigger")
    }

    /// With snapping on, the control's place is a snap offset while refreshing: the content rests there and stays.
    @Test func aSnappingContainerRestsWithTheControlInView() {
        let (s, control) = RefreshRestTests.scene(trigger: 40)
        for k in 0..<20 {
            let item = View(frame: Rect(x: 0, y: Double(k) * 200, width: 400, height: 200))
            item.snapAlignment = .start
            s.container.addSubview(item)
        }
        s.container.snapping = .mandatory
        _ = RefreshRestTests.pullAndHold(s, finger: 90)
        #expect(control.isRefreshing)
        s.window.advance(ms: 1000)
        RefreshRestTests.expectRest(s, at: -60, "snapping")
    }
}
