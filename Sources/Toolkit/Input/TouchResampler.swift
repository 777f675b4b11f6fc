// Touch resampling (<doc:ScrollBehaviour> §22): a finger is reported at its own rate, out of step with the display,
// so each frame asks where the finger was at one instant (the frame's presentation time minus `latency`) instead of
// taking the newest sample. Between two samples, a line. Past the newest, the line through the last two goes on
// for at most `maximumPrediction`: touch timestamps are irregular (±3 ms is common), and a tighter cap (half the
// last interval) would stop short on every short interval, which is judder again. Two samples closer than
// `minimumInterval` give no slope (their difference is mostly noise): the newest is held. A finger silent for
// longer than `restingGap` before the instant has stopped (the velocity tracker's rule): the newest sample is
// shown as it is, so the content does not stay ahead of a finger that rests.

/// The recent positions of one dragged point (a finger or the centroid of several), in a fixed ring, and where
/// that point was at any recent instant. No allocation.
struct TouchResampler {
    /// Samples kept: more than the 5 ms before a frame holds at 1 kHz.
    static let capacity = 16
    /// How far before the frame's presentation the finger is shown (5 ms): interpolation, not prediction, covers
    /// most frames.
    static let latency: Duration = .milliseconds(5)
    /// How far past the newest sample the finger may be extrapolated (8 ms).
    static let maximumPrediction: Duration = .milliseconds(8)
    /// Two samples closer than this (2 ms) give no slope to extrapolate along.
    static let minimumInterval: Duration = .milliseconds(2)
    /// An instant further than this past the newest sample finds the finger resting there (0.04 s,
    /// `VelocityTracker.maximumGap`).
    static let restingGap: Duration = VelocityTracker.maximumGap

    // The literal 16 is `capacity` (a generic size argument cannot name a constant).
    private var times = InlineArray<16, Duration>(repeating: .zero)
    private var positions = InlineArray<16, Point>(repeating: .zero)
    /// Slot of the oldest sample.
    private var oldest = 0

    /// Samples held (at most `capacity`).
    private(set) var count = 0

    init() {}

    /// The newest sample, if any.
    var newest: (time: Duration, position: Point)? {
        guard count > 0 else { return nil }
        let index = slot(count - 1)
        return (times[index], positions[index])
    }

    /// Forgets every sample.
    mutating func reset() {
        count = 0
        oldest = 0
    }

    /// Records the point at `position` at `time`. A time not after the newest one replaces the newest position
    /// (several touch frames with one timestamp, or time running backwards): intervals stay positive.
    mutating func add(_ position: Point, at time: Duration) {
        guard position.isFinite else { return }
        if count > 0, time <= times[slot(count - 1)] {
            positions[slot(count - 1)] = position
            return
        }
        if count == TouchResampler.capacity {
            oldest = (oldest + 1) % TouchResampler.capacity
            count -= 1
        }
        let index = slot(count)
        times[index] = time
        positions[index] = position
        count += 1
    }

    /// Where the point was at `time`: interpolated between the samples around it, extrapolated past the newest by at
    /// most `maximumPrediction` (the newest itself once `time` is over `restingGap` past it), the oldest sample
    /// before the first. Nil with no sample.
    func position(at time: Duration) -> Point? {
        guard count > 0 else { return nil }
        let last = slot(count - 1)
        if time >= times[last] { return extrapolated(to: time) }
        var later = last
        for k in stride(from: count - 2, through: 0, by: -1) {
            let index = slot(k)
            if times[index] <= time {
                let fraction = (time - times[index]) / (times[later] - times[index])
                return positions[index] + (positions[later] - positions[index]) * fraction
            }
            later = index
        }
        return positions[slot(0)]
    }

    /// Past the newest sample: along the line through it and the latest sample at least `minimumInterval` older.
    private func extrapolated(to time: Duration) -> Point {
        let last = slot(count - 1)
        let target = min(time, times[last] + TouchResampler.maximumPrediction)
        guard target > times[last], time - times[last] <= TouchResampler.restingGap else { return positions[last] }
        for k in stride(from: count - 2, through: 0, by: -1) {
            let index = slot(k)
            let interval = times[last] - times[index]
            guard interval >= TouchResampler.minimumInterval else { continue }
            let fraction = (target - times[last]) / interval
            return positions[last] + (positions[last] - positions[index]) * fraction
        }
        return positions[last]
    }

    private func slot(_ k: Int) -> Int { (oldest + k) % TouchResampler.capacity }
}
