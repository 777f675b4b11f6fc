import Toolkit

/// Two lists side by side, decelerating at `.normal` (left) and `.fast` (right); the label above each shows the
/// release velocity and where the fling will land.
enum FlingDemo {
    @MainActor static let demo = Demo(
        id: "fling", title: "Fling",
        make: { frame in
            let root = View(frame: frame)
            let half = frame.width / 2
            reporters.removeAll()   // a rebuild (resize, demo switch) replaces the old delegates
            for (i, rate) in [DecelerationRate.normal, DecelerationRate.fast].enumerated() {
                let label = Label(frame: Rect(x: Double(i) * half + 8, y: 6, width: half - 16, height: 24),
                                     text: i == 0 ? ".normal: flick me" : ".fast: flick me", fontSize: 14)
                let list = Lists.verticalList(frame: Rect(x: Double(i) * half, y: 32, width: half - (i == 0 ? 1 : 0),
                                                          height: frame.height - 32), count: 500)
                list.decelerationRate = rate
                let reporter = FlingReporter(label: label, name: i == 0 ? ".normal" : ".fast")
                list.delegate = reporter
                reporters.append(reporter)
                root.addSubview(label)
                root.addSubview(list)
            }
            return root
        },
        script: { window, frame in
            window.drag(from: Point(x: frame.minX + frame.width / 4, y: frame.maxY - 80), by: Point(x: 0, y: -300),
                        duration: .milliseconds(50), steps: 3)
            window.drag(from: Point(x: frame.maxX - frame.width / 4, y: frame.maxY - 80), by: Point(x: 0, y: -300),
                        duration: .milliseconds(50), steps: 3)
            window.advance(by: .milliseconds(250))
        })

    /// Delegates must outlive the weak `delegate` reference: the demo keeps the current build's here.
    @MainActor static var reporters: [FlingReporter] = []
}

/// Shows the release velocity and landing offset of a fling.
final class FlingReporter: ScrollContainerDelegate {
    let label: Label
    let name: String

    init(label: Label, name: String) {
        self.label = label
        self.name = name
    }

    func scrollContainerWillEndDragging(_ container: ScrollContainer, velocity: Point,
                                        targetContentOffset: inout Point) {
        let travel = targetContentOffset.y - container.contentOffset.y
        label.text = "\(name): \(Int(velocity.y.rounded())) pt/s, lands \(Int(travel.rounded())) pt on"
    }
}
