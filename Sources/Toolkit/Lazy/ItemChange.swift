// A checked batch as splices (GListModel's items-changed: at a position, so many items removed, so many added),
// which is all the lazy engine's stores need: sizes, the header index, the selection and the alive views each
// apply the same splices, in order, without a pass over the items the change does not touch.
//
// The change is: the items `removed` (old indices: deletes and move sources) go, the items `added` (new indices:
// inserts and move destinations) come, and the other items keep their order. A kept old item x is the k-th kept
// one, k = x − (removed items before x); it lands on the k-th new index that is not added: the n with
// n − (added items at or before n) = k. Since `added` is strictly increasing, added[t] − t never decreases, so the
// count of added items at or before n is the first t with added[t] − t > k: a binary search, O(log changes).
//
// Splices: walking both sequences at once, a run of kept items advances both cursors; where a removed or added
// item comes, one splice takes every removed item in a row at the old cursor and every added one in a row at the
// new cursor. Each splice's position is in the coordinates left by the splices before it (the prefix is final,
// the rest is still old), so applying them in order to any store indexed by item turns the old state into the new.

/// A batch of item updates, checked, with the splices that perform it; see the derivation above.
struct ItemChange {
    /// One splice: at `position`, `removed` items go and `added` new ones come.
    struct Splice: Equatable {
        var position: Int
        var removed: Int
        var added: Int
    }

    let oldCount: Int
    /// Old indices that go (deletes and move sources), ascending.
    let removed: [Int]
    /// New indices that come (inserts and move destinations), ascending.
    let added: [Int]
    /// Moves, by ascending source.
    let moves: [(from: Int, to: Int)]
    /// Reloaded items, old indices, ascending.
    let reloads: [Int]
    /// The splices, in order.
    private(set) var splices: [Splice] = []

    var newCount: Int { oldCount - removed.count + added.count }

    init(oldCount: Int, removed: [Int], added: [Int], moves: [(from: Int, to: Int)], reloads: [Int]) {
        self.oldCount = oldCount
        self.removed = removed
        self.added = added
        self.moves = moves
        self.reloads = reloads
        splices = ItemChange.makeSplices(removed: removed, added: added)
    }

    /// Whether the change does nothing at all.
    var isEmpty: Bool { removed.isEmpty && added.isEmpty && reloads.isEmpty }

    /// Where old item `old` is after the change: its new index (a moved item's destination), or nil when it was
    /// deleted (or is out of range).
    func newIndex(ofOld old: Int) -> Int? {
        guard old >= 0, old < oldCount else { return nil }
        let before = ItemBatch.firstIndex(atOrAfter: old, in: removed)
        if before < removed.count, removed[before] == old {
            return destination(ofMoved: old)
        }
        return keptNewIndex(rank: old - before)
    }

    /// Where old item `old` lands if it is kept in place (not deleted, not moved): nil otherwise.
    func keptNewIndex(ofOld old: Int) -> Int? {
        guard old >= 0, old < oldCount else { return nil }
        let before = ItemBatch.firstIndex(atOrAfter: old, in: removed)
        if before < removed.count, removed[before] == old { return nil }
        return keptNewIndex(rank: old - before)
    }

    /// Whether old item `old` is deleted or moved away.
    func isRemoved(_ old: Int) -> Bool { ItemBatch.contains(old, in: removed) }

    /// The old index of new item `new`, or nil when it is inserted (a moved item's source otherwise).
    func oldIndex(ofNew new: Int) -> Int? {
        guard new >= 0, new < newCount else { return nil }
        let before = ItemBatch.firstIndex(atOrAfter: new, in: added)
        if before < added.count, added[before] == new {
            for move in moves where move.to == new { return move.from }
            return nil
        }
        // The (new − before)-th kept item: the old index x with x − (removed before x) = rank.
        let rank = new - before
        return ItemChange.kth(notIn: removed, rank: rank)
    }

    /// The destination of the item moved from `old`, or nil when it is not moved.
    func destination(ofMoved old: Int) -> Int? {
        var low = 0
        var high = moves.count
        while low < high {
            let middle = (low + high) / 2
            if moves[middle].from < old { low = middle + 1 } else { high = middle }
        }
        return low < moves.count && moves[low].from == old ? moves[low].to : nil
    }

    /// The new index of the kept item of rank `rank` (0: the first kept one).
    private func keptNewIndex(rank: Int) -> Int {
        ItemChange.kth(notIn: added, rank: rank)
    }

    /// The `rank`-th (from 0) index not in `values` (ascending, distinct): rank + the count of values at or before
    /// it, found by binary search on values[t] − t.
    static func kth(notIn values: [Int], rank: Int) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] - middle <= rank { low = middle + 1 } else { high = middle }
        }
        return rank + low
    }

    private static func makeSplices(removed: [Int], added: [Int]) -> [Splice] {
        var splices: [Splice] = []
        var old = 0
        var new = 0
        var r = 0
        var a = 0
        while r < removed.count || a < added.count {
            // A run of kept items moves both cursors.
            let toRemoved = r < removed.count ? removed[r] - old : Int.max
            let toAdded = a < added.count ? added[a] - new : Int.max
            let run = min(toRemoved, toAdded)
            old += run
            new += run
            var removedHere = 0
            while r < removed.count, removed[r] == old + removedHere {
                removedHere += 1
                r += 1
            }
            var addedHere = 0
            while a < added.count, added[a] == new + addedHere {
                addedHere += 1
                a += 1
            }
            splices.append(Splice(position: new, removed: removedHere, added: addedHere))
            old += removedHere
            new += addedHere
        }
        return splices
    }
}
