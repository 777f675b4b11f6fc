// Same-axis nesting (<doc:ScrollBehaviour> §14), a link's side: what a container does when one inside it hands it
// motion, a release or a fling. Its pan (`panGestureRecognizer`) answers the chain's `TouchParticipant` calls with
// these, so a container is a link exactly as an app's own participant can be one.

extension ScrollContainer {
    func canMove(along axis: Axis, direction: Double, policy: ScrollPolicy) -> Bool {
        guard isScrollEnabled, policy.hasRange(axis), direction != 0 else { return false }
        let offset = contentOffset[axis]
        return direction > 0
            ? offset < policy.maxOffset[axis] - ScrollPolicy.restTolerance
            : offset > policy.minOffset[axis] + ScrollPolicy.restTolerance
    }

    func dragsContent(withDeviceOf id: Int) -> Bool { isDragging && !tracksOtherDevice(than: id) }

    func movesContent(along axis: Axis) -> Bool { isScrollEnabled && scrollableAxes.contains(Axis.Set(axis)) }

    func canMoveContent(along axis: Axis, direction: Double) -> Bool {
        canMove(along: axis, direction: direction, policy: makePolicy())
    }

    /// It tracks the sequence's fingers and may drag with them: a drag passed over from inside may move it.
    var acceptsChainedDrag: Bool { hasFingers && drag.sequenceDrags && isScrollEnabled }

    func takeChainedMotion(_ delta: Double, along axis: Axis, pointer: Bool) -> Double {
        guard let target = rangeTarget(of: delta, along: axis), joinChain(pointer: pointer) else { return delta }
        return moveInRange(to: target, by: delta, along: axis)
    }

    func showChainedOverscroll(_ stretch: Double, edgeSign: Double, along axis: Axis, pointer: Bool) -> Bool {
        guard joinChain(pointer: pointer) else { return false }
        showOverscroll(stretch, edgeSign: edgeSign, axis)
        return true
    }

    /// After a motion of the chain: a follower's notifications, queued after the latched container's.
    func chainedMotionFinished() {
        if chain.isFollower { finishChange() }
    }

    func takeChainedRelease(velocity: Double, along axis: Axis, pointer: Bool) -> Bool {
        guard joinChain(pointer: pointer) else { return false }
        chain.releaseVelocity[axis] = velocity
        // A touch follower ends its drag at its own lift, just after this one; its `willBeginDragging` (if it joined
        // only now) goes out first.
        if !pointer { finishChange() }
        return true
    }

    func chainedPointerGestureEnded(at time: Duration) {
        guard chain.isFollower, arbitration.isPointerScrolling else { return }
        let handed = chain.releaseVelocity
        chain.isFollower = false
        chain.releaseVelocity = .zero
        releaseTouchpad(measured: handed, at: time)
    }

    /// Decelerates from `velocity` along `axis` from `time` on (a fling handed on from inside), keeping `onward` to
    /// hand it on again.
    func takeChainedFling(
        velocity: Double, along axis: Axis, at time: Duration, onward: ArraySlice<any TouchParticipant>
    ) -> Bool {
        guard arbitration.chainedFlingBegan() else { return false }
        chain.links.removeAll(keepingCapacity: true)
        chain.links.append(contentsOf: onward)
        var measured = Point.zero
        measured[axis] = velocity
        let policy = makePolicy()
        let released = policy.releaseVelocity(measured, lock: .none)
        let natural = policy.naturalTarget(from: contentOffset, velocity: released)
        notifications.effects.push(.willBeginDecelerating)
        startMotion(
            policy.releaseMotion(
                from: contentOffset, velocity: released, target: natural, overridden: [],
                at: time))
        finishChange()
        return true
    }

    /// A container inside this one hands it motion: it drags from now on, or with `pointer` scrolls as for a touchpad
    /// gesture (§7). Returns whether it takes part.
    func joinChain(pointer: Bool = false) -> Bool {
        if chain.isFollower { return true }
        if pointer {
            guard beginPointerGesture() else { return false }
            chain.isFollower = true
            showIndicators()
            return true
        }
        guard arbitration.chainedDragBegan() else { return false }
        chain.isFollower = true
        notifications.effects.push(.willBeginDragging)
        showIndicators()
        return true
    }
}
