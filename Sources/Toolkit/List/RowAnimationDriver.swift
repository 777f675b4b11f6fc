/// The frame animator of one list's animated batch (`RowAnimation`): a separate object, made once per list, so that
/// `ListContainer` does not expose `FrameAnimator` and the window's animators do not own the list.
@MainActor
final class RowAnimationDriver: FrameAnimator {
    /// Not owning (the list owns the driver) and not weak (which would put every retain of the list on the
    /// runtime's slow path): the driver runs only while the list is in the window, which owns it then; the list
    /// takes the driver back when it leaves (`hostWindowDidChange(from:)`).
    unowned let list: ListContainer

    init(list: ListContainer) {
        self.list = list
    }

    func animationFrame(at time: Duration) -> Bool {
        list.rowAnimationFrame(at: time)
    }
}
