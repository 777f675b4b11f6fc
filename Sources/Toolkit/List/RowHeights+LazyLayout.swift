// A list's shape for the lazy engine: each line is one row, as tall as its height (measured or estimated).

extension RowHeights: LazyLayout {
    var lineCount: Int { count }

    func line(ofItem item: Int) -> Int { item }

    func items(inLine line: Int) -> Range<Int> { line..<(line + 1) }

    func origin(ofLine line: Int) -> Double { origin(of: line) }

    func height(ofLine line: Int) -> Double { height(of: line) }

    func line(at y: Double) -> Int { row(at: y) }
}
