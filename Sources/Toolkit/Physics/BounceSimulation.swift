// A released scroll inside a bounded range: deceleration, and what happens at the edges. Closed form, worked out
// once at init (crossing time solved analytically) and sampled at absolute time.
//
// Units: positions in points, velocities in pt/s, times in seconds since the release.
//
// Inside the range the motion is the exponential deceleration of DecelerationSimulation,
//     x(t) = x0 + v0 (1 - e^(-k t)) / k,   v(t) = v0 e^(-k t) = v0 - k (x(t) - x0).
// If it reaches the edge E it moves toward while still faster than 1 pt/s (its `stopPosition` is past E), it
// reaches E at
//     e^(-k tc) = 1 - k (E - x0) / v0   =>   tc = -log1p(-k (E - x0) / v0) / k,   vc = v0 - k (E - x0).
// (Stopping past E means |v0| - 1 > k |E - x0|, so the log argument stays positive.) If it stops short of E but
// its end snap (the last 1/k of travel, see DecelerationSimulation) would cross E, the snap lands on E instead.
// - Without bounces the motion stops dead at E at tc.
// - With bounces it continues past E as a critically damped spring whose target is E itself, started at E with
//   vc: x - E = vc (t - tc) e^(-w (t - tc)). The overshoot peaks at t - tc = 1/w at |vc| / (w e). w = 18/s gives
//   about 20 pt for 1000 pt/s and 160 pt for 8000 pt/s (the fling clamp), returning in about 0.6 s. To stay sane
//   in small containers, the overshoot is capped at the rubber band of a full container length,
//   cap = b(d) = 0.355 d, by stiffening the spring: w = max(18, |vc| / (e cap)). The spring ends exactly at E.
//
// Starting outside the range (an overscrolled release):
// - moving back inward fast enough that the plain deceleration reaches the edge: that deceleration is used (a
//   flick back into the content keeps going, as on UIScrollView); it can still meet the far edge as above;
// - otherwise a critically damped spring back to the nearest edge (SpringSimulation, settles within 0.5 s for up to
//   2000 pt). An inward velocity is limited to w |x0 - E|, the largest one at which a critically damped spring does
//   not cross its target, so the content never swings into the range and back.
//
// Bad input: a NaN edge means no edge on that side (±infinity also means unbounded); maxPosition below
// minPosition reads as minPosition; a non-finite position rests at the point of the range nearest 0; a non-finite
// velocity reads as 0; a dimension that is not a positive finite number leaves the overshoot uncapped.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A scroll released with a velocity in a range `[minPosition, maxPosition]`: it decelerates, and at an edge either
/// bounces (a damped spring past the edge and back) or stops; released outside the range it springs back to the
/// nearest edge without oscillating. A pure value: sample it at any time.
public struct BounceSimulation: Sendable {
    /// Angular frequency of the spring past an edge, in 1/s (before the overshoot cap stiffens it).
    public static let bounceAngularFrequency = 18.0

    /// Euler's number e, for the overshoot peak |vc| / (w e).
    private static let euler = exp(1.0)

    /// One closed-form piece of the motion.
    private enum Phase: Sendable {
        /// Exponential deceleration, sampled from its own start.
        case decelerating(DecelerationSimulation)
        /// Critically damped spring, sampled from its own start.
        case springing(SpringSimulation)
        /// At rest at a position, in points.
        case resting(Double)
    }

    /// The lower edge, in points (-infinity when unbounded).
    public let minPosition: Double
    /// The upper edge, in points (+infinity when unbounded); never below `minPosition`.
    public let maxPosition: Double
    /// Seconds after the start at which the deceleration reaches an edge and bounces or stops; nil when it never
    /// does (it rests inside the range, or the simulation started outside and springs back).
    public let edgeContactTime: Double?
    /// Time from the start until the motion has ended, in seconds.
    public let duration: Double
    /// Where the motion rests, in points: exactly an edge after a bounce, a stop or a spring back.
    public let finalPosition: Double

    private let first: Phase
    private let second: Phase
    /// When `second` takes over from `first`, in seconds (infinity when it never does).
    private let switchTime: Double

