// Laying a grid's items out around the visible rect, on every offset or size change (<doc:ScrollBehaviour> §20).
//
// A layout pass:
//   1. computes the geometry from the width, the insets, `itemSize`, `spacing` and the direction; when it changed
//      (a resize changing the column count, a new item size), the first visible item under the old geometry is
//      put back where it was on screen (scroll anchoring, a running motion shifted along);
//   2. makes the views of the items in view (whole rows) that have none;
//   3. puts back the items whose rows are more than one visible height beyond the visible rect (`trimAliveItems`);
//   4. places the views (their cells);
//   5. tells the data source what to prefetch (`updatePrefetching`).
// Steps 2-4 keep the arrays' storage: scrolling over items whose views are reused allocates nothing.

extension GridContainer {
    /// Lays the items out for the current offset and size (see the steps above).
    func layoutItems() {
        guard !isLayingOut else { return }
        isLayingOut = true
        defer { isLayingOut = false }
        let fresh = makeLayout()
        if fresh != layout {
            let anchor = visibleAnchor()
            layout = fresh
            updateContentSize()
            if let anchor, anchor.item < layout.count { restoreAnchor(item: anchor.item, screenY: anchor.screenY) }
        }
        guard let source = dataSource, layout.count > 0, bounds.height > 0, bounds.width > 0 else {
            if !items.views.isEmpty { items.recycleAlive(owner: self) }
            updateContentSize()
            return
        }
        let needed = visibleItemRange
        if !needed.isEmpty {
            items.cover(needed, owner: self)
            for item in needed where items.views[item - items.first] == nil {
                let view = source.grid(self, viewForItem: item)
                // A view given for two items (an app's mistake) moves to the newer one.
                if view.superview === self { items.release(view) }
                items.views[item - items.first] = view
                if view.superview !== self { addSubview(view) }
            }
        }
        trimAliveItems { _, view in recycle(view) }
        updateContentSize()
        placeItems()
        updatePrefetching()
    }

    /// The geometry for the current width, insets, sizes, direction and count.
    func makeLayout() -> GridLayout {
        makeLayout(count: layout.count)
    }

    /// The geometry with `count` items (a reload, a batch).
    func makeLayout(count: Int) -> GridLayout {
        GridLayout(
            count: count, width: bounds.width - contentInset.left - contentInset.right,
            itemSize: itemSize, spacing: spacing, aspectRatio: aspectRatio,
            rightToLeft: layoutDirection == .rightToLeft)
    }

    /// The content: the width the items share, the height of all rows.
    func updateContentSize() {
        let size = Size(width: layout.width, height: layout.totalHeight)
        if contentSize != size { contentSize = size }
    }

    /// Moves the offset by `distance` to keep the items still (anchoring), when the grid anchors.
    func shiftKeepingItemsStill(by distance: Double) {
        guard maintainsVisibleContentPosition else { return }
        shiftForAnchoring(.vertical, by: distance)
    }

    /// Sets the alive views' frames: their cells, displaced and scaled while a batch animates.
    private func placeItems() {
        let animating = itemAnimation.isActive
        var index = 0
        while index < items.views.count {
            if let view = items.views[index] {
                let item = items.first + index
                let frame = animating ? presentedFrame(ofItem: item) : layout.frame(ofItem: item)
                if view.frame != frame { view.frame = frame }
            }
            index += 1
        }
        if animating { placeLeavingItems() }
    }
}
