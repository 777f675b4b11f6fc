// Fling acceleration (<doc:ScrollBehaviour> §5): a drag that catches a fling faster than 300 pt/s along an axis and is
// released as a fling in the same direction on that axis within 0.5 s of the catch adds the caught velocity (at
// the catch) to its own, before the 8000 pt/s clamp and before the delegate sees it. Each rule and each exclusion
// through a HeadlessWindow's touches, then the rule itself.

import Testing

@testable import ToolkitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@MainActor
@Suite struct FlingAccelerationTests {
    /// A tall and wide list from offset (5000, 20000), so flings in any direction stay clear of the edges.
    func scene() -> ScrollScene {
        let s = ScrollScene(contentSize: Size(width: 20_000, height: 60_000))
        s.container.contentOffset = Point(x: 5000, y: 20_000)
        return s
    }

    /// A flick from the middle of the window at `velocity` (pt/s of finger motion) for `ms`, a move every 10 ms,
    /// lifted right after the last move. The content moves at -velocity.
    func flick(_ s: ScrollScene, _ velocity: Point, ms: Int = 100) {
        let start = Point(x: 200, y: 400)
        s.window.touchDown(id: 1, at: start)
        for k in 1...(ms / 10) {
            s.window.advance(ms: 10)
            s.window.touchMove(id: 1, to: start + velocity * (Double(k) * 0.01))
        }
        s.window.touchUp(id: 1)
    }

    /// Whether the delegate was handed `expected`, to rounding (the tracker's fit of a straight drag).
    func nearly(_ handed: Point?, _ expected: Point) -> Bool {
        guard let handed else { return false }
        return abs(handed.x - expected.x) < 1e-6 && abs(handed.y - expected.y) < 1e-6
    }

    /// The velocity of a natural deceleration released at `v0` (pt/s), `ms` later, at the normal rate.
    func decayed(_ v0: Double, afterMS ms: Double) -> Double {
        v0 * pow(DecelerationRate.normal.rawValue, ms)
    }

    // MARK: the rule

    @Test func aFlickCatchingAFastFlingInItsDirectionAddsTheCaughtVelocity() {
        let s = scene()
        flick(s, Point(x: 0, y: -2000))  // content moves down at 2000 pt/s
        #expect(nearly(s.delegate.releaseVelocities.last, Point(x: 0, y: 2000)))
        s.window.advance(ms: 100)  // caught 100 ms into the fling
        flick(s, Point(x: 0, y: -2000))
        let caught = decayed(2000, afterMS: 100)  // 1637.4 pt/s
        let handed = s.delegate.releaseVelocities.last ?? .zero
        #expect(abs(handed.y - (2000 + caught)) < 1e-6, "handed \(handed.y)")
        #expect(handed.x == 0)
        // The deceleration starts from the sum, and the offered target is its landing point.
        let released = s.container.contentOffset.y
        s.window.runToRest(s.container)
        let travel = s.container.contentOffset.y - released
        #expect(abs(travel - (2000 + caught) / DecelerationRate.normal.decayConstant) < 0.01)
    }

    @Test func repeatedFlicksKeepAddingUpToTheClamp() {
        let s = scene()
        flick(s, Point(x: 0, y: 3000))  // content moves up
        for _ in 0..<3 {
            s.window.advance(ms: 50)
            flick(s, Point(x: 0, y: 3000))
        }
        let handed = s.delegate.releaseVelocities.map(\.y)
        #expect(abs(handed[0] + 3000) < 1e-6)
        #expect(abs(handed[1] - (-3000 - decayed(3000, afterMS: 50))) < 1e-6)
        // The third flick catches more than 4700 pt/s: the sum passes 8000 and is clamped before the delegate.
        #expect(handed[2] == -8000 && handed[3] == -8000)
    }

    @Test func theSumIsClampedBeforeTheDelegateSeesIt() {
        let s = scene()
        flick(s, Point(x: 0, y: -6000), ms: 50)
        s.window.advance(ms: 20)
        flick(s, Point(x: 0, y: -5000), ms: 50)
        #expect(s.delegate.releaseVelocities.last == Point(x: 0, y: 8000))
    }

    @Test func eachAxisAcceleratesOnItsOwn() {
        // A diagonal fling caught by a flick that goes the same way on y and the other way on x.
        let s = scene()
        flick(s, Point(x: -1500, y: -2500))
        s.window.advance(ms: 60)
        flick(s, Point(x: 1000, y: -1000))
        let handed = s.delegate.releaseVelocities.last ?? .zero
        #expect(abs(handed.y - (1000 + decayed(2500, afterMS: 60))) < 1e-6)
        #expect(abs(handed.x + 1000) < 1e-6)
    }

    @Test func aReleaseExactlyHalfASecondAfterTheCatchStillAccelerates() {
        let s = scene()
        flick(s, Point(x: 0, y: -2000))
        s.window.advance(ms: 100)
        flick(s, Point(x: 0, y: -400), ms: 500)  // catch at the touch-down, release 500 ms later
        #expect(abs((s.delegate.releaseVelocities.last?.y ?? 0) - (400 + decayed(2000, afterMS: 100))) < 1e-6)
    }

