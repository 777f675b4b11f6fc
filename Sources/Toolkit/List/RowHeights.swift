// Row heights of a list of up to 10^8 rows, without an entry per row, and every operation in O(log n).
//
// The rows are a sequence of pieces in order: runs of rows not measured (each counts `estimate`) and single rows
// measured at a height other than the estimate. The pieces are the nodes of a treap (a binary search tree by
// position, balanced in expectation by random priorities, max-heap ordered) whose order is the row order; the
// row number is implicit (the rows of the nodes before it), so inserting or deleting rows renumbers everything
// after them for free. Each node keeps totals over its subtree:
//     rows      = the rows of its pieces,
//     estimated = the rows among them not measured,
//     measured  = the sum of the measured heights,
// so that a subtree is `measured + estimated * estimate` tall: the estimate is not stored in the nodes, and
// changing it touches nothing. Then, with expected depth O(log n):
//     origin(row)   walks down, adding the height of the subtrees and pieces left of the row;
//     row(at: y)    walks down, choosing the side by those heights (never negative, so they only grow);
//     setHeight     splits the tree around the row (cutting a run in up to three pieces) and merges it back;
//     insert/delete split at each row and merge: O(k log n) for k rows, nothing per other row.
// Memory: one node (56 bytes) per piece: 1 for a list nobody measured, at most 2m + 1 for m measured rows; freed
// nodes are reused, so re-measuring the same rows while scrolling allocates nothing.

/// The heights of a list's rows: measured where known, estimated elsewhere; see the derivation above.
struct RowHeights {
    /// Most rows a list shows.
    static let maximumCount = 100_000_000

    /// A piece of the row sequence and the totals of its subtree. Index 0 is the empty tree.
    private struct Node {
        var left: Int32 = 0
        var right: Int32 = 0
        var priority: UInt32 = 0
        /// Rows of this piece: a run (not measured) or 1 (measured).
        var rows = 0
        /// The measured height, or nil for a run of estimated rows.
        var height: Double?
        /// Totals over the subtree (this node and its children).
        var subtreeRows = 0
        var subtreeEstimated = 0
        var subtreeMeasured = 0.0
    }

    /// Number of rows.
    private(set) var count = 0
    /// Height of a row not measured, points (positive, finite).
    private(set) var estimate = 44.0
    /// The nodes; index 0 is the empty tree's sentinel.
    private var nodes: [Node]
    private var root: Int32 = 0
    /// Nodes removed from the tree, for reuse.
    private var free: [Int32] = []
    /// The state of the priorities' generator (xorshift: deterministic, so layouts are reproducible).
    private var seed: UInt32 = 0x9E37_79B9

    /// No rows: only the sentinel.
    init() {
        nodes = []
        nodes.append(Node())
    }

    /// Forgets every measurement: `count` rows of `estimate` each.
    mutating func reset(count: Int, estimate: Double) {
        self.count = min(max(0, count), RowHeights.maximumCount)
        self.estimate = estimate
        nodes.removeAll(keepingCapacity: true)
        nodes.append(Node())
        free.removeAll(keepingCapacity: true)
        root = self.count > 0 ? makeNode(rows: self.count, height: nil) : 0
    }

    /// Changes the estimate, keeping the measurements (rows measured at the old estimate were not kept: they
    /// count the new one).
    mutating func setEstimate(_ value: Double) {
        estimate = value
    }

    /// The height of `row`: measured, or the estimate.
    func height(of row: Int) -> Double {
        guard row >= 0, row < count else { return estimate }
        let (node, _) = locate(row)
        return nodes[Int(node)].height ?? estimate
    }

    /// Records `height` for `row` (nil: the estimate). Returns the change of the row's height, points.
    @discardableResult
    mutating func setHeight(_ height: Double?, for row: Int) -> Double {
        guard row >= 0, row < count else { return 0 }
        let old = self.height(of: row)
        // Heights equal to the estimate are not kept (as if never measured).
        let value = height.flatMap { $0 == estimate ? nil : $0 }
        let new = value ?? estimate
        let (node, _) = locate(row)
        if nodes[Int(node)].height == value { return 0 }
        let (before, rest) = split(root, row)
        let (middle, after) = split(rest, 1)
        release(middle)
        root = merge(merge(before, makeNode(rows: 1, height: value)), after)
        return new - old
    }

