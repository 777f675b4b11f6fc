// The shape of a lazy container, as its engine sees it: lines stacked from the top of the content, each holding a
// run of consecutive items. A list's line is one row (rows by height, `RowHeights`); a grid's line is a row of
// items side by side (adaptive columns, `GridLayout`). Anchoring, trimming the alive items, revealing the focused
// item, paging and prefetching need only this; where an item sits across a line is the shape's own business.

/// Where a lazy container's lines of items are, vertically; see above.
protocol LazyLayout {
    /// The number of items.
    var count: Int { get }
    /// The number of lines.
    var lineCount: Int { get }
    /// The content's height: all the lines, points.
    var totalHeight: Double { get }
    /// The line holding `item` (`0 ..< count`).
    func line(ofItem item: Int) -> Int
    /// The items of `line` (`0 ..< lineCount`): at least one.
    func items(inLine line: Int) -> Range<Int>
    /// The top of `line`, content coordinates, points.
    func origin(ofLine line: Int) -> Double
    /// The height of `line`'s items, points.
    func height(ofLine line: Int) -> Double
    /// The line at content y `y`: the one whose place (its items and the gap after them) holds it, the first
    /// above the content, the last below it.
    func line(at y: Double) -> Int
}

extension LazyLayout {
    /// The top of `item`'s line, content coordinates.
    func top(ofItem item: Int) -> Double {
        origin(ofLine: line(ofItem: item))
    }

    /// The bottom of `item`'s line (its items, not the gap after them), content coordinates.
    func bottom(ofItem item: Int) -> Double {
        let line = line(ofItem: item)
        return origin(ofLine: line) + height(ofLine: line)
    }

    /// The items of the lines meeting the band from `top` to `bottom` (content y), in order; empty when none.
    func items(meetingTop top: Double, bottom: Double) -> Range<Int> {
        let top = max(top, 0)
        let bottom = min(bottom, totalHeight)
        guard count > 0, bottom > top else { return 0..<0 }
        var first = line(at: top)
        var last = line(at: bottom)
        if last > first && origin(ofLine: last) >= bottom { last -= 1 }
        // A band starting in the gap after a line does not meet that line's items.
        if last > first && origin(ofLine: first) + height(ofLine: first) <= top { first += 1 }
        return items(inLine: first).lowerBound..<items(inLine: max(first, last)).upperBound
    }
}
