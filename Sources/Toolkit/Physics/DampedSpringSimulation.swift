// A spring of any damping pulling a position to a target, as a closed form sampled at absolute time: the curve of
// `setContentOffset(_:animation: .spring(response:dampingRatio:))` (<doc:ScrollBehaviour> §15, retargeting).
//
// Units: positions in points, velocities in pt/s, times in seconds since the start.
//
// Parameters as SwiftUI and Apple's spring animations name them: the *response* T is the undamped period, so the
// undamped angular frequency is w0 = 2π / T; the *damping ratio* z is 1 for critical damping, below 1 the spring
// overshoots and rings, above 1 it creeps. Unit mass, stiffness w0², damping 2 z w0:
//     x'' = -w0² (x - target) - 2 z w0 x'
// With c1 = x0 - target (and v0 the start velocity):
// - z < 1, wd = w0 sqrt(1 - z²), c2 = (v0 + z w0 c1) / wd:
//       x(t) - target = e^(-z w0 t) (c1 cos wd t + c2 sin wd t)
//       v(t) = e^(-z w0 t) ((c2 wd - z w0 c1) cos wd t - (c1 wd + z w0 c2) sin wd t)
//   Both oscillate inside the envelopes A e^(-z w0 t) and w0 A e^(-z w0 t), A = sqrt(c1² + c2²) (the amplitude of
//   the velocity's two terms is sqrt((c1² + c2²)(wd² + z² w0²)) = w0 A).
// - z = 1: the critically damped `SpringSimulation` with angular frequency w0.
// - z > 1, roots r1,2 = -w0 (z ∓ sqrt(z² - 1)) (both negative), a = (v0 - r2 c1) / (r1 - r2), b = c1 - a:
//       x(t) - target = a e^(r1 t) + b e^(r2 t),   v(t) = a r1 e^(r1 t) + b r2 e^(r2 t)
//   bounded by |a| e^(r1 t) + |b| e^(r2 t) and |a r1| e^(r1 t) + |b r2| e^(r2 t), which only decrease.
// The start velocity is the caller's: a spring started from a moving content (a fling, another animation, a bounce)
// continues its motion without a kink, which is what makes a retarget smooth.
//
// End: as `SpringSimulation`, "settled" is |x - target| < 0.5 pt and |v| < 1 pt/s, found on the decreasing bounds
// above (so once settled it stays settled); from `duration` on the position is exactly the target (a step of
// under half a point).
//
// Bad input: a response that is not a positive finite number reads as 0.5 s and is clamped into [0.01, 60] s; a
// damping ratio that is not finite or not positive reads as 1 and is clamped into [0.05, 20] (an undamped spring
// would never come to rest); positions and velocities as `SpringSimulation`.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A spring of a given response (undamped period) and damping ratio from a position and velocity to a target. A
/// pure value: sample it at any time.
public struct DampedSpringSimulation: Sendable {
    /// The position at t = 0, in points.
    public let startPosition: Double
    /// The velocity at t = 0, in pt/s.
    public let startVelocity: Double
    /// Where the spring rests, in points.
    public let target: Double
    /// The undamped angular frequency w0 = 2π / response, in 1/s.
    public let angularFrequency: Double
    /// The damping ratio z (1: critically damped), dimensionless.
    public let dampingRatio: Double
    /// Time from the start until the spring has settled, in seconds (then `position(at:)` is exactly the target).
    public let duration: Double

    /// Where the spring rests, in points: exactly `target`.
    public var finalPosition: Double { target }

    /// A spring from `position` (points) moving at `velocity` (pt/s) to `target` (points), with `response` the
    /// undamped period in seconds and `dampingRatio` (1 = critically damped, no overshoot from rest).
    public init(position: Double, velocity: Double, target: Double, response: Double, dampingRatio: Double) {
        let sanePosition = PhysicsMath.position(position)
        let saneTarget = PhysicsMath.position(target)
        let x0 = sanePosition ?? saneTarget ?? 0
        let goal = saneTarget ?? x0
        let v0 = sanePosition == nil || saneTarget == nil ? 0 : PhysicsMath.speed(velocity)
        let period = response > 0 && response.isFinite ? min(max(response, 0.01), 60) : 0.5
        let ratio = dampingRatio > 0 && dampingRatio.isFinite ? min(max(dampingRatio, 0.05), 20) : 1
        startPosition = x0
        startVelocity = v0
        self.target = goal
        angularFrequency = 2 * Double.pi / period
        self.dampingRatio = ratio
        duration = DampedSpringSimulation.settleTime(c1: x0 - goal, v0: v0, w0: 2 * Double.pi / period, z: ratio)
    }

