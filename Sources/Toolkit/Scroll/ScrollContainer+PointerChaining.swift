// Same-axis nesting (<doc:ScrollBehaviour> §14) for the pointer: touchpad swipes and wheel sequences. The window's
// `PointerRouter` keeps one latch per axis and asks `pointerLatch`; a touchpad swipe is handed out as a touch drag
// (`handOut`), a wheel step's excess goes to the nearest container up the chain whose step run can still move.

extension ScrollContainer {
    /// How long a wheel sequence stays latched to its container after its last event.
    static let wheelLatchInterval: Duration = .milliseconds(500)

    /// Whether this container takes a pointer gesture starting along `axis` in the sign of `direction` (0 for a
    /// continuous device, which does not chain).
    func pointerLatch(along axis: Axis, direction: Double, touchpad: Bool) -> PointerLatch {
        guard touchpad ? canTouchpadScroll(along: axis) : canStep(along: axis) else { return .declines }
        guard direction != 0, scrollChaining == .automatic else { return .takes }
        let policy = makePolicy()
        let movable =
            touchpad
            ? canMove(along: axis, direction: direction, policy: policy)
            : stepCanMove(along: axis, direction: direction, policy: policy)
        return movable ? .takes : .passesOver
    }

    /// Whether the wheel's step run along `axis` (its target, else the offset) can still move that way.
    private func stepCanMove(along axis: Axis, direction: Double, policy: ScrollPolicy) -> Bool {
        guard isScrollEnabled, policy.hasRange(axis), !arbitration.isTracking else { return false }
        let target = currentStepRun(axis, policy: policy).target
        return direction > 0
            ? target < policy.maxOffset[axis] - ScrollPolicy.restTolerance
            : target > policy.minOffset[axis] + ScrollPolicy.restTolerance
    }

    // MARK: - Wheel

    /// Hands `distance` points a wheel step could not use here to the nearest container up the chain that can take
    /// them. Walks the superviews: nothing is stored or allocated.
    func handWheelOn(_ axis: Axis, distance: Double, at time: Duration) {
        guard scrollChaining == .automatic, distance.isFinite, distance != 0 else { return }
        var view = superview
        while let candidate = view {
            if let link = candidate as? any PointerScrollParticipant, link.canStep(along: axis) {
                if link.takeChainedWheelStep(axis, distance: distance, at: time) || link.containsChainedMotion {
                    return
                }
            }
            view = candidate.superview
        }
    }

    /// Steps by `distance` points handed on from inside, and hands on what this one cannot hold; false when its step
    /// run cannot move that way. On a paging axis the points count as wheel units.
    func takeChainedWheelStep(_ axis: Axis, distance: Double, at time: Duration) -> Bool {
        let policy = makePolicy()
        guard stepCanMove(along: axis, direction: distance, policy: policy) else { return false }
        if policy.pagingAxes.contains(axis) {
            wheelScroll(
                axis,
                units: distance * ScrollContainer.wheelUnitsPerDetent
                    / ScrollContainer.wheelDetentDistance, at: time)
            return true
        }
        var run = currentStepRun(axis, policy: policy)
        var excess = 0.0
        let target = run.addDistance(
            distance, distancePerDetent: ScrollContainer.wheelDetentDistance,
            unitsPerDetent: ScrollContainer.wheelUnitsPerDetent,
            lower: policy.minOffset[axis], upper: policy.maxOffset[axis], excess: &excess)
        finishWheelStep(axis, run: run, target: target, direction: distance, excess: excess, policy: policy, at: time)
        return true
    }

    /// Whether wheel steps and touchpad swipes it cannot use stop here (`.contained`).
    var containsChainedMotion: Bool { scrollChaining == .contained }

    // MARK: - Touchpad

    /// At a touchpad swipe's first event: the chain around this latched container.
    func gatherPointerChain() {
        chain.links.removeAll(keepingCapacity: true)
        chain.overscroll = .zero
        guard scrollChaining == .automatic, !chain.isFollower else { return }
        var view = superview
        while let candidate = view {
            if let link = candidate.touchParticipant,
                link.movesContent(along: .horizontal) || link.movesContent(along: .vertical)
            {
                chain.links.append(link)
                if link.containsChainedMotion { break }
            }
            view = candidate.superview
        }
    }

    /// At `axis_stop`: hands the swipe's velocity (points per second), along each chained axis where this container
    /// cannot move its way, to the first link that can; every link's part of the swipe ends. Returns what is kept.
    func handOffPointerRelease(_ velocity: Point, at time: Duration) -> Point {
        guard !chain.links.isEmpty, !chain.isFollower else { return velocity }
        var kept = velocity
        let policy = makePolicy()
        for axis in Axis.allCases
        where velocity[axis] != 0 && policy.scrollable.contains(axis)
            && chainReaches(along: axis) && !canMove(along: axis, direction: velocity[axis], policy: policy)
        {
            if let index = firstLink(along: axis, direction: velocity[axis]),
                chain.links[index].takeChainedRelease(velocity: velocity[axis], along: axis, pointer: true)
            {
                kept[axis] = 0
            }
        }
        for link in chain.links { link.chainedPointerGestureEnded(at: time) }
        return kept
    }

    /// This latched container leaves its window during a chained swipe: the links it moved come to rest (no stop
    /// would reach them).
    func abandonPointerChain() {
        for link in chain.links { link.chainedPointerGestureEnded(at: link.arbitratedView?.touchArena?.now ?? .zero) }
    }
}

/// How a pointer participant answers a new touchpad swipe or wheel sequence (<doc:ScrollBehaviour> §14).
enum PointerLatch {
    case takes
    /// At its edge the gesture's way and `.automatic`: a container around it that takes the gesture gets it, else
    /// the innermost one passed over keeps it.
    case passesOver
    case declines
}
