// Inserting, deleting and reloading rows while keeping the visible rows still.
//
// Each update renumbers what the list knows (measured heights, live views) without asking the data source about
// rows far from view: a live row keeps its view under its new number, new rows are estimated and made only if
// they come into view. The first visible row (or, when it was deleted, the row that takes its place) keeps its
// place on screen through scroll anchoring, which also shifts a running drag or fling. Then the count is checked
// against the data source: an update that disagrees with it (the app changed its data differently) falls back to
// `reloadData()`, which loses no row and shows the data source's truth.

extension ListContainer {
    /// Inserts rows at `rows`: indices after the insertion, ascending (others are sorted, duplicates and indices
    /// past the new end are dropped). The data source must already count them. The visible rows stay still; the
    /// new rows are asked about only when they come into view.
    public func insertRows(at rows: [Int]) {
        let newCount = heights.count + rows.count
        let sorted = ListContainer.cleaned(rows, below: newCount)
        guard !sorted.isEmpty else { return }
        let anchor = visibleAnchor()
        heights.insert(sorted)
        headerIndex.insert(sorted)
        // A live row r moves to r + (new rows at or before its new index), as the heights did.
        var inserted = 0
        remapLiveRows { row in
            while inserted < sorted.count, sorted[inserted] <= row + inserted { inserted += 1 }
            return row + inserted
        }
        var anchorRow = anchor?.row ?? 0
        var before = 0
        while before < sorted.count, sorted[before] <= anchorRow + before { before += 1 }
        anchorRow += before
        finishUpdate(anchor: anchor.map { (anchorRow, $0.screenY) })
    }

    /// Deletes the rows at `rows`: indices before the deletion, ascending (others are sorted, duplicates and
    /// indices out of range are dropped). The data source must no longer count them. Their views are put back;
    /// the visible rows stay still (a deleted first visible row gives its place to the row after it).
    public func deleteRows(at rows: [Int]) {
        let sorted = ListContainer.cleaned(rows, below: heights.count)
        guard !sorted.isEmpty else { return }
        let anchor = visibleAnchor()
        heights.delete(sorted)
        headerIndex.delete(sorted)
        var deleted = 0
        remapLiveRows { row in
            while deleted < sorted.count, sorted[deleted] < row { deleted += 1 }
            if deleted < sorted.count, sorted[deleted] == row { return nil }
            return row - deleted
        }
        var anchorRow = anchor?.row ?? 0
        anchorRow -= sorted.prefix { $0 < anchorRow }.count
        finishUpdate(anchor: anchor.map { (min(anchorRow, max(0, heights.count - 1)), $0.screenY) })
    }

    /// Asks the data source again about the rows at `rows` (ascending; out of range dropped): those alive get a
    /// new view and height now, the others are re-measured when they come into view. The visible rows stay still.
    public func reloadRows(at rows: [Int]) {
        let sorted = ListContainer.cleaned(rows, below: heights.count)
        guard !sorted.isEmpty else { return }
        let anchor = visibleAnchor()
        for row in sorted {
            heights.forget(row)
            if isLive(row), let view = liveViews[row - liveFirst] {
                liveViews[row - liveFirst] = nil
                recycle(view)
            }
            if let pinned, pinned.row == row {
                self.pinned = nil
                recycle(pinned.view)
            }
        }
        headerIndex.forget(sorted)
        finishUpdate(anchor: anchor)
    }

    /// After an update: checks the count, keeps the anchor row at its place on screen, lays out.
    private func finishUpdate(anchor: (row: Int, screenY: Double)?) {
        if let source = dataSource, source.numberOfRows(in: self) != heights.count {
            reloadData()
            return
        }
        updateContentSize()
        if let anchor, anchor.row < heights.count { restoreAnchor(row: anchor.row, screenY: anchor.screenY) }
        layoutRows()
    }

    /// Renumbers the live rows by `map` (old row to new row, nil: deleted; increasing), putting deleted rows'
    /// views back and leaving empty slots where new rows came between live ones.
    private func remapLiveRows(_ map: (Int) -> Int?) {
        var survivors: [(row: Int, view: View?, isHeader: Bool)] = []
        for index in liveViews.indices {
            let row = liveFirst + index
            if let new = map(row) {
                survivors.append((new, liveViews[index], liveIsHeader[index]))
            } else if let view = liveViews[index] {
                recycle(view)
            }
        }
        if let pinned {
            if let new = map(pinned.row) {
                self.pinned = (new, pinned.view)
            } else {
                self.pinned = nil
                recycle(pinned.view)
            }
        }
        liveViews.removeAll(keepingCapacity: true)
        liveIsHeader.removeAll(keepingCapacity: true)
        guard let first = survivors.first else {
            liveFirst = 0
            return
        }
        liveFirst = first.row
        for survivor in survivors {
            let index = survivor.row - liveFirst
            while liveViews.count < index {
                liveViews.append(nil)
                liveIsHeader.append(false)
            }
            liveViews.append(survivor.view)
            liveIsHeader.append(survivor.isHeader)
        }
    }

    /// `rows` sorted, without duplicates, inside `0 ..< limit`.
    static func cleaned(_ rows: [Int], below limit: Int) -> [Int] {
        var sorted = rows.filter { $0 >= 0 && $0 < limit }
        sorted.sort()
        var unique: [Int] = []
        unique.reserveCapacity(sorted.count)
        for row in sorted where unique.last != row { unique.append(row) }
        return unique
    }
}
