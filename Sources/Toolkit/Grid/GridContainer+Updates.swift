// Changing a grid's items while keeping their identity (<doc:ScrollBehaviour> §19, §20): the lazy engine records,
// checks and carries (`LazyItemContainer+Updates.swift`); a grid's own store is only its count, so applying a change
// is: the new count, the alive views carried to their new items, the selection carried, the first visible item
// that survives kept where it was on screen.

import Foundation

extension GridContainer {
    /// Applies a checked change (see above).
    func apply(_ change: ItemChange, animated: Bool) {
        let anchor = anchor(surviving: change)
        layout = makeLayout(count: change.newCount)
        _ = items.carry(through: change, keepingRemoved: false, owner: self)
        carrySelection(through: change)
        updateContentSize()
        if let anchor { restoreAnchor(item: anchor.item, screenY: anchor.screenY) }
        layoutItems()
    }
}
