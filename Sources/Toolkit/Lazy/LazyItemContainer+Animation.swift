// Animating a batch, for lists and grids (<doc:ScrollBehaviour> §19, §20): the items as drawn before the batch
// (`presentedScreenFrames`) become displacements from the layout after it (`ItemAnimation`), which the shape adds
// while placing its items until the 0.3 s are over. A second batch during one starts from the items as drawn then.
// The shape says where an item is laid out (`laidOutFrame(ofItem:)`), how items with no place before follow their
// neighbours (`settleArrivals`), and where leaving items are drawn (`placeLeavingItems`).

extension LazyItemContainer {
    /// An item as drawn: its item (-1 for a leaving one), its view, its frame on screen (content coordinates minus
    /// the offset) and its opacity.
    typealias ShownItem = (item: Int, view: ObjectIdentifier, frame: Rect, opacity: Double)

    /// The alive items and the leaving ones as drawn now (a pinned view aside: it is drawn where it is pinned).
    func presentedScreenFrames() -> [ShownItem] {
        let animation = itemAnimation
        var shown: [ShownItem] = []
        shown.reserveCapacity(items.views.count + animation.leaving.count + 1)
        let offset = contentOffset
        let pinnedView = pinnedItem?.view
        for index in items.views.indices {
            guard let view = items.views[index], view !== pinnedView else { continue }
            let item = items.first + index
            shown.append(
                (
                    item, ObjectIdentifier(view), view.frame.offsetBy(Point(x: -offset.x, y: -offset.y)),
                    animation.opacity(ofItem: item)
                ))
        }
        // A lifted item whose own place left the alive run is drawn all the same.
        if let carried = carriedItem, items.item(showing: carried.view) == nil {
            shown.append(
                (
                    carried.item, ObjectIdentifier(carried.view),
                    carried.view.frame.offsetBy(Point(x: -offset.x, y: -offset.y)), 1
                ))
        }
        for leaving in animation.leaving {
            shown.append(
                (
                    -1, ObjectIdentifier(leaving.view), leaving.view.frame.offsetBy(Point(x: -offset.x, y: -offset.y)),
                    leaving.startOpacity * (1 - animation.progress)
                ))
        }
        return shown
    }

    /// Starts animating the items laid out after `change` from `shown` (as drawn before it); `removed` are the
    /// deleted items' views (old items), kept aside to fade.
    func animateItems(
        from shown: [ShownItem], through change: ItemChange, disappearing removed: [(item: Int, view: View)]
    ) {
        guard let window = attachedWindow else {
            for item in removed { recycle(item.view) }
            stopItemAnimation()
            return
        }
        let offset = contentOffset
        // A view as drawn before, when it showed `item` then (-1: leaving): a view put back and given out again
        // for another item starts afresh.
        func find(_ view: View, item: Int) -> ShownItem? {
            let id = ObjectIdentifier(view)
            for entry in shown where entry.view == id { return entry.item == item ? entry : nil }
            return nil
        }
        var animation = itemAnimation
        animation.first = items.first
        animation.displacement.removeAll(keepingCapacity: true)
        animation.horizontal.removeAll(keepingCapacity: true)
        animation.startHeight.removeAll(keepingCapacity: true)
        animation.startOpacity.removeAll(keepingCapacity: true)
        var known: [Bool] = []
        known.reserveCapacity(items.views.count)
        let pinnedView = pinnedItem?.view
        for index in items.views.indices {
            let item = items.first + index
            let frame = laidOutFrame(ofItem: item)
            if let view = items.views[index], pinnedView !== view, let old = change.oldIndex(ofNew: item),
                let was = find(view, item: old)
            {
                animation.displacement.append(was.frame.minY - (frame.minY - offset.y))
                animation.horizontal.append(was.frame.minX - (frame.minX - offset.x))
                animation.startHeight.append(abs(was.frame.height - frame.height) < 1e-9 ? .nan : was.frame.height)
                animation.startOpacity.append(was.opacity)
                known.append(true)
            } else {
                // New here: inserted (or moved in from far) items grow and fade in; others follow their neighbours.
                let old = change.oldIndex(ofNew: item)
                let arrives = old == nil || change.destination(ofMoved: old!) != nil
                animation.displacement.append(0)
                animation.horizontal.append(0)
                animation.startHeight.append(arrives ? 0 : .nan)
                animation.startOpacity.append(arrives ? 0 : 1)
                known.append(false)
            }
        }
        settleArrivals(&animation, known: known)
        // Leaving items: those of an earlier batch still on their way, then the ones this batch deletes.
        let total = itemCount
        var leaving: [ItemAnimation.Leaving] = []
        leaving.reserveCapacity(animation.leaving.count + removed.count)
        func leave(_ view: View, closingItem: Int, oldItem: Int) {
            let was =
                find(view, item: oldItem)
                ?? (oldItem, ObjectIdentifier(view), view.frame.offsetBy(Point(x: -offset.x, y: -offset.y)), 1)
            let closing = laidOutFrame(ofItem: min(closingItem, total))
            leaving.append(
                .init(
                    view: view, closingItem: closingItem, displacement: was.frame.minY - (closing.minY - offset.y),
                    horizontal: was.frame.minX - (closing.minX - offset.x), startHeight: was.frame.height,
                    startOpacity: was.opacity))
        }
        for item in animation.leaving {
            let closing =
                item.closingItem >= change.oldCount
                ? total
                : (ItemSelection.follow(item.closingItem, through: change) ?? total)
            leave(item.view, closingItem: closing, oldItem: -1)
        }
        for item in removed {
            let rank = item.item - ItemBatch.firstIndex(atOrAfter: item.item, in: change.removed)
            leave(
                item.view, closingItem: min(ItemChange.kth(notIn: change.added, rank: rank), total), oldItem: item.item)
        }
        animation.leaving = leaving
        animation.start = window.now
        animation.progress = 0
        itemAnimation = animation
        window.addAnimator(itemAnimationDriver)
        layoutItems()
        setNeedsDisplay()
    }

