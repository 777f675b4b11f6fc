// Right-to-left layout (<doc:ScrollBehaviour> §13): where the container's own furniture goes when the content reads
// from the right.
//
// What the container does with `.rightToLeft`:
// - The vertical bar runs along the left edge (the horizontal bar stays at the bottom and leaves the corner on the
//   left to it).
// - The horizontal content starts at its right end: setting the direction puts the offset at the mirror of where it
//   was in the range (the start becomes the maximum offset), and while the content is at rest a change of the
//   content width or of the bounds keeps the distance from the right end, so new content starts at the maximum.
// - `currentPage.column` counts pages from the right end (0 there); page boundaries are the same as left to right.
// - Left and Right keys keep their physical direction (Left shows what lies to the left), which in a right-to-left
//   content means they swap their reading meaning: Left goes forward (on, to later columns), Right back.
//
// What the app lays out itself: `contentOffset`, `contentSize`, `frame` and every subview's frame stay in left-to-right
// coordinates (x grows to the right). The app places its columns and rows from the right (the first column at
// `contentSize.width - columnWidth`), mirrors its own views' contents (text alignment, icons), and chooses the
// direction of nested containers; the container flips nothing inside its content.

extension ScrollContainer {
    /// `layoutDirection` changed: the vertical bar moves to the other edge and the offset to its mirror position in
    /// the horizontal range (the start of the content is at the other end).
    func layoutDirectionChanged() {
        if let rect = bars.drawnRects.vertical { setNeedsDisplay(rect) }
        let policy = makePolicy()
        let lo = policy.minOffset.x, hi = policy.maxOffset.x
        layout.rightToLeftRangeEnd = hi
        if hi > lo {
            let x = contentOffset.x
            contentOffset = Point(x: lo + hi - x, y: contentOffset.y)
        }
        updateCurrentPage()
        scrollbarSettingsChanged()
    }

    /// Right to left, at rest: the horizontal range's end moved (new content width, bounds or insets), so the offset
    /// moves with it and the content's right end stays where it was on screen.
    func keepRightToLeftEnd() {
        guard layoutDirection == .rightToLeft else { return }
        let hi = makePolicy().maxOffset.x
        let shift = hi - layout.rightToLeftRangeEnd
        layout.rightToLeftRangeEnd = hi
        guard shift != 0, !arbitration.isTracking, !arbitration.isAnimating else { return }
        applyOffset(Point(x: contentOffset.x + shift, y: contentOffset.y))
    }
}

extension ScrollContainer {
    /// Which way the horizontal content reads. `.rightToLeft` puts the vertical bar along the left edge.
    /// Default `.leftToRight`.
    public final var layoutDirection: LayoutDirection {
        get { layout.direction }
        set {
            guard newValue != layout.direction else { return }
            layout.direction = newValue
            layoutDirectionChanged()
        }
    }

    /// The reading direction and what keeps its end in place.
    struct LayoutState {
        var direction: LayoutDirection = .leftToRight
        /// With `.rightToLeft`: the end of the horizontal range when the geometry last changed, so that a new
        /// content width or bounds keep the content's right end where it was.
        var rightToLeftRangeEnd = 0.0
    }
}
