// Fling acceleration (<doc:ScrollBehaviour> §5): a flick into a fast fling adds the fling's velocity, so repeated
// flicks down a long list go faster instead of starting over. Only decelerations count as flings. Velocities in
// pt/s of content offset.

/// The fling a touch sequence caught, and the rule that adds it to the sequence's own release.
struct FlingAcceleration: Equatable {
    /// Speed a caught fling must exceed along an axis to accelerate the next flick, in pt/s.
    static let minimumCaughtSpeed = 300.0
    /// Longest time from the catch to the release that still accelerates.
    static let window: Duration = .milliseconds(500)

    /// The caught motion's velocity at the catch, in pt/s of content offset.
    var caughtVelocity: Point
    /// When the fling was caught (the touch-down).
    var catchTime: Duration

    /// The release velocity for a drag measured at `measured` (pt/s): the caught velocity added where the rules allow.
    func releaseVelocity(measured: Point, releasedAt time: Duration) -> Point {
        guard time - catchTime <= FlingAcceleration.window else { return measured }
        var v = measured
        for axis in Axis.allCases {
            let own = measured[axis]
            let caught = caughtVelocity[axis]
            guard own.isFinite, caught.isFinite,
                abs(caught) > FlingAcceleration.minimumCaughtSpeed,
                abs(own) >= ScrollPolicy.flingThreshold,
                (own > 0) == (caught > 0)
            else { continue }
            v[axis] = own + caught
        }
        return v
    }
}
