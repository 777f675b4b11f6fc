// Per-frame work an app's own code drives from a view (an auto-scroll that goes on while the finger holds still, a
// custom animation): the window's frames, sampled at the frame time on the window clock.

extension View {
    /// Calls `animator` at every frame of the window this view is in, with the frame time (window clock), until it
    /// answers false, `removeFrameAnimator(_:)` is called, or this view leaves the window (then it is dropped
    /// without a call). The window holds the animator meanwhile. Adding one already running does nothing. Returns
    /// false, calling nothing, when the view is in no window.
    @discardableResult
    public func addFrameAnimator(_ animator: FrameAnimator) -> Bool {
        guard let window = hostWindow else { return false }
        window.addAnimator(animator, heldBy: self)
        return true
    }

    /// Stops calling `animator` (nothing when it is not running).
    public func removeFrameAnimator(_ animator: FrameAnimator) {
        hostWindow?.removeAnimator(animator)
    }
}
