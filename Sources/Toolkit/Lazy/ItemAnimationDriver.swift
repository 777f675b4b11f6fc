/// The frame animator of one lazy container's animated batch (`ItemAnimation`): a separate object, made once per
/// container, so that `LazyContainer` does not expose `FrameAnimator` and the window's animators do not own the
/// container.
@MainActor
final class ItemAnimationDriver: FrameAnimator {
    /// Not owning (the container owns the driver) and not weak (which would put every retain of the container on
    /// the runtime's slow path): the driver runs only while the container is in the window, which owns it then;
    /// the container takes the driver back when it leaves (`hostWindowDidChange(from:)`).
    unowned let container: LazyContainer

    init(container: LazyContainer) {
        self.container = container
    }

    func animationFrame(at time: Duration) -> Bool {
        container.engine.itemAnimationFrame(at: time)
    }
}
