// Changing a lazy container's items while keeping their identity (<doc:ScrollBehaviour> §19, §20): batch updates
// as splices.
//
// Every update, inside `performBatchUpdates` or alone (a batch of one), is recorded, checked against the item count
// (`ItemBatch.resolve`) and applied as one `ItemChange`: the same splices renumber the shape's stores, the
// selection and the alive views, which are carried to their new items. Nothing is asked of the data source but its
// new count and, later, the items that come into view without a view. The first visible item that survives the
// change keeps its place on screen through scroll anchoring. A batch the data source disagrees with, or that cannot
// be right, is reported (`Diagnostics`) and replaced by `reloadData()`, which loses no item and shows the data
// source's truth.

import Foundation

extension LazyItemContainer {
    /// Runs `updates` as one change (see the container's `performBatchUpdates`); a batch inside a batch joins it.
    func batchUpdates(animated: Bool, _ updates: () -> Void) {
        if items.pendingBatch != nil {
            updates()
            return
        }
        items.pendingBatch = ItemBatch()
        updates()
        let batch = items.pendingBatch ?? ItemBatch()
        items.pendingBatch = nil
        apply(batch, animated: animated)
    }

    /// Adds to the open batch, or applies a batch of one.
    func record(_ body: (inout ItemBatch) -> Void) {
        if items.pendingBatch != nil {
            body(&items.pendingBatch!)
            return
        }
        var batch = ItemBatch()
        body(&batch)
        apply(batch, animated: false)
    }

    /// The change from the items identified by `old` to those identified by `new`, as one batch: the standard
    /// library's `difference(from:)` with moves inferred, turned into deletes, inserts and moves.
    func difference<ID: Hashable>(from old: [ID], to new: [ID], animated: Bool) {
        let difference = new.difference(from: old).inferringMoves()
        var batch = ItemBatch()
        batch.deletes.reserveCapacity(difference.removals.count)
        batch.inserts.reserveCapacity(difference.insertions.count)
        for step in difference {
            switch step {
            case .remove(let offset, _, associatedWith: let destination):
                if let destination {
                    batch.moves.append((offset, destination))
                } else {
                    batch.deletes.append(offset)
                }
            case .insert(let offset, _, associatedWith: let source):
                if source == nil { batch.inserts.append(offset) }
            }
        }
        if items.pendingBatch != nil {
            // Inside a batch, the difference joins it (its indices follow the same rules).
            items.pendingBatch?.deletes += batch.deletes
            items.pendingBatch?.inserts += batch.inserts
            items.pendingBatch?.moves += batch.moves
        } else {
            apply(batch, animated: animated)
        }
    }

    /// Checks `batch` against the items and the data source, and applies it (or reloads, saying why).
    func apply(_ batch: ItemBatch, animated: Bool) {
        guard !batch.isEmpty else { return }
        let name = String(describing: type(of: self))
        let change: ItemChange
        switch batch.resolve(oldCount: itemCount, noun: itemNoun) {
        case .failure(let error):
            Diagnostics.report("\(name): \(error.message); reloading instead")
            reloadData()
            return
        case .success(let resolved):
            change = resolved
        }
        guard !change.isEmpty else { return }
        if let counted = countedItems(), counted != change.newCount {
            Diagnostics.report(
                "\(name): the data source counts \(counted) \(itemNoun)s after the update, but the "
                    + "update leaves \(change.newCount) (\(change.oldCount) - \(change.removed.count) + "
                    + "\(change.added.count)); reloading instead")
            reloadData()
            return
        }
        // Prefetches asked under the old numbers are not carried: the app's loads finish as they are.
        items.prefetcher.forget()
        // Reduced motion: the items take their places in the next frame.
        apply(change, animated: animated && !reducesMotion)
    }

    /// Carries the selection and the focused item with their items, telling the app when the set changed.
    func carrySelection(through change: ItemChange) {
        let before = items.selection.selected
        let focused = items.selection.focus
        items.selection.apply(change)
        if items.selection.selected != before || items.selection.focus != focused {
            selectionDidChange(from: before, focus: focused)
        }
    }
}
