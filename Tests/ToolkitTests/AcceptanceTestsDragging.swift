// Acceptance tests, <doc:ScrollBehaviour> §1, §3 and §4 (geometry, dragging, directional lock), public API only.

import Testing
import ToolkitCore

@MainActor
@Suite struct AcceptanceTestsDragging {
    let p = Point(x: 200, y: 400)

    /// Down at `p`, a first move of exactly the slop (nothing happens), then `to`.
    func dragPastSlop(_ s: ScrollScene, to: Point, id: Int = 1) {
        s.window.touchDown(id: id, at: p)
        s.window.advance(ms: 16)
        let dir = Point(x: to.x - p.x, y: to.y - p.y)
        let scale = 10 / dir.length
        s.window.touchMove(id: id, to: Point(x: p.x + dir.x * scale, y: p.y + dir.y * scale))
        s.window.advance(ms: 16)
        s.window.touchMove(id: id, to: to)
    }

    // MARK: 3 dragging 1:1

    @Test func contentFollowsTheFingerOneToOne() {
        let s = ScrollScene()
        dragPastSlop(s, to: Point(x: 200, y: 290))
        #expect(abs(s.container.contentOffset.y - 100) < 1e-9)
        s.window.advance(ms: 16)
        s.window.touchMove(id: 1, to: Point(x: 200, y: 340))
        #expect(abs(s.container.contentOffset.y - 50) < 1e-9)
        // Sideways motion does nothing on a vertical-only container.
        s.window.advance(ms: 16)
        s.window.touchMove(id: 1, to: Point(x: 100, y: 340))
        #expect(abs(s.container.contentOffset.y - 50) < 1e-9)
        #expect(s.container.contentOffset.x == 0)
        #expect(s.container.bounds.origin == s.container.contentOffset)
    }

    @Test func rubberBandAtTheTopEdgeFollowsTheFormula() {
        let s = ScrollScene()
        dragPastSlop(s, to: Point(x: 200, y: 510))  // 100 pt past the edge after the slop
        #expect(abs(s.container.contentOffset.y - -accRubberBand(100, 800)) < 1e-6)
        s.window.advance(ms: 16)
        s.window.touchMove(id: 1, to: Point(x: 200, y: 810))
        #expect(abs(s.container.contentOffset.y - -accRubberBand(400, 800)) < 1e-6)
        // Back inside: 1:1 again, no hysteresis.
        s.window.advance(ms: 16)
        s.window.touchMove(id: 1, to: Point(x: 200, y: 380))
        #expect(abs(s.container.contentOffset.y - 30) < 1e-6)
    }

    @Test func rubberBandAtTheBottomEdgeUsesTheContainerHeight() {
        let s = ScrollScene(viewport: Size(width: 400, height: 600), contentSize: Size(width: 400, height: 1000))
        s.container.contentOffset = Point(x: 0, y: 400)  // the bottom edge
        dragPastSlop(s, to: Point(x: 200, y: 150))  // 240 pt past the edge
        #expect(abs(s.container.contentOffset.y - (400 + accRubberBand(240, 600))) < 1e-6)
    }

    @Test func rubberBandHorizontalUsesTheContainerWidth() {
        let s = ScrollScene(contentSize: Size(width: 1200, height: 800))
        dragPastSlop(s, to: Point(x: 310, y: 400))
        #expect(abs(s.container.contentOffset.x - -accRubberBand(100, 400)) < 1e-6)
        #expect(s.container.contentOffset.y == 0)
    }

    @Test func withoutBouncesTheDragIsClamped() {
        let s = ScrollScene()
        s.container.bounces = false
        dragPastSlop(s, to: Point(x: 200, y: 700))
        #expect(s.container.contentOffset.y == 0)
        s.window.advance(ms: 16)
        s.window.touchMove(id: 1, to: Point(x: 200, y: 600))
        // The finger is still 190 pt past the edge: nothing moves.
        #expect(s.container.contentOffset.y == 0)
    }

    @Test func contentOffsetSetDuringADragIsWhereTheDragContinuesFrom() {
        let s = ScrollScene()
        dragPastSlop(s, to: Point(x: 200, y: 300))
        #expect(abs(s.container.contentOffset.y - 90) < 1e-9)
        s.container.contentOffset = Point(x: 0, y: 1000)
        #expect(s.container.contentOffset.y == 1000)
        #expect(s.container.isDragging)
        s.window.advance(ms: 16)
        s.window.touchMove(id: 1, to: Point(x: 200, y: 280))
        #expect(abs(s.container.contentOffset.y - 1020) < 1e-9)
    }

