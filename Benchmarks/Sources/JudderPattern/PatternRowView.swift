import ToolkitCore

/// A row of the toolkit's judder list: filled with its `RowPattern` colour, with a label in its right half (the
/// reader's column stays in the left half).
public final class PatternRowView: View {
    private let label: Label

    public init(width: Double) {
        label = Label(
            frame: Rect(x: width / 2, y: 12, width: width / 2 - 12, height: 20), text: "", fontSize: 15,
            textColor: Color(white: 1))
        super.init(frame: Rect(x: 0, y: 0, width: width, height: RowPattern.rowHeight))
        addSubview(label)
    }

    /// Paints the row as row `row`.
    public func show(row: Int) {
        backgroundColor = RowPattern.color(row: row)
        label.text = "Row \(row + 1)"
    }
}

/// The toolkit's judder list's rows: `count` pattern rows, views reused.
@MainActor
public final class PatternRows: ListDataSource {
    public let count: Int

    public init(count: Int) {
        self.count = min(max(0, count), RowPattern.maximumRows)
    }

    public func numberOfRows(in list: ListContainer) -> Int { count }

    public func list(_ list: ListContainer, viewForRow row: Int) -> View {
        let view =
            list.dequeueReusableView(kind: "pattern") as? PatternRowView
            ?? PatternRowView(width: list.bounds.width)
        view.reuseKind = "pattern"
        view.show(row: row)
        return view
    }

    public func list(_ list: ListContainer, heightForRow row: Int) -> Double? { RowPattern.rowHeight }
}
