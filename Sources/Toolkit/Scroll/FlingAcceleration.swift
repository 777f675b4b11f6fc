// Fling acceleration (<doc:ScrollBehaviour> §5, beyond what Linux toolkits do; iOS and Firefox do it): flicking again
// into a fast fling adds the fling's speed to the new flick, so that repeated flicks down a long list go faster and
// faster instead of each one starting over.
//
// Rules, per axis:
// - The touch sequence caught a fling: it touched down while the content moved after a drag or a touchpad
//   gesture (the container was decelerating). Settling motions (a spring back, page snap, wheel or key step, or
//   an animated setContentOffset that no drag started) are not flings.
// - The fling moved faster than 300 pt/s along the axis at the moment of the catch (the touch-down time).
// - The drag that follows is released as a fling along that axis (|measured| >= 50 pt/s) in the same direction
//   as the caught fling, at most 0.5 s after the catch.
// Then the caught velocity is added to the measured one on that axis, before the release rules (lock, the
// 8000 pt/s clamp, the 50 pt/s threshold) and before the delegate sees it. Opposite directions, slower flings,
// releases later than 0.5 s after the catch, and releases that are no fling keep the measured velocity.
//
// Units: velocities in pt/s of content offset (the tracker's convention), times as Duration.

/// The fling a touch sequence caught, and the rule that adds it to the sequence's own release.
struct FlingAcceleration: Equatable {
    /// Speed a caught fling must exceed along an axis to accelerate the next flick, in pt/s.
    static let minimumCaughtSpeed = 300.0
    /// Longest time from the catch to the release that still accelerates.
    static let window: Duration = .milliseconds(500)

    /// The caught motion's velocity at the catch, in pt/s of content offset.
    var caughtVelocity: Point
    /// When the fling was caught (the touch-down time).
    var catchTime: Duration

    /// The release velocity for a drag measured at `measured` (pt/s) and released at `time`: the caught velocity
    /// added on every axis the rules allow, the measured one elsewhere.
    func releaseVelocity(measured: Point, releasedAt time: Duration) -> Point {
        guard time - catchTime <= FlingAcceleration.window else { return measured }
        var v = measured
        for axis in Axis.allCases {
            let own = measured[axis], caught = caughtVelocity[axis]
            guard own.isFinite, caught.isFinite,
                  abs(caught) > FlingAcceleration.minimumCaughtSpeed,
                  abs(own) >= ScrollPolicy.flingThreshold,
                  (own > 0) == (caught > 0) else { continue }
            v[axis] = own + caught
        }
        return v
    }
}
