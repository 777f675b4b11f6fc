// Release velocity (<doc:ScrollBehaviour> §5), points and pt/s. Samples: the last 0.1 s, at most 20; a gap over
// 0.04 s means the finger stopped. Fit: per axis, unweighted least squares of x(tau) = a + b tau + c tau^2 over
// tau = t_i - t_newest, velocity x'(0) = b (AOSP's and Flutter's LSQ2). A parabola because flicks accelerate until
// lift-off; no recency weights, since a resting last sample then bends the curve backwards. Under three distinct
// times, a line. Times are scaled to [-1, 0]; a near-singular system falls back to the line, then zero.

/// Estimates a finger's velocity from its recent positions by a quadratic least-squares fit at the newest sample.
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
    private var oldest = 0

    /// How many samples the estimate currently uses (at most `capacity`, one per distinct time).
    public private(set) var sampleCount = 0

    /// An empty tracker.
    public init() {}

    /// The time of the newest sample, or nil when there is none.
    public var newestSampleTime: Duration? {
        sampleCount > 0 ? times[slot(sampleCount - 1)] : nil
    }

    /// Records the finger at `position` (points) at `time`; non-finite positions are ignored.
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

    /// The velocity at lift-off time `now`, in pt/s: zero when the newest sample is over `maximumGap` old.
    public func velocity(at now: Duration) -> Point {
        guard let newest = newestSampleTime, now - newest <= VelocityTracker.maximumGap else { return .zero }
        return velocity()
    }

    /// The velocity at the newest sample, in pt/s (zero with fewer than two samples). Never NaN.
    public func velocity() -> Point {
        guard sampleCount >= 2, let newest = newestSampleTime else { return .zero }
        let span = (newest - times[oldest]).inSeconds
        guard span > 0 else { return .zero }
        let newestX = xs[slot(sampleCount - 1)]
        let newestY = ys[slot(sampleCount - 1)]
        let s0 = Double(sampleCount)
        var s1 = 0.0
        var s2 = 0.0
        var s3 = 0.0
        var s4 = 0.0
        var x0 = 0.0
        var x1 = 0.0
        var x2 = 0.0
        var y0 = 0.0
        var y1 = 0.0
        var y2 = 0.0
        for i in 0..<sampleCount {
            let index = slot(i)
            let s = (times[index] - newest).inSeconds / span
            let ss = s * s
            s1 += s
            s2 += ss
            s3 += ss * s
            s4 += ss * ss
            let dx = xs[index] - newestX
            let dy = ys[index] - newestY
            x0 += dx
            x1 += s * dx
            x2 += ss * dx
            y0 += dy
            y1 += s * dy
            y2 += ss * dy
        }
        // The slope b by Cramer's rule, back to pt/s by dividing by span.
        let det = s0 * (s2 * s4 - s3 * s3) - s1 * (s1 * s4 - s3 * s2) + s2 * (s1 * s3 - s2 * s2)
        if sampleCount >= 3 && abs(det) > 1e-10 * s0 * s0 * s0 {
            let cofactor0 = s1 * s4 - s3 * s2
            let vx = (s0 * (x1 * s4 - s3 * x2) - x0 * cofactor0 + s2 * (s1 * x2 - x1 * s2)) / det / span
            let vy = (s0 * (y1 * s4 - s3 * y2) - y0 * cofactor0 + s2 * (s1 * y2 - y1 * s2)) / det / span
            let v = Point(x: vx, y: vy)
            if v.isFinite { return v }
        }
        let lineDet = s0 * s2 - s1 * s1
        guard abs(lineDet) > 1e-12 * s0 * s0 else { return .zero }
        let v = Point(x: (s0 * x1 - s1 * x0) / lineDet / span, y: (s0 * y1 - s1 * y0) / lineDet / span)
        return v.isFinite ? v : .zero
    }

    private func slot(_ i: Int) -> Int {
        (oldest + i) % VelocityTracker.capacity
    }

    private mutating func dropOldest() {
        oldest = (oldest + 1) % VelocityTracker.capacity
        sampleCount -= 1
    }
}
