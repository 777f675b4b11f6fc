// Same-axis nesting (<doc:ScrollBehaviour> §14), the latching part: a touch drag goes to the innermost container
// under it that can move in the drag's initial direction. While the arbitration is undecided, each container (asked
// innermost first by the router) leaves out of its claimable axes every axis along which it is at its edge in the
// fingers' direction, when it is `.automatic` and some participant around it takes the gesture: one that can move
// that way, or a `.contained` container scrolling along that axis (which takes it even at its edge, and
// rubber-bands). That one then claims the drag as for any nesting (§2.7), and the one passed over declines the
// sequence. A `.contained` container keeps its drags. Where nothing around can take it (every container at its
// edge that way, the spec is silent), the innermost keeps the drag and rubber-bands, as before. The direction is
// the sign of the content's motion, the opposite of the fingers' translation; it is read at every frame until the
// slop crossing decides.
//
// Hand-off during a drag: the latched container gathers, when its drag begins, the chain of containers around it
// that track the same fingers (innermost first, up to and including the first `.contained` one; none when it is
// `.contained` itself). Along an axis some link scrolls, each frame's delta of the fingers' motion is handed out in
// that order: each container takes what fits in its range, the rest goes on; what is left when every one is at its
// edge is overscroll, rubber-banded on the outermost link (or the latched container) that has `bounces`, and
// dropped where none has (clamped). Coming back, the overscroll is taken back first (the stretched container
// relaxes), then the latched container moves first again. Nothing else moves the offsets of the chain meanwhile,
// so the finger's travel equals the sum of the offsets' changes plus the overscroll, exactly. A link that moves
// for the first time starts dragging (`isDragging`, its own `willBeginDragging`), is moved by the latched container
// only, and at the lift ends its drag without a fling of its own (it springs back if stretched).
//
// Not here yet: the hand-off of a fling's velocity up the chain, and chaining of touchpad swipes and wheel
// sequences.

extension ScrollContainer {
    /// Whether the content can move along `axis` in the sign of `direction` from where it is now.
    func canMove(along axis: Axis, direction: Double, policy: ScrollPolicy) -> Bool {
        guard isScrollEnabled, policy.hasRange(axis), direction != 0 else { return false }
        let offset = contentOffset[axis]
        return direction > 0 ? offset < policy.maxOffset[axis] - ScrollPolicy.restTolerance
                             : offset > policy.minOffset[axis] + ScrollPolicy.restTolerance
    }

    /// Whether this container tracks the sequence's fingers, may drag with them, and can move that way.
    func canTakeChainedMotion(along axis: Axis, direction: Double) -> Bool {
        hasFingers && sequenceDrags && canMove(along: axis, direction: direction, policy: makePolicy())
    }

    /// Whether this container is `.contained`, tracks the sequence's fingers, may drag with them and scrolls along
    /// `axis`: a gesture passed over to it stays here (and rubber-bands at the edge).
    func keepsChainedMotion(along axis: Axis) -> Bool {
        scrollChaining == .contained && hasFingers && sequenceDrags && scrollableAxes.contains(Axis.Set(axis))
    }

    /// The axes of the current undecided sequence that this container passes over (see the file header).
    func axesPassedOver(policy: ScrollPolicy) -> Axis.Set {
        guard scrollChaining == .automatic else { return [] }
        var passed: Axis.Set = []
        let translation = fingers.translation
        for axis in Axis.allCases where translation[axis] != 0 {
            let direction = -translation[axis]
            if !canMove(along: axis, direction: direction, policy: policy)
                && someoneAroundCanMove(along: axis, direction: direction) {
                passed.insert(Axis.Set(axis))
            }
        }
        return passed
    }

    /// Whether a participant around this container takes a gesture along `axis` in `direction`: one that can move
    /// that way, or a `.contained` container scrolling along `axis` (which keeps it even at its edge).
    private func someoneAroundCanMove(along axis: Axis, direction: Double) -> Bool {
        var view = superview
        while let candidate = view {
            if let participant = candidate.touchParticipant {
                if participant.canTakeChainedMotion(along: axis, direction: direction)
                    || participant.keepsChainedMotion(along: axis) {
                    return true
                }
            }
            view = candidate.superview
        }
        return false
    }

    // MARK: - Hand-off during a drag

