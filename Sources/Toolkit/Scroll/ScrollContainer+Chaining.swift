// Same-axis nesting (<doc:ScrollBehaviour> §14), the latched container's side: latching a touch drag, handing its
// motion and its fling up the chain. While the arbitration is undecided, each container (asked innermost first)
// leaves out of its claimable axes those along which it is passed over; the direction is the content's, read at
// every frame until the slop crossing decides. Nothing else moves the chain's offsets during a drag, so the finger's
// travel equals the sum of their changes plus the overscroll, exactly. The links are the touch participants of the
// views around (a container's is its pan, ScrollContainer+ChainLink.swift; an app's own participant may be one).
// The pointer's chaining is in ScrollContainer+PointerChaining.swift.

extension ScrollContainer {
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
            if let link = candidate.touchParticipant, link.acceptsChainedDrag {
                chain.links.append(link)
                if link.containsChainedMotion { break }
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
            if let index = firstLink(along: axis, direction: velocity[axis]),
                chain.links[index].takeChainedRelease(velocity: velocity[axis], along: axis, pointer: false)
            {
                kept[axis] = 0
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
            guard let index = firstLink(along: axis, direction: side) else { continue }
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
            _ = chain.links[index].takeChainedFling(
                velocity: velocity, along: axis, at: inside, onward: chain.links[(index + 1)...])
            if !goesOn {
                motion = ScrollMotion(start: .zero)
                chain.links.removeAll(keepingCapacity: true)
                perform(arbitration.animationFinished(), at: time)
            }
            return true
        }
        return false
    }

    /// The index of the first link that can move along `axis` in the sign of `direction`.
    func firstLink(along axis: Axis, direction: Double) -> Int? {
        chain.links.firstIndex { $0.movesContent(along: axis) && $0.canMoveContent(along: axis, direction: direction) }
    }

    func chainReaches(along axis: Axis) -> Bool {
        chain.links.contains { $0.movesContent(along: axis) }
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
        for link in chain.links { link.chainedMotionFinished() }
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
            if let bouncer {
                _ = show(overscroll, edgeSign: chain.overscroll[axis], axis, on: bouncer, pointer: pointer)
            }
        }
        if let target = rangeTarget(of: delta, along: axis) { delta = moveInRange(to: target, by: delta, along: axis) }
        for link in chain.links where delta != 0 && link.movesContent(along: axis) {
            delta = link.takeChainedMotion(delta, along: axis, pointer: pointer)
        }
        if delta != 0, let bouncer,
            show(overscroll + delta, edgeSign: overscroll + delta, axis, on: bouncer, pointer: pointer)
        {
            overscroll += delta
        }
        chain.overscroll[axis] = overscroll
    }

    /// Where `delta` along `axis` takes this container's offset within its range (never toward the range from
    /// outside); nil when it stays.
    func rangeTarget(of delta: Double, along axis: Axis) -> Double? {
        let policy = makePolicy()
        let offset = contentOffset[axis]
        let moved =
            delta > 0
            ? max(offset, min(offset + delta, policy.maxOffset[axis]))
            : min(offset, max(offset + delta, policy.minOffset[axis]))
        return moved == offset ? nil : moved
    }

    /// Moves to `target` along `axis` (from `rangeTarget(of:along:)`) and returns what is left of `delta`.
    func moveInRange(to target: Double, by delta: Double, along axis: Axis) -> Double {
        let offset = contentOffset[axis]
        var point = contentOffset
        point[axis] = target
        applyOffset(point)
        // All of it when nothing was clamped: `delta - (target - offset)` would leave a rounding residue, which the
        // bouncer would then show as overscroll at its edge.
        return target == offset + delta ? 0 : delta - (target - offset)
    }

    /// Who shows the chain's overscroll along `axis`: the outermost bouncing link, else this one if it bounces.
    private func chainBouncer(along axis: Axis) -> ChainBouncer? {
        if let index = chain.links.lastIndex(where: { $0.bouncesChainedMotion(along: axis) }) { return .link(index) }
        return bounces ? .leader : nil
    }

    private func show(_ stretch: Double, edgeSign: Double, _ axis: Axis, on bouncer: ChainBouncer, pointer: Bool)
        -> Bool
    {
        switch bouncer {
        case .leader:
            showOverscroll(stretch, edgeSign: edgeSign, axis)
            return true
        case .link(let index):
            return chain.links[index].showChainedOverscroll(stretch, edgeSign: edgeSign, along: axis, pointer: pointer)
        }
    }

    /// Shows `stretch` points beyond the edge in the sign of `edgeSign` along `axis`, through the rubber band.
    func showOverscroll(_ stretch: Double, edgeSign: Double, _ axis: Axis) {
        let policy = makePolicy()
        let edge = edgeSign > 0 ? policy.maxOffset[axis] : policy.minOffset[axis]
        var point = contentOffset
        point[axis] = policy.displayed(raw: edge + stretch, axis)
        applyOffset(point)
    }
}

private enum ChainBouncer {
    case leader
    case link(Int)
}

extension ScrollContainer {
    /// The links of a chain this container leads, or its part as a follower (<doc:ScrollBehaviour> §14).
    struct ChainState {
        /// The participants around this latched container that take what it cannot use, innermost first.
        var links: [any TouchParticipant] = []
        /// The links' offsets as the raw samples left them while a frame shows a resampled translation, in the
        /// links' order (ScrollContainer+Resampling.swift).
        var rawLinkOffsets: [Point] = []
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
