// The updates of one batch, as an app states them, before they are checked and turned into splices.
//
// Index rules (UIKit's): deletes, reloads and the sources of moves are indices before the batch; inserts and the
// destinations of moves are indices after it. A move is a delete at its source and an insert at its destination
// that keeps the item's identity (view, measured size, selection). Lists and grids record the same batches.

/// Updates recorded inside `performBatchUpdates` (or one update outside it), in the order given.
struct ItemBatch {
    var deletes: [Int] = []
    var inserts: [Int] = []
    var reloads: [Int] = []
    var moves: [(from: Int, to: Int)] = []

    /// Whether nothing was recorded.
    var isEmpty: Bool { deletes.isEmpty && inserts.isEmpty && reloads.isEmpty && moves.isEmpty }

    /// The change from `oldCount` items, or why the batch cannot be right (a message for the app's developer).
    ///
    /// Rules: negative indices and duplicates of a delete, insert or reload are dropped (as single updates always
    /// did); deletes and reloads past the old end are dropped too. What cannot be dropped without guessing the
    /// app's meaning is refused: a move whose source or destination is out of range, an item both deleted and
    /// moved, moved twice, or reloaded and deleted or moved, two items arriving at one index, an insert past the
    /// new end.
    ///
    /// `noun` names the items in the messages ("row", "item").
    func resolve(oldCount: Int, noun: String = "row") -> Result<ItemChange, ItemBatchError> {
        let deleted = ItemBatch.cleaned(deletes, below: oldCount)
        let reloaded = ItemBatch.cleaned(reloads, below: oldCount)
        var sources: [Int] = []
        var destinations: [Int] = []
        sources.reserveCapacity(moves.count)
        destinations.reserveCapacity(moves.count)
        for move in moves {
            guard move.from >= 0, move.from < oldCount else {
                return .failure(
                    .init(
                        "move\(noun.capitalized)(\(move.from), to: \(move.to)): \(noun) \(move.from) is not among the "
                            + "\(oldCount) \(noun)s before the batch"))
            }
            sources.append(move.from)
            destinations.append(move.to)
        }
        let sortedMoves = moves.sorted { $0.from < $1.from }
        for k in sortedMoves.indices.dropFirst() where sortedMoves[k].from == sortedMoves[k - 1].from {
            return .failure(.init("\(noun) \(sortedMoves[k].from) is moved twice in one batch"))
        }
        for move in sortedMoves {
            if ItemBatch.contains(move.from, in: deleted) {
                return .failure(.init("\(noun) \(move.from) is both deleted and moved in one batch"))
            }
            if ItemBatch.contains(move.from, in: reloaded) {
                return .failure(.init("\(noun) \(move.from) is both reloaded and moved in one batch"))
            }
        }
        for row in reloaded where ItemBatch.contains(row, in: deleted) {
            return .failure(.init("\(noun) \(row) is both reloaded and deleted in one batch"))
        }
        var removed = deleted + sources
        removed.sort()
        let inserted = ItemBatch.cleaned(inserts, below: Int.max)
        var added = inserted + destinations
        added.sort()
        for k in added.indices.dropFirst() where added[k] == added[k - 1] {
            return .failure(
                .init("two \(noun)s arrive at \(noun) \(added[k]) in one batch (an insert and a move, or two moves)"))
        }
        let newCount = oldCount - removed.count + added.count
        if let first = added.first, first < 0 {
            return .failure(.init("a move goes to \(noun) \(first)"))
        }
        if let last = added.last, last >= newCount {
            return .failure(.init("\(noun) \(last) is inserted or moved to, but the batch leaves \(newCount) \(noun)s"))
        }
        return .success(
            ItemChange(
                oldCount: oldCount, removed: removed, added: added,
                moves: sortedMoves, reloads: reloaded))
    }

    /// `values` sorted, without duplicates, inside `0 ..< limit`.
    static func cleaned(_ values: [Int], below limit: Int) -> [Int] {
        var sorted = values.filter { $0 >= 0 && $0 < limit }
        sorted.sort()
        var unique: [Int] = []
        unique.reserveCapacity(sorted.count)
        for value in sorted where unique.last != value { unique.append(value) }
        return unique
    }

    /// Whether `values` (ascending) holds `value`.
    static func contains(_ value: Int, in values: [Int]) -> Bool {
        let index = firstIndex(atOrAfter: value, in: values)
        return index < values.count && values[index] == value
    }

    /// The index of the first of `values` (ascending) at or after `value`.
    static func firstIndex(atOrAfter value: Int, in values: [Int]) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// Why a batch was refused: a sentence for the app's developer.
struct ItemBatchError: Error, Equatable {
    var message: String
    init(_ message: String) { self.message = message }
}
