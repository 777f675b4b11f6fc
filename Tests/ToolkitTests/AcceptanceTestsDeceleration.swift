// Acceptance tests, <doc:ScrollBehaviour> §5 (release, velocity, deceleration, edges, spring back, the
// willEndDragging override), measured the way an outsider can: the velocity the delegate is handed, the
// offset at lift-off and at rest, offsets seen in didScroll at the window's frame times.

import Testing
import ToolkitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@MainActor
@Suite struct AcceptanceTestsDeceleration {
    /// A tall list: nothing in these tests reaches its end unless it means to.
    func tall() -> ScrollScene { ScrollScene(contentSize: Size(width: 400, height: 40_000)) }

    /// A straight drag up at `speed` pt/s: down at y = 700, a move every `stepMS`, for `totalMS`; lifts
    /// `liftAfterMS` after the last move.
    func straightDrag(
        _ s: ScrollScene, speed: Double, stepMS: Double = 10, totalMS: Double = 300,
        liftAfterMS: Double = 0
    ) {
        let start = Point(x: 200, y: 700)
        s.window.touchDown(id: 1, at: start)
        let steps = Int((totalMS / stepMS).rounded())
        for k in 1...steps {
            s.window.advance(ms: stepMS)
            s.window.touchMove(id: 1, to: Point(x: 200, y: start.y - speed * Double(k) * stepMS / 1000))
        }
        if liftAfterMS > 0 { s.window.advance(ms: liftAfterMS) }
        s.window.touchUp(id: 1)
    }

    // MARK: velocity

    @Test func aStraight1000ptPerSecondDragReadsAs1000() {
        let s = tall()
        straightDrag(s, speed: 1000)
        #expect(s.delegate.releaseVelocities.count == 1)
        let v = s.delegate.releaseVelocities.first ?? .zero
        #expect(abs(v.y - 1000) < 1)
        #expect(v.x == 0)
    }

    @Test func aStraightDragAt60HzReadsItsSpeed() {
        let s = tall()
        straightDrag(s, speed: 1500, stepMS: 16, totalMS: 320)
        #expect(abs((s.delegate.releaseVelocities.first?.y ?? 0) - 1500) < 15)
    }

    @Test func aLiftOneFrameAfterTheLastMoveStillFlings() {
        let s = tall()
        straightDrag(s, speed: 1000, liftAfterMS: 16)
        #expect(abs((s.delegate.releaseVelocities.first?.y ?? 0) - 1000) < 1)
        #expect(s.container.isDecelerating)
    }

    @Test func aFlickOf300ptIn4EventsOver50msReadsAbout6000() {
        let s = tall()
        s.window.fling(from: Point(x: 200, y: 700), to: Point(x: 200, y: 400), steps: 4, durationMS: 50)
        let v = s.delegate.releaseVelocities.first?.y ?? 0
        #expect(abs(v - 6000) < 300, "read \(v)")
    }

    @Test func aFlickOf300ptInADownAndThreeMovesOver50msReadsAbout6000() {
        let s = tall()
        s.window.fling(from: Point(x: 200, y: 700), to: Point(x: 200, y: 400), steps: 3, durationMS: 50)
        let v = s.delegate.releaseVelocities.first?.y ?? 0
        #expect(abs(v - 6000) < 300, "read \(v)")
    }

    @Test func anAcceleratingFlickReadsItsLiftOffSpeedNotItsAverage() {
        // Position 300 (t/50ms)^2 over 50 ms: average 6000 pt/s, lift-off speed 12000 (clamped to 8000).
        let s = tall()
        s.window.touchDown(id: 1, at: Point(x: 200, y: 700))
        for k in 1...5 {
            s.window.advance(ms: 10)
            let f = Double(k) / 5
            s.window.touchMove(id: 1, to: Point(x: 200, y: 700 - 300 * f * f))
        }
        s.window.touchUp(id: 1)
        let v = s.delegate.releaseVelocities.first?.y ?? 0
        #expect(v > 7000, "read \(v)")
    }

    @Test func aPauseOf50msBeforeLiftIsNoFling() {
        let s = tall()
        straightDrag(s, speed: 2000, liftAfterMS: 50)
        #expect(s.delegate.releaseVelocities.first == .zero)
        #expect(s.delegate.milestones == ["willBeginDragging", "willEndDragging", "didEndDragging(false)"])
        #expect(!s.container.isDecelerating)
        let y = s.container.contentOffset.y
        s.window.advance(ms: 1000)
        #expect(s.container.contentOffset.y == y)
    }

    @Test func aPauseOf40msBeforeLiftStillFlings() {
        let s = tall()
        straightDrag(s, speed: 2000, liftAfterMS: 40)
        #expect(abs((s.delegate.releaseVelocities.first?.y ?? 0) - 2000) < 2)
        #expect(s.container.isDecelerating)
    }

