// After the fingers lift: the release is planned, then a frame animator samples the motion at absolute frame times.

extension ScrollContainer {
    /// Plans the motion after a drag: the measured velocity (plus a caught fling's) goes through the policy, the
    /// delegate may move the target, the policy picks the simulation. The delegate is asked during the decision (it
    /// answers a question); notifications come after. A release that starts a refresh rests at the control's place.
    func planRelease(at time: Duration, measured: Point, startsRefresh: Bool = false) -> ScrollMotion {
        var policy = makePolicy()
        if startsRefresh { policy.refreshRest = policy.minOffset.y }
        let velocity = policy.releaseVelocity(measured, lock: arbitration.lock)
        let natural = policy.naturalTarget(from: contentOffset, velocity: velocity)
        var target = natural
        delegate?.scrollContainerWillEndDragging(self, velocity: velocity, targetContentOffset: &target)
        // A finite target that differs from the natural one is the delegate's; NaN or infinite keeps the natural one.
        var overridden: Axis.Set = []
        var chosen = natural
        for axis in Axis.allCases where target[axis].isFinite && target[axis] != natural[axis] {
            overridden.insert(Axis.Set(axis))
            chosen[axis] = target[axis]
        }
        // The delegate may have changed the settings or the offset: decide with what holds now.
        var now = makePolicy()
        if startsRefresh { now.refreshRest = now.minOffset.y }
        return now.releaseMotion(
            from: contentOffset, velocity: velocity, target: chosen, overridden: overridden,
            at: time)
    }

    func startMotion(_ planned: ScrollMotion) {
        motion = planned
        guard let window = attachedWindow else {
            // No window, no frames: jump to the end.
            applyOffset(planned.finalOffset(current: contentOffset))
            motion = ScrollMotion(start: .zero)
            perform(arbitration.animationFinished(), at: planned.start)
            return
        }
        window.addAnimator(animationDriver)
    }

    /// One frame at window time `time`: samples the motion and the indicator fade; returns whether either runs.
    func animationFrame(at time: Duration) -> Bool {
        let resampling = stepResampledDrag()
        // A zoom motion drives the offset while it runs; the motion after a release waits for it.
        let zooming = stepZoomMotion(at: time)
        if arbitration.isAnimating && !zooming {
            if handOffFling(at: time) {
                // The fling went on up the chain (<doc:ScrollBehaviour> §14): this one stopped at its edge.
            } else if motion.isIdle {
                finishMotion(at: time)
            } else if motion.isDone(at: time) {
                applyOffset(motion.finalOffset(current: contentOffset))
                motion = ScrollMotion(start: .zero)
                finishMotion(at: time)
            } else {
                applyOffset(motion.offset(at: time, current: contentOffset))
            }
        }
        _ = stepIndicatorFade(at: time)
        let spinning = stepRefreshSpinner(at: time)
        finishChange()
        // Asked after the notifications: a delegate may have started a motion from them (an animated
        // setContentOffset in didEndDecelerating), which must keep this animator running (<doc:ScrollBehaviour> §8).
        return arbitration.isAnimating || scrollbarsAnimate || zoomState.motion != nil || spinning || resampling
    }

    /// A motion reached its end: a spring first if the geometry changed under it and the content may not rest there.
    /// An animated `setContentOffset` may end off a page boundary, not outside the range (a resize can put it there).
    func finishMotion(at time: Duration) {
        let policy = makePolicy()
        if !arbitration.isAnimatingProgrammatically || policy.clamp(contentOffset) != contentOffset {
            if !policy.isResting(contentOffset) {
                let settle = policy.settleMotion(from: contentOffset, at: time)
                if !settle.isIdle {
                    motion = settle
                    return
                }
            }
        }
        perform(arbitration.animationFinished(), at: time)
    }

    /// After a drag or a touchpad gesture ended: starts the planned motion, if any, else the container is at rest.
    func decelerateOrRest(willDecelerate: Bool, planned: ScrollMotion?) {
        if willDecelerate, let planned {
            notifications.effects.push(.willBeginDecelerating)
            startMotion(planned)
        } else {
            didComeToRest()
        }
    }

    /// The content came to rest: the page at rest may have changed, and the indicators fade out.
    func didComeToRest() {
        chain.links.removeAll(keepingCapacity: true)
        updateCurrentPage()
        scheduleIndicatorFade()
        contentDidComeToRest()
    }
}
