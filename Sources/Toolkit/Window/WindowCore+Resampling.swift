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
    /// The longest a host's refresh may lie before the frame's time (0.1 s): an older one is taken as wrong.
    static let maximumRefreshAge: Duration = .milliseconds(100)

    /// `prepareFrame(at:)` for a frame drawn for the display refresh at `refresh` (window clock): the latest vblank
    /// at or before the frame began, such as a frame callback's time on the presentation grid or a frame clock's
    /// frame time. A touch drag shows the finger as it was 5 ms before that refresh: on the display's grid however
    /// late the draw runs, and between samples already received. A refresh after `time`, or over 0.1 s before it,
    /// is clamped into that span.
    public func prepareFrame(at time: Duration, forRefreshAt refresh: Duration) {
        let frameTime = max(time, now)
        resampling.frameRefresh = max(min(refresh, frameTime), frameTime - WindowCore.maximumRefreshAge)
        defer { resampling.frameRefresh = nil }
        prepareFrame(at: time)
    }

    /// The refresh the frame being prepared is drawn for (window clock): the host's, else the frame's time.
    var frameRefreshTime: Duration { resampling.frameRefresh ?? now }
}
