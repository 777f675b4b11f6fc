import Testing

@testable import ToolkitCore

#if canImport(Glibc)
    import Glibc
#endif

/// Deceleration, rubber band and ease-out curves (<doc:ScrollBehaviour> §3, §5 and §8), sampled at fixed times.
@Suite struct PhysicsTests {
    /// Central difference of a position function, to check that a simulation's velocity is its derivative.
    static func derivative(_ f: (Double) -> Double, at t: Double, step h: Double = 1e-5) -> Double {
        (f(t + h) - f(t - h)) / (2 * h)
    }

    // MARK: - Deceleration rate

    @Test func outOfRangeRatesAreClampedAndNaNReadsAsNormal() {
        #expect(DecelerationRate(rawValue: .nan).effectiveRate == 0.998)
        for raw in [0, -1, 1, 2, -Double.infinity, Double.infinity, 1e-300, 0.9999999999] {
            let rate = DecelerationRate(rawValue: raw)
            #expect(rate.effectiveRate > 0 && rate.effectiveRate < 1, "raw \(raw)")
            #expect(rate.decayConstant.isFinite && rate.decayConstant > 0, "raw \(raw)")
        }
        #expect(DecelerationRate(rawValue: 2).effectiveRate == DecelerationRate.maximumEffectiveRate)
        #expect(DecelerationRate(rawValue: -3).effectiveRate == DecelerationRate.minimumEffectiveRate)
        // In-range values are used as given.
        #expect(DecelerationRate(rawValue: 0.95).effectiveRate == 0.95)
    }

    // MARK: - Deceleration

    @Test func travelMatchesUIScrollViewAtNormalAndFast() {
        let normal = DecelerationSimulation(position: 0, velocity: 1000, rate: .normal)
        #expect(abs(normal.finalPosition - 499.5) <= 0.5)
        let fast = DecelerationSimulation(position: 0, velocity: 1000, rate: .fast)
        #expect(abs(fast.finalPosition - 99.5) <= 0.5)
        // Mirror image for a negative velocity, from any start.
        let back = DecelerationSimulation(position: 300, velocity: -1000, rate: .normal)
        #expect(abs((300 - back.finalPosition) - (normal.finalPosition - 0)) < 1e-9)
    }

    @Test func velocityFollowsThePerMillisecondRateAndIsTheDerivativeOfPosition() {
        let sim = DecelerationSimulation(position: 50, velocity: 2400, rate: .normal)
        for t in [0.0, 0.01, 0.1, 0.5, 1.0, 2.5] {
            // v(t) = v0 * r^(1000 t)
            let expected = 2400 * pow(0.998, 1000 * t)
            #expect(abs(sim.velocity(at: t) - expected) < 1e-6 * 2400, "t \(t)")
            let numeric = PhysicsTests.derivative(sim.position(at:), at: t == 0 ? 1e-4 : t)
            #expect(abs(numeric - sim.velocity(at: t == 0 ? 1e-4 : t)) < 1e-3, "t \(t)")
        }
        // x(t) = x0 + v0 (r^(1000t) - 1) / (1000 ln r)
        let t = 0.75
        let formula = 50 + 2400 * (pow(0.998, 1000 * t) - 1) / (1000 * log(0.998))
        #expect(abs(sim.position(at: t) - formula) < 1e-9)
    }

    @Test func endsWhenSpeedDropsBelowOneAndSnapsToTheEnd() {
        let sim = DecelerationSimulation(position: 0, velocity: 3000, rate: .normal)
        #expect(abs(sim.velocity(at: sim.duration - 1e-6)) >= 0.999)
        #expect(!sim.isDone(at: sim.duration - 1e-3))
        #expect(sim.isDone(at: sim.duration))
        #expect(sim.position(at: sim.duration) == sim.finalPosition)
        #expect(sim.position(at: sim.duration + 100) == sim.finalPosition)
        #expect(sim.velocity(at: sim.duration) == 0)
        // The curve stops 1/k short of the end of the closed form (the spec's total travel, v0/k), and the snap
        // covers that last 1/k (0.5 pt at 0.998).
        let k = DecelerationRate.normal.decayConstant
        #expect(abs(sim.finalPosition - 3000 / k) < 1e-9)
        #expect(abs(sim.position(at: sim.duration - 1e-6) - sim.stopPosition) < 1e-3)
        #expect(abs(sim.finalPosition - sim.stopPosition - 1 / k) < 1e-9)
        // A release at or below 1 pt/s does not move.
        let still = DecelerationSimulation(position: 7, velocity: 0.8, rate: .normal)
        #expect(still.duration == 0 && still.finalPosition == 7 && still.position(at: 0.5) == 7)
    }

