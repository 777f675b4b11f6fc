// Exponential deceleration of a released scroll (UIScrollView's model), as a closed form sampled at absolute time.
//
// Units: positions in points, velocities in pt/s, times in seconds since the release.
//
// Model: the velocity keeps a fraction r (the deceleration rate) per millisecond, v(t) = v0 * r^(1000 t). With the
// decay constant k = -1000 ln r (1/s) this is v(t) = v0 e^(-k t), and integrating from x0:
//     x(t) = x0 + v0 * (1 - e^(-k t)) / k        (= x0 + v0 (r^(1000t) - 1) / (1000 ln r), <doc:ScrollBehaviour> §5)
// The total travel to t = infinity is v0 / k: 1000 pt/s travels 499.5 pt at 0.998 and 99.5 pt at 0.99.
// 1 - e^(-kt) is evaluated as -expm1(-kt) so that small t keeps full precision.
//
// End (<doc:ScrollBehaviour> §5: it ends below 1 pt/s, and the offset then snaps to the end position): the motion ends
// when |v| drops to 1 pt/s, at T = ln|v0| / k, where the curve is at x(T) = x0 + sign(v0)(|v0| - 1)/k
// (`stopPosition`), and rests at the end of the closed form, x0 + v0/k (`finalPosition`), so the travel from
// release to rest is exactly the spec's total travel. The snap covers the last 1/k of travel: 0.5 pt at 0.998,
// 0.1 pt at 0.99, at a moment the content moves under 1/60 pt per frame. A release at |v0| <= 1 pt/s does not move.
//
// Target override (the delegate moved the landing point; <doc:ScrollBehaviour> §5: a closed-form curve ending on the
// new target): the curve keeps the exponential shape and the 1 pt/s end rule, and is solved so that the curve itself
// reaches the target D away when the speed drops to 1 pt/s (no snap). From x(T) - x0 = sign(v0)(|v0| - 1)/k:
//     k = (|v0| - 1) / |D|                       (keep the release velocity, solve for the decay constant)
// so the scroll leaves the finger without a jump in speed and simply brakes harder or softer. A target equal to
// the natural end (x0 + v0/k) gives back exactly the natural curve. A target in the natural curve's last 1/k
// (between where it stops at 1 pt/s and where it snaps to) keeps k and the natural duration and raises the start
// speed by at most ~1 pt/s so that the curve is on the target at that moment: solving k there would arrive a
// fraction of a millisecond after the natural rest, and a target short of the natural end must not. Solving for k is used while k stays within
// [k_rate / 2, 10 k_rate]; beyond that the glide would last many times longer than the user's rate suggests, or
// stop like a wall, so k is clamped and the start velocity is solved instead: |v0'| = |D| k + 1.
// A target behind the motion, or a release with |v0| <= 1 pt/s, eases to the target from a jump start
// v0' = sign(D) (|D| k + 1) with k = max(k_rate, k_normal) (k_normal = 2.002/s, the 0.998 rate), so a user rate
// close to 1 cannot turn a short correction into a minute-long crawl. Every case is a single exponential with a
// velocity of constant sign: monotonic, and it ends exactly at the target (the end value is assigned, not computed).
//
// Bad input (see PhysicsMath): a non-finite position gives a simulation at rest at 0; a non-finite velocity reads
// as 0; a non-finite target is ignored (the natural curve).

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A released scroll slowing down exponentially along one axis: `x(t) = x0 + v0 (1 - e^(-k t)) / k` with
/// `k = -1000 ln(rate)`, ending when the speed drops below 1 pt/s. A pure value: sample it at any time.
public struct DecelerationSimulation: Sendable {
    /// Speed below which the motion ends, in pt/s (<doc:ScrollBehaviour> §5).
    public static let stopSpeed = 1.0

    /// The position at t = 0, in points.
    public let startPosition: Double
    /// The velocity at t = 0, in pt/s. Equals the release velocity except when a target forced a different
    /// start (see `init(position:velocity:rate:target:)`).
    public let startVelocity: Double
    /// The decay constant k of `v(t) = v0 e^(-k t)`, in 1/s (2.002 for `.normal`).
    public let decayConstant: Double
    /// Time from the start until the motion ends (|v| reaches 1 pt/s), in seconds; 0 for no motion.
    public let duration: Double
    /// Where the motion rests, in points: the end of the closed form, `startPosition + startVelocity / k`.
    /// `position(at:)` returns exactly this from `duration` on.
    public let finalPosition: Double
    /// Where the curve is when the speed reaches 1 pt/s and the motion ends, in points (1/k short of
    /// `finalPosition`, which the offset then snaps to); `finalPosition` when nothing moves.
    public let stopPosition: Double

    /// A scroll released at `position` (points) with `velocity` (pt/s), slowing down at `rate`.
    ///
    /// The motion ends when the speed drops to 1 pt/s and then snaps to the end of the closed form,
    /// `position + v / k` (the total travel of <doc:ScrollBehaviour> §5). A non-finite position gives a simulation at
    /// rest at 0; a non-finite velocity reads as 0.
    public init(position: Double, velocity: Double, rate: DecelerationRate) {
        guard let x0 = PhysicsMath.position(position) else {
            self.init(resting: 0)
            return
        }
        let v0 = PhysicsMath.speed(velocity)
        let k = rate.decayConstant
        let speed = abs(v0)
        guard speed > DecelerationSimulation.stopSpeed else {
            self.init(resting: x0)
            return
        }
        self.init(start: x0, velocity: v0, decay: k, end: x0 + v0 / k)
    }

