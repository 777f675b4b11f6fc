/// The judder benchmark's finger: down, then moving steadily (towards the top of the window, so the list scrolls
/// down its rows) for `moveDuration`, still for `hold`, then lifted; reported at `rate` with seeded jitter in the
/// timestamps, each report giving the finger's true position at its (jittered) time.
///
/// Times are whole milliseconds after the touch-down, as `wl_touch` carries them: a report's position is exactly the
/// finger's at its timestamp, so a resampler that interpolates on timestamps is not handed noise the stream did not
/// mean. The still moment before the lift shows how much of the finger's travel each toolkit kept back for its
/// touch slop, so that the lag is not charged with it.
public struct FingerStream: Sendable {
    /// The finger's speed while it moves, in points per second.
    public var speed = 1000.0
    /// The touchscreen's report rate, in Hz.
    public var rate = 120.0
    /// The timestamps' jitter: each report's time is its nominal time plus a uniform draw in ±`jitter` ms.
    public var jitter = 3.0
    /// How long the finger moves, in milliseconds.
    public var moveDuration = 1000
    /// How long it then stays still before it lifts, in milliseconds.
    public var hold = 300
    /// The seed of the jitter.
    public var seed: UInt64

    public init(seed: UInt64) {
        self.seed = seed
    }

    /// One report: its time in whole milliseconds after the touch-down and the distance moved by then (points).
    public struct Report: Sendable, Equatable {
        public var time: Int
        public var distance: Double
    }

    /// The motion reports, in time order (the down at time 0, distance 0, comes before them; the lift at
    /// `liftTime` after them).
    public func reports() -> [Report] {
        var generator = SplitMix64(seed: seed)
        let interval = 1000 / rate
        let count = Int((Double(moveDuration) / interval).rounded())
        var reports: [Report] = []
        var last = 0
        for k in 1...max(1, count) {
            let draw = Double(generator.next() >> 11) / Double(1 << 53)  // [0, 1)
            let time = max(last + 1, Int((Double(k) * interval + (2 * draw - 1) * jitter).rounded()))
            reports.append(Report(time: time, distance: distance(at: Double(time))))
            last = time
        }
        return reports
    }

    /// When the finger lifts, in milliseconds after the touch-down.
    public var liftTime: Int { moveDuration + hold }

    /// The distance the finger has moved `time` ms after the touch-down, in points.
    public func distance(at time: Double) -> Double {
        speed * min(max(time, 0), Double(moveDuration)) / 1000
    }
}

/// Sebastiano Vigna's SplitMix64 (public-domain algorithm): a small seeded generator, the same stream everywhere.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
