// Same-axis nesting (<doc:ScrollBehaviour> §14): latching a touch drag, handing its motion and its fling up the
// chain. While the arbitration is undecided, each container (asked innermost first) leaves out of its claimable
// axes those along which it is passed over; the direction is the content's, read at every frame until the slop
// crossing decides. Nothing else moves the chain's offsets during a drag, so the finger's travel equals the sum of
// their changes plus the overscroll, exactly. The pointer's chaining is in ScrollContainer+PointerChaining.swift.

extension ScrollContainer {
    func canMove(along axis: Axis, direction: Double, policy: ScrollPolicy) -> Bool {
        guard isScrollEnabled, policy.hasRange(axis), direction != 0 else { return false }
        let offset = contentOffset[axis]
        return direction > 0
            ? offset < policy.maxOffset[axis] - ScrollPolicy.restTolerance
            : offset > policy.minOffset[axis] + ScrollPolicy.restTolerance
    }

    func canTakeChainedMotion(along axis: Axis, direction: Double) -> Bool {
        hasFingers && drag.sequenceDrags && canMove(along: axis, direction: direction, policy: makePolicy())
    }

    /// Whether this `.contained` container tracks the sequence's fingers, may drag with them and scrolls along `axis`:
    /// a gesture passed over to it stays here, rubber-banding at the edge.
    func keepsChainedMotion(along axis: Axis) -> Bool {
        scrollChaining == .contained && hasFingers && drag.sequenceDrags && scrollableAxes.contains(Axis.Set(axis))
    }

    /// The axes of the current undecided sequence that this container passes over.
    func axesPassedOver(policy: ScrollPolicy) -> Axis.Set {
        guard scrollChaining == .automatic else { return [] }
        var passed: Axis.Set = []
        let translation = fingers.translation
        for axis in Axis.allCases where translation[axis] != 0 {
            let direction = -translation[axis]
            if !canMove(along: axis, direction: direction, policy: policy)
                && someoneAroundCanMove(along: axis, direction: direction)
            {
                passed.insert(Axis.Set(axis))
            }
        }
        return passed
    }

    private func someoneAroundCanMove(along axis: Axis, direction: Double) -> Bool {
        var view = superview
        while let candidate = view {
            if let participant = candidate.touchParticipant {
                if participant.canTakeChainedMotion(along: axis, direction: direction)
                    || participant.keepsChainedMotion(along: axis)
                {
                    return true
                }
            }
            view = candidate.superview
        }
        return false
    }

    // MARK: - Hand-off during a drag

    func gatherChain() {
        chain.links.removeAll(keepingCapacity: true)
        chain.overscroll = .zero
        guard scrollChaining == .automatic else { return }
        var view = superview
        while let candidate = view {
            if let link = candidate as? ScrollContainer, link.hasFingers, link.drag.sequenceDrags, link.isScrollEnabled
            {
                chain.links.append(link)
                if link.scrollChaining == .contained { break }
            }
            view = candidate.superview
        }
    }

    /// Forgets the chain; a latched container whose fling goes on keeps its links, to hand the fling on at its edge.
    func endChain(keepingLinks: Bool = false) {
        if !keepingLinks { chain.links.removeAll(keepingCapacity: true) }
        chain.overscroll = .zero
        chain.releaseVelocity = .zero
        chain.isFollower = false
    }

    // MARK: - Hand-off of flings

    /// At the lift of a chained drag: along each chained axis where this container is at its edge the way the release
    /// goes, the velocity goes to the first link that can move that way. Returns the velocity this container keeps.
    func handOffRelease(_ velocity: Point) -> Point {
        guard !chain.links.isEmpty, !chain.isFollower else { return velocity }
        var kept = velocity
        let policy = makePolicy()
        // Only along the axes this container scrolls: an orthogonal container around (§2.7) gets nothing.
        for axis in Axis.allCases
        where velocity[axis] != 0 && policy.scrollable.contains(axis)
            && chainReaches(along: axis) && !canMove(along: axis, direction: velocity[axis], policy: policy)
        {
            for link in chain.links
            where link.isScrollEnabled && link.scrollableAxes.contains(Axis.Set(axis))
                && link.canMove(along: axis, direction: velocity[axis], policy: link.makePolicy())
            {
                if link.joinChain() {
                    link.chain.releaseVelocity[axis] = velocity[axis]
                    link.finishChange()
                    kept[axis] = 0
                }
                break
            }
        }
        return kept
    }

