// A critically damped spring pulling a position to a target, as a closed form sampled at absolute time.
//
// Units: positions in points, velocities in pt/s, times in seconds since the start, angular frequency w in 1/s.
//
// Model: unit mass, stiffness w^2, damping 2w (damping ratio exactly 1, the fastest return without oscillating):
//     x'' = -w^2 (x - target) - 2 w x'
// With c1 = x0 - target and c2 = v0 + w c1 the solution is
//     x(t) = target + (c1 + c2 t) e^(-w t)
//     v(t) = (v0 - w c2 t) e^(-w t)
// Started at rest (v0 = 0), x - target = c1 (1 + w t) e^(-w t) keeps the sign of c1: no overshoot. A start moving
// toward the target faster than w |c1| crosses it once and comes back (a critically damped spring can cross once,
// never oscillate).
//
// End: "settled" means |x - target| < 0.5 pt and |v| < 1 pt/s. x has one extremum (v = 0 at t = v0 / (w c2)) and v
// one extremum (at t = 1/w + v0 / (w c2)); after the later of the two both magnitudes shrink monotonically, so
// from there the first settled time is found by bisection, once, at init. From `duration` on the position is
// exactly the target. A start already within 0.5 pt and 1 pt/s of rest is done at once.
//
// Choosing w from a settle time S: the settle time grows only with the logarithm of the distance, so w is sized
// for the worst case the container produces, a spring back from 2000 pt (more than a full container on any
// screen) released at up to 8000 pt/s (the fling clamp). Solved numerically, the product w S that settles every
// such case within S is 13.65 for S = 0.5 s, and grows slowly for shorter S because the 1 pt/s tolerance gets
// relatively harder as the spring stiffens (14.2 at 0.3 s, 15.4 at 0.1 s). w = 15.5 / S covers every S >= 0.1 s.
// The default S = 0.5 s gives w = 31/s: 2000 pt settle in 0.44 s, 800 pt in 0.41 s, a typical 100 pt overscroll in
// 0.33 s (90% recovered after 0.13 s), so spring back (<doc:ScrollBehaviour> §5: within 0.6 s for up to a full
// container) and page snap (within 0.5 s) both fit.
//
// Bad input: non-finite position rests at the target; non-finite target rests at the position; both non-finite
// rest at 0; non-finite velocity reads as 0; a settle time that is not a positive finite number reads as 0.5 s,
// and it is clamped into [0.01, 60] s (w into [0.26, 1550] /s) so that every later exponential stays in range.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A critically damped spring from a position and velocity to a target (no oscillation; no overshoot when started
/// at rest). Used for spring back after overscroll and for page snapping. A pure value: sample it at any time.
public struct SpringSimulation: Sendable {
    /// Distance from the target under which the spring may settle, in points.
    public static let positionTolerance = 0.5
    /// Speed under which the spring may settle, in pt/s.
    public static let velocityTolerance = 1.0
    /// `angularFrequency * settleTime` for a spring sized by settle time (dimensionless; see the file header).
    public static let settleProduct = 15.5
    /// Default settle time, in seconds.
    public static let defaultSettleTime = 0.5

    /// The position at t = 0, in points.
    public let startPosition: Double
    /// The velocity at t = 0, in pt/s.
    public let startVelocity: Double
    /// Where the spring pulls to and rests, in points (`finalPosition` is the same value).
    public let target: Double
    /// The angular frequency w, in 1/s: stiffness w^2, damping 2w (per unit mass).
    public let angularFrequency: Double
    /// Time from the start until the spring has settled, in seconds (then `position(at:)` is exactly the target).
    public let duration: Double

    /// Where the spring rests, in points: exactly `target`.
    public var finalPosition: Double { target }

    /// A spring from `position` (points) moving at `velocity` (pt/s) to `target` (points), stiff enough that a
    /// start up to 2000 pt away, at up to 8000 pt/s, settles within `settleTime` seconds.
    ///
    /// `angularFrequency = 15.5 / settleTime` (the guarantee holds for settle times of at least 0.1 s). A
    /// `settleTime` that is not a positive finite number reads as 0.5 s; it is clamped into [0.01, 60] s.
    public init(
        position: Double, velocity: Double, target: Double,
        settleTime: Double = SpringSimulation.defaultSettleTime
    ) {
        let settle =
            settleTime > 0 && settleTime.isFinite
            ? min(max(settleTime, 0.01), 60) : SpringSimulation.defaultSettleTime
        self.init(
            position: position, velocity: velocity, target: target,
            angularFrequency: SpringSimulation.settleProduct / settle)
    }

