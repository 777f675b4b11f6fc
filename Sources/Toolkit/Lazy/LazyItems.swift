// The state a lazy list or grid keeps about its items, whatever their shape (<doc:ScrollBehaviour> §16, §19, §20).
//
// Alive items are one contiguous run, `first ..< first + views.count`, with a view per item (nil while it is still
// to make) and a mark per item that the shape may use (a list marks its sticky headers). Views that leave are put
// back into pools, one per `reuseKind`, for `dequeueReusableView(kind:)`. The arrays keep their storage: scrolling
// over items whose views are reused allocates nothing.

import Foundation

/// The alive views, the reuse pools, the selection and the open batch of one lazy container; see above.
@MainActor
final class LazyItems {
    /// The first item of the alive run.
    @exclusivity(unchecked) var first = 0
    /// The views of the alive run; nil where an item is still to make.
    @exclusivity(unchecked) var views: [View?] = []
    /// A mark per alive item, the shape's (a list: the item is a sticky header).
    @exclusivity(unchecked) var marks: [Bool] = []
    /// The views put back, one pool per `reuseKind` (an array searched in order: containers have a few kinds,
    /// and a dictionary's in-place mutation allocated a coroutine frame per dequeue).
    @exclusivity(unchecked) var pools: [(kind: String, views: [View])] = []
    /// Selected items, the focused item, the Shift anchor.
    @exclusivity(unchecked) var selection = ItemSelection()
    /// The updates recorded inside `performBatchUpdates`, nil outside one.
    @exclusivity(unchecked) var pendingBatch: ItemBatch?
    /// The items asked to prefetch and not shown yet (`ItemPrefetcher`).
    @exclusivity(unchecked) var prefetcher = ItemPrefetcher()
    /// The item numbers handed to the data source's prefetch calls (kept: no allocation per call unless the app
    /// keeps the array).
    @exclusivity(unchecked) var prefetchBuffer: [Int] = []

    init() {
        views.reserveCapacity(64)
        marks.reserveCapacity(64)
        prefetchBuffer.reserveCapacity(64)
    }

    /// One past the last alive item.
    var end: Int { first + views.count }

    /// The number of alive items that have a view.
    var madeCount: Int {
        var count = 0
        for view in views where view != nil { count += 1 }
        return count
    }

    /// Whether `item` is in the alive run.
    func contains(_ item: Int) -> Bool {
        item >= first && item < end
    }

    /// Whether `item` is alive and has a view.
    func isMade(_ item: Int) -> Bool {
        contains(item) && views[item - first] != nil
    }

    /// The view of alive `item`, or nil.
    func view(at item: Int) -> View? {
        contains(item) ? views[item - first] : nil
    }

    /// The item whose view is `view`, or nil. Linear in the alive items (a few dozen).
    func item(showing view: View) -> Int? {
        var index = 0
        while index < views.count {
            if views[index] === view { return first + index }
            index += 1
        }
        return nil
    }

    /// Makes the alive run cover `items`: it grows to meet them, or starts there (the old items put back) when
    /// they do not touch it. The new slots have no view yet.
    func cover(_ items: Range<Int>, owner: View) {
        if views.isEmpty || items.upperBound < first || items.lowerBound > end {
            recycleAlive(owner: owner)
            first = items.lowerBound
        }
        if items.lowerBound < first {
            let extra = first - items.lowerBound
            views.insert(contentsOf: repeatElement(nil, count: extra), at: 0)
            marks.insert(contentsOf: repeatElement(false, count: extra), at: 0)
            first = items.lowerBound
        }
        if items.upperBound > end {
            let extra = items.upperBound - end
            views.append(contentsOf: repeatElement(nil, count: extra))
            marks.append(contentsOf: repeatElement(false, count: extra))
        }
    }

    /// Takes the first `count` alive items out of the run, handing each view to `putBack` (item, view).
    func dropFront(_ count: Int, _ putBack: (Int, View) -> Void) {
        guard count > 0 else { return }
        for index in 0..<count {
            if let view = views[index] {
                views[index] = nil
                putBack(first + index, view)
            }
        }
        views.removeFirst(count)
        marks.removeFirst(count)
        first += count
        if views.isEmpty { first = 0 }
    }

