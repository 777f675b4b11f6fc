#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A change of zoom scale and content offset over time: an animated `setZoomScale`/`zoom(to:)` (0.3 s ease-out)
/// or the return to a zoom limit (critically damped, 0.5 s). Scales are factors, offsets points, times window time.
///
/// Scale and offset move with the same progress p: the offset that keeps a zoomed point under a fixed spot is
/// affine in the scale, so the point both end states show at the same spot stays fixed throughout: no drift.
struct ZoomMotion {
    enum Curve {
        /// Cubic ease-out over 0.3 s (`EaseOutAnimation`'s curve).
        case easeOut
        /// Critically damped, `1 - (1 + w t) e^(-w t)` with w = 31/s, exactly 1 from 0.5 s on.
        case spring
    }

    /// Duration of an animated zoom.
    static let animationDuration: Duration = .milliseconds(300)
    /// Time a zoom bounce takes to reach its limit.
    static let bounceDuration: Duration = .milliseconds(500)
    /// Angular frequency of the bounce curve, 1/s (`SpringSimulation`'s for 0.5 s): at 0.5 s the remaining fraction
    /// is about 3e-6, and the curve then ends exactly.
    static let bounceAngularFrequency = SpringSimulation.settleProduct / bounceDuration.inSeconds

    let start: Duration
    let fromScale: Double
    let toScale: Double
    let fromOffset: Point
    let toOffset: Point
    let curve: Curve

    /// Whether this is the return to a limit after a pinch (`isZoomBouncing`).
    var isBounce: Bool { curve == .spring }

    /// The curve's length in seconds.
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

/// The state of a pinch (<doc:ScrollBehaviour> §11): `zoomScale = rawScaleAtStart * spread / spreadAtStart` before
/// the limits' resistance, with `anchor` kept under the fingers' centroid.
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
    /// The centroid in the container's visible coordinates at the last step: a bounce's fixed point after the lift.
    var lastCentroid = Point.zero
}
