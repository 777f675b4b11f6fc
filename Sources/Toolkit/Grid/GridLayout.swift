// Where a grid's items go (<doc:ScrollBehaviour> §20), as a value: adaptive columns, items stretched to fill the
// row, rows one after another.
//
// With W the width for items (the container's width minus its left and right content insets), w × h the item size
// asked and s the spacing:
//     columns   n = max(1, ⌊(W + s) / (w + s)⌋)     (n items and n − 1 gaps fit: n·w + (n − 1)·s ≤ W)
//     width     w' = (W − (n − 1)·s) / n            (the leftover width shared out: w' ≥ w when n > 1)
//     height    h' = h, or w' / aspect when an aspect ratio (width : height) is kept
//     item i    row r = ⌊i / n⌋, column c = i mod n;  y = r·(h' + s),  x = c·(w' + s)  (right to left: W − x − w')
//     rows      R = ⌈count / n⌉;  content height R·h' + (R − 1)·s  (0 without items)
// A y in the gap below a row counts as that row's (`line(at:)`), so every y falls in exactly one row.
// Everything is O(1) per item or per y: no memory per item, whatever the count.

/// The geometry of a grid's items; see the derivation above.
struct GridLayout: LazyLayout, Equatable {
    /// Most items a grid shows.
    static let maximumCount = 100_000_000

    private(set) var count = 0
    /// Items per row.
    private(set) var columns = 1
    /// An item's width, stretched, points.
    private(set) var itemWidth = 0.0
    /// An item's height, points.
    private(set) var itemHeight = 0.0
    /// The gap between columns and between rows, points.
    private(set) var spacing = 0.0
    /// The width the items share, points.
    private(set) var width = 0.0
    /// Whether rows fill from the right.
    private(set) var rightToLeft = false

    /// No items.
    init() {}

    /// `count` items (clamped into 0 ... `maximumCount`) of at least `itemSize` in `width` (items share what is
    /// left), `spacing` apart, keeping `aspectRatio` (width : height) when given.
    init(count: Int, width: Double, itemSize: Size, spacing: Double, aspectRatio: Double?, rightToLeft: Bool) {
        self.count = min(max(0, count), GridLayout.maximumCount)
        self.width = max(0, width)
        self.spacing = spacing
        self.rightToLeft = rightToLeft
        columns = GridLayout.columns(width: self.width, itemWidth: itemSize.width, spacing: spacing)
        itemWidth = max(0, (self.width - Double(columns - 1) * spacing) / Double(columns))
        if let aspectRatio, aspectRatio > 0, aspectRatio.isFinite {
            itemHeight = itemWidth / aspectRatio
        } else {
            itemHeight = itemSize.height
        }
    }

    /// n = max(1, ⌊(W + s) / (w + s)⌋), capped at 10,000.
    static func columns(width: Double, itemWidth: Double, spacing: Double) -> Int {
        let n = ((width + spacing) / (itemWidth + spacing)).rounded(.down)
        guard n.isFinite, n >= 1 else { return 1 }
        return Int(min(n, 10_000))
    }

    /// The distance from one row's top to the next, points.
    var pitch: Double { itemHeight + spacing }

    var lineCount: Int { count == 0 ? 0 : (count - 1) / columns + 1 }

    var totalHeight: Double {
        lineCount == 0 ? 0 : Double(lineCount) * itemHeight + Double(lineCount - 1) * spacing
    }

    func line(ofItem item: Int) -> Int { item / columns }

    func items(inLine line: Int) -> Range<Int> {
        (line * columns)..<min(count, (line + 1) * columns)
    }

    func origin(ofLine line: Int) -> Double { Double(line) * pitch }

    func height(ofLine line: Int) -> Double { itemHeight }

    func line(at y: Double) -> Int {
        guard lineCount > 0, y > 0, pitch > 0 else { return 0 }
        let line = (y / pitch).rounded(.down)
        return line.isFinite ? Int(min(line, Double(lineCount - 1))) : lineCount - 1
    }

    /// The column of `item` (0 is the leftmost left to right, the rightmost right to left).
    func column(ofItem item: Int) -> Int { item % columns }

    /// The place of `item`, content coordinates, points.
    func frame(ofItem item: Int) -> Rect {
        let step = Double(column(ofItem: item)) * (itemWidth + spacing)
        let x = rightToLeft ? width - step - itemWidth : step
        return Rect(x: x, y: origin(ofLine: line(ofItem: item)), width: itemWidth, height: itemHeight)
    }

    /// The item whose place holds `point` (content coordinates), or nil in a gap or outside the items.
    func item(at point: Point) -> Int? {
        guard count > 0, point.x >= 0, point.x < width, point.y >= 0, point.y < totalHeight else { return nil }
        let line = line(at: point.y)
        guard point.y < origin(ofLine: line) + itemHeight else { return nil }
        let fromStart = rightToLeft ? width - point.x : point.x
        let column = min(columns - 1, Int(fromStart / (itemWidth + spacing)))
        guard fromStart - Double(column) * (itemWidth + spacing) <= itemWidth else { return nil }
        let item = line * columns + column
        return item < count ? item : nil
    }
}
