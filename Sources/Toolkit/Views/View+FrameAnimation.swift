// Frame animation for a view's own motion, through the window that shows it: what an app's view needs to animate
// something that is not a scroll offset (a row sliding back into place), without naming the window.

extension View {
    /// Calls `animator` at every frame of the window showing this view, with the frame's time, until it answers
    /// false or `removeFrameAnimator` is called (adding one that runs changes nothing). Returns false, and calls
    /// nothing, when the view is in no window: the caller then puts its animation at its end itself.
    @discardableResult
    public func addFrameAnimator(_ animator: FrameAnimator) -> Bool {
        guard let window = hostWindow else { return false }
        window.addAnimator(animator)
        return true
    }

    /// Stops calling `animator` (nothing when it is not running or the view is in no window).
    public func removeFrameAnimator(_ animator: FrameAnimator) {
        hostWindow?.removeAnimator(animator)
    }
}