    @Test func contentOffsetSetOutsideTheRangeStaysThere() {
        let s = ScrollScene()
        s.container.contentOffset = Point(x: -30, y: 5000)
        s.window.advance(ms: 1000)
        #expect(s.container.contentOffset == Point(x: -30, y: 5000))
        #expect(!s.container.isDecelerating)
    }

    // MARK: 1 ranges, insets and alwaysBounce

    @Test func insetsExtendTheRangeAtBothEnds() {
        let s = ScrollScene()
        s.container.contentInset = EdgeInsets(top: 50, left: 0, bottom: 30, right: 0)
        // Pull down from the top: rests at -inset.top.
        dragPastSlop(s, to: Point(x: 200, y: 700))
        s.window.advance(ms: 60)
        s.window.touchUp(id: 1)
        s.window.runToRest(s.container)
        #expect(s.container.contentOffset.y == -50)
        // A hard fling down the content: rests at content + inset.bottom - bounds = 3230.
        s.window.fling(id: 2, from: Point(x: 200, y: 700), to: Point(x: 200, y: 100), steps: 4, durationMS: 40)
        s.window.runToRest(s.container)
        #expect(s.container.contentOffset.y == 3230)
    }

    @Test func insetsInsideTheRangeDragOneToOneAndBandBeyond() {
        let s = ScrollScene()
        s.container.contentInset = EdgeInsets(top: 50, left: 0, bottom: 0, right: 0)
        dragPastSlop(s, to: Point(x: 200, y: 450))  // 40 pt down: inside the inset, 1:1
        #expect(abs(s.container.contentOffset.y - -40) < 1e-9)
        s.window.advance(ms: 16)
        s.window.touchMove(id: 1, to: Point(x: 200, y: 570))  // 160 down: 110 past -50
        #expect(abs(s.container.contentOffset.y - (-50 - accRubberBand(110, 800))) < 1e-6)
    }

    @Test func smallContentDoesNotScrollWithoutAlwaysBounce() {
        let s = ScrollScene(contentSize: Size(width: 400, height: 300))
        let q = Point(x: 200, y: 250)  // on the content
        s.window.touchDown(id: 1, at: q)
        s.window.moveLinearly(id: 1, from: q, to: Point(x: 200, y: 50), steps: 5, durationMS: 80)
        s.window.touchUp(id: 1)
        #expect(s.container.contentOffset == .zero)
        #expect(s.content.kinds == [.began, .ended])
        #expect(s.delegate.events.isEmpty)
    }

    @Test func smallContentBouncesWithAlwaysBounceVerticalAndComesBackToZero() {
        let s = ScrollScene(contentSize: Size(width: 400, height: 300))
        s.container.alwaysBounceVertical = true
        dragPastSlop(s, to: Point(x: 200, y: 300))
        #expect(s.container.isDragging)
        // Range is [0, 0]: any drag is overscroll, on the rubber band (90 pt past the slop).
        #expect(abs(s.container.contentOffset.y - accRubberBand(90, 800)) < 1e-6)
        s.window.advance(ms: 60)
        s.window.touchUp(id: 1)
        s.window.runToRest(s.container)
        #expect(s.container.contentOffset == .zero)
        // A fling bounces off the (empty) range and comes back exactly to zero.
        s.window.fling(id: 2, from: Point(x: 100, y: 300), to: Point(x: 100, y: 100), steps: 4, durationMS: 50)
        s.window.advance(ms: 50)
        #expect(s.container.contentOffset.y > 0)
        s.window.runToRest(s.container)
        #expect(s.container.contentOffset == .zero)
        #expect(s.content.calls.isEmpty)
        // Horizontal still does not scroll.
        s.window.touchDown(id: 3, at: p)
        s.window.moveLinearly(id: 3, from: p, to: Point(x: 50, y: 400), steps: 5, durationMS: 80)
        #expect(!s.container.isDragging)
        #expect(s.container.contentOffset == .zero)
    }

    @Test func alwaysBounceHorizontalAllowsHorizontalDrags() {
        let s = ScrollScene()
        s.container.alwaysBounceHorizontal = true
        dragPastSlop(s, to: Point(x: 100, y: 400))
        #expect(s.container.isDragging)
        #expect(abs(s.container.contentOffset.x - accRubberBand(90, 400)) < 1e-6)
        s.window.advance(ms: 60)
        s.window.touchUp(id: 1)
        s.window.runToRest(s.container)
        #expect(s.container.contentOffset == .zero)
    }