    @Test func anyRateInsideZeroOneWorks() {
        for raw in [0.0011, 0.2, 0.5, 0.9, 0.95, 0.99, 0.998, 0.9995, 0.9999] {
            let rate = DecelerationRate(rawValue: raw)
            let sim = DecelerationSimulation(position: 0, velocity: 1000, rate: rate)
            let travel = 1000 / (-1000 * log(raw))  // v0 / k = -v0 / (1000 ln r), <doc:ScrollBehaviour> §5
            #expect(abs(sim.finalPosition - travel) <= 1e-6 * max(1, travel), "rate \(raw)")
            #expect(sim.duration.isFinite && sim.duration > 0, "rate \(raw)")
            var last = -1.0
            for i in 0...200 {
                let x = sim.position(at: sim.duration * Double(i) / 200)
                #expect(x.isFinite && x >= last, "rate \(raw)")
                last = x
            }
        }
    }

    @Test func nonFiniteInputsGiveInertSimulations() {
        let nanPosition = DecelerationSimulation(position: .nan, velocity: 500, rate: .normal)
        #expect(nanPosition.finalPosition == 0 && nanPosition.duration == 0)
        let nanVelocity = DecelerationSimulation(position: 12, velocity: .infinity, rate: .normal)
        #expect(nanVelocity.finalPosition == 12 && nanVelocity.position(at: 1) == 12)
        let nanTarget = DecelerationSimulation(position: 0, velocity: 1000, rate: .normal, target: .nan)
        let natural = DecelerationSimulation(position: 0, velocity: 1000, rate: .normal)
        #expect(nanTarget.finalPosition == natural.finalPosition)
        let sim = DecelerationSimulation(position: 0, velocity: 1000, rate: DecelerationRate(rawValue: .nan))
        for t in [Double.nan, -1, .infinity, -.infinity] {
            #expect(sim.position(at: t).isFinite && sim.velocity(at: t).isFinite)
        }
        #expect(sim.position(at: .nan) == 0 && sim.position(at: .infinity) == sim.finalPosition)
    }

    // MARK: - Deceleration to a target

    /// Samples `sim` densely and checks it runs monotonically from its start to `target` and rests exactly there.
    static func expectMonotonicLanding(
        _ sim: DecelerationSimulation, from start: Double, on target: Double,
        _ comment: Comment
    ) {
        #expect(sim.finalPosition == target, comment)
        #expect(sim.position(at: sim.duration) == target, comment)
        #expect(sim.duration.isFinite, comment)
        let direction: Double = target >= start ? 1 : -1
        var last = sim.position(at: 0)
        #expect(abs(last - start) < 1e-9, comment)
        for i in 1...400 {
            let x = sim.position(at: sim.duration * Double(i) / 400)
            #expect((x - last) * direction >= -1e-9, comment)
            #expect((x - target) * direction <= 1e-9, comment)  // never past the target
            last = x
        }
        #expect(abs(sim.position(at: sim.duration * (1 - 1e-9)) - target) < 1e-3, comment)
    }

