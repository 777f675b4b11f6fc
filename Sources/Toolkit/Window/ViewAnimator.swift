/// An animator with the view it was added through. The view is neither owned nor weak: the entry goes when the
/// view leaves the window (`viewWillLeaveWindow`), before the view can go away.
struct ViewAnimator {
    unowned(unsafe) let view: View
    let animator: FrameAnimator
}
