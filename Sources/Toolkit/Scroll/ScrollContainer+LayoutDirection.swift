// Right-to-left layout (<doc:ScrollBehaviour> §13): the vertical bar goes to the left edge, the horizontal content
// starts at its right end (kept there at rest when the width changes), `currentPage.column` counts from the right,
// and Left / Right keep their physical direction. Offsets and frames stay in left-to-right coordinates: the app
// places its own columns from the right; the container flips nothing inside its content.

extension ScrollContainer {
    /// `layoutDirection` changed: the offset goes to its mirror position in the horizontal range.
    func layoutDirectionChanged() {
        if let rect = bars.drawnRects.vertical { setNeedsDisplay(rect) }
        let policy = makePolicy()
        let lo = policy.minOffset.x
        let hi = policy.maxOffset.x
        reading.rightToLeftRangeEnd = hi
        if hi > lo {
            let x = contentOffset.x
            contentOffset = Point(x: lo + hi - x, y: contentOffset.y)
        }
        updateCurrentPage()
        scrollbarSettingsChanged()
    }

    /// Right to left, at rest: the horizontal range's end moved, and the offset with it, so the content's right end
    /// stays put on screen.
    func keepRightToLeftEnd() {
        guard layoutDirection == .rightToLeft else { return }
        let hi = makePolicy().maxOffset.x
        let shift = hi - reading.rightToLeftRangeEnd
        reading.rightToLeftRangeEnd = hi
        guard shift != 0, !arbitration.isTracking, !arbitration.isAnimating else { return }
        applyOffset(Point(x: contentOffset.x + shift, y: contentOffset.y))
    }
}

extension ScrollContainer {
    /// Which way the horizontal content reads. `.rightToLeft` puts the vertical bar along the left edge.
    /// Default `.leftToRight`.
    public final var layoutDirection: LayoutDirection {
        get { reading.direction }
        set {
            guard newValue != reading.direction else { return }
            reading.direction = newValue
            layoutDirectionChanged()
        }
    }

    struct LayoutState {
        var direction: LayoutDirection = .leftToRight
        /// With `.rightToLeft`: the horizontal range's end when the geometry last changed.
        var rightToLeftRangeEnd = 0.0
    }
}
