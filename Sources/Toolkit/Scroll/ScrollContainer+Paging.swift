// Paging state: which page is at rest. Where a release goes is the policy's decision (ScrollPolicy).

extension ScrollContainer {
    /// Recomputes `currentPage` from the offset.
    func updateCurrentPage() {
        let policy = makePolicy()
        var page = policy.page(at: contentOffset)
        // Right to left: columns are counted from the right end, where the content starts.
        if layoutDirection == .rightToLeft { page.column = policy.lastPageIndex(.horizontal) - page.column }
        if page != currentPage { currentPage = page }
    }

    /// The effective page size, points: `pageSize` or the bounds size, 0 on an axis without pages.
    public var effectivePageSize: Size { makePolicy().pageSize }
}

// Snap points (<doc:ScrollBehaviour> §15): the offsets come from the content's subviews; where a motion goes is the
// policy's decision (ScrollPolicy.snapTarget, SnapOffsets).

extension ScrollContainer {
    /// The snap offsets of the visible direct content subviews with a `snapAlignment`, clamped into `policy`'s range,
    /// sorted, unique. The last call's storage is reused, so a steady scroll gathers them without allocating.
    func collectSnapOffsets(_ policy: ScrollPolicy) -> SnapOffsets {
        var offsets = scrolling.snapScratch
        scrolling.snapScratch = SnapOffsets()  // `offsets` holds the only reference: no copy on write below
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
                    let value = SnapOffsets.offset(
                        for: view.frame, alignment: alignment, axis: axis,
                        length: policy.viewport[axis], leadingInset: leading,
                        trailingInset: trailing)
                    if value.isFinite { list.append(policy.clamp(value, axis)) }
                }
                // While refreshing, the control's place is a target too: the content may rest with it in view.
                if axis == .vertical && !list.isEmpty, refreshControl?.isRefreshing == true {
                    list.append(policy.minOffset.y)
                }
                list.sort()
                var write = 0
                var read = 0
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
        scrolling.snapScratch = offsets
        return offsets
    }
}

extension ScrollContainer {
    /// Whether resting offsets snap to pages. Default false.
    public var isPagingEnabled: Bool {
        get { scrolling.isPagingEnabled }
        set {
            let oldValue = scrolling.isPagingEnabled
            scrolling.isPagingEnabled = newValue
            if scrolling.isPagingEnabled != oldValue { finishChange() }
        }
    }

    /// The axes paging applies to (the others scroll freely). Default both.
    public var pagingAxes: Axis.Set {
        get { scrolling.pagingAxes }
        set {
            let oldValue = scrolling.pagingAxes
            scrolling.pagingAxes = newValue
            if scrolling.pagingAxes != oldValue { finishChange() }
        }
    }

    /// The page size, points; nil means the bounds size. A dimension below 1 pt or non-finite means no paging along
    /// that axis. Default nil.
    public var pageSize: Size? {
        get { scrolling.pageSize }
        set {
            let oldValue = scrolling.pageSize
            scrolling.pageSize = newValue
            if scrolling.pageSize != oldValue {
                updateCurrentPage()
                finishChange()
            }
        }
    }

    /// The page at rest (nearest page boundary per axis, counted from the start of the range).
    public internal(set) var currentPage: PageIndex {
        get { scrolling.currentPage }
        set { scrolling.currentPage = newValue }
    }

    /// Whether resting offsets snap to the content's snap targets (subviews with a `snapAlignment`) after any motion
    /// (<doc:ScrollBehaviour> §15); paging axes page instead. Default `.none`.
    public var snapping: Snapping {
        get { scrolling.snapping }
        set {
            let oldValue = scrolling.snapping
            scrolling.snapping = newValue
            if scrolling.snapping != oldValue { finishChange() }
        }
    }

    /// Whether a touch drag starting at the content's edge in its direction goes on to a container around that can
    /// move that way (`.automatic`) or stays and rubber-bands (`.contained`, as UIKit) (§14). Default `.automatic`.
    public var scrollChaining: ScrollChaining {
        get { scrolling.scrollChaining }
        set {
            let oldValue = scrolling.scrollChaining
            scrolling.scrollChaining = newValue
            if scrolling.scrollChaining != oldValue { finishChange() }
        }
    }

    /// Whether drags and flings may go past the edges (rubber band, bounce). Default true.
    public var bounces: Bool {
        get { scrolling.bounces }
        set {
            scrolling.bounces = newValue
            finishChange()
        }
    }

    /// Whether a horizontal drag is possible (and bounces) even when the content is not wider than the
    /// container. Default false.
    public var alwaysBounceHorizontal: Bool {
        get { scrolling.alwaysBounceHorizontal }
        set {
            scrolling.alwaysBounceHorizontal = newValue
            finishChange()
        }
    }

    /// Whether a vertical drag is possible (and bounces) even when the content is not taller than the
    /// container. Default false.
    public var alwaysBounceVertical: Bool {
        get { scrolling.alwaysBounceVertical }
        set {
            scrolling.alwaysBounceVertical = newValue
            finishChange()
        }
    }

    /// How fast flings slow down: the velocity is multiplied by `rawValue` per millisecond. Values outside
    /// (0, 1) are clamped into it. Default `.normal` (0.998).
    public var decelerationRate: DecelerationRate {
        get { scrolling.decelerationRate }
        set {
            scrolling.decelerationRate = newValue
            finishChange()
        }
    }
}

extension ScrollContainer {
    /// Where scrolling may rest and how it moves there.
    struct ScrollingSettings {
        var isPagingEnabled: Bool = false
        var pagingAxes: Axis.Set = [.horizontal, .vertical]
        var pageSize: Size? = nil
        var currentPage: PageIndex = .zero
        var snapping: Snapping = .none
        var scrollChaining: ScrollChaining = .automatic
        var bounces: Bool = true
        var alwaysBounceHorizontal: Bool = false
        var alwaysBounceVertical: Bool = false
        var decelerationRate: DecelerationRate = .normal
        /// The snap offsets gathered last, kept so their storage is reused.
        var snapScratch = SnapOffsets()
    }
}
