/// The frame animator of one list's lifted row (`RowMovement`): the rows sliding out of its way. Made once per list,
/// like the lazy engine's `ItemAnimationDriver`, so that the window's animators do not own the list.
@MainActor
final class RowMovementDriver: FrameAnimator {
    /// Not owning (the list owns the driver): it runs only while the list is in the window, which owns the list
    /// then; the list takes it back when it leaves.
    unowned let list: ListContainer

    init(list: ListContainer) {
        self.list = list
    }

    func animationFrame(at time: Duration) -> Bool {
        list.rowMovementFrame(at: time)
    }
}
