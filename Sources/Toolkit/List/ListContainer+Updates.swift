// Changing a list's rows while keeping their identity (<doc:ScrollBehaviour> §19): batch updates as splices.
//
// Every update, inside `performBatchUpdates` or alone (a batch of one), is recorded, checked against the row count
// (`ItemBatch.resolve`) and applied as one `ItemChange`: the same splices renumber the measured heights, the known
// headers and the selection, and the alive views are carried to their new rows. Nothing is asked of the data
// source but its new count and, later, the rows that come into view without a view (inserted and reloaded ones
// among them). The first visible row that survives the change (not deleted, not moved away) keeps its place on
// screen through scroll anchoring, which shifts a running drag or fling along. A batch the data source disagrees
// with, or that cannot be right, is reported (`Misuse`) and replaced by `reloadData()`, which loses no row and
// shows the data source's truth.

import Foundation

extension ListContainer {
    /// Runs `updates` (calls of `deleteRows(at:)`, `insertRows(at:)`, `moveRow(_:to:)`, `reloadRows(at:)`) as one
    /// change: deletes, reloads and move sources are row indices before the batch, inserts and move destinations
    /// indices after it (UIKit's rules). The data source must count the rows after the batch when `updates`
    /// returns. Surviving rows keep their views and measured heights; the first visible one stays still on
    /// screen. With `animated`, rows grow, shrink, fade and slide into place over 0.3 s. A batch inside a batch
    /// joins it.
    public func performBatchUpdates(animated: Bool, _ updates: () -> Void) {
        if pendingBatch != nil {
            updates()
            return
        }
        pendingBatch = ItemBatch()
        updates()
        let batch = pendingBatch ?? ItemBatch()
        pendingBatch = nil
        apply(batch, animated: animated)
    }

    /// Inserts rows at `rows`: indices after the update (negative ones and duplicates are dropped). The data source
    /// must already count them. The visible rows stay still; the new rows are asked about only when they come into
    /// view. Inside `performBatchUpdates`, part of its batch.
    public func insertRows(at rows: [Int]) {
        record { $0.inserts.append(contentsOf: rows) }
    }

    /// Deletes the rows at `rows`: indices before the update (out of range and duplicates are dropped). The data
    /// source must no longer count them. Their views are put back; the first visible row that remains stays still.
    /// Inside `performBatchUpdates`, part of its batch.
    public func deleteRows(at rows: [Int]) {
        record { $0.deletes.append(contentsOf: rows) }
    }

    /// Asks the data source again about the rows at `rows` (indices before the update; out of range dropped):
    /// those alive get a new view and height now, the others are measured again when they come into view. They
    /// keep their selection. Inside `performBatchUpdates`, part of its batch.
    public func reloadRows(at rows: [Int]) {
        record { $0.reloads.append(contentsOf: rows) }
    }

    /// Moves the row at `row` (index before the update) to `newRow` (index after it), keeping its view, height and
    /// selection. Inside `performBatchUpdates`, part of its batch.
    public func moveRow(_ row: Int, to newRow: Int) {
        record { $0.moves.append((row, newRow)) }
    }

    /// Applies the change from the rows identified by `old` to those identified by `new` (one identifier per row,
    /// any `Hashable`) as one batch: the standard library's `difference(from:)`, with moves inferred
    /// (`inferringMoves()`), turned into deletes, inserts and moves. Rows whose identifier stays keep their view
    /// and height. The data source must count `new.count` rows.
    public func applyDifference<ID: Hashable>(from old: [ID], to new: [ID], animated: Bool) {
        let difference = new.difference(from: old).inferringMoves()
        var batch = ItemBatch()
        batch.deletes.reserveCapacity(difference.removals.count)
        batch.inserts.reserveCapacity(difference.insertions.count)
        for step in difference {
            switch step {
            case let .remove(offset, _, associatedWith: destination):
                if let destination {
                    batch.moves.append((offset, destination))
                } else {
                    batch.deletes.append(offset)
                }
            case let .insert(offset, _, associatedWith: source):
                if source == nil { batch.inserts.append(offset) }
            }
        }
        if pendingBatch != nil {
            // Inside a batch, the difference joins it (its indices follow the same rules).
            pendingBatch?.deletes += batch.deletes
            pendingBatch?.inserts += batch.inserts
            pendingBatch?.moves += batch.moves
        } else {
            apply(batch, animated: animated)
        }
    }

    /// Adds to the open batch, or applies a batch of one.
    private func record(_ body: (inout ItemBatch) -> Void) {
        if pendingBatch != nil {
            body(&pendingBatch!)
            return
        }
        var batch = ItemBatch()
        body(&batch)
        apply(batch, animated: false)
    }

    /// Checks `batch` against the rows and the data source, and applies it (or reloads, saying why).
    func apply(_ batch: ItemBatch, animated: Bool) {
        guard !batch.isEmpty else { return }
        let change: ItemChange
        switch batch.resolve(oldCount: heights.count) {
        case .failure(let error):
            Diagnostics.report("ListContainer: \(error.message); reloading the list instead")
            reloadData()
            return
        case .success(let resolved):
            change = resolved
        }
        guard !change.isEmpty else { return }
        if let source = dataSource {
            let counted = min(max(0, source.numberOfRows(in: self)), RowHeights.maximumCount)
            if counted != change.newCount {
                Diagnostics.report("ListContainer: the data source counts \(counted) rows after the update, but the "
                              + "update leaves \(change.newCount) (\(change.oldCount) - \(change.removed.count) + "
                              + "\(change.added.count)); reloading the list instead")
                reloadData()
                return
            }
        }
        apply(change, animated: animated)
    }