    // MARK: the exclusions

    @Test func anOppositeFlickDoesNotAccelerate() {
        let s = scene()
        flick(s, Point(x: 0, y: -2000))
        s.window.advance(ms: 100)
        flick(s, Point(x: 0, y: 2000))
        #expect(nearly(s.delegate.releaseVelocities.last, Point(x: 0, y: -2000)))
    }

    @Test func aFlingAt300ptPerSecondOrSlowerDoesNotAccelerate() {
        // 2000 pt/s at the normal rate is down to 300 pt/s after ln(2000/300)/k = 947.6 ms.
        let s = scene()
        flick(s, Point(x: 0, y: -2000))
        s.window.advance(ms: 960)
        #expect(s.container.isDecelerating)
        flick(s, Point(x: 0, y: -2000))
        #expect(nearly(s.delegate.releaseVelocities.last, Point(x: 0, y: 2000)))
        // The same catch 100 ms earlier, above 300 pt/s, does accelerate.
        let t = scene()
        flick(t, Point(x: 0, y: -2000))
        t.window.advance(ms: 860)
        flick(t, Point(x: 0, y: -2000))
        #expect(abs((t.delegate.releaseVelocities.last?.y ?? 0) - (2000 + decayed(2000, afterMS: 860))) < 1e-6)
    }

    @Test func aDragLongerThanHalfASecondDoesNotAccelerate() {
        let s = scene()
        flick(s, Point(x: 0, y: -2000))
        s.window.advance(ms: 100)
        flick(s, Point(x: 0, y: -400), ms: 510)
        #expect(nearly(s.delegate.releaseVelocities.last, Point(x: 0, y: 400)))
    }

    @Test func aReleaseThatIsNoFlingDoesNotAccelerate() {
        // Caught, dragged the same way, then held still 50 ms before lifting: no fling of its own, none added.
        let s = scene()
        flick(s, Point(x: 0, y: -2000))
        s.window.advance(ms: 100)
        s.window.touchDown(id: 1, at: Point(x: 200, y: 400))
        s.window.moveLinearly(id: 1, from: Point(x: 200, y: 400), to: Point(x: 200, y: 300), steps: 5, durationMS: 50)
        s.window.advance(ms: 50)
        s.window.touchUp(id: 1)
        #expect(s.delegate.releaseVelocities.last == .zero)
        #expect(!s.container.isDecelerating)
    }

    @Test func aSettlingMotionIsNoFlingToCatch() {
        // An animated setContentOffset moving fast is caught; the flick that follows keeps its own speed.
        let s = scene()
        s.container.setContentOffset(Point(x: 5000, y: 30_000), animated: true)
        s.window.advance(ms: 50)
        #expect(!s.container.isDecelerating)
        #expect(s.container.contentOffset.y > 20_000 && s.container.contentOffset.y < 30_000)
        flick(s, Point(x: 0, y: -2000))
        #expect(nearly(s.delegate.releaseVelocities.last, Point(x: 0, y: 2000)))
    }

    @Test func aLaterSequenceDoesNotInheritACatch() {
        // A tap stops the fling; a new flick after it catches nothing and keeps its own speed.
        let s = scene()
        flick(s, Point(x: 0, y: -2000))
        s.window.advance(ms: 100)
        s.window.touchDown(id: 1, at: Point(x: 200, y: 400))
        s.window.advance(ms: 30)
        s.window.touchUp(id: 1)
        #expect(!s.container.isDecelerating)
        s.window.advance(ms: 30)
        flick(s, Point(x: 0, y: -2000))
        #expect(nearly(s.delegate.releaseVelocities.last, Point(x: 0, y: 2000)))
    }

    // MARK: the rule as a value

    @Test func theRuleAlone() {
        let caught = FlingAcceleration(caughtVelocity: Point(x: -300, y: 1200), catchTime: .seconds(1))
        let at = Duration.seconds(1) + .milliseconds(200)
        #expect(caught.releaseVelocity(measured: Point(x: -900, y: 700), releasedAt: at) == Point(x: -900, y: 1900))
        #expect(caught.releaseVelocity(measured: Point(x: 0, y: 49), releasedAt: at) == Point(x: 0, y: 49))
        #expect(caught.releaseVelocity(measured: Point(x: 0, y: 50), releasedAt: at) == Point(x: 0, y: 1250))
        #expect(caught.releaseVelocity(measured: Point(x: 0, y: -700), releasedAt: at) == Point(x: 0, y: -700))
        #expect(
            caught.releaseVelocity(measured: Point(x: 0, y: 700), releasedAt: .milliseconds(1501))
                == Point(x: 0, y: 700))
        #expect(
            caught.releaseVelocity(measured: Point(x: 0, y: 700), releasedAt: .milliseconds(1500))
                == Point(x: 0, y: 1900))
        #expect(caught.releaseVelocity(measured: Point(x: .nan, y: 700), releasedAt: at).x.isNaN)
    }
}
