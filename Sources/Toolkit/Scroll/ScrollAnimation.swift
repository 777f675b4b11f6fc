/// How `setContentOffset(_:animation:)` moves the content (<doc:ScrollBehaviour> §15, retargeting).
public enum ScrollAnimation: Sendable, Equatable {
    /// At once, like setting `contentOffset`.
    case none
    /// A cubic ease-out over `duration` (`setContentOffset(_:animated: true)` is `.easeOut(duration: 0.3 s)`). It
    /// starts from rest at the current offset, as UIKit's animated offsets do.
    case easeOut(duration: Duration)
    /// A spring: `response` is its undamped period, `dampingRatio` 1 is critically damped (no overshoot from
    /// rest), below 1 it overshoots, above 1 it creeps. It starts with the content's current velocity, so a spring
    /// started during a fling, another animation or a bounce changes the motion's course without a stop or a jump.
    /// A response that is not positive reads as 0.5 s; a damping ratio that is not positive reads as 1.
    case spring(response: Duration, dampingRatio: Double)
}
