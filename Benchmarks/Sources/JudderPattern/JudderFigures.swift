/// What one run of the judder benchmark gives for one program.
public struct JudderFigures: Sendable {
    /// Frames shown during the steady part of the motion.
    public var frames: Int
    /// The standard deviation of the per-frame steps during the steady part, in points per refresh interval (a
    /// step across a dropped frame counts as that many intervals, so drops show in `dropped`, not here).
    public var stepDeviation: Double
    /// The mean step, in points per refresh interval (the finger's speed times the interval when nothing is lost).
    public var meanStep: Double
    /// How far the shown content lags behind the finger at commit time, in milliseconds of the finger's motion:
    /// the mean and the largest over the steady part's frames.
    public var meanLag: Double
    public var maximumLag: Double
    /// Refresh intervals of the steady part that got no new frame.
    public var dropped: Int
    /// The finger's travel the content never followed (its touch slop), in points: measured while the finger held
    /// still before the lift, and taken off the lag.
    public var slop: Double

    /// One committed frame: its commit time and the refresh tick that shows it, in milliseconds after the touch-down,
    /// and the offset it shows, in points.
    public struct Frame: Sendable {
        public var time: Double
        public var shownAt: Double
        public var offset: Double

        public init(time: Double, shownAt: Double, offset: Double) {
            self.time = time
            self.shownAt = shownAt
            self.offset = offset
        }
    }

    /// The figures of the frames one program committed, in commit order, for `stream`, on a display refreshing every
    /// `refreshInterval` ms. What the display shows is what counts: of several frames committed before one refresh
    /// only the last is seen. The steady part is `steady` (commit times, ms after the touch-down; by default from
    /// 150 ms, past every toolkit's slop and start, to 50 ms before the finger stops). Nil when fewer than two frames
    /// fell in the steady part or none showed the finger at rest.
    public static func measure(
        frames: [Frame], stream: FingerStream, refreshInterval: Double, steady: ClosedRange<Double>? = nil
    ) -> JudderFigures? {
        let window = steady ?? 150...Double(stream.moveDuration - 50)
        var shown: [Frame] = []
        for frame in frames {
            if let last = shown.last, abs(last.shownAt - frame.shownAt) < refreshInterval / 2 { shown.removeLast() }
            shown.append(frame)
        }
        // The slop: the travel not shown once the finger has been still for a while (the last frame before the
        // lift, at least 150 ms into the hold when there is one).
        let lift = Double(stream.liftTime)
        let restFrom = Double(stream.moveDuration) + min(150, Double(stream.hold) / 2)
        guard
            let rest = shown.last(where: { $0.time >= restFrom && $0.time < lift })
                ?? shown.last(where: { $0.time < lift })
        else { return nil }
        let slop = stream.distance(at: Double(stream.moveDuration)) - rest.offset
        let inWindow = shown.filter { window.contains($0.time) }
        guard inWindow.count >= 2 else { return nil }
        var steps: [Double] = []
        var dropped = 0
        for (previous, frame) in zip(inWindow, inWindow.dropFirst()) {
            let intervals = max(1, Int(((frame.shownAt - previous.shownAt) / refreshInterval).rounded()))
            dropped += intervals - 1
            steps.append((frame.offset - previous.offset) / Double(intervals))
        }
        let lags = inWindow.map { (stream.distance(at: $0.time) - slop - $0.offset) / stream.speed * 1000 }
        let mean = steps.reduce(0, +) / Double(steps.count)
        let variance = steps.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(steps.count)
        return JudderFigures(
            frames: inWindow.count, stepDeviation: variance.squareRoot(), meanStep: mean,
            meanLag: lags.reduce(0, +) / Double(lags.count), maximumLag: lags.max() ?? 0, dropped: dropped,
            slop: slop)
    }
}