    /// A spring from `position` (points) moving at `velocity` (pt/s) to `target` (points) with angular frequency
    /// `angularFrequency` (1/s; stiffness w^2, damping 2w).
    ///
    /// A non-finite or non-positive `angularFrequency` reads as the default (31/s); it is clamped into
    /// [15.5/60, 1550] /s. A non-finite position rests at the target, a non-finite target rests at the position, both
    /// at 0; a non-finite velocity reads as 0.
    public init(position: Double, velocity: Double, target: Double, angularFrequency: Double) {
        let sanePosition = PhysicsMath.position(position)
        let saneTarget = PhysicsMath.position(target)
        let x0 = sanePosition ?? saneTarget ?? 0
        let goal = saneTarget ?? x0
        let v0 = sanePosition == nil || saneTarget == nil ? 0 : PhysicsMath.speed(velocity)
        let defaultW = SpringSimulation.settleProduct / SpringSimulation.defaultSettleTime
        let w =
            angularFrequency > 0 && angularFrequency.isFinite
            ? min(max(angularFrequency, SpringSimulation.settleProduct / 60), SpringSimulation.settleProduct / 0.01)
            : defaultW
        startPosition = x0
        startVelocity = v0
        self.target = goal
        self.angularFrequency = w
        duration = SpringSimulation.settleTime(offset: x0 - goal, velocity: v0, angularFrequency: w)
    }

    /// The position at `t` seconds after the start, in points; exactly `target` from `duration` on.
    /// NaN or negative `t` reads as 0.
    public func position(at t: Double) -> Double {
        let t = PhysicsMath.time(t)
        guard t < duration else { return target }
        return target
            + SpringSimulation.offset(
                at: t, offset: startPosition - target, velocity: startVelocity,
                angularFrequency: angularFrequency)
    }

    /// The velocity at `t` seconds after the start, in pt/s; 0 from `duration` on. NaN or negative `t` reads as 0.
    public func velocity(at t: Double) -> Double {
        let t = PhysicsMath.time(t)
        guard t < duration else { return 0 }
        return SpringSimulation.speed(
            at: t, offset: startPosition - target, velocity: startVelocity,
            angularFrequency: angularFrequency)
    }

    /// Whether the spring has settled at `t` seconds after the start (`t >= duration`).
    public func isDone(at t: Double) -> Bool {
        PhysicsMath.time(t) >= duration
    }

    // MARK: - Closed form

    /// x(t) - target = (c1 + c2 t) e^(-w t), with c1 = `c1`, c2 = v0 + w c1.
    private static func offset(
        at t: Double, offset c1: Double, velocity v0: Double,
        angularFrequency w: Double
    ) -> Double {
        (c1 + (v0 + w * c1) * t) * exp(-w * t)
    }

    /// v(t) = (v0 - w c2 t) e^(-w t).
    private static func speed(
        at t: Double, offset c1: Double, velocity v0: Double,
        angularFrequency w: Double
    ) -> Double {
        (v0 - w * (v0 + w * c1) * t) * exp(-w * t)
    }

    /// The time from which the spring stays within the tolerances, in seconds (see the file header).
    private static func settleTime(offset c1: Double, velocity v0: Double, angularFrequency w: Double) -> Double {
        func settled(_ t: Double) -> Bool {
            abs(offset(at: t, offset: c1, velocity: v0, angularFrequency: w)) < positionTolerance
                && abs(speed(at: t, offset: c1, velocity: v0, angularFrequency: w)) < velocityTolerance
        }
        if abs(c1) < positionTolerance && abs(v0) < velocityTolerance { return 0 }
        // After the last extremum of x and of v, both |x - target| and |v| decrease monotonically.
        let c2 = v0 + w * c1
        var monotoneFrom = 0.0
        if c2 != 0 {
            let positionExtremum = v0 / (w * c2)
            let velocityExtremum = 1 / w + positionExtremum
            monotoneFrom = max(0, positionExtremum, velocityExtremum)
        }
        if settled(monotoneFrom) { return monotoneFrom }
        // Bracket: double the step until settled (the decay e^(-w t) wins within a few dozen steps).
        var low = monotoneFrom
        var step = 1 / w
        var high = low + step
        var guardCount = 0
        while !settled(high) && guardCount < 200 {
            low = high
            step *= 2
            high = low + step
            guardCount += 1
        }
        // Bisection to well under a microsecond.
        for _ in 0..<64 where high - low > 1e-9 {
            let mid = (low + high) / 2
            if settled(mid) { high = mid } else { low = mid }
        }
        return high
    }
}
