// A list's or a grid's selection as assistive technologies read and change it (AT-SPI's Selection interface):
// items are named by their index among all the items, so that a screen reader can select item 9,999,999 of a lazy
// list that has a few dozen alive; only alive items are objects, so a selected item out of view has no view.

extension AccessibilityTree {
    private func selecting(_ view: View) -> (any AccessibleSelection)? {
        guard contains(view) else { return nil }
        return view as? any AccessibleSelection
    }

    /// Whether `view` offers the selection of its items (a list or a grid in this window).
    public func selectsItems(_ view: View) -> Bool {
        selecting(view) != nil
    }

    /// How many of `view`'s items are selected; nil unless `view` selects items.
    public func selectedItemCount(of view: View) -> Int? {
        selecting(view)?.accessibilitySelectedItemCount
    }

    /// The `n`-th selected item of `view` (from 0, in item order): its index and its view when alive (nil out of
    /// view); nil when fewer are selected or `view` selects nothing.
    public func selectedItem(_ n: Int, of view: View) -> (index: Int, view: View?)? {
        guard let selecting = selecting(view), let item = selecting.accessibilitySelectedItem(n) else { return nil }
        return (item, selecting.accessibilityView(forItem: item))
    }

    /// Whether item `item` of `view` is selected (false for an index out of range).
    public func isItemSelected(_ item: Int, of view: View) -> Bool {
        selecting(view)?.accessibilityIsSelected(item) ?? false
    }

    /// Selects item `item` of `view` as a click would (alone in `.single` mode, added in `.multiple`); false in
    /// `.none` mode or for an index out of range.
    @discardableResult
    public func selectItem(_ item: Int, of view: View) -> Bool {
        selecting(view)?.accessibilitySelect(item) ?? false
    }

    /// Deselects item `item` of `view`; false when it was not selected or in `.none` mode.
    @discardableResult
    public func deselectItem(_ item: Int, of view: View) -> Bool {
        selecting(view)?.accessibilityDeselect(item) ?? false
    }

    /// Deselects the `n`-th selected item of `view`; false when fewer are selected or in `.none` mode.
    @discardableResult
    public func deselectSelectedItem(_ n: Int, of view: View) -> Bool {
        guard let selecting = selecting(view), let item = selecting.accessibilitySelectedItem(n) else { return false }
        return selecting.accessibilityDeselect(item)
    }

    /// Selects every item of `view` (one range, whatever the count); false unless `.multiple` mode.
    @discardableResult
    public func selectAllItems(of view: View) -> Bool {
        selecting(view)?.accessibilitySelectAll() ?? false
    }

    /// Deselects every item of `view`; false in `.none` mode.
    @discardableResult
    public func clearSelection(of view: View) -> Bool {
        selecting(view)?.accessibilityClearSelection() ?? false
    }
}
