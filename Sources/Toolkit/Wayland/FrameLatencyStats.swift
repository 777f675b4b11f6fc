/// How long a Wayland window's frames take to reflect input and to reach the screen
/// (`WaylandWindow.frameLatency`).
///
/// Two spans are measured on the window clock (CLOCK_MONOTONIC):
/// - *input to commit*: for each committed frame that reflects input, from the moment the oldest input event
///   not yet reflected in a commit was delivered to the window (read from the socket and handed to the core)
///   to the `wl_surface.commit` of the frame. Only events that leave the window wanting a frame count (a touch
///   that changes nothing on screen has nothing to reflect).
/// - *commit to present*: for each committed frame, from its commit to the time the compositor says it was
///   shown (`wp_presentation_feedback.presented`). Only where the compositor offers `wp_presentation`.
///
/// Medians are over the latest `sampleWindow` frames of each kind; maxima and counts over the window's life.
public struct FrameLatencyStats: Sendable, Equatable {
    /// The median and maximum of one span.
    public struct Summary: Sendable, Equatable {
        /// The median of the latest `FrameLatencyStats.sampleWindow` samples (the mean of the two middle ones for
        /// an even count).
        public var median: Duration
        /// The largest sample since the window was made.
        public var maximum: Duration
        /// The number of samples since the window was made (frames measured).
        public var count: Int

        public init(median: Duration, maximum: Duration, count: Int) {
            self.median = median
            self.maximum = maximum
            self.count = count
        }
    }

    /// How many of the latest samples medians are taken over.
    public static let sampleWindow = 4096

    /// Input event delivered → commit of the frame that reflects it; nil before the first such frame.
    public var inputToCommit: Summary?
    /// Commit → presented (wp_presentation); nil before the first presented frame or without wp_presentation.
    public var commitToPresent: Summary?
    /// Input events that wanted a frame and were reflected in the first commit after them, with no frame
    /// opportunity (a frame callback done, or a commit without a new frame) passing in between.
    public var inputEventsOnTime: Int
    /// Input events that wanted a frame and were not: a commit without a new frame, or a frame callback done
    /// with no frame drawn, came between the event and the frame that reflects it (each such event added at
    /// least one frame of latency in the client). The goal is 0.
    public var inputEventsLate: Int
    /// Frames the compositor never showed (`wp_presentation_feedback.discarded`: replaced before a repaint).
    public var discardedFrames: Int
    /// Whether the compositor offers `wp_presentation` (commit-to-present figures exist only then).
    public var hasPresentationFeedback: Bool

    public init(
        inputToCommit: Summary? = nil, commitToPresent: Summary? = nil, inputEventsOnTime: Int = 0,
        inputEventsLate: Int = 0, discardedFrames: Int = 0, hasPresentationFeedback: Bool = false
    ) {
        self.inputToCommit = inputToCommit
        self.commitToPresent = commitToPresent
        self.inputEventsOnTime = inputEventsOnTime
        self.inputEventsLate = inputEventsLate
        self.discardedFrames = discardedFrames
        self.hasPresentationFeedback = hasPresentationFeedback
    }
}

/// A fixed ring of the latest `FrameLatencyStats.sampleWindow` durations (nanoseconds), with the maximum and
/// count over all of them: storage is made once, adding never allocates; `summary` sorts a copy.
struct LatencySamples: Sendable {
    private var ring: [Int64]
    private var next = 0
    private(set) var count = 0
    private(set) var maximum: Int64 = 0

    init(capacity: Int = FrameLatencyStats.sampleWindow) {
        ring = Array(repeating: 0, count: max(1, capacity))
    }

    /// Adds one sample (negative durations count as 0).
    mutating func add(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = max(0, seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000)
        ring[next] = nanoseconds
        next = next + 1 == ring.count ? 0 : next + 1
        count += 1
        maximum = max(maximum, nanoseconds)
    }

    /// Median of the kept samples, maximum and count; nil when empty.
    var summary: FrameLatencyStats.Summary? {
        guard count > 0 else { return nil }
        let kept = ring.prefix(min(count, ring.count)).sorted()
        let middle = kept.count / 2
        let median = kept.count % 2 == 1 ? kept[middle] : (kept[middle - 1] + kept[middle]) / 2
        return FrameLatencyStats.Summary(median: .nanoseconds(median), maximum: .nanoseconds(maximum), count: count)
    }
}
