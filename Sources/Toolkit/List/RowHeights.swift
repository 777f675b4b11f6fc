// Row heights of a list of up to 10^8 rows, without an entry per row.
//
// Every row counts `estimate` until it is measured; only measured heights that differ from the estimate are kept,
// in blocks of `blockSize` consecutive rows (a dictionary from block number to that block's few entries, sorted by
// row). A Fenwick tree (binary indexed tree) over the blocks holds each block's total height:
//     total(b) = rows(b) * estimate + sum over b's entries of (height - estimate),
// so that, with B = blockSize and P(b) = total(0) + ... + total(b - 1) (a tree prefix, O(log(n / B))):
//     origin(row) = P(row / B) + (row - (row / B) * B) * estimate + sum of (height - estimate) over the entries of
//                   that block before the row                                        (O(log(n / B) + entries)),
// and the row at offset y is found by walking the tree down to the last block whose start is <= y (heights are
// never negative, so block starts never decrease), then along that block's entries.
//
// Memory: one Double per block (10^7 rows: 19,532 blocks, 156 KB) plus one entry per row measured at a height
// other than the estimate; nothing per unmeasured row. A list that gives no heights (or the estimate) stores no
// entries at all, so scrolling it never allocates here.

/// The heights of a list's rows: measured where known, estimated elsewhere; see the derivation above.
struct RowHeights {
    /// Rows per block: a power of two, small enough that scanning a full block's entries stays cheap.
    static let blockSize = 512
    /// Most rows a list shows (the tree has `maximumCount / blockSize` nodes at most: 1.5 MB).
    static let maximumCount = 100_000_000

    /// A measured row whose height differs from the estimate.
    struct Entry {
        var row: Int
        var height: Double
    }

    /// Number of rows.
    private(set) var count = 0
    /// Height of a row not measured, points (positive, finite).
    private(set) var estimate = 44.0
    /// The Fenwick tree over block totals, 1-based (index 0 unused).
    private var tree: [Double] = [0]
    /// The measured entries of each block that has any, sorted by row.
    private var blocks: [Int: [Entry]] = [:]

    /// Number of blocks.
    private var blockCount: Int { (count + RowHeights.blockSize - 1) / RowHeights.blockSize }

    /// Forgets every measurement: `count` rows of `estimate` each.
    mutating func reset(count: Int, estimate: Double) {
        self.count = min(max(0, count), RowHeights.maximumCount)
        self.estimate = estimate
        blocks.removeAll()
        rebuildTree()
    }

    /// Changes the estimate, keeping the measurements.
    mutating func setEstimate(_ value: Double) {
        guard value != estimate else { return }
        estimate = value
        rebuildTree()
    }

    /// The height of `row`: measured, or the estimate.
    func height(of row: Int) -> Double {
        guard let entries = blocks[row / RowHeights.blockSize] else { return estimate }
        for entry in entries where entry.row >= row {
            return entry.row == row ? entry.height : estimate
        }
        return estimate
    }

    /// Records `height` for `row` (nil: the estimate). Returns the change of the row's height, points.
    @discardableResult
    mutating func setHeight(_ height: Double?, for row: Int) -> Double {
        guard row >= 0, row < count else { return 0 }
        let value = height ?? estimate
        let block = row / RowHeights.blockSize
        var entries = blocks.removeValue(forKey: block) ?? []
        var old = estimate
        var position = entries.count
        for (index, entry) in entries.enumerated() where entry.row >= row {
            position = index
            break
        }
        let present = position < entries.count && entries[position].row == row
        if present { old = entries[position].height }
        if value == estimate {
            if present { entries.remove(at: position) }
        } else if present {
            entries[position].height = value
        } else {
            entries.insert(Entry(row: row, height: value), at: position)
        }
        if !entries.isEmpty { blocks[block] = entries }
        let change = value - old
        if change != 0 { add(change, toBlock: block) }
        return change
    }

    /// The top of `row` in content coordinates, points (`totalHeight` for `row == count`).
    func origin(of row: Int) -> Double {
        let row = min(max(0, row), count)
        let block = row / RowHeights.blockSize
        var y = prefix(blocks: block) + Double(row - block * RowHeights.blockSize) * estimate
        if let entries = blocks[block] {
            for entry in entries {
                guard entry.row < row else { break }
                y += entry.height - estimate
            }
        }
        return y
    }

    /// The height of all rows, points.
    var totalHeight: Double { prefix(blocks: blockCount) }

