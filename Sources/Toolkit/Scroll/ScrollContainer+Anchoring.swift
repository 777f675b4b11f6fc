// Scroll anchoring (<doc:ScrollBehaviour> §15, after CSS `overflow-anchor`): when content changes before what is
// on screen, the offset follows the anchor view so that nothing visible moves.
//
// The displacement rule. Let the anchor's origin along the scrolling axis be a before a change and a' after it,
// and the offset o. On screen the anchor sits at a - o; keeping it there after the change needs o' = o + (a' - a).
// Views after the anchor cannot move it, and a resize of the anchor itself keeps its origin: both give a' = a and
// no shift, so the rule needs no notion of "before" beyond the anchor's own displacement.
//
// A running motion is shifted by the same amount (`ScrollMotion.shift`), a drag is re-based at the new offset, and
// wheel targets move along: every motion goes on from where the content now is, without a stop or a jump.

extension ScrollContainer {
    /// A direct subview is about to change: pick the anchor for this turn, unless one is still valid.
    func anchorWillChange() {
        guard maintainsVisibleContentPosition else { return }
        let now = hostWindow?.now
        if let current = anchoring.anchor, current.offset == contentOffset, current.time == now,
           current.view.superview === self {
            return
        }
        anchoring.anchor = pickAnchor(at: now)
    }

    /// A direct subview changed: follow the anchor's displacement.
    func anchorDidChange() {
        guard maintainsVisibleContentPosition, var current = anchoring.anchor else { return }
        guard current.view.superview === self else {
            // The anchor itself left: nothing on screen is followed any more until the next turn.
            anchoring.anchor = nil
            return
        }
        let axis = current.axis
        let displacement = current.view.frame.origin[axis] - current.origin[axis]
        current.origin = current.view.frame.origin
        anchoring.anchor = current
        guard displacement != 0 else { return }
        shiftForAnchoring(axis, by: displacement)
        anchoring.anchor?.offset = contentOffset
    }

    /// The first direct subview, in content order along the scrolling axis, whose frame meets the visible rect;
    /// nil when the container scrolls along no axis or nothing is visible.
    func pickAnchor(at time: Duration?) -> ScrollAnchor? {
        let scrollable = makePolicy().scrollable
        let axis: Axis
        if scrollable.contains(.vertical) {
            axis = .vertical
        } else if scrollable.contains(.horizontal) {
            axis = .horizontal
        } else {
            return nil
        }
        let visible = bounds
        var best: View?
        var bestStart = Double.infinity
        for index in subviewCandidates(meeting: visible) where index < subviews.count {
            let subview = subviews[index]
            guard !subview.isHidden else { continue }
            let frame = subview.frame
            guard frame.intersects(visible), frame.origin[axis] < bestStart else { continue }
            best = subview
            bestStart = frame.origin[axis]
        }
        guard let best else { return nil }
        return ScrollAnchor(view: best, origin: best.frame.origin, axis: axis, offset: contentOffset, time: time)
    }

    /// Moves the offset (and whatever motion runs) by `distance` along `axis`, unless the offset is at or before
    /// the minimum edge. Returns whether it moved.
    @discardableResult
    func shiftForAnchoring(_ axis: Axis, by distance: Double) -> Bool {
        guard distance.isFinite, distance != 0 else { return false }
        let policy = makePolicy()
        guard contentOffset[axis] > policy.minOffset[axis] else { return false }
        var offset = contentOffset
        offset[axis] += distance
        applyOffset(offset)
        motion.shift(axis, by: distance)
        pointerScroll.stepTargets[axis].shift(by: distance)
        if arbitration.isDragging { rebaseDrag() }
        finishChange()
        return true
    }
}

extension ScrollContainer {
    /// Whether content changes before the visible content leave it where it is on screen: when direct content
    /// subviews are added, removed, moved or resized before the *anchor* (the first subview, in content order
    /// along the scrolling axis, whose frame meets the visible rect), `contentOffset` shifts by the anchor's
    /// displacement in the same turn, so the anchor does not move on screen. A drag, fling or animation in
    /// progress goes on, shifted, without stopping. Not applied while the offset is at (or before) the minimum
    /// edge: content added at the top then shows. Default false (`ListContainer`: true).
    public var maintainsVisibleContentPosition: Bool {
        get { anchoring.isOn }
        set {
            anchoring.isOn = newValue
            if !newValue { anchoring.anchor = nil }
        }
    }

    /// Whether anchoring is on, and the view it follows in the current turn (where it was, when it was picked).
    struct AnchoringState {
        var isOn = false
        var anchor: ScrollAnchor?
    }
}