    /// One frame of the batch animation: the items move to where `time` puts them; false once it is over.
    func itemAnimationFrame(at time: Duration) -> Bool {
        guard let start = itemAnimation.start else { return false }
        let elapsed = ScrollbarState.seconds(time - start)
        itemAnimation.progress = ItemAnimation.eased(max(0, elapsed))
        guard elapsed < ItemAnimation.duration else {
            stopItemAnimation()
            return false
        }
        layoutItems()
        setNeedsDisplay()
        return true
    }

    /// Ends the batch animation at once: the items at their places (laid out again unless `layout` is false: the
    /// caller lays out), the leaving views put back.
    func stopItemAnimation(layout: Bool = true) {
        guard itemAnimation.isActive || !itemAnimation.leaving.isEmpty else { return }
        attachedWindow?.removeAnimator(itemAnimationDriver)
        itemAnimation.start = nil
        itemAnimation.progress = 1
        for item in itemAnimation.leaving { recycle(item.view) }
        itemAnimation.leaving.removeAll(keepingCapacity: true)
        itemAnimation.displacement.removeAll(keepingCapacity: true)
        itemAnimation.horizontal.removeAll(keepingCapacity: true)
        itemAnimation.startHeight.removeAll(keepingCapacity: true)
        itemAnimation.startOpacity.removeAll(keepingCapacity: true)
        setNeedsDisplay()
        if layout { layoutItems() }
    }

    /// The container left window `old`: a running batch animation ends (its frames belong to that window).
    func endItemAnimation(leaving old: (any ViewHost)?) {
        old?.removeAnimator(itemAnimationDriver)
        guard itemAnimation.isActive else { return }
        itemAnimation.start = nil
        itemAnimation.progress = 1
        for item in itemAnimation.leaving { recycle(item.view) }
        itemAnimation.leaving.removeAll(keepingCapacity: true)
    }

    /// Lays the container's background over items fading in or out, at the complement of their opacity (no
    /// background: no fade).
    func drawItemFades(in canvas: Canvas) {
        guard itemAnimation.isActive, let background = backgroundColor, background.alpha > 0 else { return }
        for index in items.views.indices {
            guard let view = items.views[index] else { continue }
            let opacity = itemAnimation.opacity(ofItem: items.first + index)
            if opacity < 1 { canvas.fill(view.frame, color: veil(background, 1 - opacity)) }
        }
        let remaining = 1 - itemAnimation.progress
        for item in itemAnimation.leaving {
            let opacity = item.startOpacity * remaining
            if opacity < 1 { canvas.fill(item.view.frame, color: veil(background, 1 - opacity)) }
        }
    }

    /// `color` at `fraction` of its opacity.
    private func veil(_ color: Color, _ fraction: Double) -> Color {
        Color(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha * fraction)
    }
}