    /// The row whose extent holds `y` (content coordinates): the first row for `y` above the content, the last
    /// for `y` below it; 0 when there are no rows. A row of zero height holds no point.
    func row(at y: Double) -> Int {
        guard count > 0 else { return 0 }
        guard y.isFinite, y >= 0 else { return 0 }
        // Walk the tree down: the last block whose start is <= y.
        var node = 0
        var remaining = y
        var step = 1
        while step * 2 <= blockCount { step *= 2 }
        while step > 0 {
            let next = node + step
            if next <= blockCount, tree[next] <= remaining {
                node = next
                remaining -= tree[next]
            }
            step /= 2
        }
        let block = min(node, blockCount - 1)
        if block < node { remaining += blockTotal(block) }   // y past the end: back into the last block
        let first = block * RowHeights.blockSize
        let end = min(count, first + RowHeights.blockSize)
        var row = first
        var y0 = 0.0
        if let entries = blocks[block] {
            for entry in entries {
                // Estimated rows before the entry.
                let span = Double(entry.row - row) * estimate
                if remaining < y0 + span { return min(end - 1, row + Int((remaining - y0) / estimate)) }
                y0 += span
                if remaining < y0 + entry.height { return entry.row }
                y0 += entry.height
                row = entry.row + 1
            }
        }
        return min(end - 1, row + Int(max(0, remaining - y0) / estimate))
    }

    /// The measured entries, in row order (for renumbering after inserts and deletes).
    func measuredEntries() -> [Entry] {
        blocks.keys.sorted().flatMap { blocks[$0]! }
    }

    /// Rows inserted at `rows` (ascending, indices after the insertion): later measurements move down with
    /// their rows, the new rows are estimated.
    mutating func insert(_ rows: [Int]) {
        var moved: [Entry] = []
        var inserted = 0
        for entry in measuredEntries() {
            // Indices after the insertion: an old row r lands at r + (number of new rows at or before it).
            while inserted < rows.count, rows[inserted] <= entry.row + inserted { inserted += 1 }
            moved.append(Entry(row: entry.row + inserted, height: entry.height))
        }
        rebuild(count: count + rows.count, entries: moved)
    }

    /// Rows deleted at `rows` (ascending, indices before the deletion): their measurements go, later ones move
    /// up.
    mutating func delete(_ rows: [Int]) {
        var moved: [Entry] = []
        var deleted = 0
        for entry in measuredEntries() {
            while deleted < rows.count, rows[deleted] < entry.row { deleted += 1 }
            if deleted < rows.count, rows[deleted] == entry.row { continue }
            moved.append(Entry(row: entry.row - deleted, height: entry.height))
        }
        rebuild(count: count - rows.count, entries: moved)
    }

    /// Forgets the measurement of `row` (it counts the estimate until measured again).
    mutating func forget(_ row: Int) {
        setHeight(nil, for: row)
    }

    // MARK: - Tree

    private mutating func rebuild(count: Int, entries: [Entry]) {
        self.count = min(max(0, count), RowHeights.maximumCount)
        blocks.removeAll()
        for entry in entries where entry.row < self.count {
            blocks[entry.row / RowHeights.blockSize, default: []].append(entry)
        }
        rebuildTree()
    }

    /// The total height of `block`, from its entries.
    private func blockTotal(_ block: Int) -> Double {
        let first = block * RowHeights.blockSize
        let rows = min(count, first + RowHeights.blockSize) - first
        var total = Double(rows) * estimate
        if let entries = blocks[block] {
            for entry in entries { total += entry.height - estimate }
        }
        return total
    }

    /// Builds the tree from the block totals in O(blocks) (each node passes its sum to its parent).
    private mutating func rebuildTree() {
        let n = blockCount
        tree = [Double](repeating: 0, count: n + 1)
        for block in 0..<n { tree[block + 1] = blockTotal(block) }
        for index in 1...max(1, n) where index <= n {
            let parent = index + (index & -index)
            if parent <= n { tree[parent] += tree[index] }
        }
    }

    private mutating func add(_ value: Double, toBlock block: Int) {
        var index = block + 1
        while index < tree.count {
            tree[index] += value
            index += index & -index
        }
    }

    /// The total height of the blocks before `block`.
    private func prefix(blocks block: Int) -> Double {
        var index = min(block, tree.count - 1)
        var sum = 0.0
        while index > 0 {
            sum += tree[index]
            index -= index & -index
        }
        return sum
    }
}
