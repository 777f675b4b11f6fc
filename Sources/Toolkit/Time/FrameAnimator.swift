/// Something that changes on every frame while it runs (a deceleration, a spring, a fade).
///
/// The window calls `animationFrame(at:)` once per frame, before drawing, with the frame's time on the window
/// clock; the animator samples its simulation at that absolute time (never by accumulating deltas) and
/// answers whether it still runs. An animator that answers false is dropped until it is added again.
@MainActor
public protocol FrameAnimator: AnyObject {
    /// Advances to `time` (window clock). Returns false when finished.
    func animationFrame(at time: Duration) -> Bool
}
