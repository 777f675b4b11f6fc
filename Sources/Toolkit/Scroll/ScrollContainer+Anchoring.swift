// Scroll anchoring (<doc:ScrollBehaviour> §15, after CSS `overflow-anchor`). With the anchor's origin a before a
// change and a' after it, keeping it on screen needs o' = o + (a' - a): views after the anchor, and a resize of
// the anchor itself, give a' = a and no shift. A running motion, a drag and wheel targets shift by as much.

extension ScrollContainer {
    /// A direct subview is about to change: pick the anchor for this turn, unless one is still valid.
    func anchorWillChange() {
        guard maintainsVisibleContentPosition else { return }
        let now = hostWindow?.now
        if let current = anchoring.anchor, current.offset == contentOffset, current.time == now,
            current.view.superview === self
        {
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

    /// The first direct subview, in content order along the scrolling axis, that meets the visible rect.
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

    /// Moves the offset (and any motion) by `distance` along `axis`, unless it is at or before the minimum edge.
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
    /// Whether content changes before the visible content leave it where it is on screen: `contentOffset` follows the
    /// *anchor* (the first direct subview that meets the visible rect) in the same turn, and any motion goes on,
    /// shifted. Not at (or before) the minimum edge, so content added at the top shows. Default false.
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
