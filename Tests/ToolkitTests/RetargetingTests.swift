// <doc:ScrollBehaviour> §15, retargeting: `setContentOffset(_:animation:)` with `.none`, `.easeOut(duration:)` and
// `.spring(response:dampingRatio:)`; a spring started while the content moves keeps its velocity.

import Foundation
import Testing

@testable import ToolkitCore

@MainActor @Suite struct RetargetingTests {
    // MARK: - The spring itself

    @Test func criticalSpringMatchesTheCriticallyDampedSpringOfTheSameFrequency() {
        // Response 0.5 s: w0 = 2π / 0.5 = 12.566/s.
        let damped = DampedSpringSimulation(position: 300, velocity: -900, target: 0, response: 0.5, dampingRatio: 1)
        let critical = SpringSimulation(position: 300, velocity: -900, target: 0, angularFrequency: 4 * Double.pi)
        #expect(abs(damped.angularFrequency - 4 * Double.pi) < 1e-12)
        for t in stride(from: 0.0, through: 1.5, by: 0.05) {
            #expect(abs(damped.position(at: t) - critical.position(at: t)) < 1e-9, "t \(t)")
            #expect(abs(damped.velocity(at: t) - critical.velocity(at: t)) < 1e-9, "t \(t)")
        }
    }

    @Test func responseIsTheUndampedPeriodAndDampingRatioShapesTheRing() {
        // z = 0.2, T = 0.4 s: w0 = 15.708/s, wd = w0 sqrt(1 - 0.04) = 15.390/s. From rest, the offset crosses the
        // target every π / wd = 0.20413 s (the first crossing solves tan(wd t) = -wd / (z w0): t = 0.11515 s).
        let s = DampedSpringSimulation(position: 100, velocity: 0, target: 0, response: 0.4, dampingRatio: 0.2)
        let w0 = 2 * Double.pi / 0.4
        let wd = w0 * (1 - 0.04).squareRoot()
        let first = (Double.pi - atan(wd / (0.2 * w0))) / wd
        #expect(abs(first - 0.11515) < 1e-4)
        #expect(abs(s.position(at: first)) < 1e-9)
        #expect(abs(s.position(at: first + Double.pi / wd)) < 1e-9)
        // Overshoot past the target after the first crossing: e^(-z π / sqrt(1 - z²)) = 52.7 % of the start.
        let peak = s.position(at: Double.pi / wd)
        #expect(abs(peak + 100 * exp(-0.2 * Double.pi / (1 - 0.04).squareRoot())) < 1e-6)
        #expect(abs(peak + 52.66) < 0.01)
        // It comes to rest exactly on the target, within half a point and 1 pt/s before that.
        #expect(s.position(at: s.duration) == 0 && s.velocity(at: s.duration) == 0)
        #expect(abs(s.position(at: s.duration - 1e-6)) < 0.5 && abs(s.velocity(at: s.duration - 1e-6)) < 1)
    }

    @Test func overdampedCreepsWithoutOvershootAndSettles() {
        let s = DampedSpringSimulation(position: 0, velocity: 0, target: 500, response: 0.3, dampingRatio: 3)
        var last = 0.0
        for i in 0...Int(s.duration * 1000) {
            let x = s.position(at: Double(i) / 1000)
            #expect(x <= 500 + 1e-9 && x >= last - 1e-9)
            last = x
        }
        #expect(s.isDone(at: s.duration) && s.position(at: s.duration) == 500)
        #expect(abs(s.position(at: s.duration - 1e-6) - 500) < 0.5)
    }

