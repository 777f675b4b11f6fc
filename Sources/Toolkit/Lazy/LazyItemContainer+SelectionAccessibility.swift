// What assistive technologies hear of a lazy container's selection and focus (<doc:ScrollBehaviour> §19, §20): the
// container is multiselectable in `.multiple` mode, its items selectable (unless `.none`), selected and focused
// (the focused item of a container holding the keyboard focus); changes are reported to the window's accessible
// tree, which sends them as events only while a client listens. Only alive items are objects there, so only they
// are reported. Assistive technologies also select and deselect items by index (AT-SPI's Selection), out of view
// too, with the rules of `ItemSelection` and the same notifications as a click.

import Foundation

extension LazyItemContainer {
    /// The states of the item `view` shows (`.selectable`, `.selected`, `.focused`), for the accessible tree.
    func selectionStates(ofItem view: View) -> AccessibilityStates {
        guard let item = item(showing: view) else { return [] }
        var states: AccessibilityStates = items.selection.mode == .none ? [] : .selectable
        if items.selection.selected.contains(item) { states.insert(.selected) }
        if items.selection.focus == item, holdsKeyboardFocus { states.insert(.focused) }
        return states
    }

    /// Whether the window's keyboard focus is on this container.
    var holdsKeyboardFocus: Bool {
        hostWindow?.focusedView === self
    }

    /// The selected set changed from `before`: the alive items whose state flipped, then the container.
    func accessibilitySelectionDidChange(from before: IndexSet) {
        guard let window = hostWindow else { return }
        for index in items.views.indices {
            guard let view = items.views[index] else { continue }
            let item = items.first + index
            let now = items.selection.selected.contains(item)
            if now != before.contains(item) { window.accessibilityDidChange(view, .selected(now)) }
        }
        window.accessibilityDidChange(self, .selection)
    }

    /// The focused item changed: with the keyboard focus here, assistive technologies follow it to the item.
    func focusedItemDidChange() {
        guard holdsKeyboardFocus, let window = hostWindow, let item = items.selection.focus,
            let view = aliveView(forItem: item)
        else { return }
        window.accessibilityDidChange(view, .focusedItem)
    }

    /// Selects `item` for an assistive technology; false when out of range or in `.none` mode.
    func accessibilitySelectItem(_ item: Int) -> Bool {
        guard item >= 0, item < itemCount else { return false }
        var done = false
        updateSelection { done = $0.select(item) }
        return done
    }

    /// Deselects `item` for an assistive technology; false when it was not selected or in `.none` mode.
    func accessibilityDeselectItem(_ item: Int) -> Bool {
        var done = false
        updateSelection { done = $0.deselect(item) }
        return done
    }

    /// Selects every item for an assistive technology (one range); false unless `.multiple` mode.
    func accessibilitySelectAllItems() -> Bool {
        let count = itemCount
        var done = false
        updateSelection { done = $0.selectAll(count: count) }
        return done
    }

    /// Deselects every item for an assistive technology; false in `.none` mode.
    func accessibilityClearItems() -> Bool {
        var done = false
        updateSelection { done = $0.clear() }
        return done
    }
}
