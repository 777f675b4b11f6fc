/// When a frame drawn now is expected on screen, and the refresh it is drawn for (touch resampling,
/// <doc:ScrollBehaviour> §22): the next refresh after now, on the grid of the latest `wp_presentation_feedback.presented` time and its refresh interval; without
/// presentation feedback, on the grid of the latest frame callback, with the shortest recent interval between
/// callbacks as the refresh (a skipped frame only lengthens an interval). With neither, the frame's own time.
/// Pure value type on the window clock: no clock is read here.
struct PresentationPredictor {
    /// Intervals between frame callbacks taken as a refresh: 4 ms (250 Hz) to 50 ms (20 Hz).
    static let plausibleRefresh: ClosedRange<Duration> = .milliseconds(4) ... .milliseconds(50)
    /// Frame callback intervals remembered.
    static let intervalCount = 8

    /// The latest presentation and its output's refresh interval (zero when the compositor did not say).
    private var presented: (time: Duration, refresh: Duration)?
    /// The latest frame callback.
    private var lastCallback: Duration?
    // The literal 8 is `intervalCount`.
    private var intervals = InlineArray<8, Duration>(repeating: .zero)
    private var intervalIndex = 0

    init() {}

    /// A frame was presented at `time` on an output refreshing every `refresh` (zero: unknown).
    mutating func framePresented(at time: Duration, refresh: Duration) {
        presented = (time, refresh)
    }

    /// A frame callback was done at `time`.
    mutating func frameCallbackDone(at time: Duration) {
        if let lastCallback, time > lastCallback {
            intervals[intervalIndex] = time - lastCallback
            intervalIndex = (intervalIndex + 1) % PresentationPredictor.intervalCount
        }
        lastCallback = time
    }

    /// The refresh interval estimated from frame callbacks, if any is plausible.
    var callbackRefresh: Duration? {
        var shortest: Duration?
        for k in 0..<PresentationPredictor.intervalCount
        where PresentationPredictor.plausibleRefresh.contains(intervals[k]) {
            shortest = min(shortest ?? intervals[k], intervals[k])
        }
        return shortest
    }

    /// When a frame drawn at `now` is expected on screen: the first refresh after `now`.
    func presentationTime(forFrameAt now: Duration) -> Duration {
        if let presented, PresentationPredictor.plausibleRefresh.contains(presented.refresh) {
            return PresentationPredictor.nextTick(after: now, anchor: presented.time, period: presented.refresh)
        }
        if let lastCallback, let refresh = callbackRefresh {
            return PresentationPredictor.nextTick(after: now, anchor: lastCallback, period: refresh)
        }
        return now
    }

    /// The refresh a frame drawn at `now` is drawn for: the latest refresh at or before `now` (one refresh before the
    /// expected presentation). Touch resampling shows the finger for this instant: it lies on the display's grid
    /// whenever the draw itself runs late, and recent samples surround it. With nothing known, `now`.
    func refreshTime(forFrameAt now: Duration) -> Duration {
        if let presented, PresentationPredictor.plausibleRefresh.contains(presented.refresh) {
            return PresentationPredictor.nextTick(after: now, anchor: presented.time, period: presented.refresh)
                - presented.refresh
        }
        if let lastCallback, let refresh = callbackRefresh {
            return PresentationPredictor.nextTick(after: now, anchor: lastCallback, period: refresh) - refresh
        }
        return now
    }

    /// The first instant `anchor + k * period` (k an integer) after `now`.
    static func nextTick(after now: Duration, anchor: Duration, period: Duration) -> Duration {
        let periods = ((now - anchor) / period).rounded(.down) + 1
        let next = anchor + period * periods
        // Rounding of the division may land on `now` or one period early.
        return next > now ? next : next + period
    }
}
