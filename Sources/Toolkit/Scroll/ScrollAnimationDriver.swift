/// The frame animator of one scroll container: the window calls it once per frame while a motion or an
/// indicator fade runs, and it asks the container to sample them at that frame's absolute time.
///
/// A separate object (made once per container) so that `ScrollContainer` does not expose `FrameAnimator`
/// publicly, and so that the window's reference is weak towards the container.
@MainActor
final class ScrollAnimationDriver: FrameAnimator {
    weak var container: ScrollContainer?

    init(container: ScrollContainer) {
        self.container = container
    }

    func animationFrame(at time: Duration) -> Bool {
        container?.animationFrame(at: time) ?? false
    }
}
