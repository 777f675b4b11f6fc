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
// Not here yet: the hand-off of the unused part of a running drag and of a fling's velocity up the chain, and
// chaining of touchpad swipes and wheel sequences.

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
}
