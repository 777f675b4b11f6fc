// How fast a fling slows down.
//
// The rate r is the factor the velocity keeps per millisecond (UIScrollView's convention), so after t seconds
// v(t) = v0 * r^(1000 t). Everything downstream uses the decay constant k = -1000 ln r (1/s), which needs r strictly
// inside (0, 1): r = 0 makes ln r infinite, r = 1 makes the motion endless, r > 1 accelerates.
//
// Clamping rule (documented on `effectiveRate`): NaN reads as `.normal`; anything else is clamped into
// [0.001, 0.99999].
// - 0.001 keeps a thousandth of the velocity per millisecond: a fling stops in about 2 ms, which is already
//   indistinguishable from no fling; lower values gain nothing and approach ln 0.
// - 0.99999 gives k = 0.01/s: 8000 pt/s then glides 800 000 pt over 15 minutes. Closer to 1 the glide becomes
//   effectively endless and 1 - r approaches the resolution of a Double, where ln r stops being accurate.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The factor a decelerating scroll keeps of its velocity per millisecond (UIScrollView's convention).
///
/// Any value in (0, 1) is meaningful: `.normal` (0.998) glides far, `.fast` (0.99) stops quickly. Values outside
/// are accepted and stored as given, but the physics uses `effectiveRate`, which clamps them.
public struct DecelerationRate: Hashable, Sendable {
    /// The rate as set, per millisecond; may be out of range (see `effectiveRate`).
    public var rawValue: Double

    /// A rate of `rawValue` per millisecond; out-of-range values are kept and clamped only when used.
    public init(rawValue: Double) {
        self.rawValue = rawValue
    }

    /// UIScrollView's normal rate, 0.998 per ms: 1000 pt/s travels about 499.5 pt.
    public static let normal = DecelerationRate(rawValue: 0.998)
    /// UIScrollView's fast rate, 0.99 per ms: 1000 pt/s travels about 99.5 pt.
    public static let fast = DecelerationRate(rawValue: 0.99)

    /// Smallest rate used by the physics, per ms (a fling stops within about 2 ms).
    public static let minimumEffectiveRate = 0.001
    /// Largest rate used by the physics, per ms (decay constant 0.01/s).
    public static let maximumEffectiveRate = 0.99999

    /// The rate the physics uses, per ms: `rawValue` clamped into
    /// [`minimumEffectiveRate`, `maximumEffectiveRate`]; NaN reads as `.normal` (0.998), -infinity as the minimum
    /// and +infinity as the maximum.
    public var effectiveRate: Double {
        if rawValue.isNaN { return DecelerationRate.normal.rawValue }
        return min(max(rawValue, DecelerationRate.minimumEffectiveRate), DecelerationRate.maximumEffectiveRate)
    }

    /// The decay constant k = -1000 ln(`effectiveRate`), in 1/s: v(t) = v0 e^(-k t). Always finite and positive.
    public var decayConstant: Double {
        -1000 * log(effectiveRate)
    }
}
