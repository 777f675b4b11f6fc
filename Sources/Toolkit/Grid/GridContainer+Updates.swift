// Changing a grid's items while keeping their identity (<doc:ScrollBehaviour> §19, §20): the lazy engine records,
// checks and carries (`LazyItemContainer+Updates.swift`); a grid's own store is only its count, so applying a change
// is: the new count, the alive views carried to their new items, the selection carried, the first visible item
// that survives kept where it was on screen; animated, the shared batch animation of the lazy engine.

import Foundation

extension GridContainer {
    /// Applies a checked change (see above); animated, the items slide from where they were drawn
    /// (`GridContainer+Animation.swift`).
    func apply(_ change: ItemChange, animated: Bool) {
        let anchor = anchor(surviving: change)
        let shown = animated && attachedWindow != nil ? presentedScreenFrames() : nil
        // Not animated: a running animation ends here, the anchor staying where it was drawn.
        if shown == nil { stopItemAnimation(layout: false) }
        layout = makeLayout(count: change.newCount)
        let disappearing = items.carry(through: change, keepingRemoved: shown != nil, owner: self)
        carrySelection(through: change)
        updateContentSize()
        if let anchor { restoreAnchor(item: anchor.item, screenY: anchor.screenY) }
        layoutItems()
        if let shown { animateItems(from: shown, through: change, disappearing: disappearing) }
    }
}
