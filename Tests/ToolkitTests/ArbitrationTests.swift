// <doc:ScrollBehaviour> §2: touch arbitration between the content and the container.

import TestSupport
import Testing

@testable import ToolkitCore

@MainActor @Suite struct ArbitrationTests {
    let start = Point(x: 200, y: 400)

    @Test func rule2_1_downWhileIdleWithDelayHoldsTheTouch() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: start)
        #expect(s.content.calls.isEmpty)
        #expect(s.container.isTracking)
        #expect(!s.container.isDragging)
        s.window.advance(ms: 149)
        #expect(s.content.calls.isEmpty)
    }

    @Test func rule2_1_downWithoutDelayDeliversAtOnce() {
        let s = ScrollScene()
        s.container.delaysContentTouches = false
        s.window.touchDown(id: 1, at: start)
        #expect(s.content.calls.map(\.kind) == [.began])
        #expect(s.content.calls.first?.location == start)
    }

    @Test func rule2_1_touchesShouldBeginFalseKeepsTheContentOutButScrolls() {
        final class Refusing: ScrollContainer {
            override func touchesShouldBegin(_ touches: [Touch], in view: View) -> Bool { false }
        }
        let s = ScrollScene(container: Refusing(frame: .zero))
        s.window.touchDown(id: 1, at: start)
        s.window.advance(ms: 200)
        s.window.touchUp(id: 1)
        #expect(s.content.calls.isEmpty)
        s.window.drag(from: start, to: start - Point(x: 0, y: 100))
        #expect(s.content.calls.isEmpty)
        #expect(s.container.contentOffset.y > 50)
    }

    @Test func rule2_2_pendingMovePastSlopDragsAndContentGetsNothing() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: start)
        s.window.advance(ms: 30)
        s.window.touchMove(id: 1, to: start - Point(x: 0, y: 40))
        #expect(s.container.isDragging)
        s.window.advance(ms: 300)
        s.window.touchMove(id: 1, to: start - Point(x: 0, y: 80))
        s.window.touchUp(id: 1)
        s.window.settle(s.container)
        #expect(s.content.calls.isEmpty)
    }

    @Test func rule2_3_delayElapsesDeliversOriginalPositionAndTimestamp() {
        let s = ScrollScene()
        s.window.advance(ms: 1000)
        let downTime = s.window.now
        s.window.touchDown(id: 1, at: start)
        s.window.advance(ms: 60)
        s.window.touchMove(id: 1, to: start + Point(x: 3, y: -4))  // within the slop
        s.window.advance(ms: 89)
        #expect(s.content.calls.isEmpty)
        s.window.advance(ms: 1)  // exactly 150 ms after the down
        #expect(s.content.calls.first?.kind == .began)
        #expect(s.content.calls.first?.location == start)
        #expect(s.content.calls.first?.timestamp == downTime)
        // Where the finger is now follows as a move.
        #expect(s.content.calls.last?.kind == .moved)
        #expect(s.content.calls.last?.location == start + Point(x: 3, y: -4))
        #expect(s.container.isTracking && !s.container.isDragging)
    }

    @Test func rule2_3_customDelayIsHonoured() {
        let s = ScrollScene()
        s.container.contentTouchDelay = .milliseconds(40)
        s.window.touchDown(id: 1, at: start)
        s.window.advance(ms: 39)
        #expect(s.content.calls.isEmpty)
        s.window.advance(ms: 1)
        #expect(s.content.calls.map(\.kind) == [.began])
    }

    @Test func rule2_4_quickTapDeliversBeganThenEnded() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: start)
        s.window.advance(ms: 50)
        s.window.touchUp(id: 1)
        // Same turn: no time advanced after the lift.
        #expect(s.content.calls.map(\.kind) == [.began, .ended])
        #expect(s.content.calls[0].location == start)
        #expect(!s.container.isTracking)
        s.window.advance(ms: 500)
        #expect(s.content.calls.count == 2)
    }

    @Test func rule2_5_contentMoveWithinSlopIsDelivered() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: start)
        s.window.advance(ms: 200)
        s.window.touchMove(id: 1, to: start + Point(x: 0, y: 6))
        #expect(s.content.calls.map(\.kind) == [.began, .moved])
        #expect(s.container.contentOffset == .zero)
    }

    @Test func rule2_5_contentMovePastSlopCancelsAndDragsWithoutJump() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: start)
        s.window.advance(ms: 200)
        for k in 1...6 {
            s.window.advance(ms: 10)
            s.window.touchMove(id: 1, to: start - Point(x: 0, y: Double(k) * 2))
        }
        // Crossed 10 pt between the 5th (10 pt) and 6th (12 pt) move: the first delta is 2 pt, not 12.
        #expect(s.content.summary == [.began, .moved, .cancelled])
        let delivered = s.content.calls.count
        #expect(s.container.isDragging)
        #expect(near(s.container.contentOffset.y, 2))
        s.window.advance(ms: 10)
        s.window.touchMove(id: 1, to: start - Point(x: 0, y: 40))
        #expect(near(s.container.contentOffset.y, 30))
        s.window.touchUp(id: 1)
        #expect(s.content.calls.count == delivered)  // nothing after the cancel
    }

    @Test func rule2_5_cannotCancelKeepsTheContentAndNeverScrolls() {
        let s = ScrollScene()
        s.container.canCancelContentTouches = false
        s.window.touchDown(id: 1, at: start)
        s.window.advance(ms: 200)
        s.window.moveLinearly(id: 1, from: start, to: start - Point(x: 0, y: 200), steps: 10, durationMS: 100)
        s.window.touchUp(id: 1)
        s.window.advance(ms: 500)
        #expect(s.content.summary == [.began, .moved, .ended])
        #expect(s.container.contentOffset == .zero)
        #expect(s.delegate.events.isEmpty)
    }

    @Test func rule2_5_aControlKeepsItsTouch() {
        let s = ScrollScene()
        var fired = 0
        let button = Button(frame: Rect(x: 100, y: 350, width: 200, height: 100), title: "OK") { _ in fired += 1 }
        s.content.addSubview(button)
        s.window.touchDown(id: 1, at: start)
        s.window.advance(ms: 200)
        #expect(button.isHighlighted)
        s.window.moveLinearly(id: 1, from: start, to: start - Point(x: 0, y: 150), steps: 10, durationMS: 100)
        #expect(s.container.contentOffset == .zero)
        #expect(!button.isHighlighted)  // far outside: shown released, but still tracked
        s.window.moveLinearly(id: 1, from: start - Point(x: 0, y: 150), to: start, steps: 5, durationMS: 50)
        #expect(button.isHighlighted)
        s.window.touchUp(id: 1)
        #expect(fired == 1)
    }

    @Test func rule2_6_axisGateLeavesAnOrthogonalDragToTheContent() {
        // Vertical-only container; the drag is horizontal.
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: start)
        s.window.advance(ms: 200)
        s.window.moveLinearly(id: 1, from: start, to: start + Point(x: 120, y: 5), steps: 6, durationMS: 60)
        s.window.touchUp(id: 1)
        #expect(s.content.summary == [.began, .moved, .ended])
        #expect(s.container.contentOffset == .zero)
    }

    @Test func rule2_6_axisGateWhilePendingReleasesTheHeldTouch() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: start)
        s.window.advance(ms: 20)
        s.window.touchMove(id: 1, to: start + Point(x: 40, y: 2))
        // Not scrollable horizontally: the container leaves the touch; the content gets it at once.
        #expect(s.content.calls.map(\.kind) == [.began, .moved])
        #expect(s.content.calls[0].location == start)
        #expect(!s.container.isTracking || !s.container.isDragging)
        s.window.touchMove(id: 1, to: start + Point(x: 40, y: 60))  // later vertical motion: still not a drag
        #expect(s.container.contentOffset == .zero)
        s.window.touchUp(id: 1)
        #expect(s.content.summary == [.began, .moved, .ended])
    }

    @Test func rule2_8_downWhileDeceleratingStopsAndIsNeverDelivered() {
        let s = ScrollScene()
        var fired = 0
        let button = Button(frame: Rect(x: 0, y: 0, width: 400, height: 4000), title: "Row") { _ in fired += 1 }
        s.content.addSubview(button)
        s.window.drag(from: start, to: start - Point(x: 0, y: 200), steps: 4, durationMS: 40)
        s.window.advance(ms: 100)
        #expect(s.container.isDecelerating)
        // A tap on the moving content.
        s.window.touchDown(id: 2, at: start)
        let caught = s.container.contentOffset
        #expect(!s.container.isDecelerating)
        s.window.advance(ms: 50)
        #expect(s.container.contentOffset == caught)
        s.window.touchUp(id: 2)
        s.window.advance(ms: 1000)
        #expect(fired == 0)
        #expect(s.container.contentOffset == caught)  // in range, no paging: it rests where caught
        // The next tap is a normal one.
        s.window.touchDown(id: 3, at: start)
        s.window.advance(ms: 50)
        s.window.touchUp(id: 3)
        #expect(fired == 1)
    }

    @Test func rule2_8_downWhileSettlingStopsTheSpringThenItResumesAfterLift() {
        let s = ScrollScene()
        s.window.drag(from: start, to: start + Point(x: 0, y: 300), steps: 10, durationMS: 200, holdMS: 60)
        #expect(s.container.contentOffset.y < -50)
        #expect(s.container.isDecelerating)  // spring back after a drag counts as deceleration
        s.window.advance(ms: 50)
        s.window.touchDown(id: 2, at: start)
        let caught = s.container.contentOffset
        s.window.advance(ms: 100)
        #expect(s.container.contentOffset == caught)
        #expect(s.content.calls.isEmpty)
        s.window.touchUp(id: 2)
        s.window.advance(ms: 700)
        #expect(near(s.container.contentOffset.y, 0, 0.5))
        #expect(s.content.calls.isEmpty)
    }

    @Test func rule2_9_compositorCancelEndsContentTouchesOnceAndSettles() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: start)
        s.window.touchDown(id: 2, at: start + Point(x: 50, y: 0))
        s.window.advance(ms: 200)
        #expect(s.content.calls.filter { $0.kind == .began }.count == 2)
        s.window.touchCancel()
        #expect(s.content.calls.filter { $0.kind == .cancelled }.count == 2)
        s.window.touchMove(id: 1, to: start)
        s.window.touchUp(id: 1)
        s.window.touchUp(id: 2)
        #expect(s.content.grammarViolation(requireEnded: true) == nil)
        #expect(s.content.calls.count == 4)
        #expect(!s.container.isTracking)
    }

    @Test func rule2_9_compositorCancelDuringAnOverscrolledDragSpringsBack() {
        let s = ScrollScene()
        s.window.drag(from: start, to: start + Point(x: 0, y: 300), steps: 10, durationMS: 200, lift: false)
        #expect(s.container.isDragging)
        #expect(s.container.contentOffset.y < 0)
        s.window.touchCancel()
        #expect(!s.container.isDragging)
        s.window.advance(ms: 700)
        #expect(near(s.container.contentOffset.y, 0, 0.5))
        #expect(!s.container.isDecelerating)
        #expect(s.delegate.events.contains("didEndDragging(true)"))
    }

    @Test func rule2_9_randomSequencesKeepEveryContentTouchWellFormed() {
        let seed = UInt64.random(in: 0...UInt64.max)
        print("rule2_9 random touch sequences seed: \(seed)")
        var rng = SplitMix64(seed: seed)
        let scene = NestedScene()
        var down: Set<Int> = []
        for _ in 0..<400 {
            let roll = Int.random(in: 0..<100, using: &rng)
            let id = Int.random(in: 0..<3, using: &rng)
            let p = Point(x: Double.random(in: -20...420, using: &rng), y: Double.random(in: -20...820, using: &rng))
            switch roll {
            case 0..<20:
                scene.window.touchDown(id: id, at: p)
                down.insert(id)
            case 20..<55: scene.window.touchMove(id: id, to: p)
            case 55..<75:
                scene.window.touchUp(id: id)
                down.remove(id)
            case 75..<77:
                scene.window.touchCancel()
                down.removeAll()
            default: scene.window.advance(ms: Double.random(in: 0...80, using: &rng))
            }
            for row in scene.allRows {
                #expect(row.grammarViolation(requireEnded: false) == nil, "seed \(seed)")
            }
        }
        for id in down { scene.window.touchUp(id: id) }
        scene.window.advance(ms: 5000)
        for row in scene.allRows {
            #expect(row.grammarViolation(requireEnded: true) == nil, "seed \(seed)")
        }
        for c in [scene.pager] + scene.lists {
            #expect(!c.isTracking && !c.isDragging && !c.isDecelerating, "seed \(seed)")
            #expect(restsWhereTheSpecAllows(c), "seed \(seed): \(c.contentOffset)")
        }
    }
}
