import Toolkit

/// A list for wheels and touchpads: 48 pt per wheel detent (eased over 0.1 s, or at once), touchpad scrolling 1:1
/// with a kinetic tail; the plot on the right shows the offset and velocity live.
enum WheelDemo {
    static let plotWidth = 300.0

    @MainActor static let demo = Demo(
        id: "wheel", title: "Wheel",
        caption: "Scroll with a mouse wheel (48 pt a detent) or swipe a touchpad and lift: the plot shows the glide.",
        make: { context in
            let frame = context.frame
            let root = View(frame: frame)
            root.backgroundColor = Theme.background
            let listWidth = max(0, frame.width - plotWidth)
            root.addSubview(
                Label(
                    frame: Rect(x: 12, y: 8, width: listWidth - 24, height: 20),
                    text: "Scroll with a mouse wheel or a touchpad", fontSize: 14,
                    textColor: Theme.secondaryText))
            let list = Lists.verticalList(
                frame: Rect(x: 0, y: 36, width: listWidth, height: max(0, frame.height - 36)),
                count: 300)
            root.addSubview(list)
            let plot = MotionPlot(
                frame: Rect(
                    x: listWidth + 1, y: 0, width: frame.width - listWidth - 1,
                    height: frame.height),
                series: [(name: "list", color: Theme.accent)])
            root.addSubview(plot)
            let readout = TouchStateReadout(container: list, label: context.status)
            return DemoBuild(
                view: root,
                settings: [
                    .toggle("Smooth wheel", isOn: list.smoothWheelScrolling) { list.smoothWheelScrolling = $0 },
                    DemoSetting(title: "Rate", choices: ["normal", "fast"]) {
                        list.decelerationRate = $0 == 0 ? .normal : .fast
                    },
                    .toggle("Bounce", isOn: list.bounces) { list.bounces = $0 }
                ],
                keep: [readout] + readout.observe() + plot.follow(list, series: 0, now: context.now))
        },
        script: { window, frame in
            window.pointerMove(to: Point(x: frame.minX + 200, y: frame.midY))
            for _ in 0..<3 {
                window.pointerAxis(dx: 0, dy: 120, source: .wheel)
                window.advance(by: .milliseconds(50))
            }
            window.advance(by: .milliseconds(300))
            Snapshots.take(window)
            // A touchpad swipe, then lift-off: the kinetic tail.
            for _ in 0..<8 {
                window.pointerAxis(dx: 0, dy: 30, source: .finger)
                window.advance(by: .milliseconds(12))
            }
            window.pointerAxisStop()
            window.advance(by: .milliseconds(300))
            Snapshots.take(window)
            window.advance(by: .milliseconds(900))
            Snapshots.take(window)
        })
}