    /// A scroll released at `position` (points) with `velocity` (pt/s), decelerating at `rate` inside
    /// `[minPosition, maxPosition]`, bouncing at the edges when `bounces` (else stopping there); `dimension` is the
    /// container's length along the axis, in points, which caps a bounce's overshoot at `RubberBand` of it.
    public init(
        position: Double, velocity: Double, rate: DecelerationRate,
        minPosition: Double, maxPosition: Double, bounces: Bool, dimension: Double
    ) {
        let lower = minPosition.isNaN ? -Double.infinity : BounceSimulation.edge(minPosition)
        let upper = max(lower, maxPosition.isNaN ? Double.infinity : BounceSimulation.edge(maxPosition))
        guard let x0 = PhysicsMath.position(position) else {
            let rest = min(max(0, lower), upper)
            self.init(
                lower, upper, first: .resting(rest), second: .resting(rest), switchTime: .infinity,
                contact: nil, duration: 0, final: rest)
            return
        }
        let v0 = PhysicsMath.speed(velocity)
        let glide = DecelerationSimulation(position: x0, velocity: v0, rate: rate)

        if x0 < lower || x0 > upper {
            let edge = x0 < lower ? lower : upper
            let inward = (edge - x0) * v0 > 0
            // Unless the plain deceleration carries it back in, spring back to the edge.
            if !(inward && (glide.stopPosition - edge) * v0 >= 0) {
                let spring = SpringSimulation(position: x0, velocity: v0, target: edge)
                let limit = spring.angularFrequency * abs(x0 - edge)
                let back =
                    inward && abs(v0) > limit
                    ? SpringSimulation(position: x0, velocity: v0 > 0 ? limit : -limit, target: edge)
                    : spring
                self.init(
                    lower, upper, first: .springing(back), second: .springing(back), switchTime: .infinity,
                    contact: nil, duration: back.duration, final: edge)
                return
            }
        }

        // Decelerating inside the range (or entering it): does it come to rest past the edge ahead?
        let ahead = v0 > 0 ? upper : lower
        let reachesEdge =
            ahead.isFinite && v0 != 0
            && (glide.stopPosition - ahead) * v0 > 0 && (ahead - x0) * v0 >= 0
        guard reachesEdge else {
            // The end snap never carries the content past the edge ahead.
            let snapsPast = ahead.isFinite && v0 != 0 && (glide.finalPosition - ahead) * v0 > 0
            self.init(
                lower, upper, first: .decelerating(glide), second: .decelerating(glide),
                switchTime: .infinity, contact: nil, duration: glide.duration,
                final: snapsPast ? ahead : glide.finalPosition)
            return
        }
        let k = glide.decayConstant
        let distance = ahead - x0
        // 0 <= fraction < 1 - 1/|v0| because the glide stops past the edge (see the file header).
        let fraction = min(k * distance / v0, 1 - 1e-12)
        let contact = -log1p(-fraction) / k
        let contactVelocity = v0 - k * distance
        if bounces {
            var w = BounceSimulation.bounceAngularFrequency
            if dimension > 0 && dimension.isFinite {
                let cap = RubberBand.displayed(overscroll: dimension, dimension: dimension)
                w = max(w, abs(contactVelocity) / (BounceSimulation.euler * cap))
            }
            let spring = SpringSimulation(
                position: ahead, velocity: contactVelocity, target: ahead,
                angularFrequency: w)
            self.init(
                lower, upper, first: .decelerating(glide), second: .springing(spring), switchTime: contact,
                contact: contact, duration: contact + spring.duration, final: ahead)
        } else {
            self.init(
                lower, upper, first: .decelerating(glide), second: .resting(ahead), switchTime: contact,
                contact: contact, duration: contact, final: ahead)
        }
    }

    private init(
        _ lower: Double, _ upper: Double, first: Phase, second: Phase, switchTime: Double,
        contact: Double?, duration: Double, final: Double
    ) {
        minPosition = lower
        maxPosition = upper
        self.first = first
        self.second = second
        self.switchTime = switchTime
        edgeContactTime = contact
        self.duration = duration
        finalPosition = final
    }

    /// A finite edge clamped into the position limits; infinities stay (unbounded).
    private static func edge(_ value: Double) -> Double {
        value.isFinite ? min(max(value, -PhysicsMath.maximumPosition), PhysicsMath.maximumPosition) : value
    }

    /// The position at `t` seconds after the start, in points; exactly `finalPosition` from `duration` on.
    /// NaN or negative `t` reads as 0.
    public func position(at t: Double) -> Double {
        let t = PhysicsMath.time(t)
        guard t < duration else { return finalPosition }
        return t < switchTime
            ? BounceSimulation.position(of: first, at: t)
            : BounceSimulation.position(of: second, at: t - switchTime)
    }

    /// The velocity at `t` seconds after the start, in pt/s; 0 from `duration` on. NaN or negative `t` reads as 0.
    public func velocity(at t: Double) -> Double {
        let t = PhysicsMath.time(t)
        guard t < duration else { return 0 }
        return t < switchTime
            ? BounceSimulation.velocity(of: first, at: t)
            : BounceSimulation.velocity(of: second, at: t - switchTime)
    }

    /// Whether the motion has ended at `t` seconds after the start (`t >= duration`).
    public func isDone(at t: Double) -> Bool {
        PhysicsMath.time(t) >= duration
    }

    private static func position(of phase: Phase, at t: Double) -> Double {
        switch phase {
        case .decelerating(let glide): glide.position(at: t)
        case .springing(let spring): spring.position(at: t)
        case .resting(let x): x
        }
    }

    private static func velocity(of phase: Phase, at t: Double) -> Double {
        switch phase {
        case .decelerating(let glide): glide.velocity(at: t)
        case .springing(let spring): spring.velocity(at: t)
        case .resting: 0
        }
    }
}
