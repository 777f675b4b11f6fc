/// The frame animator of one scroll container: the window calls it once per frame while a motion or an
/// indicator fade runs, and it asks the container to sample them at that frame's absolute time.
///
/// A separate object (made once per container) so that `ScrollContainer` does not expose `FrameAnimator`
/// publicly, and so that the window's list of animators does not own the container.
@MainActor
final class ScrollAnimationDriver: FrameAnimator {
    /// Not owning (the container owns the driver) and not weak (which would put every retain of the container on
    /// the runtime's slow path): the driver runs only while the container is in the window, which owns it then;
    /// the container takes the driver back when it leaves (`hostWindowDidChange(from:)`).
    unowned let container: ScrollContainer

    init(container: ScrollContainer) {
        self.container = container
    }

    func animationFrame(at time: Duration) -> Bool {
        container.animationFrame(at: time)
    }
}