    /// The top of `row` in content coordinates, points (`totalHeight` for `row == count`).
    func origin(of row: Int) -> Double {
        let row = min(max(0, row), count)
        var node = root
        var skip = row  // rows still to pass
        var rows = 0  // estimated rows passed
        var measured = 0.0
        while node != 0 && skip > 0 {
            let n = nodes[Int(node)]
            let left = nodes[Int(n.left)]
            if skip <= left.subtreeRows {
                node = n.left
                continue
            }
            rows += left.subtreeEstimated
            measured += left.subtreeMeasured
            skip -= left.subtreeRows
            let own = min(skip, n.rows)
            if let height = n.height { measured += height * Double(own) } else { rows += own }
            skip -= own
            node = n.right
        }
        return measured + Double(rows) * estimate
    }

    /// The height of all rows, points.
    var totalHeight: Double { height(ofSubtree: root) }

    /// The row whose extent holds `y` (content coordinates): the first row for `y` above the content, the last
    /// for `y` below it; 0 when there are no rows. A row of zero height holds no point.
    func row(at y: Double) -> Int {
        guard count > 0 else { return 0 }
        guard y.isFinite, y >= 0 else { return 0 }
        var node = root
        var remaining = y
        var row = 0
        while node != 0 {
            let n = nodes[Int(node)]
            let leftHeight = height(ofSubtree: n.left)
            if remaining < leftHeight {
                node = n.left
                continue
            }
            remaining -= leftHeight
            row += nodes[Int(n.left)].subtreeRows
            let each = n.height ?? estimate
            let own = each * Double(n.rows)
            if remaining < own {
                // In this piece (each > 0 here, since remaining >= 0).
                return min(count - 1, row + min(n.rows - 1, Int(remaining / each)))
            }
            remaining -= own
            row += n.rows
            node = n.right
        }
        return count - 1
    }

    /// Rows inserted at `rows` (ascending, indices after the insertion): later measurements move down with
    /// their rows, the new rows are estimated.
    mutating func insert(_ rows: [Int]) {
        for row in rows {
            guard count < RowHeights.maximumCount else { break }
            let (before, after) = split(root, min(max(0, row), count))
            root = merge(merge(before, makeNode(rows: 1, height: nil)), after)
            count += 1
        }
    }

    /// Rows deleted at `rows` (ascending, indices before the deletion): their measurements go, later ones move
    /// up.
    mutating func delete(_ rows: [Int]) {
        for row in rows.reversed() where row >= 0 && row < count {
            let (before, rest) = split(root, row)
            let (middle, after) = split(rest, 1)
            release(middle)
            root = merge(before, after)
            count -= 1
        }
    }

    /// One splice: at `position`, `removed` rows go (their measurements with them) and `added` estimated rows
    /// come; the rows after keep their measurements under their new numbers. O(log n).
    mutating func splice(at position: Int, removed: Int, added: Int) {
        let position = min(max(0, position), count)
        let removed = min(max(0, removed), count - position)
        let added = min(max(0, added), RowHeights.maximumCount - (count - removed))
        guard removed > 0 || added > 0 else { return }
        let (before, rest) = split(root, position)
        let (middle, after) = split(rest, removed)
        release(middle)
        let run = added > 0 ? makeNode(rows: added, height: nil) : 0
        root = merge(merge(before, run), after)
        count += added - removed
    }

    /// The measured height of `row`, or nil when it counts the estimate.
    func measuredHeight(of row: Int) -> Double? {
        guard row >= 0, row < count else { return nil }
        return nodes[Int(locate(row).node)].height
    }

