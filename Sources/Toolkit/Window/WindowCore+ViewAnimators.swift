// Frame animators an app adds through a view (`View.addFrameAnimator`): the window calls them like its own, and
// drops them, without a call, when their view leaves the window (so an animator never outlives the view it drives
// in the window's list).

extension WindowCore {
    /// Calls `animator` at every frame until it answers false, is removed, or `view` leaves this window.
    func addAnimator(_ animator: FrameAnimator, heldBy view: View) {
        if !viewAnimators.contains(where: { $0.animator === animator }) {
            if viewAnimators.capacity == 0 { viewAnimators.reserveCapacity(4) }
            viewAnimators.append(ViewAnimator(view: view, animator: animator))
        }
        addAnimator(animator)
    }

    /// `view` leaves the window: the animators added through it or a view below it stop.
    func dropViewAnimators(leaving view: View) {
        var index = 0
        while index < viewAnimators.count {
            let entry = viewAnimators[index]
            if entry.view.isDescendant(of: view) {
                viewAnimators.remove(at: index)
                removeAnimator(entry.animator)
            } else {
                index += 1
            }
        }
    }
}