    /// Takes the last `count` alive items out of the run, handing each view to `putBack` (item, view).
    func dropBack(_ count: Int, _ putBack: (Int, View) -> Void) {
        guard count > 0 else { return }
        let keep = views.count - count
        for index in keep..<views.count {
            if let view = views[index] {
                views[index] = nil
                putBack(first + index, view)
            }
        }
        views.removeLast(count)
        marks.removeLast(count)
        if views.isEmpty { first = 0 }
    }

    /// Clears the slot holding `view` (a view an app gave for two items moves to the newer one).
    func release(_ view: View) {
        for index in views.indices where views[index] === view { views[index] = nil }
    }

    // MARK: - Reuse

    /// The view of kind `kind` put back last, or nil.
    func dequeue(kind: String) -> View? {
        for index in pools.indices where pools[index].kind == kind {
            return pools[index].views.popLast()
        }
        return nil
    }

    /// Removes `view` from `owner` and keeps it for `dequeue(kind:)` when it has a `reuseKind`.
    func recycle(_ view: View, owner: View) {
        if view.superview === owner { view.removeFromSuperview() }
        view.prepareForReuse()
        guard let kind = view.reuseKind else { return }
        for index in pools.indices where pools[index].kind == kind {
            pools[index].views.append(view)
            return
        }
        pools.append((kind, [view]))
    }

    /// Puts every alive view back.
    func recycleAlive(owner: View) {
        for index in views.indices {
            if let view = views[index] { recycle(view, owner: owner) }
        }
        views.removeAll(keepingCapacity: true)
        marks.removeAll(keepingCapacity: true)
        first = 0
    }

    // MARK: - Batch updates

    /// An alive item carried through a change: its new index, its view, its mark.
    typealias Survivor = (item: Int, view: View, mark: Bool)

    /// Gives the alive views their new items after `change`: reloaded items' views are put back, deleted ones
    /// too (or returned with their old items when `keepingRemoved`, for an exit animation), the others follow
    /// their items. `extra` runs before the run is rebuilt, for what the shape keeps outside it (a pinned
    /// header), and may add survivors or removed views. Survivors moved far from the others (beyond the items
    /// alive before, counted again) are put back rather than stretching the run over the items between; the
    /// slots of new items between alive ones are left to make.
    func carry(
        through change: ItemChange, keepingRemoved: Bool, owner: View,
        extra: (inout [Survivor], inout [(item: Int, view: View)]) -> Void = { _, _ in }
    )
        -> [(item: Int, view: View)]
    {
        var survivors: [Survivor] = []
        var removed: [(item: Int, view: View)] = []
        survivors.reserveCapacity(views.count + 1)
        for index in views.indices {
            guard let view = views[index] else { continue }
            let item = first + index
            if ItemBatch.contains(item, in: change.reloads) {
                recycle(view, owner: owner)
            } else if let new = change.newIndex(ofOld: item) {
                survivors.append((new, view, marks[index]))
            } else if keepingRemoved {
                removed.append((item, view))
            } else {
                recycle(view, owner: owner)
            }
        }
        extra(&survivors, &removed)
        views.removeAll(keepingCapacity: true)
        marks.removeAll(keepingCapacity: true)
        first = 0
        guard !survivors.isEmpty else { return removed }
        survivors.sort { $0.item < $1.item }
        let middle = survivors[survivors.count / 2].item
        let reach = max(64, 2 * survivors.count)
        var low = Int.max
        var high = Int.min
        for survivor in survivors where abs(survivor.item - middle) <= reach {
            low = min(low, survivor.item)
            high = max(high, survivor.item)
        }
        first = low
        views.append(contentsOf: repeatElement(nil, count: high - low + 1))
        marks.append(contentsOf: repeatElement(false, count: high - low + 1))
        for survivor in survivors {
            if survivor.item >= low && survivor.item <= high {
                views[survivor.item - low] = survivor.view
                marks[survivor.item - low] = survivor.mark
            } else {
                recycle(survivor.view, owner: owner)
            }
        }
        return removed
    }
}
