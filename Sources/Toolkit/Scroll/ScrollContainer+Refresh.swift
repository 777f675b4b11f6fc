// Pull to refresh (<doc:ScrollBehaviour> §15): the container's side of `RefreshControl`. While refreshing,
// `makePolicy()` starts the vertical range `height` earlier, so whatever brings the content to rest shows the control.
// The release that starts a refresh goes to that start whatever its overscroll: a pull released short of `height`
// lies inside the grown range and would otherwise stay where it was let go. `onRefresh` runs from the notification
// queue, once the state is consistent, so it may call `endRefreshing()` at once.

extension ScrollContainer {
    /// The start of the vertical range without the refresh control's room, points.
    var baseMinimumOffsetY: Double { -contentInset.top }

    /// How far the content is pulled past the top edge now (the rubber-banded overscroll shown), points; 0 if not past.
    var refreshPull: Double { max(0, baseMinimumOffsetY - contentOffset.y) }

    func layoutRefreshControl() {
        guard let control = refreshControl else { return }
        let frame = Rect(
            x: -contentInset.left, y: baseMinimumOffsetY - control.height,
            width: ScrollContainer.nonNegative(bounds.width), height: control.height)
        if control.frame != frame { control.frame = frame }
    }

    func refreshControlDidChange(from old: RefreshControl?) {
        if let old, old.superview === self { old.removeFromSuperview() }
        if let control = refreshControl {
            if control.superview !== self { addSubview(control) }
            layoutRefreshControl()
            if control.isRefreshing { attachedWindow?.addAnimator(animationDriver) }
        }
        geometryDidChange()
    }

    func refreshControlDidChange(oldHeight: Double) {
        layoutRefreshControl()
        if refreshControl?.isRefreshing == true { geometryDidChange() }
    }

    /// The last finger of a drag lifts: starts refreshing if the pull reached the trigger, and returns whether it did.
    /// Called before the release is planned, so the release rests with the control in view.
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

    /// `beginRefreshing()`: the range grows; a content resting at the top edge moves down to show the control.
    func refreshingDidBegin(byPull: Bool) {
        guard let control = refreshControl else { return }
        let atEdge = !arbitration.isTracking && !arbitration.isAnimating && contentOffset.y == baseMinimumOffsetY
        geometryDidChange()
        attachedWindow?.addAnimator(animationDriver)
        if atEdge && !byPull {
            setContentOffset(
                Point(x: contentOffset.x, y: baseMinimumOffsetY - control.height),
                animation: .easeOut(duration: RefreshControl.endAnimationDuration))
        }
    }

    func refreshingDidEnd() {
        geometryDidChange()
        guard !arbitration.isTracking, contentOffset.y < baseMinimumOffsetY else { return }
        setContentOffset(
            Point(x: contentOffset.x, y: baseMinimumOffsetY),
            animation: .easeOut(duration: RefreshControl.endAnimationDuration))
    }

    func stepRefreshSpinner(at time: Duration) -> Bool {
        guard let control = refreshControl, control.isRefreshing else { return false }
        let period = RefreshControl.spinPeriod.inSeconds
        let t = time.inSeconds
        control.spinPhase = (t / period - (t / period).rounded(.down))
        return true
    }
}
