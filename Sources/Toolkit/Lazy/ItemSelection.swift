// Selection and focus of a lazy list or grid, by item index, as ranges (Foundation's `IndexSet`): selecting all of
// 10,000,000 items is one range, and a change (`ItemChange`) moves the ranges with its splices instead of visiting
// items.
//
// Rules (<doc:ScrollBehaviour> §19), for any layout (the layout only says which item a key goes to):
// - A tap or click: `.single` selects the item alone (Ctrl toggles it); `.multiple` toggles it; Shift selects the
//   range from the anchor to it, added to what was selected when the anchor was set (`base`), so that extending
//   again replaces the previous extension; anything else sets the anchor there.
// - A key move puts the focus on its target: `.single` selects it alone; with Shift in `.multiple`, the range
//   from the anchor to it (over `base`); otherwise the anchor follows the focus.
// - Space toggles the focused item (`.multiple`); Ctrl + A selects everything (`.multiple`).
// - Selecting or deselecting one item from outside (assistive technologies) acts as a click would on the set
//   (`.single`: that item alone; `.multiple`: added) but leaves the focus; the result is the base of the next
//   Shift range.

import Foundation

/// Which items are selected and focused, and where a Shift range starts; see the rules above.
struct ItemSelection {
    var mode: SelectionMode = .none
    /// The selected items.
    var selected = IndexSet()
    /// The focused item (keyboard focus inside the list), or nil.
    var focus: Int?
    /// Where Shift ranges start.
    var anchor: Int?
    /// The selection the anchor was set over: a Shift range is added to it.
    var base = IndexSet()

    /// Drops what is not inside `0 ..< count` (after a reload with fewer items).
    mutating func clamp(to count: Int) {
        if let last = selected.last, last >= count { selected.remove(integersIn: count..<(last + 1)) }
        if let last = base.last, last >= count { base.remove(integersIn: count..<(last + 1)) }
        if let focus, focus >= count { self.focus = count > 0 ? count - 1 : nil }
        if let anchor, anchor >= count { self.anchor = nil }
    }

    /// A tap or click on `item` with `modifiers` held.
    mutating func click(_ item: Int, modifiers: KeyModifiers) {
        switch mode {
        case .none:
            return
        case .single:
            if modifiers.contains(.control) && selected.contains(item) {
                selected = IndexSet()
            } else {
                selected = IndexSet(integer: item)
            }
            setAnchor(item)
        case .multiple:
            if modifiers.contains(.shift), let anchor {
                selectRange(from: anchor, to: item)
            } else {
                toggle(item)
                setAnchor(item)
            }
        }
        focus = item
    }

    /// The focus moves to `item` by a key, with Shift extending when `extending`.
    mutating func moveFocus(to item: Int, extending: Bool) {
        let from = focus
        focus = item
        switch mode {
        case .none:
            setAnchor(item)
        case .single:
            selected = IndexSet(integer: item)
            setAnchor(item)
        case .multiple:
            if extending {
                if anchor == nil { setAnchor(from ?? item) }
                selectRange(from: anchor ?? item, to: item)
            } else {
                setAnchor(item)
            }
        }
    }

    /// Space: toggles the focused item (multiple mode). False when it does nothing.
    mutating func toggleFocused() -> Bool {
        guard mode == .multiple, let focus else { return false }
        toggle(focus)
        setAnchor(focus)
        return true
    }

    /// Ctrl + A: every one of `count` items (multiple mode). False when it does nothing.
    mutating func selectAll(count: Int) -> Bool {
        guard mode == .multiple else { return false }
        selected = count > 0 ? IndexSet(integersIn: 0..<count) : IndexSet()
        base = selected
        return true
    }

    /// Selects `item` from outside: alone in `.single` mode, added in `.multiple`. False in `.none` mode.
    mutating func select(_ item: Int) -> Bool {
        switch mode {
        case .none: return false
        case .single: selected = IndexSet(integer: item)
        case .multiple: selected.insert(item)
        }
        base = selected
        return true
    }

    /// Deselects `item` from outside. False when it was not selected or in `.none` mode.
    mutating func deselect(_ item: Int) -> Bool {
        guard mode != .none, selected.contains(item) else { return false }
        selected.remove(item)
        base = selected
        return true
    }

    /// Deselects every item from outside. False in `.none` mode.
    mutating func clear() -> Bool {
        guard mode != .none else { return false }
        selected = IndexSet()
        base = selected
        return true
    }

    /// The `n`-th selected item (from 0, in item order), or nil. Linear in the ranges, not the items.
    func selectedItem(_ n: Int) -> Int? {
        guard n >= 0 else { return nil }
        var rest = n
        for range in selected.rangeView {
            if rest < range.count { return range.lowerBound + rest }
            rest -= range.count
        }
        return nil
    }

    /// Carries the selection, the focus and the anchor through `change`: with their items, the items that go
    /// leaving the selection; a focus whose item went passes to the item that takes its place.
    mutating func apply(_ change: ItemChange) {
        guard !change.removed.isEmpty || !change.added.isEmpty else { return }
        selected = ItemSelection.carry(selected, through: change)
        base = ItemSelection.carry(base, through: change)
        if let focus { self.focus = ItemSelection.follow(focus, through: change) }
        if let anchor { self.anchor = change.newIndex(ofOld: anchor) }
    }

    // MARK: - Helpers

    private mutating func toggle(_ item: Int) {
        if selected.contains(item) { selected.remove(item) } else { selected.insert(item) }
    }

    private mutating func setAnchor(_ item: Int) {
        anchor = item
        base = selected
    }

    private mutating func selectRange(from anchor: Int, to item: Int) {
        var range = base
        range.insert(integersIn: min(anchor, item)..<(max(anchor, item) + 1))
        selected = range
    }

    /// `set` with `change`'s splices applied, then its moved items added at their destinations.
    static func carry(_ set: IndexSet, through change: ItemChange) -> IndexSet {
        guard !set.isEmpty else { return set }
        var result = set
        for splice in change.splices {
            if splice.removed > 0 { result.remove(integersIn: splice.position..<(splice.position + splice.removed)) }
            if splice.added != splice.removed {
                result.shift(startingAt: splice.position + splice.removed, by: splice.added - splice.removed)
            }
        }
        for move in change.moves where set.contains(move.from) { result.insert(move.to) }
        return result
    }

    /// The new index of old item `item`, or when it was deleted, of the item that comes in its place (the next
    /// one kept, else the last one); nil when no item is left.
    static func follow(_ item: Int, through change: ItemChange) -> Int? {
        if let new = change.newIndex(ofOld: item) { return new }
        guard change.newCount > 0 else { return nil }
        let rank = item - ItemBatch.firstIndex(atOrAfter: item, in: change.removed)
        return min(ItemChange.kth(notIn: change.added, rank: rank), change.newCount - 1)
    }
}
