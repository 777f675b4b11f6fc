// Changing a list's rows while keeping their identity (<doc:ScrollBehaviour> §19): batch updates as splices, by the
// lazy engine (`LazyItemContainer+Updates.swift`: recording, checking, the selection, the alive views). Here, what
// only a list has: the same splices renumber the measured heights and the known headers, moved rows keep their
// heights, reloaded rows are measured again, the pinned header follows its row, and an animated batch slides the
// rows from where they were drawn. The first visible row that survives the change (not deleted, not moved away)
// keeps its place on screen through scroll anchoring, which shifts a running drag or fling along.

import Foundation

extension ListContainer {
    /// Runs `updates` (calls of `deleteRows(at:)`, `insertRows(at:)`, `moveRow(_:to:)`, `reloadRows(at:)`) as one
    /// change: deletes, reloads and move sources are row indices before the batch, inserts and move destinations
    /// indices after it (UIKit's rules). The data source must count the rows after the batch when `updates`
    /// returns. Surviving rows keep their views and measured heights; the first visible one stays still on
    /// screen. With `animated`, rows grow, shrink, fade and slide into place over 0.3 s. A batch inside a batch
    /// joins it.
    public func performBatchUpdates(animated: Bool, _ updates: () -> Void) {
        batchUpdates(animated: animated, updates)
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
        difference(from: old, to: new, animated: animated)
    }

    /// Applies a checked change: the splices on the heights, the headers and the selection, the alive views
    /// carried, the anchor row kept still.
    func apply(_ change: ItemChange, animated: Bool) {
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
        if let anchor { restoreAnchor(item: anchor.item, screenY: anchor.screenY) }
        layoutItems()
        if let shown { animateRows(from: shown, through: change, disappearing: disappearing) }
    }

    /// Gives the alive views their new rows: deleted and reloaded rows' views are put back (deleted ones kept
    /// aside instead when `keepingRemoved`, for their exit animation, and returned with their old rows), moved ones
    /// follow their rows when those stay near the others. Slots of new rows between alive ones are left to make.
    private func carryLiveRows(through change: ItemChange, keepingRemoved: Bool) -> [(row: Int, view: View)] {
        let removed = items.carry(through: change, keepingRemoved: keepingRemoved, owner: self) { _, removed in
            guard let pinned else { return }
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
        return removed.map { ($0.item, $0.view) }
    }
}
