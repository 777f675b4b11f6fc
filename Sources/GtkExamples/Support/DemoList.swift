public import ToolkitGTK

/// The list the GTK examples show: 100 rows of 56 pt, each a colour swatch and a label, in a container that
/// fills its superview. A tap on a row (a touch or a click that reaches it: the container lets quick taps through
/// and keeps drags) marks it, drawn in pure green, so that end-to-end tests can see the tap from the pixels.
@MainActor
public final class DemoList: ScrollContainer {
    public static let rowHeight = 56.0
    public static let rowCount = 100

    public private(set) var rows: [DemoRow] = []
    /// The row tapped last, if any.
    public private(set) var activatedRow: Int?

    /// A list of `size` points; `shade` picks the swatches' palette (so that tests tell two lists apart).
    public init(size: Size, title: String = "hosted by GTK 4", shade: DemoRow.Shade = .bright) {
        super.init(frame: Rect(origin: .zero, size: size))
        backgroundColor = Color(white: 1)
        fillsSuperview = true
        contentSize = Size(width: size.width, height: DemoList.rowHeight * Double(DemoList.rowCount))
        for index in 0..<DemoList.rowCount {
            let row = DemoRow(
                frame: Rect(
                    x: 0, y: Double(index) * DemoList.rowHeight, width: size.width,
                    height: DemoList.rowHeight), index: index, title: title, shade: shade)
            row.onTap = { [unowned self] index in self.activate(index) }
            rows.append(row)
            addSubview(row)
        }
    }

    /// The rows follow the list's width (the host's widget was resized).
    public override func boundsSizeDidChange() {
        super.boundsSizeDidChange()
        let width = bounds.width
        guard width != contentSize.width else { return }
        contentSize = Size(width: width, height: DemoList.rowHeight * Double(DemoList.rowCount))
        for row in rows {
            row.frame = Rect(x: 0, y: row.frame.minY, width: width, height: DemoList.rowHeight)
        }
    }

    private func activate(_ index: Int) {
        if let previous = activatedRow { rows[previous].isActivated = false }
        activatedRow = index
        rows[index].isActivated = true
    }
}