    // MARK: 3 multi-touch

    @Test func twoFingersMovingTogetherScrollOnceNotTwice() {
        let s = ScrollScene()
        let a = Point(x: 150, y: 400)
        let b = Point(x: 250, y: 400)
        s.window.touchDown(id: 1, at: a)
        s.window.touchDown(id: 2, at: b)
        for k in 1...5 {
            s.window.advance(ms: 16)
            let dy = -20.0 * Double(k)
            s.window.touchMove(id: 1, to: Point(x: a.x, y: a.y + dy))
            s.window.touchMove(id: 2, to: Point(x: b.x, y: b.y + dy))
        }
        // Centroid moved 100 pt; 10 of them were the slop.
        #expect(abs(s.container.contentOffset.y - 90) < 1e-9)
        #expect(s.content.calls.isEmpty)
    }

    @Test func aFingerJoiningOrLeavingMakesNoJump() {
        let s = ScrollScene()
        dragPastSlop(s, to: Point(x: 200, y: 300))
        let before = s.container.contentOffset
        s.window.touchDown(id: 2, at: Point(x: 50, y: 700))  // far from the first finger
        #expect(s.container.contentOffset == before)
        s.window.advance(ms: 16)
        s.window.touchMove(id: 2, to: Point(x: 50, y: 600))  // centroid moves 50
        #expect(abs(s.container.contentOffset.y - (before.y + 50)) < 1e-9)
        let mid = s.container.contentOffset
        s.window.touchUp(id: 1)
        #expect(s.container.contentOffset == mid)
        #expect(s.container.isDragging)
        s.window.advance(ms: 16)
        s.window.touchMove(id: 2, to: Point(x: 50, y: 580))
        #expect(abs(s.container.contentOffset.y - (mid.y + 20)) < 1e-9)
        #expect(s.content.calls.isEmpty)
    }

    @Test func minimumTwoTouchesOneFingerGoesToTheContentAtOnceAndNeverScrolls() {
        let s = ScrollScene()
        s.container.minimumNumberOfTouches = 2
        s.window.touchDown(id: 1, at: p)
        #expect(s.content.kinds == [.began])
        s.window.moveLinearly(id: 1, from: p, to: Point(x: 200, y: 100), steps: 10, durationMS: 100)
        s.window.touchUp(id: 1)
        #expect(s.container.contentOffset == .zero)
        #expect(s.content.kinds == [.began, .ended])
        #expect(s.content.calls.filter { $0.kind == .moved }.count == 10)
        #expect(s.delegate.events.isEmpty)
    }

    @Test func minimumTwoTouchesASecondFingerInTimeCancelsTheFirstAndBothScroll() {
        let s = ScrollScene()
        s.container.minimumNumberOfTouches = 2
        s.window.touchDown(id: 1, at: Point(x: 150, y: 400))
        s.window.advance(ms: 100)
        s.window.touchDown(id: 2, at: Point(x: 250, y: 400))
        #expect(s.content.calls.map(\.kind) == [.began, .cancelled])
        for k in 1...5 {
            s.window.advance(ms: 16)
            let dy = -20.0 * Double(k)
            s.window.touchMove(id: 1, to: Point(x: 150, y: 400 + dy))
            s.window.touchMove(id: 2, to: Point(x: 250, y: 400 + dy))
        }
        #expect(s.container.isDragging)
        #expect(abs(s.container.contentOffset.y - 90) < 1e-9)
        s.window.touchUp(id: 1)
        s.window.touchUp(id: 2)
        #expect(s.content.calls.map(\.kind) == [.began, .cancelled])
        #expect(s.content.calls.allSatisfy { $0.id == 1 })
    }

    @Test func minimumTwoTouchesALateSecondFingerDoesNotCancel() {
        let s = ScrollScene()
        s.container.minimumNumberOfTouches = 2
        s.window.touchDown(id: 1, at: Point(x: 150, y: 400))
        s.window.advance(ms: 151)
        s.window.touchDown(id: 2, at: Point(x: 250, y: 400))
        #expect(!s.content.kinds.contains(.cancelled))
        for k in 1...5 {
            s.window.advance(ms: 16)
            let dy = -20.0 * Double(k)
            s.window.touchMove(id: 1, to: Point(x: 150, y: 400 + dy))
            s.window.touchMove(id: 2, to: Point(x: 250, y: 400 + dy))
        }
        s.window.touchUp(id: 1)
        s.window.touchUp(id: 2)
        #expect(s.container.contentOffset == .zero)
        #expect(!s.content.kinds.contains(.cancelled))
        #expect(s.content.grammarHolds)
    }