    @Test func targetOverrideEndsExactlyAtTheTargetAndStaysMonotonic() {
        let natural = DecelerationSimulation(position: 100, velocity: 2000, rate: .normal)
        let cases: [(velocity: Double, target: Double)] = [
            (2000, natural.stopPosition), (2000, 600), (2000, 1100), (2000, 1400), (2000, 101),
            (2000, 50_000),  // far beyond: faster start
            (2000, -300),  // behind the motion
            (0, 400), (0, -400), (0.5, 100.5), (-3000, 900), (8000, 3000)
        ]
        for (v, target) in cases {
            let sim = DecelerationSimulation(position: 100, velocity: v, rate: .normal, target: target)
            PhysicsTests.expectMonotonicLanding(sim, from: 100, on: target, "v \(v) target \(target)")
        }
    }

    @Test func aTargetShortOfTheNaturalEndIsReachedNoLaterThanTheNaturalRest() {
        // <doc:ScrollBehaviour> §5. Every short target, down to the natural curve's last 1/k (where it stops at 1 pt/s
        // and then snaps): there the natural duration is kept and the start is at most ~1 pt/s faster.
        for rate in [DecelerationRate.normal, .fast, DecelerationRate(rawValue: 0.9995)] {
            for v in [-6000.0, -300, 80, 2000, 8000] {
                let natural = DecelerationSimulation(position: 100, velocity: v, rate: rate)
                let travel = natural.finalPosition - 100
                for fraction in [0.001, 0.05, 0.3, 0.7, 0.99, 0.9995, 0.99999] {
                    let target = 100 + travel * fraction
                    let sim = DecelerationSimulation(position: 100, velocity: v, rate: rate, target: target)
                    let comment: Comment = "rate \(rate.rawValue) v \(v) fraction \(fraction)"
                    PhysicsTests.expectMonotonicLanding(sim, from: 100, on: target, comment)
                    #expect(sim.duration <= natural.duration + 1e-12, comment)
                }
                for inside in [0.0, 0.25, 0.999] {
                    // Between the natural stop position and the natural end.
                    let stop = natural.stopPosition
                    let target = stop + (natural.finalPosition - stop) * inside
                    let sim = DecelerationSimulation(position: 100, velocity: v, rate: rate, target: target)
                    #expect(abs(sim.duration - natural.duration) <= 1e-12)
                    // |v0'| = |D| k |v| / (|v| - 1) <= |v|^2 / (|v| - 1): about 1 pt/s faster at most.
                    #expect(
                        abs(sim.startVelocity) >= abs(v) - 1e-9
                            && abs(sim.startVelocity) <= abs(v) * abs(v) / (abs(v) - 1) + 1e-9)
                    PhysicsTests.expectMonotonicLanding(sim, from: 100, on: target, "inside \(inside) v \(v)")
                }
            }
        }
    }

    @Test func targetAtTheNaturalEndReproducesTheNaturalCurve() {
        let natural = DecelerationSimulation(position: -40, velocity: -1500, rate: .fast)
        let forced = DecelerationSimulation(position: -40, velocity: -1500, rate: .fast, target: natural.finalPosition)
        #expect(abs(forced.decayConstant - natural.decayConstant) < 1e-9)
        #expect(abs(forced.duration - natural.duration) < 1e-9)
        for t in [0.0, 0.05, 0.2, 0.5] {
            #expect(abs(forced.position(at: t) - natural.position(at: t)) < 1e-6)
        }
    }

    @Test func nearbyTargetKeepsTheReleaseVelocity() {
        // Snapping a fling to a grid cell 20% further: no jump in speed at release.
        let natural = DecelerationSimulation(position: 0, velocity: 2500, rate: .normal)
        let further = natural.finalPosition * 1.2
        let sim = DecelerationSimulation(position: 0, velocity: 2500, rate: .normal, target: further)
        #expect(sim.velocity(at: 0) == 2500)
        #expect(sim.decayConstant < natural.decayConstant)
    }

    // MARK: - Rubber band

    @Test func rubberBandMatchesTheFormula() {
        // The spec's example (<doc:ScrollBehaviour> §3) says "b ≈ 51.1" for this case, but its formula
        // (1 - 1/(x*0.55/d + 1)) * d gives 51.462.
        let b = RubberBand.displayed(overscroll: 100, dimension: 800)
        #expect(abs(b - (1 - 1 / (100 * 0.55 / 800 + 1)) * 800) < 1e-9)
        #expect(abs(b - 51.462) < 0.001)
        // The content first moves at 55% of the finger and never reaches a full container length.
        #expect(abs(RubberBand.displayed(overscroll: 0.001, dimension: 800) - 0.00055) < 1e-9)
        #expect(RubberBand.displayed(overscroll: 1e9, dimension: 800) < 800)
        #expect(RubberBand.displayed(overscroll: .infinity, dimension: 800) == 800)
    }

    @Test func rubberBandIsSymmetricMonotonicAndInvertible() {
        var last = -Double.infinity
        for x in stride(from: -5000.0, through: 5000, by: 37.5) {
            let b = RubberBand.displayed(overscroll: x, dimension: 640)
            #expect(b == -RubberBand.displayed(overscroll: -x, dimension: 640))
            #expect(b > last && abs(b) < 640)
            last = b
            let back = RubberBand.overscroll(displayed: b, dimension: 640)
            #expect(abs(back - x) <= 1e-9 * max(1, abs(x)), "x \(x)")
        }
        for b in [-300.0, -1, -1e-6, 0, 1e-6, 0.5, 51.462, 399.9] {
            let x = RubberBand.overscroll(displayed: b, dimension: 800)
            #expect(abs(RubberBand.displayed(overscroll: x, dimension: 800) - b) < 1e-9, "b \(b)")
        }
    }

    @Test func rubberBandBadInputGivesZeroOrFiniteValues() {
        for d in [0.0, -100, .nan, .infinity] {
            #expect(RubberBand.displayed(overscroll: 100, dimension: d) == 0)
            #expect(RubberBand.overscroll(displayed: 10, dimension: d) == 0)
        }
        #expect(RubberBand.displayed(overscroll: .nan, dimension: 800) == 0)
        #expect(RubberBand.overscroll(displayed: .nan, dimension: 800) == 0)
        // At or beyond the band's limit the inverse stays finite and keeps the sign.
        for b in [800.0, 1e6, .infinity] {
            let x = RubberBand.overscroll(displayed: b, dimension: 800)
            #expect(x.isFinite && x > 1e9)
            #expect(RubberBand.overscroll(displayed: -b, dimension: 800) == -x)
        }
    }

    // MARK: - Ease-out

    @Test func easeOutStartsFastAndEndsExactly() {
        let move = EaseOutAnimation(from: 100, to: 400)
        #expect(move.duration == 0.3)
        #expect(move.position(at: 0) == 100)
        #expect(move.position(at: 0.3) == 400 && move.isDone(at: 0.3) && !move.isDone(at: 0.299))
        #expect(abs(move.velocity(at: 0) - 3 * 300 / 0.3) < 1e-9)
        // Ease-out: more than half the way in the first third of the time.
        #expect(move.position(at: 0.1) > 250)
        var last = 100.0
        for i in 1...300 {
            let t = 0.3 * Double(i) / 300
            let x = move.position(at: t)
            #expect(x >= last && x <= 400)
            last = x
            if i < 300 {
                #expect(abs(PhysicsTests.derivative(move.position(at:), at: t) - move.velocity(at: t)) < 1e-3)
            }
        }
    }

    @Test func easeOutBadInput() {
        let jump = EaseOutAnimation(from: 0, to: 50, duration: .nan)
        #expect(jump.duration == 0 && jump.position(at: 0) == 50 && jump.isDone(at: 0))
        #expect(EaseOutAnimation(from: 0, to: 50, duration: -1).duration == 0)
        #expect(EaseOutAnimation(from: 0, to: 50, duration: 1e-300).velocity(at: 0) == 0)
        #expect(EaseOutAnimation(from: 10, to: .infinity).finalPosition == 10)
        #expect(EaseOutAnimation(from: .nan, to: 30).position(at: 0) == 30)
        #expect(EaseOutAnimation(from: .nan, to: .nan).position(at: 0.1) == 0)
    }
}
