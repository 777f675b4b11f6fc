// Laying a list's rows out around the visible rect, on every offset change.
//
// The live rows are the lazy engine's alive run (`LazyItems`: one contiguous range of rows, with a view per row, nil
// while it is still to make, and a mark per row: the row is a sticky header). A layout pass:
//   1. notes the anchor: the first row in view that already has a view (what the user sees), or after a jump the
//      row at the top, and its top (from the heights known now);
//   2. asks the heights of the rows coming into view (which corrects their estimates); the anchor's top may have
//      moved by the corrections above it, and the offset follows it (scroll anchoring, a running motion shifted
//      along), which may bring other rows into view: repeat (a few rounds at most; each only measures rows that
//      were estimated); then makes the views of the rows in view, so that no view is made for a row a correction
//      pushed out;
//   3. puts back the rows more than one visible height beyond the visible rect (`trimAliveItems`);
//   4. places the views and the sticky header;
//   5. tells the data source what to prefetch (`updatePrefetching`).
// Steps 2-4 keep the arrays' storage: scrolling over rows whose views are reused allocates nothing.

extension ListContainer {
    /// Lays the rows out for the current offset and size (see the steps above).
    func layoutItems() {
        guard !isLayingOut else { return }
        isLayingOut = true
        defer { isLayingOut = false }
        guard let source = dataSource, heights.count > 0, bounds.height > 0, bounds.width > 0 else {
            if !items.views.isEmpty || pinned != nil { recycleAllRows() }
            updateContentSize()
            return
        }
        // The anchor: the first row in view that was laid out before (its place on screen is what the user
        // sees); after a jump, the row at the top (whose own measurement cannot move its top).
        var anchorRow = heights.row(at: max(bounds.minY, 0))
        for row in visibleRows where isMade(row) {
            anchorRow = row
            break
        }
        var anchorTop = heights.origin(of: anchorRow)
        // Heights first, for the rows coming into view, until the rows in view are all measured; views after, so
        // that no view is made for a row that a correction pushes out of view.
        var measured = 0..<0
        for _ in 0..<8 {
            let needed = visibleRows
            var asked = false
            for row in needed where !isMade(row) && !measured.contains(row) {
                measure(row, source: source)
                asked = true
            }
            measured =
                measured.isEmpty || needed.lowerBound > measured.upperBound
                    || needed.upperBound < measured.lowerBound
                ? needed : min(measured.lowerBound, needed.lowerBound)..<max(measured.upperBound, needed.upperBound)
            let top = heights.origin(of: anchorRow)
            if top != anchorTop {
                shiftKeepingItemsStill(by: top - anchorTop)
                anchorTop = top
            }
            if !asked { break }
        }
        let needed = visibleRows
        if !needed.isEmpty { makeRows(needed, measured: measured, source: source) }
        let header = headerRow(atOrBefore: heights.row(at: max(bounds.minY, 0)), source: source)
        trimAliveItems { row, view in putBack(row: row, view: view, keeping: header) }
        updateContentSize()
        placeRows(header: header, source: source)
        retargetRowAnimation()
        updatePrefetching()
        rowActions?.listDidLayout()
    }

    /// Moves the offset by `distance` to keep the rows still (anchoring), when the list anchors; an animated
    /// `scrollToRow`'s planned offset moves along.
    func shiftKeepingItemsStill(by distance: Double) {
        guard maintainsVisibleContentPosition, shiftForAnchoring(.vertical, by: distance) else { return }
        pendingRowTarget?.planned += distance
    }

    /// The contents size: the width of the list, the height of all rows.
    func updateContentSize() {
        let size = Size(width: bounds.width, height: heights.totalHeight)
        if contentSize != size { contentSize = size }
    }

    /// Whether `row` has a view in the live range.
    func isMade(_ row: Int) -> Bool {
        items.isMade(row)
    }

    /// Asks the height of `row` and records it (negative or non-finite answers count as the estimate).
    private func measure(_ row: Int, source: any ListDataSource) {
        let height = source.list(self, heightForRow: row)
        heights.setHeight(height.flatMap { $0 >= 0 && $0.isFinite ? $0 : nil }, for: row)
    }

    /// Makes the views of `rows` that have none (the live range grows to cover them, or starts there when they
    /// do not touch it), asking the heights of those outside `measured`.
    private func makeRows(_ rows: Range<Int>, measured: Range<Int>, source: any ListDataSource) {
        items.cover(rows, owner: self)
        for row in rows where items.views[row - items.first] == nil {
            if !measured.contains(row) { measure(row, source: source) }
            makeRow(row, source: source)
        }
    }

    /// Gives `row` (measured) a view: the pinned header's when it is that row.
    private func makeRow(_ row: Int, source: any ListDataSource) {
        let isHeader = source.list(self, isHeaderRow: row)
        let view: View
        if let pinned, pinned.row == row {
            view = pinned.view
            self.pinned = nil
        } else if let movement, movement.row == row, !movement.isDropping {
            // The lifted row comes back into the alive run: it keeps its view.
            view = movement.view
        } else {
            view = source.list(self, viewForRow: row)
            // A view given for two rows (an app's mistake) moves to the newer one.
            if view.superview === self { releaseSlot(of: view) }
        }
        items.views[row - items.first] = view
        items.marks[row - items.first] = isHeader
        if view.superview !== self { addSubview(view) }
    }