    @Test func maximumOneTouchTwoFingersDoNotStartADrag() {
        let s = ScrollScene()
        s.container.maximumNumberOfTouches = 1
        s.window.touchDown(id: 1, at: Point(x: 150, y: 400))
        s.window.touchDown(id: 2, at: Point(x: 250, y: 400))
        for k in 1...5 {
            s.window.advance(ms: 16)
            let dy = -20.0 * Double(k)
            s.window.touchMove(id: 1, to: Point(x: 150, y: 400 + dy))
            s.window.touchMove(id: 2, to: Point(x: 250, y: 400 + dy))
        }
        #expect(!s.container.isDragging)
        #expect(s.container.contentOffset == .zero)
    }

    // MARK: 4 directional lock

    @Test func lockHoldsThroughTheDragAndTheDecelerationOnADiagonal() {
        let s = ScrollScene(contentSize: Size(width: 4000, height: 4000))
        s.container.isDirectionalLockEnabled = true
        var xs: Set<Double> = []
        let token = s.container.observe(\.contentOffset.x) { c, _ in xs.insert(c.contentOffset.x) }
        // Dominantly vertical at the slop crossing (6, -8 -> 10.0 exactly, then 7, -9.5), then wildly diagonal.
        s.window.touchDown(id: 1, at: p)
        s.window.advance(ms: 10)
        s.window.touchMove(id: 1, to: Point(x: 207, y: 390.5))
        #expect(s.container.isDragging)
        s.window.moveLinearly(id: 1, from: Point(x: 207, y: 390.5), to: Point(x: 20, y: 150), steps: 4, durationMS: 40)
        s.window.touchUp(id: 1)
        #expect(s.container.isDecelerating)
        #expect(abs(s.delegate.releaseVelocities.first?.x ?? 1) == 0)
        s.window.runToRest(s.container)
        #expect(xs.isEmpty)
        #expect(s.container.contentOffset.x == 0)
        #expect(s.container.contentOffset.y > 400)
        token.invalidate()
    }

    @Test func lockIsReleasedAfterTheDeceleration() {
        let s = ScrollScene(contentSize: Size(width: 4000, height: 4000))
        s.container.isDirectionalLockEnabled = true
        s.window.fling(from: Point(x: 200, y: 600), to: Point(x: 220, y: 300), steps: 4, durationMS: 50)
        s.window.runToRest(s.container)
        let y = s.container.contentOffset.y
        // Next drag is horizontal: it moves x only.
        s.window.fling(id: 2, from: Point(x: 300, y: 400), to: Point(x: 100, y: 380), steps: 4, durationMS: 50)
        s.window.runToRest(s.container)
        #expect(s.container.contentOffset.x > 100)
        #expect(s.container.contentOffset.y == y)
    }

    @Test func withoutLockA2DDragMovesFreely() {
        let s = ScrollScene(contentSize: Size(width: 4000, height: 4000))
        s.container.contentOffset = Point(x: 500, y: 500)
        dragPastSlop(s, to: Point(x: 100, y: 100))
        // |(-100, -300)| = 316.2; 10 of it was the slop, along the same direction.
        let f = (Point(x: -100, y: -300).length - 10) / Point(x: -100, y: -300).length
        #expect(abs(s.container.contentOffset.x - (500 + 100 * f)) < 1e-6)
        #expect(abs(s.container.contentOffset.y - (500 + 300 * f)) < 1e-6)
    }

    @Test func lockOnAHorizontalStartIgnoresLaterVerticalMotion() {
        let s = ScrollScene(contentSize: Size(width: 4000, height: 4000))
        s.container.isDirectionalLockEnabled = true
        s.container.contentOffset = Point(x: 500, y: 500)
        dragPastSlop(s, to: Point(x: 100, y: 390))
        #expect(s.container.contentOffset.y == 500)
        s.window.moveLinearly(id: 1, from: Point(x: 100, y: 390), to: Point(x: 100, y: 0), steps: 4, durationMS: 40)
        s.window.touchUp(id: 1)
        s.window.runToRest(s.container)
        #expect(s.container.contentOffset.y == 500)
    }
}
