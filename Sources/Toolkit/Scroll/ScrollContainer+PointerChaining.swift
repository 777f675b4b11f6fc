// Same-axis nesting (<doc:ScrollBehaviour> §14) for the pointer: touchpad swipes and wheel sequences.
//
// Latching. The window's `PointerRouter` keeps, per axis, the container a touchpad swipe scrolls (from its first
// event to its `axis_stop`) and the one a wheel sequence scrolls (events less than `wheelLatchInterval` apart). A
// new gesture asks the participants under the pointer, innermost first, through `pointerLatch`: the first that can
// move in the gesture's initial direction along the axis takes it, and so does a `.contained` one at its edge (it
// rubber-bands, or clamps, as before); an `.automatic` one at its edge is passed over. When every one is passed
// over (nothing under the pointer can move that way; the spec is silent) the innermost that scrolls along the axis
// keeps the gesture, as before, as for touch. The latch then holds wherever the pointer goes.
//
// Touchpad hand-off. The latched container gathers, at the swipe's first event, the containers around it (innermost
// first, up to and including the first `.contained` one; none when it is `.contained` itself) and hands each event
// out as a touch drag hands out the fingers' motion (`handOut`): itself first, then up the chain, and what none can
// use is overscroll, rubber-banded on the outermost link that bounces (clamped where none does). A link that moves
// joins as a touchpad gesture of its own (no dragging callbacks, as for any touchpad gesture, §7). At `axis_stop`
// the velocity measured on the whole swipe goes, along an axis where the latched container cannot move its way,
// to the first link that can (which decelerates from it at its own rate); the other links come to rest (spring
// back if stretched). The kinetic tail of the latched container hands its velocity on at its edge exactly as a
// touch fling does (`handOffFling`).
//
// Wheel hand-off. A wheel step whose run goes past the latched container's edge (`ScrollStepTargets` reports the
// excess in points) hands that excess to the nearest container up the chain whose own step run can still move that
// way, while each container passed is `.automatic`; that one adds it to its own run as points (smooth or at once,
// per its own `smoothWheelScrolling`) and hands on what it cannot hold in turn. What no container can hold is
// dropped: a wheel never rubber-bands (§7). Wheeling back, the latched container's run moves first. The sum of the
// steps' travel is exactly the detents' 48 pt each, up to the outermost edge.

extension ScrollContainer {
    /// How long a wheel sequence stays latched to its container after its last event.
    static let wheelLatchInterval: Duration = .milliseconds(500)

    /// Whether this container takes a pointer gesture starting along `axis` in the sign of `direction` (points,
    /// positive increases the offset; 0 for a continuous device, which does not chain): see the file header.
    func pointerLatch(along axis: Axis, direction: Double, touchpad: Bool) -> PointerLatch {
        guard touchpad ? canTouchpadScroll(along: axis) : canStep(along: axis) else { return .declines }
        guard direction != 0, scrollChaining == .automatic else { return .takes }
        let policy = makePolicy()
        let movable = touchpad ? canMove(along: axis, direction: direction, policy: policy)
                               : stepCanMove(along: axis, direction: direction, policy: policy)
        return movable ? .takes : .passesOver
    }

    /// Whether the wheel's step run along `axis` can still move in the sign of `direction` (its target, where a
    /// step runs, else the offset, is not at the edge that way).
    private func stepCanMove(along axis: Axis, direction: Double, policy: ScrollPolicy) -> Bool {
        guard isScrollEnabled, policy.hasRange(axis), !arbitration.isTracking else { return false }
        let target = currentStepRun(axis, policy: policy).target
        return direction > 0 ? target < policy.maxOffset[axis] - ScrollPolicy.restTolerance
                             : target > policy.minOffset[axis] + ScrollPolicy.restTolerance
    }

    // MARK: - Wheel

