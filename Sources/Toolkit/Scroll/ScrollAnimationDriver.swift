/// The frame animator of one scroll container, made once: the window calls it each frame while a motion or fade
/// runs. Separate so `FrameAnimator` stays internal and the window's animator list does not own the container.
@MainActor
final class ScrollAnimationDriver: FrameAnimator {
    /// Unowned, not weak (weak would put every retain of the container on the runtime's slow path): it runs only
    /// while the window owns the container, which takes it back when it leaves (`hostWindowDidChange(from:)`).
    unowned let container: ScrollContainer

    init(container: ScrollContainer) {
        self.container = container
    }

    func animationFrame(at time: Duration) -> Bool {
        container.animationFrame(at: time)
    }
}
