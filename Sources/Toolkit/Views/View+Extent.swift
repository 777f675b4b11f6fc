// Where a view and its subviews may draw, and the index that finds subviews under a point or rectangle.
extension View {
    /// Where this view and its subviews may draw, in the superview's coordinates: the frame, grown by the
    /// subviews' extents unless the view clips them (a view draws inside its frame; see `drawHierarchy`).
    /// Cached until the view's frame, clipping or subviews change, or a subview's extent does.
    func drawnExtent() -> Rect {
        if extentIsValid { return cachedExtent }
        var extent = frame
        if !clipsToBounds {
            for subview in subviews {
                extent = extent.union(rectInSuperview(subview.drawnExtent()))
            }
        }
        cachedExtent = extent
        extentIsValid = true
        return extent
    }

    /// This view's extent may have changed: the superview's index is stale, and so is the superview's own extent
    /// when it does not clip (and so on up). Stops where nothing cached depends on it any more.
    func extentDidChange() {
        var view = self
        while true {
            view.extentIsValid = false
            guard let parent = view.superview else { return }
            parent.subviewIndex.isValid = false
            // An invalid extent was already reported up the tree (and is recomputed before any index uses it).
            guard !parent.clipsToBounds, parent.extentIsValid else { return }
            view = parent
        }
    }

    /// A subview was added, removed or reordered.
    func subviewsDidChange() {
        subviewIndex.isValid = false
        if !clipsToBounds { extentDidChange() }
    }

    /// Rebuilds the subview index from the subviews' extents.
    private func rebuildSubviewIndex() {
        let views = subviews
        subviewIndex.rebuild(extents: { views[$0].drawnExtent() }, count: views.count)
    }

    /// The indices of the subviews whose extents may meet `rect` (this view's coordinates), in drawing order:
    /// a superset, each still to be checked. All of them for views with few subviews or no stacking order.
    func subviewCandidates(meeting rect: Rect) -> Range<Int> {
        guard subviews.count > SubviewIndex.threshold else { return subviews.indices }
        if !subviewIndex.isValid { rebuildSubviewIndex() }
        return subviewIndex.candidates(meeting: rect, count: subviews.count)
    }

    /// The indices of the subviews whose extents may contain `point` (this view's coordinates), in drawing order.
    func subviewCandidates(containing point: Point) -> Range<Int> {
        guard subviews.count > SubviewIndex.threshold else { return subviews.indices }
        if !subviewIndex.isValid { rebuildSubviewIndex() }
        return subviewIndex.candidates(containing: point, count: subviews.count)
    }
}