    /// During a fling of this latched container: at the edge along a chained axis, it stops there (no bounce) and the
    /// first link that can move that way decelerates from the velocity at that instant. Returns whether it handed on.
    func handOffFling(at time: Duration) -> Bool {
        guard arbitration.isDecelerating, !chain.links.isEmpty, !motion.isIdle, time > motion.start else {
            return false
        }
        let policy = makePolicy()
        let next = motion.offset(at: time, current: contentOffset)
        for axis in Axis.allCases where policy.scrollable.contains(axis) && chainReaches(along: axis) {
            let low = policy.minOffset[axis]
            let high = policy.maxOffset[axis]
            let side: Double =
                next[axis] > high + ScrollPolicy.restTolerance
                ? 1
                : next[axis] < low - ScrollPolicy.restTolerance ? -1 : 0
            let from = motion.offset(at: motion.start, current: contentOffset)[axis]
            // Only a fling going out of the range (not a spring coming back into it).
            guard side != 0, side > 0 ? from <= high : from >= low else { continue }
            guard let link = firstLink(along: axis, direction: side) else { continue }
            // The instant the edge was reached, by bisection over the monotonic deceleration.
            var inside = motion.start
            var outside = time
            for _ in 0..<40 {
                let middle = inside + (outside - inside) / 2
                let x = motion.offset(at: middle, current: contentOffset)[axis]
                if side > 0 ? x > high : x < low { outside = middle } else { inside = middle }
            }
            let velocity = motion.velocity(at: inside)[axis]
            guard velocity * side > 0 else { continue }
            // Only this axis is handed on; the other one goes on here, as an Android child keeps flinging the axis it
            // can still use.
            motion[axis] = .none
            let goesOn = !motion.isIdle
            var offset = goesOn ? next : policy.clamp(next)
            offset[axis] = side > 0 ? high : low
            applyOffset(offset)
            link.startChainedFling(velocity: velocity, along: axis, at: inside, chain: chain.links, after: link)
            if !goesOn {
                motion = ScrollMotion(start: .zero)
                chain.links.removeAll(keepingCapacity: true)
                perform(arbitration.animationFinished(), at: time)
            }
            return true
        }
        return false
    }

    func firstLink(along axis: Axis, direction: Double) -> ScrollContainer? {
        for link in chain.links
        where link.isScrollEnabled && link.scrollableAxes.contains(Axis.Set(axis))
            && link.canMove(along: axis, direction: direction, policy: link.makePolicy())
        {
            return link
        }
        return nil
    }

    /// Decelerates from `velocity` along `axis` from `time` on (a fling handed on from inside), keeping the links of
    /// `chain` after this one to hand it on again.
    func startChainedFling(
        velocity: Double, along axis: Axis, at time: Duration, chain: [ScrollContainer],
        after link: ScrollContainer
    ) {
        guard arbitration.chainedFlingBegan() else { return }
        self.chain.links.removeAll(keepingCapacity: true)
        var rest = false
        for other in chain {
            if rest { self.chain.links.append(other) }
            if other === link { rest = true }
        }
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
    }

    func chainReaches(along axis: Axis) -> Bool {
        for link in chain.links where link.isScrollEnabled && link.scrollableAxes.contains(Axis.Set(axis)) {
            return true
        }
        return false
    }

    /// Hands the fingers' motion up to `translation` (the raw one, or the one a frame shows resampled) out along
    /// `axes`.
    func handOffDrag(along axes: Axis.Set, translation: Point) {
        var moved = false
        for axis in Axis.allCases where axes.contains(Axis.Set(axis)) {
            // The content moves against the fingers.
            let delta = chain.translation[axis] - translation[axis]
            chain.translation[axis] = translation[axis]
            moved = moved || delta != 0
            handOut(delta, along: axis, pointer: false)
        }
        // Only after a motion: a follower handed nothing has nothing to send, and queueing it would put its
        // notifications before this container's (the last sample applied again at the lift hands out nothing).
        guard moved else { return }
        for link in chain.links where link.chain.isFollower { link.finishChange() }
    }

