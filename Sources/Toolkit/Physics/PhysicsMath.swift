// Shared numeric helpers for the physics value types.
//
// Every simulation sanitises its inputs by the same rules; this is the one place where they are written down:
//
// - Positions are clamped into ±1e12 pt. No real content is that large (pixman coordinates stop at 2^31), and the
//   bound keeps `position + travel` and the squared terms of the fits far from overflow.
// - Speeds are clamped into ±1e6 pt/s, about 125 times the container's fling clamp of 8000 pt/s.
// - A sample time `t` that is NaN or negative is read as 0 (the start); +infinity is "long after the end".

/// Numeric helpers and input limits shared by the simulations (internal).
enum PhysicsMath {
    /// Largest position magnitude a simulation accepts, in points; larger finite values are clamped to it.
    static let maximumPosition = 1e12
    /// Largest speed a simulation accepts, in points per second; larger finite values are clamped to it.
    static let maximumSpeed = 1e6

    /// `value` clamped into ±`maximumPosition`, or nil when it is NaN or infinite.
    static func position(_ value: Double) -> Double? {
        value.isFinite ? min(max(value, -maximumPosition), maximumPosition) : nil
    }

    /// `value` clamped into ±`maximumSpeed`; NaN and infinities read as 0 (no motion).
    static func speed(_ value: Double) -> Double {
        value.isFinite ? min(max(value, -maximumSpeed), maximumSpeed) : 0
    }

    /// A sample time in seconds since the start: NaN and negative values read as 0, +infinity stays infinite.
    static func time(_ t: Double) -> Double {
        t > 0 ? t : 0  // NaN fails the comparison and becomes 0 too
    }
}
