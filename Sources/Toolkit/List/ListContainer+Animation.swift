// What only a list adds to the animation of a batch (`LazyItemContainer+Animation.swift`, `ItemAnimation`): rows
// stack, so inserted rows grow from zero height and the rows after them slide down exactly as they grow, and a
// deleted row shrinks at the top of the row that closes its gap.
//
// Rows with no place before take the displacement that keeps them against their neighbours: with consecutive rows
// a and b, dy_b = dy_a + h0_a − h_a, so a's bottom, y_a + dy_a(1 − p) + h0_a + (h_a − h0_a)p, is b's top at every p.

extension ListContainer {
    /// The top of `row` as drawn now, content coordinates: its layout place plus its displacement.
    func presentedTop(ofItem row: Int) -> Double {
        heights.origin(of: row) + itemAnimation.offset(ofItem: row) + movementShift(ofRow: row)
    }

    /// Where `row` is laid out: full width, at its top, its height (content coordinates).
    func laidOutFrame(ofItem row: Int) -> Rect {
        let height = row < heights.count ? heights.height(of: row) : 0
        return Rect(x: 0, y: heights.origin(of: min(row, heights.count)), width: bounds.width, height: height)
    }

    /// Rows without a place before follow their neighbours (see above).
    func settleArrivals(_ animation: inout ItemAnimation, known: [Bool]) {
        guard let firstKnown = known.firstIndex(of: true) else { return }
        func grows(_ index: Int) -> Double {
            let from = animation.startHeight[index]
            return from.isNaN ? 0 : from - heights.height(of: items.first + index)
        }
        var index = firstKnown - 1
        while index >= 0 {
            animation.displacement[index] = animation.displacement[index + 1] - grows(index)
            index -= 1
        }
        index = firstKnown + 1
        while index < known.count {
            if !known[index] {
                animation.displacement[index] = animation.displacement[index - 1] + grows(index - 1)
            }
            index += 1
        }
    }

    /// Places the leaving rows: at the top of the row closing their gap plus their displacement, shrinking.
    func placeLeavingItems() {
        let remaining = 1 - itemAnimation.progress
        let total = heights.count
        let width = bounds.width
        for item in itemAnimation.leaving {
            let y = heights.origin(of: min(item.closingItem, total)) + item.displacement * remaining
            // A row deleted while swiped leaves where it was slid (`RowActions/`).
            item.view.frame = Rect(x: item.view.frame.minX, y: y, width: width, height: item.startHeight * remaining)
        }
    }
}