    /// Applies a checked change: the splices on the heights, the headers and the selection, the alive views
    /// carried, the anchor row kept still.
    private func apply(_ change: ItemChange, animated: Bool) {
        let anchor = anchor(surviving: change)
        let shown = animated && attachedWindow != nil ? presentedScreenFrames() : nil
        // Not animated: a running animation ends here, the anchor staying where it was drawn.
        if shown == nil { stopRowAnimation(layout: false) }
        // Moved rows keep their measured heights.
        var carried: [(row: Int, height: Double)] = []
        for move in change.moves {
            if let height = heights.measuredHeight(of: move.from) { carried.append((move.to, height)) }
        }
        for splice in change.splices {
            heights.splice(at: splice.position, removed: splice.removed, added: splice.added)
            headerIndex.splice(at: splice.position, removed: splice.removed, added: splice.added)
        }
        for row in carried { heights.setHeight(row.height, for: row.row) }
        var reloaded: [Int] = []
        for row in change.reloads {
            if let new = change.newIndex(ofOld: row) { reloaded.append(new) }
        }
        reloaded.sort()
        for row in reloaded { heights.forget(row) }
        headerIndex.forget(reloaded)
        let disappearing = carryLiveRows(through: change, keepingRemoved: shown != nil)
        if let target = pendingRowTarget {
            if let row = ItemSelection.follow(target.row, through: change) {
                pendingRowTarget?.row = row
            } else {
                pendingRowTarget = nil
            }
        }
        carrySelection(through: change)
        updateContentSize()
        if let anchor { restoreAnchor(row: anchor.row, screenY: anchor.screenY) }
        layoutRows()
        if let shown { animateRows(from: shown, through: change, disappearing: disappearing) }
    }

    /// The first visible row that survives `change` in place (not deleted, not moved away): its new index and its
    /// top on screen now. When every visible row goes, the row that comes to the top takes the top row's place.
    private func anchor(surviving change: ItemChange) -> (row: Int, screenY: Double)? {
        guard heights.count > 0 else { return nil }
        for row in visibleRows {
            if let new = change.keptNewIndex(ofOld: row) {
                return (new, presentedTop(ofRow: row) - contentOffset.y)
            }
        }
        let top = heights.row(at: max(bounds.minY, 0))
        guard let new = ItemSelection.follow(top, through: change) else { return nil }
        return (new, heights.origin(of: top) - contentOffset.y)
    }

    /// Gives the alive views their new rows: deleted and reloaded rows' views are put back (deleted ones kept
    /// aside instead when `keepingRemoved`, for their exit animation, and returned with their old rows), moved ones
    /// follow their rows when those stay near the others. Slots of new rows between alive ones are left to make.
    private func carryLiveRows(through change: ItemChange, keepingRemoved: Bool) -> [(row: Int, view: View)] {
        var survivors: [(row: Int, view: View, isHeader: Bool)] = []
        var removed: [(row: Int, view: View)] = []
        survivors.reserveCapacity(liveViews.count + 1)
        func carry(_ row: Int, _ view: View, isHeader: Bool) {
            if ItemBatch.contains(row, in: change.reloads) {
                recycle(view)
            } else if let new = change.newIndex(ofOld: row) {
                survivors.append((new, view, isHeader))
            } else if keepingRemoved {
                removed.append((row, view))
            } else {
                recycle(view)
            }
        }
        for index in liveViews.indices {
            if let view = liveViews[index] { carry(liveFirst + index, view, isHeader: liveIsHeader[index]) }
        }
        if let pinned {
            // The pinned header stays pinned under its new number (the layout decides what to pin next).
            self.pinned = nil
            if !ItemBatch.contains(pinned.row, in: change.reloads), let new = change.newIndex(ofOld: pinned.row) {
                self.pinned = (new, pinned.view)
            } else if keepingRemoved && !ItemBatch.contains(pinned.row, in: change.reloads) {
                removed.append((pinned.row, pinned.view))
            } else {
                recycle(pinned.view)
            }
        }
        liveViews.removeAll(keepingCapacity: true)
        liveIsHeader.removeAll(keepingCapacity: true)
        liveFirst = 0
        guard !survivors.isEmpty else { return removed }
        survivors.sort { $0.row < $1.row }
        // The live range is one run of rows: survivors moved far from the others (beyond the rows alive before,
        // counted again) are put back rather than stretching it over the rows between.
        let middle = survivors[survivors.count / 2].row
        let reach = max(64, 2 * survivors.count)
        var first = Int.max
        var last = Int.min
        for survivor in survivors where abs(survivor.row - middle) <= reach {
            first = min(first, survivor.row)
            last = max(last, survivor.row)
        }
        liveFirst = first
        liveViews.append(contentsOf: repeatElement(nil, count: last - first + 1))
        liveIsHeader.append(contentsOf: repeatElement(false, count: last - first + 1))
        for survivor in survivors {
            if survivor.row >= first && survivor.row <= last {
                liveViews[survivor.row - first] = survivor.view
                liveIsHeader[survivor.row - first] = survivor.isHeader
            } else {
                recycle(survivor.view)
            }
        }
        return removed
    }

    /// Carries the selection and the focused row with their rows, telling `onSelectionChange` when the set
    /// changed.
    private func carrySelection(through change: ItemChange) {
        let before = selection.selected
        let focused = selection.focus
        selection.apply(change)
        if selection.selected != before || selection.focus != focused { selectionDidChange(from: before, focus: focused) }
    }
}
