// Touch resampling (<doc:ScrollBehaviour> §22): the window says whether a touch drag shows the finger resampled at
// each frame, and when the frame being prepared is expected on screen.

extension WindowCore {
    /// Whether a container dragged by a finger shows, at each frame, where the finger was at the frame's presentation
    /// time minus 5 ms (interpolated between the two touch samples around that instant, or extrapolated from the
    /// last two by at most 8 ms), instead of applying every touch sample as it comes. It evens out the per-frame
    /// steps of a finger reported out of step with the display. The last sample applies exactly at the lift, fling
    /// velocity, taps, slop and arbitration use the raw samples, and mouse drags and touchpads are never
    /// resampled. Default true.
    public var resamplesTouches: Bool {
        get { resampling.isEnabled }
        set { resampling.isEnabled = newValue }
    }
}

extension WindowCore {
    /// The longest a host's expected presentation may lie past the frame's time (0.1 s): a prediction further out is
    /// taken as wrong.
    static let maximumPresentationLead: Duration = .milliseconds(100)

    /// `prepareFrame(at:)` for a frame a host expects on screen at `presentationTime` (window clock), such as the
    /// next vblank predicted from presentation feedback or a frame clock: a touch drag shows the finger resampled
    /// for that instant. A time before `time`, or over 0.1 s after it, is clamped into that span.
    public func prepareFrame(at time: Duration, presentingAt presentationTime: Duration) {
        let frameTime = max(time, now)
        resampling.frameTarget = min(max(presentationTime, frameTime), frameTime + WindowCore.maximumPresentationLead)
        defer { resampling.frameTarget = nil }
        prepareFrame(at: time)
    }

    /// When the frame being prepared is expected on screen (window clock): the host's expectation, else the frame's
    /// time.
    var frameTargetTime: Duration { resampling.frameTarget ?? now }
}
