// Paging state: which page is at rest. Where a release goes is the policy's decision (ScrollPolicy).

extension ScrollContainer {
    /// Recomputes `currentPage` from the offset (the nearest page boundary per axis).
    func updateCurrentPage() {
        let policy = makePolicy()
        var page = policy.page(at: contentOffset)
        // Right to left: columns are counted from the right end, where the content starts.
        if layoutDirection == .rightToLeft { page.column = policy.lastPageIndex(.horizontal) - page.column }
        if page != currentPage { currentPage = page }
    }

    /// The effective page size, in points: `pageSize` or the bounds size, 0 on an axis without pages.
    public var effectivePageSize: Size { makePolicy().pageSize }
}

// Snap points (<doc:ScrollBehaviour> §15): the offsets come from the content's subviews; where a motion goes is the
// policy's decision (ScrollPolicy.snapTarget, SnapOffsets).

extension ScrollContainer {
    /// The snap offsets of the direct content subviews that have a `snapAlignment` (hidden ones excluded), per
    /// scrollable axis, clamped into `policy`'s range, sorted, without duplicates. The storage of the last call is
    /// reused, so a steady scroll gathers them without allocating.
    func collectSnapOffsets(_ policy: ScrollPolicy) -> SnapOffsets {
        var offsets = snapScratch
        snapScratch = SnapOffsets()   // `offsets` holds the only reference: no copy on write below
        let inset = contentInset
        for axis in Axis.allCases {
            // Swapped out rather than mutated through `offsets[axis]`: the subscript's getter would hand over a
            // second reference and the first write would copy the storage.
            var list: [Double] = []
            if axis == .horizontal { swap(&list, &offsets.horizontal) } else { swap(&list, &offsets.vertical) }
            list.removeAll(keepingCapacity: true)
            if policy.scrollable.contains(axis) {
                let leading = axis == .horizontal ? inset.left : inset.top
                let trailing = axis == .horizontal ? inset.right : inset.bottom
                for view in subviews where !view.isHidden {
                    guard let alignment = view.snapAlignment else { continue }
                    let value = SnapOffsets.offset(for: view.frame, alignment: alignment, axis: axis,
                                                   length: policy.viewport[axis], leadingInset: leading,
                                                   trailingInset: trailing)
                    if value.isFinite { list.append(policy.clamp(value, axis)) }
                }
                // While refreshing, the control's place is a target too: the content may rest with it in view.
                if axis == .vertical && !list.isEmpty, refreshControl?.isRefreshing == true {
                    list.append(policy.minOffset.y)
                }
                list.sort()
                // Drop duplicates in place.
                var write = 0, read = 0
                while read < list.count {
                    if write == 0 || list[write - 1] != list[read] {
                        list[write] = list[read]
                        write += 1
                    }
                    read += 1
                }
                list.removeLast(list.count - write)
            }
            if axis == .horizontal { offsets.horizontal = list } else { offsets.vertical = list }
        }
        snapScratch = offsets
        return offsets
    }
}