    /// Hands `delta` (content points along `axis`) out to this container and its chain in order; what none can use is
    /// overscroll. `pointer`: links join as a touchpad gesture. The caller lets the followers send their notifications.
    func handOut(_ delta: Double, along axis: Axis, pointer: Bool) {
        var delta = delta
        guard delta != 0 else { return }
        let bouncer = chainBouncer(along: axis)
        var overscroll = chain.overscroll[axis]
        if overscroll != 0 && (overscroll > 0) != (delta > 0) {
            // Coming back: the stretch relaxes first.
            let left = overscroll + delta
            if left != 0 && (left > 0) == (overscroll > 0) {
                overscroll = left
                delta = 0
            } else {
                overscroll = 0
                delta = left
            }
            if let bouncer { bouncer.showChainOverscroll(overscroll, edgeSign: chain.overscroll[axis], axis) }
        }
        delta = take(delta, along: axis, into: self, pointer: pointer)
        for link in chain.links
        where delta != 0 && link.isScrollEnabled
            && link.scrollableAxes.contains(Axis.Set(axis))
        {
            delta = take(delta, along: axis, into: link, pointer: pointer)
        }
        if delta != 0, let bouncer, bouncer === self || bouncer.joinChain(pointer: pointer) {
            overscroll += delta
            bouncer.showChainOverscroll(overscroll, edgeSign: overscroll, axis)
        }
        chain.overscroll[axis] = overscroll
    }

    /// Moves `container` by as much of `delta` as its range holds (never toward the range from outside); returns
    /// the rest.
    private func take(_ delta: Double, along axis: Axis, into container: ScrollContainer, pointer: Bool) -> Double {
        let policy = container.makePolicy()
        let offset = container.contentOffset[axis]
        let moved =
            delta > 0
            ? max(offset, min(offset + delta, policy.maxOffset[axis]))
            : min(offset, max(offset + delta, policy.minOffset[axis]))
        guard moved != offset, container === self || container.joinChain(pointer: pointer) else { return delta }
        var point = container.contentOffset
        point[axis] = moved
        container.applyOffset(point)
        // All of it when nothing was clamped: `delta - (moved - offset)` would leave a rounding residue, which the
        // bouncer would then show as overscroll at its edge.
        return moved == offset + delta ? 0 : delta - (moved - offset)
    }

    /// The container that shows the chain's overscroll: the outermost bouncing link, else this one if it bounces.
    private func chainBouncer(along axis: Axis) -> ScrollContainer? {
        for link in chain.links.reversed()
        where link.bounces && link.isScrollEnabled
            && link.scrollableAxes.contains(Axis.Set(axis))
        {
            return link
        }
        return bounces ? self : nil
    }

    private func showChainOverscroll(_ overscroll: Double, edgeSign: Double, _ axis: Axis) {
        let policy = makePolicy()
        let edge = edgeSign > 0 ? policy.maxOffset[axis] : policy.minOffset[axis]
        var point = contentOffset
        point[axis] = policy.displayed(raw: edge + overscroll, axis)
        applyOffset(point)
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

extension ScrollContainer {
    /// The links of a chain this container leads, or its part as a follower (<doc:ScrollBehaviour> §14).
    struct ChainState {
        /// The containers around this latched one that take what it cannot use, innermost first.
        var links: [ScrollContainer] = []
        /// The translation up to which the fingers' motion was handed out.
        var translation: Point = .zero
        /// What no container of the chain could use, per axis (finger points, before the rubber band).
        var overscroll: Point = .zero
        /// Whether a container inside this one moves it (it then ignores its own fingers' motion).
        var isFollower = false
        /// The velocity the latched container hands this follower at the lift, points per second.
        var releaseVelocity: Point = .zero
    }
}
