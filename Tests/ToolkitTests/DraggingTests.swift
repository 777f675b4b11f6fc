// <doc:ScrollBehaviour> §3: dragging, rubber band, multi-touch, touch counts.

import Testing

@testable import ToolkitCore

@MainActor @Suite struct DraggingTests {
    let start = Point(x: 200, y: 400)

    @Test func rule3_1_contentFollowsTheFingerOneToOne() {
        let s = ScrollScene()
        s.window.drag(from: start, to: start - Point(x: 0, y: 50), steps: 5, durationMS: 50, lift: false)
        let before = s.container.contentOffset.y
        s.window.advance(ms: 10)
        s.window.touchMove(id: 1, to: start - Point(x: 0, y: 107))
        #expect(near(s.container.contentOffset.y - before, 57))
        s.window.advance(ms: 10)
        s.window.touchMove(id: 1, to: start - Point(x: 0, y: 80))
        #expect(near(s.container.contentOffset.y - before, 30))
    }

    @Test func rule3_2_rubberBandPastTheEdge() {
        // d = 800, finger 100 pt past the top edge.
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: start)
        s.window.advance(ms: 10)
        s.window.touchMove(id: 1, to: start + Point(x: 0, y: 110))  // crosses the slop at 10: 100 pt past the edge
        let expected = (1 - 1 / (100 * 0.55 / 800 + 1)) * 800
        #expect(near(-s.container.contentOffset.y, expected, 1e-6))
        #expect(near(-s.container.contentOffset.y, 51.1, 0.5))
        #expect(near(RubberBand.displayed(overscroll: 100, dimension: 800), expected, 1e-9))
    }

    @Test func rule3_2_withoutBouncesTheOffsetIsClamped() {
        let s = ScrollScene()
        s.container.bounces = false
        s.window.drag(from: start, to: start + Point(x: 0, y: 200), steps: 10, durationMS: 100, lift: false)
        #expect(s.container.contentOffset.y == 0)
        s.window.moveLinearly(
            id: 1, from: start + Point(x: 0, y: 200), to: start + Point(x: 0, y: 150),
            steps: 2, durationMS: 20)
        #expect(s.container.contentOffset.y == 0)  // the finger is still past the edge
        s.window.touchUp(id: 1)
    }

    @Test func rule3_3_aJoiningFingerMakesNoJumpAndTwoFingersScrollOnce() {
        let s = ScrollScene()
        s.window.drag(from: start, to: start - Point(x: 0, y: 60), steps: 6, durationMS: 60, lift: false)
        let a = s.container.contentOffset
        s.window.touchDown(id: 2, at: Point(x: 300, y: 200))  // far from finger 1: the centroid jumps
        #expect(s.container.contentOffset == a)
        // Both move up by 50 in one frame.
        s.window.advance(ms: 10)
        s.window.touchMove([(id: 1, point: start - Point(x: 0, y: 110)), (id: 2, point: Point(x: 300, y: 150))])
        #expect(near(s.container.contentOffset.y - a.y, 50))
        // Finger 2 leaves: no jump; finger 1 drives alone.
        let b = s.container.contentOffset
        s.window.touchUp(id: 2)
        #expect(s.container.contentOffset == b)
        s.window.advance(ms: 10)
        s.window.touchMove(id: 1, to: start - Point(x: 0, y: 130))
        #expect(near(s.container.contentOffset.y - b.y, 20))
        #expect(s.container.isDragging)
    }

    @Test func rule3_3_twoFingersMovingInSeparateFramesStillScrollOnce() {
        let s = ScrollScene()
        s.window.drag(from: start, to: start - Point(x: 0, y: 60), steps: 6, durationMS: 60, lift: false)
        s.window.touchDown(id: 2, at: Point(x: 100, y: 500))
        let a = s.container.contentOffset.y
        for k in 1...10 {
            s.window.advance(ms: 8)
            s.window.touchMove(id: 1, to: start - Point(x: 0, y: 60 + Double(k) * 4))
            s.window.touchMove(id: 2, to: Point(x: 100, y: 500 - Double(k) * 4))
        }
        #expect(near(s.container.contentOffset.y - a, 40))
    }

    @Test func rule3_4_minimumTwoTouchesSendsOneFingerToTheContentAtOnce() {
        let s = ScrollScene()
        s.container.minimumNumberOfTouches = 2
        s.window.touchDown(id: 1, at: start)
        #expect(s.content.calls.map(\.kind) == [.began])  // no delay, even with delaysContentTouches
        s.window.moveLinearly(id: 1, from: start, to: start - Point(x: 0, y: 200), steps: 10, durationMS: 100)
        s.window.touchUp(id: 1)
        #expect(s.content.summary == [.began, .moved, .ended])
        #expect(s.container.contentOffset == .zero)
    }

    @Test func rule3_4_secondFingerWithinTheDelayCancelsAndTwoFingersScroll() {
        let s = ScrollScene()
        s.container.minimumNumberOfTouches = 2
        s.window.touchDown(id: 1, at: start)
        s.window.advance(ms: 100)
        s.window.touchDown(id: 2, at: start + Point(x: 60, y: 0))
        #expect(s.content.calls.map(\.kind) == [.began, .cancelled])
        for k in 1...8 {
            s.window.advance(ms: 10)
            s.window.touchMove([
                (id: 1, point: start - Point(x: 0, y: Double(k) * 10)),
                (id: 2, point: start + Point(x: 60, y: -Double(k) * 10))
            ])
        }
        #expect(s.container.isDragging)
        #expect(near(s.container.contentOffset.y, 70))  // 80 pt, minus the 10 pt slop
        s.window.touchUp(id: 1)
        s.window.touchUp(id: 2)
        #expect(s.content.calls.count == 2)  // finger 2 never reached the content
    }

    @Test func rule3_4_laterSecondFingerDoesNotCancelTheContentTouch() {
        let s = ScrollScene()
        s.container.minimumNumberOfTouches = 2
        s.window.touchDown(id: 1, at: start)
        s.window.advance(ms: 200)
        s.window.touchDown(id: 2, at: start + Point(x: 60, y: 0))
        for k in 1...8 {
            s.window.advance(ms: 10)
            s.window.touchMove([
                (id: 1, point: start - Point(x: 0, y: Double(k) * 10)),
                (id: 2, point: start + Point(x: 60, y: -Double(k) * 10))
            ])
        }
        s.window.touchUp(id: 1)
        s.window.touchUp(id: 2)
        #expect(s.container.contentOffset == .zero)
        #expect(!s.content.calls.contains { $0.kind == .cancelled })
        #expect(s.content.grammarViolation(requireEnded: true) == nil)
        #expect(s.content.calls.filter { $0.kind == .began }.count == 2)
    }

    @Test func rule3_4_maximumTouchesLimitsWhoStartsADrag() {
        let s = ScrollScene()
        s.container.maximumNumberOfTouches = 1
        s.window.touchDown(id: 1, at: start)
        s.window.touchDown(id: 2, at: start + Point(x: 50, y: 0))
        for k in 1...5 {
            s.window.advance(ms: 10)
            s.window.touchMove([
                (id: 1, point: start - Point(x: 0, y: Double(k) * 10)),
                (id: 2, point: start + Point(x: 50, y: -Double(k) * 10))
            ])
        }
        #expect(!s.container.isDragging)
        s.window.touchUp(id: 2)
        s.window.advance(ms: 10)
        s.window.touchMove(id: 1, to: start - Point(x: 0, y: 100))
        #expect(s.container.isDragging)
    }
}
