/// Something that changes every frame while it runs, sampled at the frame's absolute time (never summed deltas).
@MainActor
public protocol FrameAnimator: AnyObject {
    /// Advances to `time` (window clock). Returns false when finished.
    func animationFrame(at time: Duration) -> Bool
}
