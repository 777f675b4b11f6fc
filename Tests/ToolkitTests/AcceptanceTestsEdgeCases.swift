// Acceptance tests: edge cases across sections (re-entrant delegates, settings changed mid-gesture, views
// removed from inside callbacks, coordinates of a container that is not at the window origin). Public API only.

import Testing
import ToolkitCore

@MainActor
@Suite struct AcceptanceTestsEdgeCases {
    let p = Point(x: 200, y: 400)

    @Test func liftExactlyAtTheDelayIsOneTap() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: p)
        s.window.advance(ms: 150)
        s.window.touchUp(id: 1)
        #expect(s.content.kinds == [.began, .ended])
        #expect(s.content.grammarHolds)
    }

    @Test func scrollDisabledMidDragWhileOverscrolledStillRestsInRange() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: p)
        s.window.moveLinearly(id: 1, from: p, to: Point(x: 200, y: 700), steps: 10, durationMS: 160)
        #expect(s.container.contentOffset.y < -50)
        s.container.isScrollEnabled = false
        #expect(!s.container.isDragging)
        s.window.advance(ms: 1000)
        s.window.touchUp(id: 1)
        s.window.advance(ms: 1000)
        #expect(s.container.contentOffset.y == 0)
        #expect(s.content.calls.isEmpty)
    }

    @Test func scrollDisabledLetsTouchesThroughToTheContentAtOnce() {
        let s = ScrollScene()
        s.container.isScrollEnabled = false
        s.window.touchDown(id: 1, at: p)
        #expect(s.content.kinds == [.began])
        s.window.moveLinearly(id: 1, from: p, to: Point(x: 200, y: 100), steps: 5, durationMS: 50)
        s.window.touchUp(id: 1)
        #expect(s.content.kinds == [.began, .ended])
        #expect(s.container.contentOffset == .zero)
    }

    @Test func contentShrunkDuringADecelerationStillRestsInTheNewRange() {
        let s = ScrollScene(contentSize: Size(width: 400, height: 40_000))
        s.window.fling(from: Point(x: 200, y: 700), to: Point(x: 200, y: 300), steps: 4, durationMS: 50)
        s.window.advance(ms: 200)
        s.container.contentSize = Size(width: 400, height: 1000)  // range 0...200
        s.window.runToRest(s.container)
        s.window.advance(ms: 1000)
        #expect(s.container.contentOffset.y == 200)
        #expect(!s.container.isDecelerating)
    }

    @Test func contentResizedDuringADragDoesNotJump() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: p)
        s.window.moveLinearly(id: 1, from: p, to: Point(x: 200, y: 200), steps: 5, durationMS: 80)
        let y = s.container.contentOffset.y
        s.container.contentSize = Size(width: 400, height: 8000)
        #expect(s.container.contentOffset.y == y)
        s.window.advance(ms: 16)
        s.window.touchMove(id: 1, to: Point(x: 200, y: 190))
        #expect(abs(s.container.contentOffset.y - (y + 10)) < 1e-9)
    }

    @Test func aTapDuringAnAnimatedSetStopsItAndIsNotDelivered() {
        let s = ScrollScene()
        s.container.setContentOffset(Point(x: 0, y: 1000), animated: true)
        s.window.advance(ms: 100)
        s.window.touchDown(id: 1, at: p)
        let caught = s.container.contentOffset.y
        #expect(caught > 0 && caught < 1000)
        s.window.advance(ms: 40)
        s.window.touchUp(id: 1)
        s.window.advance(ms: 1000)
        #expect(s.container.contentOffset.y == caught)
        #expect(s.content.calls.isEmpty)
    }

    @Test func aDelegateClampingInDidScrollDisablesTheTopBounceWithoutLooping() {
        let s = ScrollScene()
        s.delegate.onScroll = { c in
            if c.contentOffset.y < 0 { c.contentOffset = Point(x: c.contentOffset.x, y: 0) }
        }
        s.window.touchDown(id: 1, at: p)
        s.window.moveLinearly(id: 1, from: p, to: Point(x: 200, y: 700), steps: 10, durationMS: 160)
        #expect(s.container.contentOffset.y == 0)
        s.window.moveLinearly(id: 1, from: Point(x: 200, y: 700), to: Point(x: 200, y: 600), steps: 2, durationMS: 32)
        // The drag continues from the clamped offset: 100 pt up scrolls the content 100 pt.
        #expect(abs(s.container.contentOffset.y - 100) < 1e-9)
        s.window.touchUp(id: 1)
        s.window.runToRest(s.container)
        #expect(s.container.contentOffset.y >= 0)
        #expect(s.delegate.didScrollCount < 1000)
    }

    @Test func anAnimatedSetFromDidEndDeceleratingRunsToItsEnd() {
        let s = ScrollScene(contentSize: Size(width: 400, height: 40_000))
        final class Chaining: ScrollContainerDelegate {
            var ended = 0
            func scrollContainerDidEndDecelerating(_ c: ScrollContainer) {
                c.setContentOffset(Point(x: 0, y: 0), animated: true)
            }
            func scrollContainerDidEndScrollingAnimation(_ c: ScrollContainer) { ended += 1 }
        }
        let chaining = Chaining()
        s.container.delegate = chaining
        s.window.fling(from: Point(x: 200, y: 700), to: Point(x: 200, y: 400), steps: 4, durationMS: 50)
        s.window.runToRest(s.container)
        s.window.advance(ms: 500)
        #expect(s.container.contentOffset.y == 0)
        #expect(chaining.ended == 1)
    }

    @Test func removingTheContainerFromDidScrollDuringADecelerationIsSafe() {
        let s = ScrollScene()
        var removed = false
        s.delegate.onScroll = { c in
            if c.isDecelerating && !removed {
                removed = true
                c.removeFromSuperview()
            }
        }
        s.window.fling(from: Point(x: 200, y: 700), to: Point(x: 200, y: 400), steps: 4, durationMS: 50)
        s.window.advance(ms: 1000)
        #expect(removed)
        #expect(!s.container.isDecelerating)
        let y = s.container.contentOffset.y
        s.window.advance(ms: 500)
        #expect(s.container.contentOffset.y == y)
    }

    @Test func aContentViewThatRemovesItselfWhenTouchedIsCancelledOnce() {
        final class Leaving: View {
            var kinds: [String] = []
            override func touchesBegan(_ touches: [Touch]) {
                kinds.append("began")
                removeFromSuperview()
            }
            override func touchesMoved(_ touches: [Touch]) { kinds.append("moved") }
            override func touchesEnded(_ touches: [Touch]) { kinds.append("ended") }
            override func touchesCancelled(_ touches: [Touch]) { kinds.append("cancelled") }
        }
        let s = ScrollScene()
        let leaving = Leaving(frame: Rect(x: 100, y: 300, width: 200, height: 200))
        s.content.addSubview(leaving)
        s.window.touchDown(id: 1, at: p)
        s.window.advance(ms: 200)
        s.window.touchMove(id: 1, to: Point(x: 200, y: 395))
        s.window.touchUp(id: 1)
        #expect(leaving.kinds == ["began", "cancelled"])
    }

    @Test func aQuickTapOnAViewThatRemovesItselfWhenTouchedIsCancelledNotEnded() {
        final class Leaving: View {
            var kinds: [String] = []
            override func touchesBegan(_ touches: [Touch]) {
                kinds.append("began")
                removeFromSuperview()
            }
            override func touchesEnded(_ touches: [Touch]) { kinds.append("ended") }
            override func touchesCancelled(_ touches: [Touch]) { kinds.append("cancelled") }
        }
        let s = ScrollScene()
        let leaving = Leaving(frame: Rect(x: 100, y: 300, width: 200, height: 200))
        s.content.addSubview(leaving)
        s.window.touchDown(id: 1, at: p)
        s.window.advance(ms: 30)
        s.window.touchUp(id: 1)
        #expect(leaving.kinds.count == 2)
        #expect(leaving.kinds.first == "began")
    }

    @Test func touchLocationsConvertThroughAnOffsetContainerAwayFromTheOrigin() {
        let window = HeadlessWindow(size: Size(width: 800, height: 800))
        let c = ScrollContainer(frame: Rect(x: 50, y: 100, width: 400, height: 600))
        c.contentSize = Size(width: 400, height: 3000)
        let probe = RecordingView(frame: Rect(x: 0, y: 0, width: 400, height: 3000))
        c.addSubview(probe)
        window.rootView.addSubview(c)
        c.contentOffset = Point(x: 0, y: 300)
        var local: Point?
        final class Locating: View {
            var onBegan: ((Touch) -> Void)?
            override func touchesBegan(_ touches: [Touch]) { if let t = touches.first { onBegan?(t) } }
        }
        let target = Locating(frame: Rect(x: 0, y: 300, width: 100, height: 100))
        target.onBegan = { [unowned target] t in local = t.location(in: target) }
        probe.addSubview(target)
        window.touchDown(id: 1, at: Point(x: 60, y: 110))
        window.touchUp(id: 1)
        #expect(local == Point(x: 10, y: 10))
        #expect(c.convert(Point(x: 0, y: 300), to: nil) == Point(x: 50, y: 100))
        // A touch outside the container's frame does not reach it.
        window.touchDown(id: 2, at: Point(x: 500, y: 110))
        window.moveLinearly(id: 2, from: Point(x: 500, y: 110), to: Point(x: 500, y: 10), steps: 4, durationMS: 40)
        window.touchUp(id: 2)
        #expect(c.contentOffset.y == 300)
    }

    @Test func contentWithInteractionDisabledStillScrollsTheContainer() {
        let s = ScrollScene()
        s.content.isUserInteractionEnabled = false
        s.window.touchDown(id: 1, at: p)
        s.window.moveLinearly(id: 1, from: p, to: Point(x: 200, y: 200), steps: 5, durationMS: 80)
        #expect(s.container.isDragging)
        s.window.touchUp(id: 1)
        #expect(s.content.calls.isEmpty)
    }

    @Test func pagingWithATargetOverrideRestsOnAPageOrTheTarget() {
        // <doc:ScrollBehaviour> §1 (at rest on a page boundary when paging) and §5 (the deceleration ends exactly at
        // the delegate's target) meet here; whichever wins, the rest is exact and the sequence ends once.
        let s = ScrollScene(contentSize: Size(width: 1200, height: 800))
        s.container.isPagingEnabled = true
        s.delegate.retarget = { _, _ in Point(x: 800, y: 0) }
        s.window.fling(from: Point(x: 300, y: 400), to: Point(x: 240, y: 400), steps: 4, durationMS: 50)
        s.window.runToRest(s.container)
        #expect(s.container.contentOffset == Point(x: 800, y: 0))
        #expect(s.delegate.milestones.filter { $0 == "didEndDecelerating" }.count == 1)
    }

    @Test func twoSequencesBackToBackGiveTwoCompleteDelegateSequences() {
        let s = ScrollScene(contentSize: Size(width: 400, height: 40_000))
        s.window.fling(from: Point(x: 200, y: 700), to: Point(x: 200, y: 400), steps: 4, durationMS: 50)
        s.window.advance(ms: 100)
        s.window.fling(id: 2, from: Point(x: 200, y: 700), to: Point(x: 200, y: 400), steps: 4, durationMS: 50)
        s.window.runToRest(s.container)
        // Whether a caught deceleration reports didEndDecelerating is not specified; both drags are complete.
        let m = s.delegate.milestones
        #expect(
            Array(m.prefix(4)) == [
                "willBeginDragging", "willEndDragging", "didEndDragging(true)",
                "willBeginDecelerating"
            ])
        #expect(
            Array(m.suffix(5)) == [
                "willBeginDragging", "willEndDragging", "didEndDragging(true)",
                "willBeginDecelerating", "didEndDecelerating"
            ])
        #expect(m.filter { $0 == "willBeginDragging" }.count == 2)
    }

    @Test func inTheContentStateExactlyTheSlopIsAMoveAndJustPastItCancels() {
        let s = ScrollScene()
        s.container.delaysContentTouches = false
        s.window.touchDown(id: 1, at: p)
        s.window.advance(ms: 16)
        s.window.touchMove(id: 1, to: Point(x: 200, y: 410))  // exactly 10 pt
        #expect(s.content.calls.map(\.kind) == [.began, .moved])
        #expect(!s.container.isDragging)
        s.window.advance(ms: 16)
        s.window.touchMove(id: 1, to: Point(x: 200, y: 410.01))
        #expect(s.content.calls.map(\.kind) == [.began, .moved, .cancelled])
        #expect(s.container.isDragging)
        #expect(abs(s.container.contentOffset.y - -0.01 * 0.55) < 1e-4)  // a hair into the rubber band
    }

    @Test func aContainerThatLetsDragsCancelControlsTakesTheTouchFromAControl() {
        final class Cancelling: ScrollContainer {
            override func touchesShouldCancel(in view: View) -> Bool { true }
        }
        let s = ScrollScene(container: Cancelling(frame: .zero))
        let control = RecordingControl(frame: Rect(x: 100, y: 300, width: 200, height: 200))
        s.content.addSubview(control)
        s.window.touchDown(id: 1, at: p)
        s.window.advance(ms: 200)
        s.window.moveLinearly(id: 1, from: p, to: Point(x: 200, y: 200), steps: 5, durationMS: 80)
        s.window.touchUp(id: 1)
        #expect(control.kinds == [.began, .cancelled])
        #expect(s.container.contentOffset.y > 0)
    }
}