    @Test func startsAtItsPositionWithItsVelocity() {
        for z in [0.3, 1, 2.5] {
            let s = DampedSpringSimulation(position: 40, velocity: 1234, target: 900, response: 0.6, dampingRatio: z)
            #expect(abs(s.position(at: 0) - 40) < 1e-9, "z \(z)")
            #expect(abs(s.velocity(at: 0) - 1234) < 1e-9, "z \(z)")
            // The velocity is the derivative of the position (central difference).
            let h = 1e-6
            let t = 0.07
            let numeric = (s.position(at: t + h) - s.position(at: t - h)) / (2 * h)
            #expect(abs(numeric - s.velocity(at: t)) < 1e-3, "z \(z)")
        }
    }

    @Test func badParametersReadAsDocumented() {
        let s = DampedSpringSimulation(position: 0, velocity: .nan, target: 100, response: -1, dampingRatio: .nan)
        #expect(s.angularFrequency == 4 * Double.pi && s.dampingRatio == 1 && s.startVelocity == 0)
        let undamped = DampedSpringSimulation(position: 0, velocity: 0, target: 100, response: 0.5, dampingRatio: 0)
        #expect(undamped.dampingRatio == 1)
        let tiny = DampedSpringSimulation(position: 0, velocity: 0, target: 100, response: 0.5, dampingRatio: 1e-9)
        #expect(tiny.dampingRatio == 0.05 && tiny.duration.isFinite)
    }

    // MARK: - Through the container

    /// A fling down the content (finger up), released at about 3000 pt/s.
    private func fling(_ s: ScrollScene) {
        s.window.drag(from: Point(x: 200, y: 700), to: Point(x: 200, y: 400), steps: 10, durationMS: 100)
    }

    @Test func aSpringStartedDuringAFlingKeepsItsPositionAndVelocity() {
        let s = ScrollScene(contentSize: Size(width: 400, height: 40_000))
        fling(s)
        s.window.advance(ms: 100)
        #expect(s.container.isDecelerating)
        let now = s.window.now
        let before = s.container.contentOffset
        let velocity = s.container.motion.velocity(at: now)
        #expect(velocity.y > 1500)
        // Retarget behind the content: the spring first carries on forward, then turns back.
        s.container.setContentOffset(
            Point(x: 0, y: 200),
            animation: .spring(
                response: .milliseconds(500),
                dampingRatio: 1))
        #expect(s.container.contentOffset == before)  // no jump
        let after = s.container.motion.velocity(at: now)
        #expect(abs(after.y - velocity.y) < 1e-6)  // no stop
        #expect(!s.container.isDecelerating)
        // The next frame moves on in the fling's direction, exactly along the spring that starts here with the
        // fling's velocity (now = 0.2 s is a frame time, the next frame 1/60 s later).
        let y0 = s.container.contentOffset.y
        s.window.advance(ms: 1000.0 / 60)
        let step = s.container.contentOffset.y - y0
        let spring = DampedSpringSimulation(
            position: y0, velocity: velocity.y, target: 200, response: 0.5,
            dampingRatio: 1)
        #expect(step > 0)
        #expect(abs(s.container.contentOffset.y - spring.position(at: 1.0 / 60)) < 1e-6)
        s.window.advance(ms: 3000)
        #expect(s.container.contentOffset.y == 200)
        #expect(s.delegate.events.filter { $0 == "didEndScrollingAnimation" }.count == 1)
        #expect(!s.delegate.events.contains("didEndDecelerating"))
    }

    @Test func aSpringRetargetingAnEaseOutKeepsItsVelocity() {
        let s = ScrollScene()
        s.container.setContentOffset(Point(x: 0, y: 2000), animated: true)
        s.window.advance(ms: 100)
        let now = s.window.now
        let before = s.container.contentOffset
        // Ease-out at u = 1/3: v = 3 (1 - u)² · 2000 / 0.3 = 8888.9 pt/s.
        let velocity = s.container.motion.velocity(at: now)
        #expect(abs(velocity.y - 8888.89) < 0.1)
        s.container.setContentOffset(
            Point(x: 0, y: 1000),
            animation: .spring(
                response: .milliseconds(400),
                dampingRatio: 0.8))
        #expect(s.container.contentOffset == before)
        #expect(abs(s.container.motion.velocity(at: now).y - velocity.y) < 1e-6)
        s.window.advance(ms: 4000)
        #expect(s.container.contentOffset.y == 1000)
        #expect(s.delegate.events.filter { $0 == "didEndScrollingAnimation" }.count == 1)
    }

