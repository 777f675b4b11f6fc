// ScrollStepAnimation: the 0.1 s wheel / key step curve, sampled at fixed times.

import Testing

@testable import ToolkitCore

@Suite struct ScrollStepAnimationTests {
    @Test func endsExactlyAtItsTargetAtRestAfterItsDuration() {
        for start: Double? in [nil, 0, 100, 480, 5000, -300] {
            let step = ScrollStepAnimation(from: 10, to: 58, duration: 0.1, initialVelocity: start)
            #expect(step.position(at: 0) == 10)
            #expect(step.position(at: 0.1) == 58 && step.velocity(at: 0.1) == 0)
            #expect(!step.isDone(at: 0.099) && step.isDone(at: 0.1))
            // Monotonic, never past the target, whatever the start velocity.
            var previous = 10.0
            for k in 1...100 {
                let x = step.position(at: Double(k) / 1000)
                #expect(x >= previous - 1e-12 && x <= 58 + 1e-12)
                previous = x
            }
        }
    }

    @Test func startsAtTheGivenVelocityClampedToTheMonotonicRange() {
        // Default: the cubic ease-out, three times the average speed (48 pt / 0.1 s = 480 pt/s).
        #expect(abs(ScrollStepAnimation(from: 0, to: 48).velocity(at: 0) - 1440) < 1e-9)
        #expect(abs(ScrollStepAnimation(from: 0, to: 48, initialVelocity: 700).velocity(at: 0) - 700) < 1e-9)
        // Faster than 3x average would overshoot: clamped to it. Backwards: starts from rest.
        #expect(abs(ScrollStepAnimation(from: 0, to: 48, initialVelocity: 9000).velocity(at: 0) - 1440) < 1e-9)
        #expect(ScrollStepAnimation(from: 0, to: 48, initialVelocity: -200).velocity(at: 0) == 0)
        // The velocity is the derivative of the position.
        let step = ScrollStepAnimation(from: 0, to: 90, initialVelocity: 500)
        let h = 1e-6
        for t in [0.01, 0.03, 0.05, 0.08] {
            let numeric = (step.position(at: t + h) - step.position(at: t - h)) / (2 * h)
            #expect(abs(numeric - step.velocity(at: t)) < 1e-3)
        }
    }

    @Test func badInputNeverGivesANonFinitePosition() {
        let cases = [
            ScrollStepAnimation(from: .nan, to: 5), ScrollStepAnimation(from: 5, to: .infinity),
            ScrollStepAnimation(from: 0, to: 10, duration: 0), ScrollStepAnimation(from: 0, to: 10, duration: .nan),
            ScrollStepAnimation(from: 0, to: 10, initialVelocity: .nan)
        ]
        for step in cases {
            for t in [-1, 0, 0.05, .nan, .infinity] {
                #expect(step.position(at: t).isFinite && step.velocity(at: t).isFinite)
            }
        }
        #expect(ScrollStepAnimation(from: 0, to: 10, duration: 0).position(at: 0) == 10)  // a jump
    }
}
