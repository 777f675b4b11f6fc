extension View {
    /// Where this view and its subviews may draw, in the superview's coordinates: the frame, grown by unclipped
    /// subviews' extents. Cached.
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

    /// Invalidates the cached extents and indices that depend on this view's extent, up the tree.
    func extentDidChange() {
        var view = self
        while true {
            view.extentIsValid = false
            guard let parent = view.superview else { return }
            parent.subviewIndex.isValid = false
            // An invalid extent was already reported up the tree.
            guard !parent.clipsToBounds, parent.extentIsValid else { return }
            view = parent
        }
    }

    func subviewsDidChange() {
        subviewIndex.isValid = false
        if !clipsToBounds { extentDidChange() }
    }

    private func rebuildSubviewIndex() {
        let views = subviews
        subviewIndex.rebuild(extents: { views[$0].drawnExtent() }, count: views.count)
    }

    /// The indices of the subviews whose extents may meet `rect` (own coordinates), in drawing order: a superset.
    func subviewCandidates(meeting rect: Rect) -> Range<Int> {
        guard subviews.count > SubviewIndex.threshold else { return subviews.indices }
        if !subviewIndex.isValid { rebuildSubviewIndex() }
        return subviewIndex.candidates(meeting: rect, count: subviews.count)
    }

    /// The indices of the subviews whose extents may contain `point` (own coordinates), in drawing order.
    func subviewCandidates(containing point: Point) -> Range<Int> {
        guard subviews.count > SubviewIndex.threshold else { return subviews.indices }
        if !subviewIndex.isValid { rebuildSubviewIndex() }
        return subviewIndex.candidates(containing: point, count: subviews.count)
    }
}