    @Test func aPauseMidDragForgetsTheSamplesBeforeIt() {
        // Fast, a 60 ms stop, then slow at 200 pt/s for 60 ms: the release reads the slow part only.
        let s = tall()
        s.window.touchDown(id: 1, at: Point(x: 200, y: 700))
        s.window.moveLinearly(id: 1, from: Point(x: 200, y: 700), to: Point(x: 200, y: 400), steps: 5, durationMS: 50)
        s.window.advance(ms: 60)
        s.window.moveLinearly(id: 1, from: Point(x: 200, y: 400), to: Point(x: 200, y: 388), steps: 6, durationMS: 60)
        s.window.touchUp(id: 1)
        let v = s.delegate.releaseVelocities.first?.y ?? 0
        #expect(abs(v - 200) < 20, "read \(v)")
    }

    @Test func velocityIsClampedTo8000() {
        let s = tall()
        s.window.fling(from: Point(x: 200, y: 750), to: Point(x: 200, y: 50), steps: 4, durationMS: 40)
        #expect(s.delegate.releaseVelocities.first?.y == 8000)
        let t = ScrollScene(contentSize: Size(width: 400, height: 40_000))
        t.container.contentOffset = Point(x: 0, y: 20_000)
        t.window.fling(from: Point(x: 200, y: 50), to: Point(x: 200, y: 750), steps: 4, durationMS: 40)
        #expect(t.delegate.releaseVelocities.first?.y == -8000)
    }

    @Test func below50ptPerSecondIsNoFlingAbove50IsAFling() {
        for (speed, flings) in [(40.0, false), (60.0, true)] {
            let s = tall()
            s.window.touchDown(id: 1, at: Point(x: 200, y: 700))
            s.window.moveLinearly(
                id: 1, from: Point(x: 200, y: 700), to: Point(x: 200, y: 600), steps: 5, durationMS: 50)
            // Then 200 ms at `speed`, a move every 10 ms.
            for k in 1...20 {
                s.window.advance(ms: 10)
                s.window.touchMove(id: 1, to: Point(x: 200, y: 600 - speed * Double(k) / 100))
            }
            s.window.touchUp(id: 1)
            let v = s.delegate.releaseVelocities.first?.y ?? -1
            if flings {
                #expect(abs(v - speed) < 1)
                #expect(s.container.isDecelerating)
            } else {
                #expect(v == 0)
                #expect(s.delegate.milestones.last == "didEndDragging(false)")
            }
        }
    }

    // MARK: deceleration

    @Test func travelFromReleaseToRestAt1000ptPerSecondNormalIs499_5() {
        let s = tall()
        straightDrag(s, speed: 1000)
        let v = s.delegate.releaseVelocities.first?.y ?? 0
        let released = s.container.contentOffset.y
        s.window.runToRest(s.container)
        let travel = s.container.contentOffset.y - released
        #expect(abs(travel - accTravel(v, rate: 0.998)) < 0.1, "travel \(travel)")
        #expect(abs(travel - 499.5) < 0.6, "travel \(travel)")
    }

    @Test func travelFromReleaseToRestAt1000ptPerSecondFastIs99_5() {
        let s = tall()
        s.container.decelerationRate = .fast
        straightDrag(s, speed: 1000)
        let v = s.delegate.releaseVelocities.first?.y ?? 0
        let released = s.container.contentOffset.y
        s.window.runToRest(s.container)
        let travel = s.container.contentOffset.y - released
        #expect(abs(travel - accTravel(v, rate: 0.99)) < 0.1, "travel \(travel)")
        #expect(abs(travel - 99.5) < 0.2, "travel \(travel)")
    }

    @Test func travelFollowsAnyRateInsideZeroOne() {
        for rate in [0.95, 0.995, 0.999] {
            let s = tall()
            s.container.decelerationRate = DecelerationRate(rawValue: rate)
            straightDrag(s, speed: 2000)
            let v = s.delegate.releaseVelocities.first?.y ?? 0
            let released = s.container.contentOffset.y
            s.window.runToRest(s.container, limitMS: 60_000)
            let travel = s.container.contentOffset.y - released
            #expect(abs(travel - accTravel(v, rate: rate)) < 0.2, "rate \(rate): travel \(travel)")
        }
    }

    @Test func theTargetOfferedToTheDelegateIsWhereTheFlingRests() {
        let s = tall()
        straightDrag(s, speed: 1000)
        let offered = s.delegate.offeredTargets.first ?? .zero
        s.window.runToRest(s.container)
        #expect(s.container.contentOffset == offered)
    }

