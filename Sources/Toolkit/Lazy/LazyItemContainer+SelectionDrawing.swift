// Drawing the selection (<doc:ScrollBehaviour> §19, §20): a highlight behind each selected item (drawn by the
// container before its items, in content coordinates: it moves with the content, also when scrolling copies
// pixels) and a 2 pt ring around the focused item on top of the items (the overlay, reported as such so that a
// pixel copy redraws it where it goes). Both follow the items' views, so items sliding in an animation carry them.
// Colours: `selectionColors`.

extension LazyItemContainer {
    /// Width of the focus ring, points.
    static var focusRingWidth: Double { 2 }

    /// Fills the highlight of the selected items that are alive, behind them.
    func drawSelectionHighlight(in canvas: Canvas) {
        let selected = items.selection.selected
        guard drawsSelection, !selected.isEmpty else { return }
        let color = selectionColors.highlight
        let pinned = pinnedItem
        var index = 0
        while index < items.views.count {
            if let view = items.views[index], selected.contains(items.first + index), view !== pinned?.view {
                canvas.fill(view.frame, color: color)
            }
            index += 1
        }
        if let pinned, selected.contains(pinned.item) { canvas.fill(pinned.view.frame, color: color) }
    }

    /// Strokes the focus ring above the items.
    func drawFocusRing(in canvas: Canvas) {
        if let ring = focusRingRect() {
            canvas.stroke(ring, color: selectionColors.focusRing, lineWidth: Self.focusRingWidth)
        }
    }

    /// The focused item's ring (its view's frame: the line is stroked just inside it), or nil when nothing is
    /// drawn: also while the window lacks the keyboard focus (as GTK and UIKit hide focus rings in a window that
    /// is not the key one).
    func focusRingRect() -> Rect? {
        guard drawsSelection, hostWindow?.hasKeyboardFocus != false, let focus = items.selection.focus,
            let view = aliveView(forItem: focus)
        else {
            return nil
        }
        let frame = view.frame
        return frame.height > 2 * Self.focusRingWidth ? frame : nil
    }
}
