// Drawing the selection (<doc:ScrollBehaviour> §19): a highlight behind each selected row (drawn by the list before
// its rows, in content coordinates: it moves with the content, also when scrolling copies pixels) and a 2 pt ring
// around the focused row on top of the rows (the overlay, reported as such so that a pixel copy redraws it where it
// goes). Both follow the rows' views, so rows sliding in an animation carry them. Colours: `selectionColors`.
// While rows fade in or out of an animated batch, the overlay lays the list's background over them at the
// complement of their opacity.

import Foundation

extension ListContainer {
    /// Width of the focus ring, points.
    static let focusRingWidth = 2.0

    /// Fills the highlight of the selected rows that are alive, behind them.
    func drawSelectionHighlight(in canvas: Canvas) {
        guard drawsSelection, !selection.selected.isEmpty else { return }
        let color = selectionColors.highlight
        var index = 0
        while index < liveViews.count {
            if let view = liveViews[index], selection.selected.contains(liveFirst + index), !isPinned(view) {
                canvas.fill(view.frame, color: color)
            }
            index += 1
        }
        if let pinned, selection.selected.contains(pinned.row) { canvas.fill(pinned.view.frame, color: color) }
    }

    /// Draws the fading rows' veils and the focus ring above the rows.
    func drawSelectionOverlay(in canvas: Canvas) {
        drawRowFades(in: canvas)
        if let ring = focusRingRect() {
            canvas.stroke(ring, color: selectionColors.focusRing, lineWidth: ListContainer.focusRingWidth)
        }
    }

    /// The focused row's ring (its view's frame: the line is stroked just inside it), or nil when nothing is
    /// drawn.
    func focusRingRect() -> Rect? {
        guard drawsSelection, let focus = selection.focus, let view = view(forRow: focus) else { return nil }
        let frame = view.frame
        return frame.height > 2 * ListContainer.focusRingWidth ? frame : nil
    }

    /// Whether `view` is the pinned header's (drawn at its pinned place, highlighted separately).
    private func isPinned(_ view: View) -> Bool {
        guard let pinned else { return false }
        return pinned.view === view
    }
}
