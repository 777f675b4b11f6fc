// Release velocity of a finger from its recent touch samples (<doc:ScrollBehaviour> §5).
//
// Units: positions in points, times as Duration (converted to seconds for the fit), velocities in pt/s.
//
// Which samples: those of the last 0.1 s before the newest one (an age of exactly 0.1 s still counts), at most 20
// (a 120 Hz touch screen gives 12 in that window). A gap of more than 0.04 s between two consecutive samples means
// the finger stopped: everything before the gap is dropped, and `velocity(at:)` reads zero once the newest sample
// is more than 0.04 s old. A sample stamped with the newest sample's time (or earlier) replaces the newest
// sample's position: one position per instant, so a repeated sample changes nothing and two events delivered in
// the same millisecond count as where the finger was last seen then.
//
// Fit: per axis, ordinary (unweighted) least squares of a parabola x(tau) = a + b tau + c tau^2 over
// tau = t_i - t_newest (<= 0); the velocity is the slope at the newest sample, x'(0) = b. This is the estimator
// AOSP's VelocityTracker calls LSQ2 (its default for touch) and the one Flutter's VelocityTracker uses, with the
// same window (100 ms, 20 samples, 40 ms gap). A parabola because flicks accelerate until lift-off: a straight
// line over 0.1 s averages the slow start with the fast end and reads about half the lift-off speed on recorded
// phone flings. With fewer than three distinct times the parabola is undetermined and the same fit is done with a
// line (two samples: their slope; one sample: zero).
//
// What it was checked on (Tests/ToolkitTests/VelocityRecordingTests.swift, data in
// Tests/ToolkitTests/Support/RecordedFlings.swift): the recorded phone flings of AOSP's
// libs/input/tests/VelocityTracker_test.cpp (one Swordfish and eighteen Sailfish flings, resampled samples at
// uneven intervals included) and of Flutter's packages/flutter/test/gestures/velocity_tracker_data.dart (thirteen
// flings and one interrupted by a 48 ms gap), replayed with their own timestamps, 1 px = 1 pt. It reads every
// value those suites assert for their least-squares strategy within their tolerance (AOSP 20%, Flutter 0.1%; the
// measured differences are below 0.01%), and on Swordfish, where the finger rests 11 ms on its last position
// before lifting, it reads +6068 px/s along the fling for AOSP's +5971 (its impulse strategy's figure; AOSP
// asserts no least-squares value there). The recency-weighted parabola this file used before (weights
// exp(-(age / 25 ms)^2), chosen on simulated flings) read -372 px/s there, against the finger: weighting the
// newest samples lets the resting sample bend the curve backwards, so it was dropped.
//
// Limits: a fit through exactly three samples interpolates them, so a finger that moved and then rested for one
// sample reads a velocity against its motion (AOSP's three-sample "ThreePointsPositiveVelocityTest": 20 px in
// 12.6 ms, then 2.1 ms still, reads -231 px/s; AOSP asserts only its impulse strategy there). With four samples or
// more a resting last sample only slows the reading, as on Swordfish.
//
// Numerics: times are taken relative to the newest sample (Duration arithmetic is exact) and scaled by the
// oldest age to s in [-1, 0], positions relative to the newest; the 3x3 normal equations are solved by Cramer's
// rule. A determinant below 1e-10 of its scale (times too close together to tell a curvature) falls back to the
// line, whose own near-zero determinant falls back to zero. A non-finite result is reported as zero: the function
// never returns NaN.
//
// Storage: three fixed-size InlineArrays used as a ring; adding a sample never allocates.
// Bad input: non-finite positions are dropped; a time earlier than the newest sample counts as the newest time
// (no time passing: the sample replaces the newest one's position).

/// Estimates a finger's velocity from its recent positions by an unweighted quadratic least-squares fit (the
/// LSQ2 of AOSP and Flutter), evaluated at the newest sample. Fixed-capacity storage: adding a sample never
/// allocates.
public struct VelocityTracker: Sendable {
    /// Most samples kept (the newest ones).
    public static let capacity = 20
    /// Age limit of the samples used, relative to the newest one (0.1 s).
    public static let window: Duration = .milliseconds(100)
    /// Longest pause between samples, or between the newest sample and lift-off, that still counts as moving (0.04 s).
    public static let maximumGap: Duration = .milliseconds(40)

    // The literal 20 is `capacity` (a generic size argument cannot name a constant).
    private var times = InlineArray<20, Duration>(repeating: .zero)
    private var xs = InlineArray<20, Double>(repeating: 0)
    private var ys = InlineArray<20, Double>(repeating: 0)
    /// Ring index of the oldest sample.
    private var oldest = 0

