// Changing a list's rows while keeping their identity (<doc:ScrollBehaviour> §19): batch updates as splices, by the
// lazy engine (`LazyItemContainer+Updates.swift`: recording, checking, the selection, the alive views). Here, what
// only a list has: the same splices renumber the measured heights and the known headers, moved rows keep their
// heights, reloaded rows are measured again, the pinned header follows its row, and an animated batch slides the
// rows from where they were drawn. The first visible row that survives the change (not deleted, not moved away)
// keeps its place on screen through scroll anchoring, which shifts a running drag or fling along.

import Foundation

extension ListContainer {
    /// `insertItems(at:)` by rows: the new rows are asked about (measured, made) only when they come into view.
    public func insertRows(at rows: [Int]) {
        insertItems(at: rows)
    }

    /// `deleteItems(at:)` by rows.
    public func deleteRows(at rows: [Int]) {
        deleteItems(at: rows)
    }

    /// `reloadItems(at:)` by rows: alive rows get a new view and height now, the others are measured again when
    /// they come into view.
    public func reloadRows(at rows: [Int]) {
        reloadItems(at: rows)
    }

    /// `moveItem(_:to:)` by rows: the row keeps its view, measured height and selection.
    public func moveRow(_ row: Int, to newRow: Int) {
        moveItem(row, to: newRow)
    }

    /// Applies a checked change: the splices on the heights, the headers and the selection, the alive views
    /// carried, the anchor row kept still.
    func apply(_ change: ItemChange, animated: Bool) {
        // An update from elsewhere puts a lifted row back first (no call); the drop's own batch keeps it.
        if let movement, !movement.isDropping { finishMovement() }
        let anchor = anchor(surviving: change)
        let shown = animated && attachedWindow != nil ? presentedScreenFrames() : nil
        // Not animated: a running animation ends here, the anchor staying where it was drawn.
        if shown == nil { stopItemAnimation(layout: false) }
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
        // A swiped row follows its row; deleted or reloaded, it is dropped.
        rowActions?.rowsDidChange { ItemBatch.contains($0, in: change.reloads) ? nil : change.newIndex(ofOld: $0) }
        updateContentSize()
        if let anchor { restoreAnchor(item: anchor.item, screenY: anchor.screenY) }
        layoutItems()
        if let shown { animateItems(from: shown, through: change, disappearing: disappearing) }
    }

    /// Gives the alive views their new rows: deleted and reloaded rows' views are put back (deleted ones kept
    /// aside instead when `keepingRemoved`, for their exit animation, and returned with their old rows), moved ones
    /// follow their rows when those stay near the others. Slots of new rows between alive ones are left to make.
    private func carryLiveRows(through change: ItemChange, keepingRemoved: Bool) -> [(item: Int, view: View)] {
        let dropped = movement.flatMap { $0.isDropping && items.item(showing: $0.view) == nil ? $0 : nil }
        let removed = items.carry(through: change, keepingRemoved: keepingRemoved, owner: self) { survivors, removed in
            // A dropped row whose own place had left the alive run: its view goes to its new row.
            if let dropped, let new = change.newIndex(ofOld: dropped.row) {
                survivors.append((new, dropped.view, false))
            }
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
        return removed
    }
}