    /// Hands `distance` points a wheel step along `axis` could not use here to the nearest container up the chain
    /// that can take them (see the file header). Walks the superviews: nothing is stored or allocated.
    func handWheelOn(_ axis: Axis, distance: Double, at time: Duration) {
        guard scrollChaining == .automatic, distance.isFinite, distance != 0 else { return }
        var view = superview
        while let candidate = view {
            if let link = candidate as? ScrollContainer, link.canStep(along: axis) {
                if link.stepCanMove(along: axis, direction: distance, policy: link.makePolicy()) {
                    link.chainedWheelStep(axis, distance: distance, at: time)
                    return
                }
                if link.scrollChaining == .contained { return }
            }
            view = candidate.superview
        }
    }

    /// Steps by `distance` points handed on by a container inside (a wheel sequence it could not hold), and hands
    /// on what this one cannot hold. On a paging axis the points count as wheel units (whole detents page).
    private func chainedWheelStep(_ axis: Axis, distance: Double, at time: Duration) {
        let policy = makePolicy()
        if policy.pagingAxes.contains(axis) {
            wheelScroll(axis, units: distance * ScrollContainer.wheelUnitsPerDetent
                            / ScrollContainer.wheelDetentDistance, at: time)
            return
        }
        var run = currentStepRun(axis, policy: policy)
        var excess = 0.0
        let target = run.addDistance(distance, distancePerDetent: ScrollContainer.wheelDetentDistance,
                                     unitsPerDetent: ScrollContainer.wheelUnitsPerDetent,
                                     lower: policy.minOffset[axis], upper: policy.maxOffset[axis], excess: &excess)
        finishWheelStep(axis, run: run, target: target, direction: distance, excess: excess, policy: policy, at: time)
    }

    // MARK: - Touchpad

    /// At a touchpad swipe's first event: the chain around this latched container (see the file header).
    func gatherPointerChain() {
        chain.links.removeAll(keepingCapacity: true)
        chain.overscroll = .zero
        guard scrollChaining == .automatic, !chain.isFollower else { return }
        var view = superview
        while let candidate = view {
            if let link = candidate as? ScrollContainer, link.isScrollEnabled {
                chain.links.append(link)
                if link.scrollChaining == .contained { break }
            }
            view = candidate.superview
        }
    }

    /// At `axis_stop`: hands the swipe's velocity (content points per second), along each chained axis where this
    /// container cannot move its way, to the first link that can, and ends every link's part of the swipe (the
    /// one handed the velocity decelerates from it, the others come to rest). Returns the velocity kept here.
    func handOffPointerRelease(_ velocity: Point, at time: Duration) -> Point {
        guard !chain.links.isEmpty, !chain.isFollower else { return velocity }
        var kept = velocity
        let policy = makePolicy()
        for axis in Axis.allCases where velocity[axis] != 0 && policy.scrollable.contains(axis)
            && chainReaches(along: axis) && !canMove(along: axis, direction: velocity[axis], policy: policy) {
            if let link = firstLink(along: axis, direction: velocity[axis]), link.joinChain(pointer: true) {
                link.chain.releaseVelocity[axis] = velocity[axis]
                kept[axis] = 0
            }
        }
        for link in chain.links where link.chain.isFollower {
            let handed = link.chain.releaseVelocity
            link.chain.isFollower = false
            link.chain.releaseVelocity = .zero
            link.releaseTouchpad(measured: handed, at: time)
        }
        return kept
    }

    /// This latched container leaves its window (or the window goes away) during a chained swipe: the links it
    /// moved end their part of it at rest (they would otherwise wait for a stop that no longer reaches them).
    func abandonPointerChain() {
        for link in chain.links where link.chain.isFollower && link.arbitration.isPointerScrolling {
            link.chain.isFollower = false
            link.chain.releaseVelocity = .zero
            link.releaseTouchpad(measured: .zero, at: link.attachedWindow?.now ?? .zero)
        }
    }
}

/// How a pointer participant answers a new touchpad swipe or wheel sequence (<doc:ScrollBehaviour> §14).
enum PointerLatch {
    /// It takes the gesture.
    case takes
    /// It scrolls along the axis but is at its edge the gesture's way and `.automatic`: a container around it
    /// that takes the gesture gets it; when none does, the innermost one passed over keeps it.
    case passesOver
    /// It does not scroll along the axis.
    case declines
}
