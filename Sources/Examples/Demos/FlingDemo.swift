import Toolkit

/// Two lists side by side, decelerating at `.normal` (left) and `.fast` (right) by default; above each, the
/// release velocity and how far the fling will travel; on the right, their offset and velocity plotted live.
enum FlingDemo {
    static let headerHeight = 40.0
    static let plotWidth = 300.0

    @MainActor static let demo = Demo(
        id: "fling", title: "Fling",
        caption:
            "Flick both lists: the plot shows each one's offset and velocity; flick again while one moves to go faster.",
        make: { context in
            let frame = context.frame
            let root = View(frame: frame)
            root.backgroundColor = Theme.background
            let listWidth = ((frame.width - plotWidth) / 2).rounded(.down)
            let colors = [Theme.accent, Theme.secondSeries]
            let plot = MotionPlot(
                frame: Rect(
                    x: 2 * listWidth + 1, y: 0, width: frame.width - 2 * listWidth - 1,
                    height: frame.height),
                series: [(name: "left", color: colors[0]), (name: "right", color: colors[1])])
            var keep: [AnyObject] = []
            var lists: [ScrollContainer] = []
            var reporters: [FlingReporter] = []
            for (i, rate) in [DecelerationRate.normal, DecelerationRate.fast].enumerated() {
                let x = Double(i) * listWidth
                let swatch = View(frame: Rect(x: x + 8, y: 8, width: 10, height: 10))
                swatch.backgroundColor = colors[i]
                let title = Label(
                    frame: Rect(x: x + 24, y: 3, width: listWidth - 32, height: 18), text: "", fontSize: 13,
                    textColor: Theme.text)
                let detail = Label(
                    frame: Rect(x: x + 8, y: 21, width: listWidth - 16, height: 16), text: "flick me",
                    fontSize: 12, textColor: Theme.captionText)
                let list = Lists.verticalList(
                    frame: Rect(
                        x: x, y: headerHeight, width: listWidth - (i == 0 ? 1 : 0),
                        height: max(0, frame.height - headerHeight)), count: 500)
                list.decelerationRate = rate
                let reporter = FlingReporter(title: title, detail: detail, side: i == 0 ? "left" : "right")
                reporter.rateChanged(list)
                list.delegate = reporter
                reporters.append(reporter)
                lists.append(list)
                keep.append(reporter)
                keep += plot.follow(list, series: i, now: context.now)
                for view in [swatch, title, detail, list] as [View] { root.addSubview(view) }
            }
            root.addSubview(plot)
            let readout = TouchStateReadout(container: lists[0], label: context.status)
            // The state of whichever list changed last.
            keep.append(readout)
            keep += readout.observe(lists)
            @MainActor func rate(_ side: Int) -> DemoSetting {
                DemoSetting(title: side == 0 ? "Left" : "Right", choices: ["normal", "fast"], selected: side) {
                    lists[side].decelerationRate = $0 == 0 ? .normal : .fast
                    reporters[side].rateChanged(lists[side])
                }
            }
            return DemoBuild(
                view: root,
                settings: [
                    rate(0), rate(1),
                    .toggle("Bounce", isOn: true) { on in for list in lists { list.bounces = on } },
                    .toggle("Paging", isOn: false) { on in for list in lists { list.isPagingEnabled = on } }
                ],
                keep: keep)
        },
        script: { window, frame in
            let listWidth = ((frame.width - plotWidth) / 2).rounded(.down)
            window.drag(
                from: Point(x: frame.minX + listWidth / 2, y: frame.maxY - 80), by: Point(x: 0, y: -300),
                duration: .milliseconds(50), steps: 3)
            window.advance(by: .milliseconds(100))
            window.drag(
                from: Point(x: frame.minX + listWidth * 1.5, y: frame.maxY - 80), by: Point(x: 0, y: -300),
                duration: .milliseconds(50), steps: 3)
            for _ in 0..<4 {
                window.advance(by: .milliseconds(150))
                Snapshots.take(window)
            }
            window.advance(by: .milliseconds(1200))
            Snapshots.take(window)
        })
}

/// Shows a list's deceleration rate, and at each release its velocity and how far the fling will carry it.
final class FlingReporter: ScrollContainerDelegate {
    let title: Label
    let detail: Label
    let side: String

    init(title: Label, detail: Label, side: String) {
        self.title = title
        self.detail = detail
        self.side = side
    }

    func rateChanged(_ container: ScrollContainer) {
        title.text = "\(side): .\(container.decelerationRate == .fast ? "fast" : "normal") deceleration"
    }

    func scrollContainerWillEndDragging(
        _ container: ScrollContainer, velocity: Point,
        targetContentOffset: inout Point
    ) {
        let travel = targetContentOffset.y - container.contentOffset.y
        detail.text = "released at \(Int(abs(velocity.y).rounded())) pt/s, glides \(Int(abs(travel).rounded())) pt"
    }
}
