#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A change of zoom scale and content offset over time: an animated `setZoomScale`/`zoom(to:)` (0.3 s, cubic
/// ease-out) or the return to a zoom limit after a pinch (a critically damped curve that ends in 0.5 s).
///
/// Scale and offset move with the same progress `p(t)` from 0 to 1: `scale = s0 + (s1 - s0) p` and
/// `offset = o0 + (o1 - o0) p`. Because the offset that keeps a point of the zoomed view under a fixed spot of
/// the container is affine in the scale, this keeps the one point that the start and end states both show at
/// the same spot fixed through the whole motion: a zoom around that point, with no drift.
///
/// Units: scales are factors, offsets points, times on the window clock.
struct ZoomMotion {
    enum Curve {
        /// Cubic ease-out over 0.3 s (`EaseOutAnimation`'s curve).
        case easeOut
        /// Critically damped, `1 - (1 + w t) e^(-w t)` with w = 31/s, exactly 1 from 0.5 s on.
        case spring
    }

    /// Duration of an animated zoom (<doc:ScrollBehaviour> §11).
    static let animationDuration: Duration = .milliseconds(300)
    /// Time a zoom bounce takes to reach its limit (<doc:ScrollBehaviour> §11: within 0.5 s).
    static let bounceDuration: Duration = .milliseconds(500)
    /// Angular frequency of the bounce curve, 1/s (`SpringSimulation`'s for a 0.5 s settle time): at 0.5 s
    /// the remaining fraction is (1 + 15.5) e^-15.5, about 3e-6, and the curve then ends exactly.
    static let bounceAngularFrequency = SpringSimulation.settleProduct / bounceDuration.inSeconds

    let start: Duration
    let fromScale: Double
    let toScale: Double
    let fromOffset: Point
    let toOffset: Point
    let curve: Curve

    /// Whether this is the return to a limit after a pinch (`isZoomBouncing`).
    var isBounce: Bool { curve == .spring }

    /// The curve's length in seconds (the curves' closed forms run in seconds).
    var duration: Double {
        (curve == .spring ? ZoomMotion.bounceDuration : ZoomMotion.animationDuration).inSeconds
    }

    /// Progress 0...1 at window time `time`; exactly 1 from the end on.
    func progress(at time: Duration) -> Double {
        let t = max(0, (time - start).inSeconds)
        guard t < duration else { return 1 }
        switch curve {
        case .easeOut:
            let remaining = 1 - t / duration
            return 1 - remaining * remaining * remaining
        case .spring:
            let w = ZoomMotion.bounceAngularFrequency
            return 1 - (1 + w * t) * exp(-w * t)
        }
    }

    func isDone(at time: Duration) -> Bool {
        (time - start).inSeconds >= duration
    }

    func scale(at time: Duration) -> Double {
        let p = progress(at: time)
        return p >= 1 ? toScale : fromScale + (toScale - fromScale) * p
    }

    func offset(at time: Duration) -> Point {
        let p = progress(at: time)
        return p >= 1 ? toOffset : fromOffset + (toOffset - fromOffset) * p
    }
}

/// The state of a pinch on a zoomable container (<doc:ScrollBehaviour> §11).
///
/// `zoomScale = rawScaleAtStart * spread / spreadAtStart` before the limits' resistance; the start values are
/// taken again whenever a finger joins or leaves (so nothing jumps) and `anchor`, the point of the zoomed view
/// under the fingers' centroid, is kept under the centroid.
struct PinchState {
    /// Whether the pinch claimed the fingers (`isZooming`).
    var isActive = false
    /// The fingers' spread (mean distance from their centroid, points) when the start values were taken.
    var spreadAtStart = 0.0
    /// The unresisted scale when the start values were taken.
    var rawScaleAtStart = 1.0
    /// The unresisted scale the fingers ask for now.
    var rawScale = 1.0
    /// The point of the zoomed view (its own coordinates) kept under the centroid.
    var anchor = Point.zero
    /// The centroid in the container's visible coordinates (points from its top-left corner) at the last step:
    /// the fixed point of a bounce after the fingers lift.
    var lastCentroid = Point.zero
}
