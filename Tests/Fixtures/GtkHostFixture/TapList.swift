import GtkExampleSupport
import ToolkitGTK

/// A 400 x 400 pt container of 200 rows of 44 pt (the size an app gives it, not its host's), which remembers the
/// row tapped last and says so at once (`stats: NAME tapped row N`), as it says each new offset
/// (`stats: NAME offset X Y`), so that tests wait for them.
@MainActor
final class TapList: ScrollContainer {
    static let rowHeight = 44.0
    static let rowCount = 200

    let name: String
    private(set) var tappedRow: Int?
    private var observation: Observation?

    init(name: String) {
        self.name = name
        super.init(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        backgroundColor = Color(white: 1)
        contentSize = Size(width: 400, height: TapList.rowHeight * Double(TapList.rowCount))
        for index in 0..<TapList.rowCount {
            let row = TapRow(
                frame: Rect(
                    x: 0, y: Double(index) * TapList.rowHeight, width: 400,
                    height: TapList.rowHeight), index: index)
            row.onTap = { [unowned self] index in
                tappedRow = index
                printError("stats: \(name) tapped row \(index)")
            }
            addSubview(row)
        }
        observation = observe(\.contentOffset) { _, change in
            printError("stats: \(name) offset \(change.newValue.x) \(change.newValue.y)")
        }
    }
}