    /// Clears the live slot or the pinned place holding `view`.
    private func releaseSlot(of view: View) {
        if let pinned, pinned.view === view { self.pinned = nil }
        items.release(view)
    }

    /// Puts the view of live `row` back for reuse, or aside as the pinned header when it is `header`.
    private func putBack(row: Int, view: View, keeping header: Int?) {
        // A lifted row stays with the finger (and a subview) when its own place goes out of the alive run.
        if view === movement?.view { return }
        if row == header, pinned == nil {
            pinned = (row, view)
        } else {
            recycle(view)
        }
    }

    /// Sets the live views' frames (full width, stacked from their rows' tops) and pins the sticky header.
    private func placeRows(header: Int?, source: any ListDataSource) {
        let width = bounds.width
        var y = heights.origin(of: items.first)
        let animating = itemAnimation.isActive
        let swipes = rowActions
        let lifted = movement.flatMap { $0.isDropping ? nil : $0 }
        for index in items.views.indices {
            let row = items.first + index
            let height = heights.height(of: row)
            if let view = items.views[index], row != header, view !== lifted?.view {
                // A swiped row keeps its slide; every other view (a reused one too) is at rest.
                let x = swipes?.offset(ofRow: row) ?? 0
                let shift = lifted?.shift(ofRow: row) ?? 0
                view.frame =
                    animating
                    ? Rect(
                        x: x, y: y + itemAnimation.offset(ofItem: row), width: width,
                        height: itemAnimation.height(ofItem: row, laidOut: height))
                    : Rect(x: x, y: y + shift, width: width, height: height)
            }
            y += height
        }
        if animating { placeLeavingItems() }
        placeHeader(header, source: source)
        if lifted != nil { placeLiftedRow() }
    }

    /// Pins the view of `header` at the top of the visible rect (at its own place when that is lower), pushed up
    /// by the next header; puts a pinned view of another row back.
    private func placeHeader(_ header: Int?, source: any ListDataSource) {
        if let pinned, pinned.row != header || items.contains(pinned.row) {
            self.pinned = nil
            if !items.contains(pinned.row) { recycle(pinned.view) }
        }
        guard let header else { return }
        let height = heights.height(of: header)
        let top = bounds.minY
        let shift = movement?.isDropping == false ? movementShift(ofRow: header) : 0
        var y = max(heights.origin(of: header) + itemAnimation.offset(ofItem: header) + shift, top)
        // The next header, if it comes up under this one, pushes it: only live rows can be that close.
        var row = max(header + 1, items.first)
        var rowTop = heights.origin(of: row)
        while row < items.end && rowTop < y + height {
            if items.marks[row - items.first] {
                y = min(y, rowTop - height)
                break
            }
            rowTop += heights.height(of: row)
            row += 1
        }
        let view: View
        if let live = items.view(at: header) {
            view = live
        } else if let pinned, pinned.row == header {
            view = pinned.view
        } else {
            // Pinned far from its own place: measured and made like any row.
            measure(header, source: source)
            view = source.list(self, viewForRow: header)
            if view.superview === self { releaseSlot(of: view) }
            pinned = (header, view)
        }
        if view.superview !== self { addSubview(view) }
        view.frame = Rect(x: 0, y: y, width: bounds.width, height: heights.height(of: header))
        // Drawn over the rows that scroll under it, and hit first (below a lifted row and its shadow).
        let front = subviews.count - (movement == nil || movement!.isDropping ? 1 : 3)
        if front < 0 || subviews[front] !== view { addSubview(view) }
    }

    /// The last header row at or before `row` (the one pinned while `row` is the top row), or nil: from the header
    /// index, which asks the data source only about rows it has not asked about since the last reload, so the
    /// right header is pinned at once after a jump or a reload whatever the row count, and a frame after that
    /// costs O(log n). A data source that implements `isHeaderRow` but has no header is asked about the rows
    /// above a jump once (each row once until the next update).
    func headerRow(atOrBefore row: Int, source: any ListDataSource) -> Int? {
        // A data source without headers at all (the protocol's default answered) is not searched: after a jump
        // far down a 10,000,000-row list, that search would ask about every row above.
        if dataSourceHasNoHeaders { return nil }
        return headerIndex.header(atOrBefore: row) { isHeader($0, source: source) }
    }

    /// Whether `row` is a header: from the live rows when it is one, else from the data source.
    private func isHeader(_ row: Int, source: any ListDataSource) -> Bool {
        if items.isMade(row) { return items.marks[row - items.first] }
        return source.list(self, isHeaderRow: row)
    }

    /// Puts every row back, the pinned header too.
    func recycleAllRows() {
        items.recycleAlive(owner: self)
        if let pinned {
            self.pinned = nil
            recycle(pinned.view)
        }
    }
}