    /// Forgets the measurement of `row` (it counts the estimate until measured again).
    mutating func forget(_ row: Int) {
        setHeight(nil, for: row)
    }

    // MARK: - Treap

    /// The height of the subtree at `node`, points.
    private func height(ofSubtree node: Int32) -> Double {
        let n = nodes[Int(node)]
        return n.subtreeMeasured + Double(n.subtreeEstimated) * estimate
    }

    /// The node holding `row` and the row's index inside that node's piece.
    private func locate(_ row: Int) -> (node: Int32, offset: Int) {
        var node = root
        var skip = row
        while node != 0 {
            let n = nodes[Int(node)]
            let leftRows = nodes[Int(n.left)].subtreeRows
            if skip < leftRows {
                node = n.left
            } else if skip < leftRows + n.rows {
                return (node, skip - leftRows)
            } else {
                skip -= leftRows + n.rows
                node = n.right
            }
        }
        return (0, 0)
    }

    /// A new single node for a piece (from the free list when there is one).
    private mutating func makeNode(rows: Int, height: Double?) -> Int32 {
        seed ^= seed << 13
        seed ^= seed >> 17
        seed ^= seed << 5
        var node = Node()
        node.priority = seed
        node.rows = rows
        node.height = height
        if let index = free.popLast() {
            nodes[Int(index)] = node
            update(index)
            return index
        }
        nodes.append(node)
        let index = Int32(nodes.count - 1)
        update(index)
        return index
    }

    /// Puts the nodes of the subtree at `node` on the free list.
    private mutating func release(_ node: Int32) {
        guard node != 0 else { return }
        release(nodes[Int(node)].left)
        release(nodes[Int(node)].right)
        free.append(node)
    }

    /// Recomputes the totals of `node` from its piece and its children.
    private mutating func update(_ node: Int32) {
        let index = Int(node)
        let left = nodes[Int(nodes[index].left)]
        let right = nodes[Int(nodes[index].right)]
        let rows = nodes[index].rows
        let measured = nodes[index].height.map { $0 * Double(rows) } ?? 0
        nodes[index].subtreeRows = left.subtreeRows + rows + right.subtreeRows
        nodes[index].subtreeEstimated =
            left.subtreeEstimated + (nodes[index].height == nil ? rows : 0)
            + right.subtreeEstimated
        nodes[index].subtreeMeasured = left.subtreeMeasured + measured + right.subtreeMeasured
    }

    /// Splits the subtree at `node` into its first `k` rows and the rest; a run that straddles the cut is cut in
    /// two pieces.
    private mutating func split(_ node: Int32, _ k: Int) -> (Int32, Int32) {
        guard node != 0 else { return (0, 0) }
        let index = Int(node)
        let leftRows = nodes[Int(nodes[index].left)].subtreeRows
        if k <= leftRows {
            let (a, b) = split(nodes[index].left, k)
            nodes[index].left = b
            update(node)
            return (a, node)
        }
        let afterOwn = leftRows + nodes[index].rows
        if k >= afterOwn {
            let (a, b) = split(nodes[index].right, k - afterOwn)
            nodes[index].right = a
            update(node)
            return (node, b)
        }
        // Inside this piece (a run: a measured piece has one row): it keeps the first part, a new piece the rest.
        let keep = k - leftRows
        let rest = makeNode(rows: nodes[index].rows - keep, height: nodes[index].height)
        let right = nodes[index].right
        nodes[index].rows = keep
        nodes[index].right = 0
        update(node)
        return (node, merge(rest, right))
    }

    /// The subtree of `a`'s rows followed by `b`'s.
    private mutating func merge(_ a: Int32, _ b: Int32) -> Int32 {
        if a == 0 { return b }
        if b == 0 { return a }
        if nodes[Int(a)].priority >= nodes[Int(b)].priority {
            nodes[Int(a)].right = merge(nodes[Int(a)].right, b)
            update(a)
            return a
        }
        nodes[Int(b)].left = merge(a, nodes[Int(b)].left)
        update(b)
        return b
    }
}