    @Test func decelerationFollowsTheClosedFormAtEveryFrame() {
        let s = tall()
        straightDrag(s, speed: 1000)
        let v0 = s.delegate.releaseVelocities.first?.y ?? 0
        let x0 = s.container.contentOffset.y
        let t0 = s.window.now
        var worst = 0.0
        var samples = 0
        s.delegate.onScroll = { [window = s.window] c in
            guard c.isDecelerating else { return }
            let t = accSeconds(window.now - t0)
            let r = 0.998
            let expected = x0 + v0 * (pow(r, 1000 * t) - 1) / (1000 * log(r))
            worst = max(worst, abs(c.contentOffset.y - expected))
            samples += 1
        }
        s.window.advance(ms: 1000)
        #expect(samples > 50)
        #expect(worst < 1e-6, "worst \(worst)")
    }

    @Test func decelerationIsMonotonicAndEndsOnlyWhenSlowerThan1ptPerSecond() {
        let s = tall()
        straightDrag(s, speed: 1000)
        let v0 = s.delegate.releaseVelocities.first?.y ?? 0
        let t0 = s.window.now
        var last = s.container.contentOffset.y
        var monotonic = true
        s.delegate.onScroll = { c in
            if c.contentOffset.y < last { monotonic = false }
            last = c.contentOffset.y
        }
        let spent = s.window.runToRest(s.container)
        #expect(monotonic)
        // |v| = v0 r^(1000 t) reaches 1 pt/s at t = ln(v0) / (-1000 ln r) = 3.45 s for 1000 pt/s.
        let expectedEnd = log(v0) / (-1000 * log(0.998))
        let ended = accSeconds(s.window.now - t0)
        #expect(abs(ended - expectedEnd) < 0.05, "ended after \(ended) s, spent \(spent) ms")
    }

    // MARK: edges

    @Test func aFlingIntoTheEdgeBouncesPastItAndComesBackExactly() {
        let s = ScrollScene()  // range 0...3200
        s.container.contentOffset = Point(x: 0, y: 2900)
        var peak = 0.0
        s.delegate.onScroll = { c in peak = max(peak, c.contentOffset.y) }
        straightDrag(s, speed: 3000, totalMS: 100)
        s.window.runToRest(s.container)
        #expect(peak > 3200)
        #expect(s.container.contentOffset.y == 3200)
        #expect(s.delegate.milestones.last == "didEndDecelerating")
    }

    @Test func withoutBouncesAFlingStopsAtTheEdgeExactly() {
        let s = ScrollScene()
        s.container.bounces = false
        s.container.contentOffset = Point(x: 0, y: 2900)
        var peak = 0.0
        s.delegate.onScroll = { c in peak = max(peak, c.contentOffset.y) }
        straightDrag(s, speed: 3000, totalMS: 100)
        s.window.runToRest(s.container)
        #expect(peak == 3200)
        #expect(s.container.contentOffset.y == 3200)
    }

