/// How `setContentOffset(_:animation:)` moves the content (<doc:ScrollBehaviour> §15, retargeting).
public enum ScrollAnimation: Sendable, Equatable {
    /// At once, like setting `contentOffset`.
    case none
    /// A cubic ease-out over `duration` (`setContentOffset(_:animated: true)` is `.easeOut(duration: 0.3 s)`). It
    /// starts from rest at the current offset, as UIKit's animated offsets do.
    case easeOut(duration: Duration)
    /// A spring: `response` is its undamped period, `dampingRatio` 1 critically damped, below 1 overshooting. It starts
    /// with the content's current velocity, so it changes a motion's course without a stop. A response that is not
    /// positive reads as 0.5 s; a damping ratio that is not positive reads as 1.
    case spring(response: Duration, dampingRatio: Double)
}