    /// How many samples the estimate currently uses (at most `capacity`, one per distinct time).
    public private(set) var sampleCount = 0

    /// An empty tracker.
    public init() {}

    /// The time of the newest sample, or nil when there is none.
    public var newestSampleTime: Duration? {
        sampleCount > 0 ? times[slot(sampleCount - 1)] : nil
    }

    /// Records the finger at `position` (points) at `time`.
    ///
    /// Non-finite positions are ignored. A time at or before the newest sample's replaces that sample's position
    /// (no time passes). A sample more than `maximumGap` after the previous one starts afresh; samples older than
    /// `window` before this one, and beyond `capacity`, are forgotten.
    public mutating func addSample(_ position: Point, at time: Duration) {
        guard position.isFinite else { return }
        if let newest = newestSampleTime {
            if time <= newest {
                let index = slot(sampleCount - 1)
                xs[index] = position.x
                ys[index] = position.y
                return
            }
            if time - newest > VelocityTracker.maximumGap { reset() }
        }
        if sampleCount == VelocityTracker.capacity { dropOldest() }
        let index = slot(sampleCount)
        times[index] = time
        xs[index] = position.x
        ys[index] = position.y
        sampleCount += 1
        while sampleCount > 1 && time - times[oldest] > VelocityTracker.window { dropOldest() }
    }

    /// Forgets every sample (a new gesture, or a cancelled one).
    public mutating func reset() {
        sampleCount = 0
        oldest = 0
    }

    /// The velocity at lift-off time `now`, in pt/s: zero when the newest sample is more than `maximumGap` older
    /// than `now` (the finger stopped before lifting), otherwise `velocity()`.
    public func velocity(at now: Duration) -> Point {
        guard let newest = newestSampleTime, now - newest <= VelocityTracker.maximumGap else { return .zero }
        return velocity()
    }

    /// The velocity at the newest sample, in pt/s: the slope at that sample of the least-squares parabola through
    /// the samples (a line with fewer than three distinct times; zero with one sample or none). Never NaN.
    public func velocity() -> Point {
        guard sampleCount >= 2, let newest = newestSampleTime else { return .zero }
        let span = (newest - times[oldest]).inSeconds
        guard span > 0 else { return .zero }
        let newestX = xs[slot(sampleCount - 1)], newestY = ys[slot(sampleCount - 1)]
        // Moments: s0...s4 = sum s^k; (x|y)0...2 = sum X s^k with X relative to the newest sample.
        let s0 = Double(sampleCount)
        var s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0
        var x0 = 0.0, x1 = 0.0, x2 = 0.0, y0 = 0.0, y1 = 0.0, y2 = 0.0
        for i in 0..<sampleCount {
            let index = slot(i)
            let s = (times[index] - newest).inSeconds / span
            let ss = s * s
            s1 += s; s2 += ss; s3 += ss * s; s4 += ss * ss
            let dx = xs[index] - newestX, dy = ys[index] - newestY
            x0 += dx; x1 += s * dx; x2 += ss * dx
            y0 += dy; y1 += s * dy; y2 += ss * dy
        }
        // Quadratic: the slope b of the normal equations by Cramer's rule, back to pt/s by dividing by span.
        let det = s0 * (s2 * s4 - s3 * s3) - s1 * (s1 * s4 - s3 * s2) + s2 * (s1 * s3 - s2 * s2)
        if sampleCount >= 3 && abs(det) > 1e-10 * s0 * s0 * s0 {
            let cofactor0 = s1 * s4 - s3 * s2
            let vx = (s0 * (x1 * s4 - s3 * x2) - x0 * cofactor0 + s2 * (s1 * x2 - x1 * s2)) / det / span
            let vy = (s0 * (y1 * s4 - s3 * y2) - y0 * cofactor0 + s2 * (s1 * y2 - y1 * s2)) / det / span
            let v = Point(x: vx, y: vy)
            if v.isFinite { return v }
        }
        // Line: slope of the least-squares line.
        let lineDet = s0 * s2 - s1 * s1
        guard abs(lineDet) > 1e-12 * s0 * s0 else { return .zero }
        let v = Point(x: (s0 * x1 - s1 * x0) / lineDet / span, y: (s0 * y1 - s1 * y0) / lineDet / span)
        return v.isFinite ? v : .zero
    }

    /// Ring slot of the `i`-th oldest sample.
    private func slot(_ i: Int) -> Int {
        (oldest + i) % VelocityTracker.capacity
    }

    private mutating func dropOldest() {
        oldest = (oldest + 1) % VelocityTracker.capacity
        sampleCount -= 1
    }
}