    @Test func aSpringStartedDuringABounceKeepsItsVelocity() {
        let s = ScrollScene()  // range 0...3200
        s.container.contentOffset = Point(x: 0, y: 3000)
        fling(s)  // runs into the bottom edge and bounces
        var sawOverscroll = false
        for _ in 0..<60 {
            s.window.advance(ms: 1000.0 / 60)
            if s.container.contentOffset.y > 3200 {
                sawOverscroll = true
                break
            }
        }
        #expect(sawOverscroll)
        let now = s.window.now
        let before = s.container.contentOffset
        let velocity = s.container.motion.velocity(at: now)
        s.container.setContentOffset(
            Point(x: 0, y: 1500),
            animation: .spring(
                response: .milliseconds(500),
                dampingRatio: 1))
        #expect(s.container.contentOffset == before)
        #expect(abs(s.container.motion.velocity(at: now).y - velocity.y) < 1e-6)
        s.window.advance(ms: 3000)
        #expect(s.container.contentOffset.y == 1500)
    }

    @Test func animatedTrueIsEaseOutOverThreeTenths() {
        let s = ScrollScene()
        s.container.setContentOffset(Point(x: 0, y: 1000), animated: true)
        guard case .ease(let ease) = s.container.motion.vertical else {
            Issue.record("expected an ease-out, got \(s.container.motion.vertical)")
            return
        }
        #expect(abs(ease.duration - 0.3) < 1e-12 && ease.finalPosition == 1000)
        // The same curve as `.easeOut(duration: 0.3 s)`, from rest.
        let t = ScrollScene()
        t.container.setContentOffset(Point(x: 0, y: 1000), animation: .easeOut(duration: .milliseconds(300)))
        for step in [50.0, 50, 50, 100, 50] {  // 50, 100, 150, 250, 300 ms
            s.window.advance(ms: step)
            t.window.advance(ms: step)
            #expect(s.container.contentOffset == t.container.contentOffset)
        }
        #expect(t.container.contentOffset.y == 1000)
    }

    @Test func easeOutTakesItsDurationAndNoneJumps() {
        let s = ScrollScene()
        s.container.setContentOffset(Point(x: 0, y: 800), animation: .easeOut(duration: .milliseconds(600)))
        s.window.advance(ms: 300)
        // u = 1/2: 1 - (1/2)³ = 7/8 of the way (the frame at 300 ms is sampled exactly).
        #expect(abs(s.container.contentOffset.y - 700) < 1e-9)
        s.window.advance(ms: 300)
        #expect(s.container.contentOffset.y == 800)
        s.container.setContentOffset(Point(x: 0, y: -50), animation: .none)  // as given, like contentOffset
        #expect(s.container.contentOffset.y == -50)
        #expect(s.delegate.events.filter { $0 == "didEndScrollingAnimation" }.count == 1)
    }

    @Test func anUnderdampedSpringOvershootsItsTarget() {
        let s = ScrollScene()
        s.container.setContentOffset(
            Point(x: 0, y: 1000),
            animation: .spring(
                response: .milliseconds(500),
                dampingRatio: 0.3))
        var highest = 0.0
        for _ in 0..<180 {
            s.window.advance(ms: 1000.0 / 60)
            highest = max(highest, s.container.contentOffset.y)
        }
        // Peak overshoot from rest: e^(-z π / sqrt(1 - z²)) = 37.2 % (sampled at 60 Hz: within a few points).
        #expect(highest > 1350 && highest < 1373)
        s.window.advance(ms: 3000)
        #expect(s.container.contentOffset.y == 1000)
    }
}
