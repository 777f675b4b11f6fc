import ToolkitCore

/// Reads a list's offset from a picture of it drawn with `RowPattern`: from one pixel column, the places where
/// one row ends and the next begins.
///
/// The pictures are read at one pixel per point (output scale 1). A renderer that blends a row's edge over a
/// pixel (a fractional position, anti-aliased) leaves up to two pixels of neither colour between two rows: the
/// edge is then taken in their middle.
public enum PatternReader {
    /// Where a row begins in a picture: the top edge of `row`, `y` pixels from the picture's top (a whole number,
    /// or a half when the edge was blended).
    public struct Edge: Sendable, Equatable {
        public var row: Int
        public var y: Double
    }

    /// The most pixels of neither row between two rows for their edge to count.
    static let maximumBlend = 2
    /// The fewest pixels of one row for it to count (shorter runs are blends or other drawing).
    static let minimumRun = 3

    /// Every edge between two consecutive rows (row i - 1 above row i) in pixel column `column`, top to bottom.
    /// The first row in view, cut by the list's top, has no edge: its top is not in the picture.
    public static func edges(in image: Image, column: Int) -> [Edge] {
        guard column >= 0, column < image.width else { return [] }
        // Runs of one row colour, at least `minimumRun` long: (row, first pixel, end).
        var runs: [(row: Int, start: Int, end: Int)] = []
        var y = 0
        while y < image.height {
            guard let row = RowPattern.row(ofPixel: image.pixel(x: column, y: y)) else {
                y += 1
                continue
            }
            var end = y + 1
            while end < image.height, RowPattern.row(ofPixel: image.pixel(x: column, y: end)) == row { end += 1 }
            if end - y >= minimumRun { runs.append((row, y, end)) }
            y = end
        }
        var edges: [Edge] = []
        for (above, below) in zip(runs, runs.dropFirst())
        where below.row == above.row + 1 && below.start - above.end <= maximumBlend {
            edges.append(Edge(row: below.row, y: Double(above.end + below.start) / 2))
        }
        return edges
    }

    /// The list's top in the picture, in pixels from the picture's top: where content y 0 lies while the list is
    /// at offset 0 (`image` shows it at rest there). Nil when no edge between two rows is in view.
    public static func listTop(inRestingFrame image: Image, column: Int) -> Double? {
        median(edges(in: image, column: column).map { $0.y - Double($0.row) * RowPattern.rowHeight })
    }

    /// The content offset `image` shows, in points, given the list's top (`listTop(inRestingFrame:column:)`):
    /// the median over the edges in view (they agree unless the picture tore). Nil when no edge is in view.
    public static func offset(in image: Image, column: Int, listTop: Double) -> Double? {
        median(edges(in: image, column: column).map { Double($0.row) * RowPattern.rowHeight - ($0.y - listTop) })
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