    /// Gathers the chain around this container as its drag begins (see the file header).
    func gatherChain() {
        chainLinks.removeAll(keepingCapacity: true)
        chainOverscroll = .zero
        guard scrollChaining == .automatic else { return }
        var view = superview
        while let candidate = view {
            if let link = candidate as? ScrollContainer, link.hasFingers, link.sequenceDrags, link.isScrollEnabled {
                chainLinks.append(link)
                if link.scrollChaining == .contained { break }
            }
            view = candidate.superview
        }
    }

    /// Forgets the chain (the drag is over): a follower goes back to following its own fingers.
    func endChain() {
        chainLinks.removeAll(keepingCapacity: true)
        chainOverscroll = .zero
        isChainFollower = false
    }

    /// Whether some link of the chain scrolls along `axis` (then the drag along it is handed out).
    func chainReaches(along axis: Axis) -> Bool {
        for link in chainLinks where link.isScrollEnabled && link.scrollableAxes.contains(Axis.Set(axis)) {
            return true
        }
        return false
    }

    /// Hands the fingers' motion since the last frame along `axes` out to this container and its chain.
    func handOffDrag(along axes: Axis.Set) {
        let translation = fingers.translation
        for axis in Axis.allCases where axes.contains(Axis.Set(axis)) {
            // The content moves against the fingers.
            var delta = chainTranslation[axis] - translation[axis]
            chainTranslation[axis] = translation[axis]
            guard delta != 0 else { continue }
            let bouncer = chainBouncer(along: axis)
            var overscroll = chainOverscroll[axis]
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
                if let bouncer { bouncer.showChainOverscroll(overscroll, edgeSign: chainOverscroll[axis], axis) }
            }
            delta = take(delta, along: axis, into: self)
            for link in chainLinks where delta != 0 && link.isScrollEnabled
                && link.scrollableAxes.contains(Axis.Set(axis)) {
                delta = take(delta, along: axis, into: link)
            }
            if delta != 0, let bouncer, bouncer === self || bouncer.joinChain() {
                overscroll += delta
                bouncer.showChainOverscroll(overscroll, edgeSign: overscroll, axis)
            }
            chainOverscroll[axis] = overscroll
        }
        for link in chainLinks where link.isChainFollower { link.finishChange() }
    }

    /// Moves `container` by as much of `delta` as its range holds along `axis` (never toward the range when it is
    /// outside it); returns the rest.
    private func take(_ delta: Double, along axis: Axis, into container: ScrollContainer) -> Double {
        let policy = container.makePolicy()
        let offset = container.contentOffset[axis]
        let moved = delta > 0 ? max(offset, min(offset + delta, policy.maxOffset[axis]))
                              : min(offset, max(offset + delta, policy.minOffset[axis]))
        guard moved != offset, container === self || container.joinChain() else { return delta }
        var point = container.contentOffset
        point[axis] = moved
        container.applyOffset(point)
        return delta - (moved - offset)
    }

    /// The container that shows the chain's overscroll along `axis`: the outermost link scrolling that axis with
    /// `bounces`, else this container when it bounces; nil when none does (the motion is clamped).
    private func chainBouncer(along axis: Axis) -> ScrollContainer? {
        for link in chainLinks.reversed() where link.bounces && link.isScrollEnabled
            && link.scrollableAxes.contains(Axis.Set(axis)) {
            return link
        }
        return bounces ? self : nil
    }

    /// Shows `overscroll` finger points past the edge on the side of `edgeSign`'s sign, through the rubber band.
    private func showChainOverscroll(_ overscroll: Double, edgeSign: Double, _ axis: Axis) {
        let policy = makePolicy()
        let edge = edgeSign > 0 ? policy.maxOffset[axis] : policy.minOffset[axis]
        var point = contentOffset
        point[axis] = policy.displayed(raw: edge + overscroll, axis)
        applyOffset(point)
    }

    /// A container inside this one hands it motion: it drags from now on (once per sequence). Returns whether it
    /// takes part (it had declined the sequence, or already follows).
    func joinChain() -> Bool {
        if isChainFollower { return true }
        guard arbitration.chainedDragBegan() else { return false }
        isChainFollower = true
        effects.push(.willBeginDragging)
        showIndicators()
        return true
    }
}