    /// A scroll released at `position` (points) with `velocity` (pt/s) that decelerates to rest exactly at
    /// `target` (points), on a monotonic exponential curve.
    ///
    /// The release velocity is kept and the decay constant solved, `k = (|v| - 1) / |target - position|`, as long as
    /// k stays between half and ten times the rate's constant; outside that band k is clamped and the start velocity
    /// is solved instead. A target behind the motion, or a release slower than 1 pt/s, eases to the target from a
    /// start velocity of `(|distance| k + 1)` pt/s toward it, with k at least that of `.normal`. The curve reaches
    /// the target itself (no end snap); a target at the natural end gives the natural curve. A non-finite
    /// target is ignored (same as `init(position:velocity:rate:)`); a non-finite position gives a simulation at
    /// rest at 0.
    public init(position: Double, velocity: Double, rate: DecelerationRate, target: Double) {
        guard let x0 = PhysicsMath.position(position) else {
            self.init(resting: 0)
            return
        }
        guard let end = PhysicsMath.position(target) else {
            self.init(position: x0, velocity: velocity, rate: rate)
            return
        }
        let v = PhysicsMath.speed(velocity)
        let distance = end - x0
        // Sub-nanometre corrections are not worth a motion: rest at the target at once.
        guard abs(distance) > 1e-9 else {
            self.init(start: x0, velocity: 0, decay: rate.decayConstant, end: end, duration: 0)
            return
        }
        let rateK = rate.decayConstant
        let direction: Double = distance > 0 ? 1 : -1
        let stop = DecelerationSimulation.stopSpeed
        var k: Double
        var v0: Double
        if v * direction > stop {
            // Moving toward the target: keep the release speed, brake to land on it.
            let natural = DecelerationSimulation(position: x0, velocity: v, rate: rate)
            if abs(natural.finalPosition - end) <= 1e-9 * max(1, abs(end)) {
                self = natural
                return
            }
            // A target between where the natural curve stops (1 pt/s) and where it rests (its last 1/k): solving k
            // there gives a k a hair below the rate's, arriving up to 1/(|v| k) s after the natural rest. Keep the
            // rate's k and the natural duration T = ln|v| / k instead, and start just fast enough that the curve
            // is on the target at T: |v0'| = |D| k |v| / (|v| - 1) <= |v|^2 / (|v| - 1), about 1 pt/s above the release
            // speed at most.
            // The target is then reached exactly when the natural deceleration comes to rest (<doc:ScrollBehaviour> §5:
            // a short target no later), by the curve itself.
            let reach = abs(distance)
            if reach >= abs(natural.stopPosition - x0) && reach <= abs(natural.finalPosition - x0) {
                let speed = abs(v)
                self.init(
                    start: x0, velocity: direction * reach * rateK * speed / (speed - stop), decay: rateK,
                    end: end, duration: natural.duration)
                return
            }
            k = (abs(v) - stop) / abs(distance)
            v0 = v
            let lowest = rateK * 0.5
            let highest = rateK * 10
            if !(k >= lowest && k <= highest) {
                k = min(max(k, lowest), highest)
                v0 = direction * (abs(distance) * k + stop)
            }
        } else {
            // Target behind the motion, or no motion: ease toward it as if flung there.
            k = max(rateK, DecelerationRate.normal.decayConstant)
            v0 = direction * (abs(distance) * k + stop)
        }
        self.init(start: x0, velocity: v0, decay: k, end: end, snaps: false)
    }

    /// At rest at `x` from the start.
    private init(resting x: Double) {
        self.init(start: x, velocity: 0, decay: DecelerationRate.normal.decayConstant, end: x, duration: 0)
    }

    /// The curve from `x0` with `v0` and decay `k`, ending when |v| reaches `stopSpeed` and resting at `end`;
    /// `snaps` when `end` lies 1/k past where the curve stops (the natural end), false when the curve was solved
    /// to stop on `end` itself (a target).
    private init(start x0: Double, velocity v0: Double, decay k: Double, end: Double, snaps: Bool = true) {
        let speed = abs(v0)
        let duration = speed > DecelerationSimulation.stopSpeed ? log(speed / DecelerationSimulation.stopSpeed) / k : 0
        self.init(start: x0, velocity: v0, decay: k, end: end, duration: duration, snaps: snaps)
    }

    private init(
        start x0: Double, velocity v0: Double, decay k: Double, end: Double, duration: Double,
        snaps: Bool = false
    ) {
        startPosition = x0
        startVelocity = v0
        decayConstant = k
        finalPosition = end
        self.duration = duration
        // x(T) = x0 + sign(v0)(|v0| - 1)/k, i.e. the end less the 1/k the snap covers.
        if snaps && duration > 0 {
            let stop = x0 + (v0 > 0 ? 1.0 : -1.0) * (abs(v0) - DecelerationSimulation.stopSpeed) / k
            stopPosition = v0 > 0 ? min(stop, end) : max(stop, end)
        } else {
            stopPosition = end
        }
    }

    /// The position at `t` seconds after the start, in points; exactly `finalPosition` from `duration` on.
    /// NaN or negative `t` reads as 0.
    public func position(at t: Double) -> Double {
        let t = PhysicsMath.time(t)
        guard t < duration else { return finalPosition }
        return startPosition + startVelocity * -expm1(-decayConstant * t) / decayConstant
    }

    /// The velocity at `t` seconds after the start, in pt/s; 0 from `duration` on. NaN or negative `t` reads as 0.
    public func velocity(at t: Double) -> Double {
        let t = PhysicsMath.time(t)
        guard t < duration else { return 0 }
        return startVelocity * exp(-decayConstant * t)
    }

    /// Whether the motion has ended at `t` seconds after the start (`t >= duration`).
    public func isDone(at t: Double) -> Bool {
        PhysicsMath.time(t) >= duration
    }
}