    /// The position at `t` seconds after the start, in points; exactly `target` from `duration` on.
    /// NaN or negative `t` reads as 0.
    public func position(at t: Double) -> Double {
        let t = PhysicsMath.time(t)
        guard t < duration else { return target }
        return target
            + DampedSpringSimulation.state(
                at: t, c1: startPosition - target, v0: startVelocity,
                w0: angularFrequency, z: dampingRatio
            ).offset
    }

    /// The velocity at `t` seconds after the start, in pt/s; 0 from `duration` on. NaN or negative `t` reads as 0.
    public func velocity(at t: Double) -> Double {
        let t = PhysicsMath.time(t)
        guard t < duration else { return 0 }
        return DampedSpringSimulation.state(
            at: t, c1: startPosition - target, v0: startVelocity,
            w0: angularFrequency, z: dampingRatio
        ).velocity
    }

    /// Whether the spring has settled at `t` seconds after the start (`t >= duration`).
    public func isDone(at t: Double) -> Bool {
        PhysicsMath.time(t) >= duration
    }

    // MARK: - Closed form

    /// Offset from the target and velocity at `t` (see the file header for the three regimes).
    private static func state(
        at t: Double, c1: Double, v0: Double, w0: Double,
        z: Double
    ) -> (offset: Double, velocity: Double) {
        if z < 1 {
            let wd = w0 * (1 - z * z).squareRoot()
            let c2 = (v0 + z * w0 * c1) / wd
            let decay = exp(-z * w0 * t)
            let c = cos(wd * t)
            let s = sin(wd * t)
            return (decay * (c1 * c + c2 * s), decay * ((c2 * wd - z * w0 * c1) * c - (c1 * wd + z * w0 * c2) * s))
        }
        if z == 1 {
            let c2 = v0 + w0 * c1
            let decay = exp(-w0 * t)
            return ((c1 + c2 * t) * decay, (v0 - w0 * c2 * t) * decay)
        }
        let (r1, r2, a, b) = overdamped(c1: c1, v0: v0, w0: w0, z: z)
        let e1 = exp(r1 * t)
        let e2 = exp(r2 * t)
        return (a * e1 + b * e2, a * r1 * e1 + b * r2 * e2)
    }

    /// Roots and coefficients of the overdamped solution.
    private static func overdamped(
        c1: Double, v0: Double, w0: Double,
        z: Double
    ) -> (r1: Double, r2: Double, a: Double, b: Double) {
        let root = (z * z - 1).squareRoot()
        let r1 = -w0 * (z - root)
        let r2 = -w0 * (z + root)
        let a = (v0 - r2 * c1) / (r1 - r2)
        return (r1, r2, a, c1 - a)
    }

    /// The time from which the spring stays within the tolerances, in seconds.
    private static func settleTime(c1: Double, v0: Double, w0: Double, z: Double) -> Double {
        let px = SpringSimulation.positionTolerance
        let pv = SpringSimulation.velocityTolerance
        if abs(c1) < px && abs(v0) < pv { return 0 }
        if z == 1 {
            // The critically damped spring has its own exact settle search.
            return SpringSimulation(position: c1, velocity: v0, target: 0, angularFrequency: w0).duration
        }
        // A bound on |offset| and |velocity| that only decreases: the first time it is settled is the answer.
        let bound: (Double) -> Bool
        if z < 1 {
            let wd = w0 * (1 - z * z).squareRoot()
            let c2 = (v0 + z * w0 * c1) / wd
            let amplitude = (c1 * c1 + c2 * c2).squareRoot()
            // Solved in closed form: A e^(-z w0 t) < px and w0 A e^(-z w0 t) < pv.
            let t = max(log(amplitude / px), log(w0 * amplitude / pv)) / (z * w0)
            return max(0, t.isFinite ? t : 0)
        }
        let (r1, r2, a, b) = overdamped(c1: c1, v0: v0, w0: w0, z: z)
        bound = { t in
            let e1 = exp(r1 * t)
            let e2 = exp(r2 * t)
            return abs(a) * e1 + abs(b) * e2 < px && abs(a * r1) * e1 + abs(b * r2) * e2 < pv
        }
        if bound(0) { return 0 }
        var low = 0.0
        var high = 1 / w0
        var guardCount = 0
        while !bound(high) && guardCount < 200 {
            low = high
            high *= 2
            guardCount += 1
        }
        for _ in 0..<64 where high - low > 1e-9 {
            let mid = (low + high) / 2
            if bound(mid) { high = mid } else { low = mid }
        }
        return high
    }
}
