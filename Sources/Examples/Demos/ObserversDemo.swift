import Toolkit

/// Key-path observers at work (seed 004): the panel on top and the log on the right are driven only by
/// `observe(...)` on the list, each change with its old and new value and its direction as a type; the labels are
/// in English and Japanese.
enum ObserversDemo {
    static let headerHeight = 76.0
    static let logWidth = 300.0
    static let logLines = 13

    @MainActor static let demo = Demo(
        id: "observers", title: "Observers",
        caption: "Scroll the list: contentOffset, its direction and the drag state arrive through observe(...) only.",
        make: { context in
            let frame = context.frame
            let root = View(frame: frame)
            root.backgroundColor = Theme.background
            @MainActor func line(_ y: Double, _ text: String) -> Label {
                let label = Label(
                    frame: Rect(x: 12, y: y, width: frame.width - 24, height: 20), text: text, fontSize: 14,
                    textColor: Theme.text)
                root.addSubview(label)
                return label
            }
            let offset = line(6, "contentOffset / 表示位置")
            let direction = line(28, "direction / 方向: —")
            let state = line(50, "state / 状態")
            let listWidth = max(0, frame.width - logWidth)
            let list = Lists.verticalList(
                frame: Rect(
                    x: 0, y: headerHeight, width: listWidth,
                    height: max(0, frame.height - headerHeight)), count: 100)
            root.addSubview(list)
            let log = ChangeLog(
                frame: Rect(
                    x: listWidth + 1, y: headerHeight, width: frame.width - listWidth - 1,
                    height: max(0, frame.height - headerHeight)), lines: logLines)
            root.addSubview(log)
            let settings = ObserverSettings()

            @MainActor func showState(_ c: ScrollContainer) {
                let en = c.isDragging ? "dragging" : c.isDecelerating ? "decelerating" : "at rest"
                let ja = c.isDragging ? "ドラッグ中" : c.isDecelerating ? "減速中" : "静止"
                state.text =
                    "state / 状態: \(en) / \(ja)   isDragging \(c.isDragging)  isDecelerating \(c.isDecelerating)"
            }
            let readout = TouchStateReadout(container: list, label: context.status)
            let tokens = [
                list.observe(\.contentOffset, options: [.initial]) { _, change in
                    let old = change.oldValue.map { "\(Int($0.y.rounded()))" } ?? "—"
                    offset.text = "contentOffset / 表示位置: y = \(Int(change.newValue.y.rounded()))  (old / 旧 \(old))"
                    guard change.oldValue != nil else { return }
                    let (en, ja, arrow) = ObserversDemo.words(change.direction.vertical)
                    direction.text = "direction / 方向: \(arrow) \(en) / \(ja)"
                    if settings.logsEveryChange || en != settings.lastLogged {
                        settings.lastLogged = en
                        log.add("\(arrow) \(en) / \(ja)   y \(Int(change.newValue.y.rounded()))")
                    }
                },
                list.observe(\.isDragging, options: [.initial]) { c, _ in showState(c) },
                list.observe(\.isDecelerating) { c, _ in showState(c) }
            ]
            return DemoBuild(
                view: root,
                settings: [
                    DemoSetting(title: "Log", choices: ["turns", "every change"]) {
                        settings.logsEveryChange = $0 == 1
                    },
                    .toggle("Bounce", isOn: true) { list.bounces = $0 },
                    DemoSetting(title: "Rate", choices: ["normal", "fast"]) {
                        list.decelerationRate = $0 == 0 ? .normal : .fast
                    }
                ],
                keep: [readout, settings] + tokens + readout.observe())
        },
        script: { window, frame in
            // Up, then back down a little: the log shows the direction turning.
            window.drag(
                from: Point(x: frame.midX - 150, y: frame.maxY - 80), by: Point(x: 0, y: -200),
                duration: .milliseconds(120), steps: 8)
            window.advance(by: .milliseconds(300))
            window.drag(
                from: Point(x: frame.midX - 150, y: frame.maxY - 200), by: Point(x: 0, y: 80),
                duration: .milliseconds(300), steps: 8, lift: false)
            window.advance(by: .milliseconds(200))
            window.touchUp(id: 1)
            window.advance(by: .milliseconds(100))
        })

    /// The words and arrow for a vertical direction of the offset (down: the viewport travels down the content).
    static func words(_ direction: ScrollDirection.Vertical) -> (String, String, String) {
        switch direction {
        case .up: return ("up", "上へ", "↑")
        case .down: return ("down", "下へ", "↓")
        case .none: return ("still", "停止", "·")
        }
    }
}

/// The observers demo's log options, shared by its handler and its settings.
final class ObserverSettings {
    var logsEveryChange = false
    var lastLogged = ""
}

/// The last few lines logged, newest on top.
final class ChangeLog: View {
    private var entries: [String] = []
    private let lines: Int

    init(frame: Rect, lines: Int) {
        self.lines = lines
        super.init(frame: frame)
        backgroundColor = Color.white
    }

    func add(_ entry: String) {
        entries.insert(entry, at: 0)
        if entries.count > lines { entries.removeLast() }
        setNeedsDisplay()
    }

    override func draw(in canvas: Canvas) {
        canvas.drawText("direction turns / 方向の変化", at: Point(x: 12, y: 8), size: 13, color: Theme.captionText)
        canvas.drawText(
            "(down: the view moves down the list / 下へ)", at: Point(x: 12, y: 26), size: 11,
            color: Theme.captionText)
        for (i, entry) in entries.enumerated() {
            canvas.drawText(entry, at: Point(x: 12, y: 50 + Double(i) * 22), size: 14, color: Theme.text)
        }
    }
}
