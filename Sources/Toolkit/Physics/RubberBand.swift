// The rubber band: how far content appears to move when the finger pulls it past an edge.
//
// Formula (<doc:ScrollBehaviour> §3), x = how far the finger went past the edge (pt), d = container size along the
// axis (pt), constant c = 0.55:
//     b(x) = (1 - 1 / (c x / d + 1)) * d
// Rewritten with u = c |x| / d this is b = d * u / (u + 1), which is the form used below: it has no cancellation
// for small x (1 - 1/(1+u) loses digits when u is tiny, u / (u + 1) does not), so the inverse round-trips.
// b'(0) = c: the content first moves at 55% of the finger speed, then ever less, approaching d. Example: d = 800,
// x = 100 gives b = 800 * 0.06875 / 1.06875 = 51.462 pt (the spec's example says "about 51.1"; its formula gives 51.46,
// <doc:ScrollBehaviour> §3). Inverse: u = b / (d - b), so x = (d / c) * b / (d - b) for |b| < d. Past the leading edge:
// b(-x) = -b(x).

/// The rubber-band mapping between how far a finger pulled content past an edge and how far the content appears
/// to move (<doc:ScrollBehaviour> §3): `b(x) = (1 - 1 / (x * 0.55 / d + 1)) * d`.
public enum RubberBand {
    /// The stiffness constant c of the band (dimensionless): the slope of `displayed` at zero overscroll.
    public static let coefficient = 0.55

    /// The displayed overscroll, in points, for a finger that went `x` points past the edge in a container `d`
    /// points long along that axis.
    ///
    /// Odd-symmetric, increasing, below `d` in magnitude (reaching it only in the limit, or by rounding for
    /// absurd `x`). Returns 0 when `d <= 0`, `d` is not finite or `x` is NaN; `x = ±infinity` gives `±d`.
    public static func displayed(overscroll x: Double, dimension d: Double) -> Double {
        guard d > 0, d.isFinite, !x.isNaN else { return 0 }
        let u = coefficient * abs(x) / d
        // u overflows to infinity only for absurd x (or x = infinity): the limit of the band is then d itself.
        let magnitude = u.isFinite ? d * (u / (u + 1)) : d
        return x < 0 ? -magnitude : magnitude
    }

    /// The finger overscroll, in points, that displays as `b` points past the edge in a container `d` points long:
    /// the exact inverse of `displayed(overscroll:dimension:)`, `x = (d / 0.55) * b / (d - |b|)` (sign of `b`).
    ///
    /// Defined for `|b| < d`; larger magnitudes are clamped to `d * (1 - 1e-9)` so the result stays finite (about
    /// 1.8e9 * `d`). Returns 0 when `d <= 0`, `d` is not finite or `b` is NaN.
    public static func overscroll(displayed b: Double, dimension d: Double) -> Double {
        guard d > 0, d.isFinite, !b.isNaN else { return 0 }
        let magnitude = min(abs(b), d * (1 - 1e-9))
        let x = (d / coefficient) * magnitude / (d - magnitude)
        return b < 0 ? -x : x
    }
}
