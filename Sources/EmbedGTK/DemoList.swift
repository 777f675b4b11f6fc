import ToolkitCore

/// The list embed-gtk shows: 100 rows of 56 pt, each a colour swatch and a label. A tap on a row (a touch or a
/// click that reaches it: the container lets quick taps through and keeps drags) marks it, drawn in another colour,
/// so that end-to-end tests can see the tap from the pixels.
@MainActor
final class DemoList {
    static let rowHeight = 56.0
    static let rowCount = 100

    let container: ScrollContainer
    private(set) var rows: [DemoRow] = []
    /// The row tapped last, if any.
    private(set) var activatedRow: Int?

    init(size: Size) {
        container = ScrollContainer(frame: Rect(origin: .zero, size: size))
        container.backgroundColor = Color(white: 1)
        container.fillsSuperview = true
        container.contentSize = Size(width: size.width, height: DemoList.rowHeight * Double(DemoList.rowCount))
        for index in 0..<DemoList.rowCount {
            let row = DemoRow(frame: Rect(x: 0, y: Double(index) * DemoList.rowHeight, width: size.width,
                                          height: DemoList.rowHeight), index: index)
            row.onTap = { [unowned self] index in self.activate(index) }
            rows.append(row)
            container.addSubview(row)
        }
    }

    /// Lays the rows out for a new width (the window was resized).
    func layout(width: Double) {
        container.contentSize = Size(width: width, height: DemoList.rowHeight * Double(DemoList.rowCount))
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

/// One row: a swatch whose hue follows the index, a label, a separator; pure green when activated.
@MainActor
final class DemoRow: View {
    let index: Int
    var onTap: ((Int) -> Void)?
    var isActivated = false {
        didSet { if isActivated != oldValue { setNeedsDisplay() } }
    }
    private let title: String

    init(frame: Rect, index: Int) {
        self.index = index
        title = "Row \(index) hosted by GTK 4"
        super.init(frame: frame)
        backgroundColor = index % 2 == 0 ? Color(white: 1) : Color(white: 0.94)
    }

    override func draw(in canvas: Canvas) {
        if isActivated {
            canvas.fill(Rect(x: 0, y: 0, width: bounds.width, height: bounds.height),
                        color: Color(red: 0, green: 1, blue: 0))
        }
        let hue = Double(index % 12) / 12
        canvas.fill(Rect(x: 12, y: 10, width: 36, height: 36), color: DemoRow.color(hue: hue))
        canvas.drawText(title, at: Point(x: 60, y: 18), size: 17, color: Color(white: 0.1))
        canvas.fill(Rect(x: 0, y: bounds.height - 1, width: bounds.width, height: 1), color: Color(white: 0.8))
    }

    override func touchesEnded(_ touches: [Touch]) {
        onTap?(index)
    }

    /// A saturated colour around the hue circle (hue in 0..<1).
    static func color(hue: Double) -> Color {
        let h = hue * 6
        let x = 1 - abs(h.truncatingRemainder(dividingBy: 2) - 1)
        let (r, g, b): (Double, Double, Double) = switch Int(h) {
        case 0: (1, x, 0)
        case 1: (x, 1, 0)
        case 2: (0, 1, x)
        case 3: (0, x, 1)
        case 4: (x, 0, 1)
        default: (1, 0, x)
        }
        return Color(red: 0.15 + 0.7 * r, green: 0.15 + 0.7 * g, blue: 0.15 + 0.7 * b)
    }
}
