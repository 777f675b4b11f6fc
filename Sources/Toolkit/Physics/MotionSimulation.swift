/// A one-dimensional motion in closed form, sampled at absolute time: what the scroll container holds per axis
/// while it animates, whichever physics produced it.
///
/// Implementations are pure values with no clock: `t` is seconds since the motion started, NaN or negative `t`
/// reads as 0, and from `duration` on the position is exactly `finalPosition` and the velocity 0.
public protocol MotionSimulation: Sendable {
    /// The position at `t` seconds after the start, in points.
    func position(at t: Double) -> Double
    /// The velocity at `t` seconds after the start, in pt/s.
    func velocity(at t: Double) -> Double
    /// Whether the motion has ended at `t` seconds after the start.
    func isDone(at t: Double) -> Bool
    /// Time from the start until the motion ends, in seconds.
    var duration: Double { get }
    /// Where the motion rests, in points.
    var finalPosition: Double { get }
}

extension DecelerationSimulation: MotionSimulation {}
extension SpringSimulation: MotionSimulation {}
extension BounceSimulation: MotionSimulation {}
extension EaseOutAnimation: MotionSimulation {}
