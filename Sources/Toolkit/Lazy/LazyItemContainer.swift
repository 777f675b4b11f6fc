// The one lazy engine of lists and grids (<doc:ScrollBehaviour> §16, §19, §20): a scroll container whose items
// come from a data source and live only near the visible rect. The engine keeps the alive views and their reuse,
// anchors the first visible item through updates and size changes, applies batch updates as splices, keeps the
// selection and the focus and answers the keys, reveals the focused item, draws the selection and tells
// accessibility, and asks the data source to prefetch. A shape (`ListContainer`: rows by height; `GridContainer`:
// adaptive columns) gives its layout (`LazyLayout`), lays out and places its views, and adds what only it has (a
// list's measured heights and sticky headers, a grid's columns).
//
// The shape-neutral public API and the container's hooks are the public base class `LazyContainer`, which reaches
// this code through `engine` (itself, as this protocol); the code here is generic over the shape, so each shape's
// layout is used without boxing or dynamic dispatch. Its state lives in one `LazyItems` object per container.

import Foundation

/// A lazy list or grid: what the shape gives the engine; the engine's part is in the extensions.
@MainActor
protocol LazyItemContainer: LazyContainer {
    associatedtype Layout: LazyLayout

    /// Where the items are, as laid out now.
    var itemLayout: Layout { get }
    /// "row" or "item", for messages.
    var itemNoun: String { get }

    /// Lays the items out for the current offset and size: makes, trims and places the alive views.
    func layoutItems()
    /// Sets `contentSize` from the layout.
    func updateContentSize()
    /// Moves the offset by `distance` so that the items stay still on screen (scroll anchoring).
    func shiftKeepingItemsStill(by distance: Double)
    /// Asks everything of the data source again.
    func reloadData()
    /// The data source's item count now (nil without a data source), for checking a batch.
    func countedItems() -> Int?
    /// Applies a checked change: the shape's stores, the alive views, the selection, the anchor.
    func apply(_ change: ItemChange, animated: Bool)

    /// The item whose place holds `point` (content coordinates), or nil in a gap or outside the items.
    func itemIndex(at point: Point) -> Int?
    /// A view shown outside the alive run, at a place of its own (a list's pinned header), or nil.
    var pinnedItem: (item: Int, view: View)? { get }
    /// A view that follows the finger and may be outside the alive run (a list's lifted row), or nil.
    var carriedItem: (item: Int, view: View)? { get }
    /// Where `item`'s line is drawn now, content y: its layout place plus an animation's displacement.
    func presentedTop(ofItem item: Int) -> Double
    /// Where `item` is laid out, content coordinates (`item == itemCount`: where an item after the last would be).
    func laidOutFrame(ofItem item: Int) -> Rect
    /// Gives the items of an animated batch that had no place before (`known` false) their displacements.
    func settleArrivals(_ animation: inout ItemAnimation, known: [Bool])
    /// Places the views of the items an animated batch deletes (`itemAnimation.leaving`) for the current frame.
    func placeLeavingItems()
    /// How much of the visible rect's top is covered when `item` is near it (a list's sticky header), points.
    func coveredTop(forItem item: Int) -> Double
    /// The item a navigation key moves the focus to from `focus` (clamped later), or nil when `key` moves
    /// nothing here.
    func focusTarget(for key: Key, from focus: Int) -> Int?
    /// A scroll the keys make is about to set the offset: a pending animated scroll to an item is dropped.
    func dropScrollTarget()

    /// Hands `items` to the data source's prefetch call.
    func prefetch(_ items: [Int])
    /// Hands `items` to the data source's call that cancels prefetching.
    func cancelPrefetching(_ items: [Int])
}

extension LazyItemContainer {
    /// The number of items (the data source's count when last asked).
    var itemCount: Int { itemLayout.count }

    /// The items meeting the visible rect (`bounds`), in order.
    var visibleItemRange: Range<Int> {
        itemLayout.items(meetingTop: bounds.minY, bottom: bounds.maxY)
    }

    /// The view shown for `item` (alive or pinned), or nil.
    func aliveView(forItem item: Int) -> View? {
        if let pinned = pinnedItem, pinned.item == item { return pinned.view }
        return items.view(at: item)
    }

    /// The item whose view (alive or pinned) is `view`, or nil.
    func item(showing view: View) -> Int? {
        if let pinned = pinnedItem, pinned.view === view { return pinned.item }
        return items.item(showing: view)
    }

