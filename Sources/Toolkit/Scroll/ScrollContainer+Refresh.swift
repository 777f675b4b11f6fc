// Pull to refresh (<doc:ScrollBehaviour> §15): the container's side of `RefreshControl`.
//
// - The trigger is read at the lift that ends a drag, before the release is planned: a rubber-banded overscroll
//   past the top edge (`refreshPull`) of at least `triggerDistance` starts refreshing. Only a lift: a cancelled
//   sequence never refreshes, and a pull while refreshing does nothing more (`onRefresh` runs once per refresh).
// - While refreshing, `makePolicy()` starts the vertical range `height` earlier, so everything that brings the
//   content to rest (a bounce, a settle after a resize) rests with the control in view, and a second pull
//   rubber-bands from there. The release that starts the refresh goes to that start whatever its overscroll: a
//   pull released short of `height` lies inside the grown range and would otherwise stay where it was let go.
// - `onRefresh` runs from the notification queue, after the release motion is planned and the state is
//   consistent, so it may call `endRefreshing()` at once.
// - `endRefreshing()` gives the range back and returns a content resting above the edge with a 0.3 s ease-out (an
//   animated offset change, so it ends with `didEndScrollingAnimation`); under a finger, the lift settles instead.

extension ScrollContainer {
    /// The start of the vertical range without the refresh control's room, points.
    var baseMinimumOffsetY: Double { -contentInset.top }

    /// How far the content is pulled past the top edge now (the displayed, rubber-banded overscroll), points; 0
    /// when not past it.
    var refreshPull: Double { max(0, baseMinimumOffsetY - contentOffset.y) }

    /// Puts the control just above the start of the content's range, as wide as the container.
    func layoutRefreshControl() {
        guard let control = refreshControl else { return }
        let frame = Rect(x: -contentInset.left, y: baseMinimumOffsetY - control.height,
                         width: ScrollContainer.nonNegative(bounds.width), height: control.height)
        if control.frame != frame { control.frame = frame }
    }

    /// `refreshControl` changed from `old`.
    func refreshControlDidChange(from old: RefreshControl?) {
        if let old, old.superview === self { old.removeFromSuperview() }
        if let control = refreshControl {
            if control.superview !== self { addSubview(control) }
            layoutRefreshControl()
            if control.isRefreshing { attachedWindow?.addAnimator(animationDriver) }
        }
        // The range may have changed (a refreshing control adds its height).
        geometryDidChange()
    }

    /// The control's height changed while it is this container's.
    func refreshControlDidChange(oldHeight: Double) {
        layoutRefreshControl()
        if refreshControl?.isRefreshing == true { geometryDidChange() }
    }

    /// The last finger of a drag lifts: starts refreshing if the pull reached the trigger, and returns whether it
    /// did. Called before the release is planned, so that the release comes to rest with the control in view.
    @discardableResult
    func refreshIfPulled() -> Bool {
        guard let control = refreshControl, !control.isRefreshing else { return false }
        let pull = refreshPull
        guard pull > 0, pull >= control.triggerDistance else { return false }
        control.beginRefreshingFromPull()
        notifications.effects.push(.refresh)
        attachedWindow?.addAnimator(animationDriver)
        return true
    }

    /// `beginRefreshing()` (not a pull): the range grows; a content resting at the top edge moves down to show the
    /// control.
    func refreshingDidBegin(byPull: Bool) {
        guard let control = refreshControl else { return }
        let atEdge = !arbitration.isTracking && !arbitration.isAnimating && contentOffset.y == baseMinimumOffsetY
        geometryDidChange()
        attachedWindow?.addAnimator(animationDriver)
        if atEdge && !byPull {
            setContentOffset(Point(x: contentOffset.x, y: baseMinimumOffsetY - control.height),
                             animation: .easeOut(duration: RefreshControl.endAnimationDuration))
        }
    }

    /// `endRefreshing()`: the range is normal again; a content above the edge returns to it over 0.3 s.
    func refreshingDidEnd() {
        geometryDidChange()
        guard !arbitration.isTracking, contentOffset.y < baseMinimumOffsetY else { return }
        setContentOffset(Point(x: contentOffset.x, y: baseMinimumOffsetY),
                         animation: .easeOut(duration: RefreshControl.endAnimationDuration))
    }

    /// One frame: turns the spinner while refreshing. Returns whether it still turns.
    func stepRefreshSpinner(at time: Duration) -> Bool {
        guard let control = refreshControl, control.isRefreshing else { return false }
        let period = RefreshControl.spinPeriod.inSeconds
        let t = time.inSeconds
        control.spinPhase = (t / period - (t / period).rounded(.down))
        return true
    }
}
