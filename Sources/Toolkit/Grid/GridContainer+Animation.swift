// What only a grid adds to the animation of a batch (`LazyItemContainer+Animation.swift`, `ItemAnimation`): items
// sit side by side in cells of one size, so an item slides from its old cell to its new one in both directions, an
// inserted item grows from its cell's centre (scaled by the progress) as it fades in, and a deleted item fades out
// where it was drawn, riding along with the item that takes its place. Items with no place before (scrolled in
// during the batch, or newly alive) appear in their cells: nothing pushes them, unlike a list's rows.

extension GridContainer {
    /// The top of `item`'s row as drawn now, content coordinates: its layout place plus its displacement.
    func presentedTop(ofItem item: Int) -> Double {
        layout.top(ofItem: item) + itemAnimation.offset(ofItem: item)
    }

    /// `item`'s cell (content coordinates); past the last item, the next cell.
    func laidOutFrame(ofItem item: Int) -> Rect {
        layout.frame(ofItem: item)
    }

    /// Arriving items stay in their cells (see above).
    func settleArrivals(_ animation: inout ItemAnimation, known: [Bool]) {}

    /// Where `item` is drawn now: its cell displaced, scaled about its centre while it grows in.
    func presentedFrame(ofItem item: Int) -> Rect {
        let cell = layout.frame(ofItem: item)
        let height = itemAnimation.height(ofItem: item, laidOut: cell.height)
        let scale = cell.height > 0 ? height / cell.height : 1
        let width = cell.width * scale
        return Rect(
            x: cell.midX - width / 2 + itemAnimation.horizontalOffset(ofItem: item),
            y: cell.midY - height / 2 + itemAnimation.offset(ofItem: item), width: width, height: height)
    }

    /// Places the leaving items where they were drawn relative to the items closing their gaps (fading only).
    func placeLeavingItems() {
        for item in itemAnimation.leaving {
            let closing = layout.frame(ofItem: min(item.closingItem, layout.count))
            item.view.frame = Rect(
                x: closing.minX + item.horizontal, y: closing.minY + item.displacement, width: closing.width,
                height: closing.height)
        }
    }
}