    /// The item whose view holds `view` (an item's view or a view inside one), or nil.
    func item(containing view: View) -> Int? {
        var current: View? = view
        while let candidate = current, candidate !== self {
            if candidate.superview === self { return item(showing: candidate) }
            current = candidate.superview
        }
        return nil
    }

    /// The number of views alive, a pinned one included.
    var aliveViewCount: Int {
        items.madeCount + (pinnedItem == nil ? 0 : 1)
    }

    /// Removes `view` and keeps it for reuse when it has a `reuseKind`.
    func recycle(_ view: View) {
        items.recycle(view, owner: self)
    }

    /// Puts back the alive items whose lines lie more than one visible height beyond the visible rect, from both
    /// ends of the run (hysteresis: made when they meet the rect, removed a visible height later, so an item going
    /// back and forth at an edge is not remade). `putBack` takes each view.
    func trimAliveItems(_ putBack: (Int, View) -> Void) {
        let layout = itemLayout
        let keepTop = bounds.minY - bounds.height
        let keepBottom = bounds.maxY + bounds.height
        var drop = 0
        while drop < items.views.count && layout.bottom(ofItem: items.first + drop) < keepTop { drop += 1 }
        items.dropFront(drop, putBack)
        var keep = items.views.count
        while keep > 0 && layout.top(ofItem: items.first + keep - 1) > keepBottom { keep -= 1 }
        items.dropBack(items.views.count - keep, putBack)
    }

    // MARK: - Anchoring

    /// The first visible item and where its line's top is on screen (its top minus the offset), or nil with no
    /// items.
    func visibleAnchor() -> (item: Int, screenY: Double)? {
        let layout = itemLayout
        guard layout.count > 0 else { return nil }
        let line = layout.line(at: max(bounds.minY, 0))
        return (layout.items(inLine: line).lowerBound, layout.origin(ofLine: line) - contentOffset.y)
    }

    /// Moves the offset so that `item`'s line top is `screenY` below the visible top (anchoring rules apply).
    func restoreAnchor(item: Int, screenY: Double) {
        let target = itemLayout.top(ofItem: item) - screenY
        shiftKeepingItemsStill(by: target - contentOffset.y)
    }

    /// Runs `change` (which moves items, not their identity: sizes, columns) and keeps the first visible item where
    /// it is on screen.
    func updateKeepingVisibleItemsStill(_ change: () -> Void) {
        let anchor = visibleAnchor()
        change()
        updateContentSize()
        if let anchor { restoreAnchor(item: anchor.item, screenY: anchor.screenY) }
        layoutItems()
    }

    /// The first visible item that survives `change` in place (not deleted, not moved away): its new index and its
    /// line's top on screen now. When every visible item goes, the item that comes to the top takes the top
    /// item's place.
    func anchor(surviving change: ItemChange) -> (item: Int, screenY: Double)? {
        guard itemCount > 0 else { return nil }
        for item in visibleItemRange {
            if let new = change.keptNewIndex(ofOld: item) {
                return (new, presentedTop(ofItem: item) - contentOffset.y)
            }
        }
        guard let top = visibleAnchor(), let new = ItemSelection.follow(top.item, through: change) else { return nil }
        return (new, top.screenY)
    }

    // MARK: - Scrolling to an item

    /// The offset (y) that puts `item`'s line at `position`, from the layout known now, clamped into the range.
    func targetOffset(forItem item: Int, at position: ListScrollPosition) -> Double {
        let layout = itemLayout
        let top = layout.top(ofItem: item)
        let bottom = layout.bottom(ofItem: item)
        let height = bounds.height
        let current = contentOffset.y
        var y: Double
        switch position {
        case .top:
            y = top
        case .middle:
            y = (top + bottom) / 2 - height / 2
        case .bottom:
            y = bottom - height
        case .nearest:
            if top < current || bottom - top > height {
                y = top
            } else if bottom > current + height {
                y = bottom - height
            } else {
                y = current
            }
        }
        if !y.isFinite { y = current }
        return makePolicy().clamp(y, .vertical)
    }

    /// Puts `item` at `position` at once, measuring what comes into view on the way until it is exactly there
    /// (each step lays out; a few steps settle it).
    func settle(onItem item: Int, at position: ListScrollPosition) {
        for _ in 0..<4 {
            let target = targetOffset(forItem: item, at: position)
            guard abs(target - contentOffset.y) > 1e-9 else { return }
            contentOffset = Point(x: contentOffset.x, y: target)
        }
    }
}