    @Test func springBackFromAFullPullIsCriticallyDampedAndDoneWithin0_6s() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: Point(x: 200, y: 10))
        s.window.moveLinearly(id: 1, from: Point(x: 200, y: 10), to: Point(x: 200, y: 790), steps: 40, durationMS: 400)
        // Pull much further (a second finger, the first lifting): about 2000 pt past the edge in all.
        s.window.touchDown(id: 2, at: Point(x: 100, y: 10))
        s.window.touchUp(id: 1)
        s.window.moveLinearly(id: 2, from: Point(x: 100, y: 10), to: Point(x: 100, y: 790), steps: 20, durationMS: 200)
        s.window.touchDown(id: 3, at: Point(x: 300, y: 10))
        s.window.touchUp(id: 2)
        s.window.moveLinearly(id: 3, from: Point(x: 300, y: 10), to: Point(x: 300, y: 500), steps: 20, durationMS: 200)
        s.window.advance(ms: 60)
        let pulled = s.container.contentOffset.y
        #expect(pulled < -400)
        var crossed = false
        s.delegate.onScroll = { c in if c.contentOffset.y > 0 { crossed = true } }
        s.window.touchUp(id: 3)
        let spent = s.window.runToRest(s.container)
        #expect(spent <= 600, "spring back took \(spent) ms from \(pulled)")
        #expect(s.container.contentOffset.y == 0)
        #expect(!crossed)
    }

    @Test func springBackAfterAnOutwardFlickWhileOverscrolledIsDoneWithin0_6s() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: Point(x: 200, y: 100))
        s.window.moveLinearly(id: 1, from: Point(x: 200, y: 100), to: Point(x: 200, y: 400), steps: 10, durationMS: 200)
        s.window.moveLinearly(id: 1, from: Point(x: 200, y: 400), to: Point(x: 200, y: 700), steps: 4, durationMS: 50)
        s.window.touchUp(id: 1)
        #expect((s.delegate.releaseVelocities.first?.y ?? 0) < -3000)
        let spent = s.window.runToRest(s.container)
        #expect(spent <= 600, "took \(spent) ms")
        #expect(s.container.contentOffset.y == 0)
    }

    @Test func springBackAtTheBottomEndsExactlyOnTheEdge() {
        let s = ScrollScene()
        s.container.contentOffset = Point(x: 0, y: 3200)
        s.window.touchDown(id: 1, at: Point(x: 200, y: 700))
        s.window.moveLinearly(id: 1, from: Point(x: 200, y: 700), to: Point(x: 200, y: 300), steps: 10, durationMS: 200)
        s.window.advance(ms: 60)
        s.window.touchUp(id: 1)
        let spent = s.window.runToRest(s.container)
        #expect(spent <= 600)
        #expect(s.container.contentOffset.y == 3200)
    }

    // MARK: willEndDragging override

    @Test func anOverriddenTargetAheadIsReachedExactlyAndMonotonically() {
        let s = tall()
        s.delegate.retarget = { _, _ in Point(x: 0, y: 1234.5) }
        straightDrag(s, speed: 2000)
        let released = s.container.contentOffset.y
        var last = released
        var monotonic = true
        s.delegate.onScroll = { c in
            if c.contentOffset.y < last || c.contentOffset.y > 1234.5 { monotonic = false }
            last = c.contentOffset.y
        }
        s.window.runToRest(s.container)
        #expect(s.container.contentOffset == Point(x: 0, y: 1234.5))
        #expect(monotonic)
        #expect(s.delegate.milestones.last == "didEndDecelerating")
    }

    @Test func anOverriddenTargetBehindTheMotionIsReachedExactly() {
        let s = tall()
        s.delegate.retarget = { _, _ in Point(x: 0, y: 100) }
        straightDrag(s, speed: 1000)  // released near 290, moving down the content
        var last = s.container.contentOffset.y
        var monotonic = true
        s.delegate.onScroll = { c in
            if c.contentOffset.y > last || c.contentOffset.y < 100 { monotonic = false }
            last = c.contentOffset.y
        }
        s.window.runToRest(s.container)
        #expect(s.container.contentOffset.y == 100)
        #expect(monotonic)
    }

    @Test func anOverriddenTargetOnASlowReleaseIsStillReached() {
        let s = tall()
        s.delegate.retarget = { _, _ in Point(x: 0, y: 800) }
        straightDrag(s, speed: 1000, liftAfterMS: 100)  // zero velocity
        s.window.runToRest(s.container)
        #expect(s.container.contentOffset.y == 800)
    }

    @Test func aNonFiniteOverrideKeepsTheNaturalTarget() {
        let s = tall()
        s.delegate.retarget = { _, _ in Point(x: .nan, y: .infinity) }
        straightDrag(s, speed: 1000)
        let offered = s.delegate.offeredTargets.first ?? .zero
        s.window.runToRest(s.container)
        #expect(s.container.contentOffset == offered)
        #expect(s.container.contentOffset.y.isFinite)
    }

    // MARK: state values at each moment

    @Test func stateFlagsAtEveryStageOfADragAndFling() {
        let s = tall()
        let c = s.container
        #expect(!c.isTracking && !c.isDragging && !c.isDecelerating)
        s.window.touchDown(id: 1, at: Point(x: 200, y: 700))
        #expect(c.isTracking && !c.isDragging && !c.isDecelerating)
        s.window.advance(ms: 10)
        s.window.touchMove(id: 1, to: Point(x: 200, y: 680))
        #expect(c.isTracking && c.isDragging && !c.isDecelerating)
        s.window.moveLinearly(id: 1, from: Point(x: 200, y: 680), to: Point(x: 200, y: 400), steps: 4, durationMS: 40)
        s.window.touchUp(id: 1)
        #expect(!c.isTracking && !c.isDragging && c.isDecelerating)
        s.window.runToRest(c)
        #expect(!c.isTracking && !c.isDragging && !c.isDecelerating)
        // In the callbacks.
        #expect(s.delegate.states["willEndDragging"]?.dragging == true)
        #expect(
            s.delegate.states["willBeginDecelerating"]
                == RecordedState(
                    tracking: false, dragging: false,
                    decelerating: true))
        #expect(
            s.delegate.states["didEndDecelerating"]
                == RecordedState(
                    tracking: false, dragging: false,
                    decelerating: false))
    }

    @Test func stateFlagsWhileTheContentHasTheTouch() {
        let s = tall()
        let c = s.container
        s.window.touchDown(id: 1, at: Point(x: 200, y: 700))
        s.window.advance(ms: 200)
        #expect(c.isTracking && !c.isDragging && !c.isDecelerating)
        s.window.touchUp(id: 1)
        #expect(!c.isTracking)
    }
}
