import Testing

@testable import ToolkitCore

/// Critically damped spring: spring back (<doc:ScrollBehaviour> §5) and page snap (§6), at fixed times.
@Suite struct SpringSimulationTests {
    /// Samples every millisecond up to `duration` (and a bit past it).
    static func samples(_ sim: SpringSimulation) -> [(t: Double, x: Double)] {
        (0...Int((sim.duration + 0.05) * 1000)).map { i in (Double(i) / 1000, sim.position(at: Double(i) / 1000)) }
    }

    @Test func displacedAtRestNeverOvershoots() {
        for (start, target) in [(800.0, 0.0), (-800, 0), (0.7, 0), (2000, -50), (-30, 400)] {
            let sim = SpringSimulation(position: start, velocity: 0, target: target)
            let direction: Double = target > start ? 1 : -1
            var last = start
            for (t, x) in SpringSimulationTests.samples(sim) {
                #expect((x - target) * direction <= 0, "start \(start) t \(t)")  // never past the target
                #expect((x - last) * direction >= -1e-9, "start \(start) t \(t)")  // never turns back
                last = x
            }
        }
    }

    @Test func springBackOfAFullContainerSettlesWithinSpec() {
        // <doc:ScrollBehaviour> §5: spring back done within 0.6 s for an overscroll of up to a full container size,
        // whatever the release velocity (the container clamps it to 8000 pt/s).
        for overscroll in [800.0, -800, 2000, -2000, 100] {
            for velocity in [0.0, 500, -500, 2000, -2000, 8000, -8000] {
                let sim = SpringSimulation(position: overscroll, velocity: velocity, target: 0)
                let comment: Comment = "overscroll \(overscroll) v \(velocity)"
                #expect(sim.duration <= 0.5, comment)
                #expect(sim.isDone(at: 0.6), comment)
                #expect(sim.position(at: 0.6) == 0 && sim.finalPosition == 0, comment)
                #expect(sim.velocity(at: 0.6) == 0, comment)
            }
        }
    }

    @Test func pageSnapReachesThePageWithinHalfASecond() {
        // From the middle of a drag, snapping to the next page boundary with a fling, or back with none.
        let cases: [(Double, Double, Double)] = [(150, 3000, 800), (650, 300, 800), (790, 0, 800), (420, -1200, 0)]
        for (start, velocity, page) in cases {
            let sim = SpringSimulation(position: start, velocity: velocity, target: page)
            #expect(sim.isDone(at: 0.5), "start \(start) v \(velocity)")
            #expect(sim.position(at: 0.5) == page)
            #expect(sim.finalPosition == page)
        }
    }

    @Test func settledMeansWithinHalfAPointAndOnePointPerSecondFromThenOn() {
        let sim = SpringSimulation(position: 500, velocity: -4000, target: 0)
        let justBefore = sim.duration - 1e-6
        // Just before the end the curve is already inside the tolerances (so the snap is invisible)...
        #expect(abs(sim.position(at: justBefore)) < 0.5 + 1e-6)
        #expect(abs(sim.velocity(at: justBefore)) < 1 + 1e-3)
        // ...and a little earlier it is not yet.
        let earlier = sim.duration - 0.02
        let stillMoving = abs(sim.position(at: earlier)) >= 0.5 || abs(sim.velocity(at: earlier)) >= 1
        #expect(stillMoving)
        #expect(!sim.isDone(at: earlier) && sim.isDone(at: sim.duration))
    }

    @Test func velocityIsTheDerivativeOfPosition() {
        let sim = SpringSimulation(position: -300, velocity: 1500, target: 0)
        for t in [0.001, 0.02, 0.05, 0.1, 0.2, 0.3] where t < sim.duration {
            let numeric = (sim.position(at: t + 1e-6) - sim.position(at: t - 1e-6)) / 2e-6
            #expect(abs(numeric - sim.velocity(at: t)) < 1e-2 * max(1, abs(sim.velocity(at: t))), "t \(t)")
        }
        #expect(sim.velocity(at: 0) == 1500)
        #expect(sim.position(at: 0) == -300)
    }

    @Test func settleTimeSetsTheStiffness() {
        for settle in [0.1, 0.3, 0.5, 1, 3] {
            for velocity in [-8000.0, 0, 8000] {
                let sim = SpringSimulation(position: 2000, velocity: velocity, target: 0, settleTime: settle)
                #expect(sim.duration <= settle, "settle \(settle) v \(velocity)")
            }
        }
        let slow = SpringSimulation(position: 800, velocity: 0, target: 0, settleTime: 2)
        #expect(slow.duration <= 2 && slow.duration > 1)
        #expect(slow.angularFrequency == SpringSimulation.settleProduct / 2)
    }

    @Test func badInputGivesFiniteRestingSprings() {
        let noTarget = SpringSimulation(position: 40, velocity: 100, target: .nan)
        #expect(noTarget.finalPosition == 40 && noTarget.duration == 0)
        let noPosition = SpringSimulation(position: .infinity, velocity: 100, target: 25)
        #expect(noPosition.position(at: 0) == 25 && noPosition.duration == 0)
        let neither = SpringSimulation(position: .nan, velocity: .nan, target: .nan)
        #expect(neither.position(at: 0.1) == 0)
        let noVelocity = SpringSimulation(position: 100, velocity: .nan, target: 0)
        #expect(noVelocity.velocity(at: 0) == 0 && noVelocity.duration > 0)
        for settle in [0.0, -1, .nan, .infinity] {
            let sim = SpringSimulation(position: 100, velocity: 0, target: 0, settleTime: settle)
            #expect(sim.angularFrequency == SpringSimulation.settleProduct / SpringSimulation.defaultSettleTime)
        }
        let huge = SpringSimulation(position: 1e300, velocity: 1e300, target: -1e300)
        for t in [0.0, 0.1, 1, 100, .nan] {
            #expect(huge.position(at: t).isFinite && huge.velocity(at: t).isFinite)
        }
        #expect(huge.duration.isFinite)
    }
}
