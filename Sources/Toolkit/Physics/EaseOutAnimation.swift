// A timed ease-out move, for animated programmatic scrolling (<doc:ScrollBehaviour> §8: 0.3 s on an ease-out curve).
//
// Units: positions in points, velocities in pt/s, times in seconds since the start.
//
// Curve: cubic ease-out on the progress u = t / T,
//     p(u) = 1 - (1 - u)^3,          x(t) = from + (to - from) p(t / T)
//     v(t) = 3 (1 - u)^2 (to - from) / T
// It starts at three times the average speed and arrives with zero velocity and zero acceleration, so the
// motion reads as "thrown and settling", matching the deceleration of a fling. A cubic rather than an
// exponential because it reaches the end in exactly T, so `didEndScrollingAnimation` comes on time.
// From t >= T the position is exactly `to` (assigned, not computed).
//
// Bad input: a duration that is not a finite number of at least a microsecond gives a jump (done at t = 0, at
// `to`); a non-finite `to` rests at `from`; a non-finite `from` jumps to `to`; both non-finite rest at 0.

/// A move from one position to another over a fixed time on a cubic ease-out curve. A pure value: sample it at
/// any time.
public struct EaseOutAnimation: Sendable {
    /// The position at t = 0, in points.
    public let startPosition: Double
    /// Where the animation ends and rests, in points.
    public let finalPosition: Double
    /// Length of the animation, in seconds (0 for a jump).
    public let duration: Double

    /// An ease-out move from `from` to `to` (points) taking `duration` seconds (default 0.3 s).
    ///
    /// A duration that is not a finite number of at least 1e-6 s makes a jump: done at once, at `to`. A non-finite `to`
    /// rests at `from`, a non-finite `from` jumps to `to`, both non-finite rest at 0.
    public init(from: Double, to: Double, duration: Double = 0.3) {
        let end = PhysicsMath.position(to) ?? PhysicsMath.position(from) ?? 0
        startPosition = PhysicsMath.position(from) ?? end
        finalPosition = end
        // Below a microsecond v = 3 (to - from) / T could overflow; such a move is a jump anyway.
        self.duration = duration >= 1e-6 && duration.isFinite ? duration : 0
    }

    /// The position at `t` seconds after the start, in points; exactly `finalPosition` from `duration` on.
    /// NaN or negative `t` reads as 0.
    public func position(at t: Double) -> Double {
        let t = PhysicsMath.time(t)
        guard t < duration else { return finalPosition }
        let remaining = 1 - t / duration
        return startPosition + (finalPosition - startPosition) * (1 - remaining * remaining * remaining)
    }

    /// The velocity at `t` seconds after the start, in pt/s; 0 from `duration` on. NaN or negative `t` reads as 0.
    public func velocity(at t: Double) -> Double {
        let t = PhysicsMath.time(t)
        guard t < duration else { return 0 }
        let remaining = 1 - t / duration
        return 3 * remaining * remaining * (finalPosition - startPosition) / duration
    }

    /// Whether the animation has ended at `t` seconds after the start (`t >= duration`).
    public func isDone(at t: Double) -> Bool {
        PhysicsMath.time(t) >= duration
    }
}
