// A short animated scroll step: one wheel detent or one arrow key (<doc:ScrollBehaviour> §7: 0.1 s, no kinetic tail).
//
// Units: positions in points, velocities in pt/s, times in seconds since the start.
//
// Curve: with the distance D = to - from and the progress u = t / T,
//     x(t) = from + D f(u),   f(u) = s u + (3 - 2 s) u^2 + (s - 2) u^3,   v(t) = D f'(u) / T.
// For every s: f(0) = 0, f(1) = 1 and f'(1) = 0 (it arrives at rest, exactly at `to`, at t = T), and
// f'(0) = s, so the start velocity is v0 = s D / T: s is the start velocity measured in average velocities.
// Factoring the slope, f'(u) = (1 - u)(s + (6 - 3 s) u); both factors are >= 0 on [0, 1] when 0 <= s <= 3, so
// the motion never reverses and never passes its target. s = 3 is the cubic ease-out 1 - (1 - u)^3, the
// fastest start that stays monotonic; s is clamped into [0, 3].
//
// Why a start velocity at all: when another detent arrives while a step runs, the next step starts where the
// content is, at the speed it has (the container passes that speed), so a spinning wheel glides from notch to
// notch instead of braking to zero and jumping forward again at every one.
//
// Bad input: a non-finite `to` rests at `from`, a non-finite `from` jumps to `to`, both non-finite rest at 0; a
// duration that is not a finite number of at least a microsecond makes a jump (done at t = 0, at `to`); a
// non-finite start velocity reads as the ease-out start (s = 3).

/// A move from one position to another over a short fixed time, starting at a chosen velocity and arriving at
/// rest (a cubic). A pure value: sample it at any time.
public struct ScrollStepAnimation: Sendable {
    /// The position at t = 0, in points.
    public let startPosition: Double
    /// Where the step ends and rests, in points.
    public let finalPosition: Double
    /// Length of the step, in seconds (0 for a jump).
    public let duration: Double
    /// The start velocity in units of the average velocity (D / T): 3 for the ease-out start, in [0, 3].
    public let startSlope: Double

    /// A step from `from` to `to` (points) taking `duration` seconds (default 0.1 s).
    ///
    /// `initialVelocity` (pt/s) is the speed to start at: nil starts as a cubic ease-out (three times the average
    /// speed). A velocity pointing away from `to`, or slower than zero, starts from rest; one faster than three
    /// times the average speed starts at three times the average speed (the fastest start that does not
    /// overshoot).
    public init(from: Double, to: Double, duration: Double = 0.1, initialVelocity: Double? = nil) {
        let end = PhysicsMath.position(to) ?? PhysicsMath.position(from) ?? 0
        startPosition = PhysicsMath.position(from) ?? end
        finalPosition = end
        self.duration = duration >= 1e-6 && duration.isFinite ? duration : 0
        let distance = finalPosition - startPosition
        if let v = initialVelocity, v.isFinite, distance != 0, self.duration > 0 {
            let slope = PhysicsMath.speed(v) * self.duration / distance
            startSlope = slope.isFinite ? min(max(slope, 0), 3) : 3
        } else {
            startSlope = 3
        }
    }

    /// The position at `t` seconds after the start, in points; exactly `finalPosition` from `duration` on.
    /// NaN or negative `t` reads as 0.
    public func position(at t: Double) -> Double {
        let t = PhysicsMath.time(t)
        guard t < duration else { return finalPosition }
        let u = t / duration
        let s = startSlope
        let f = u * (s + u * ((3 - 2 * s) + u * (s - 2)))
        return startPosition + (finalPosition - startPosition) * f
    }

    /// The velocity at `t` seconds after the start, in pt/s; 0 from `duration` on. NaN or negative `t` reads as 0.
    public func velocity(at t: Double) -> Double {
        let t = PhysicsMath.time(t)
        guard t < duration else { return 0 }
        let u = t / duration
        let s = startSlope
        return (finalPosition - startPosition) * (1 - u) * (s + (6 - 3 * s) * u) / duration
    }

    /// Whether the step has ended at `t` seconds after the start (`t >= duration`).
    public func isDone(at t: Double) -> Bool {
        PhysicsMath.time(t) >= duration
    }
}

extension ScrollStepAnimation: MotionSimulation {}
