import Toolkit

/// The gesture recognizer cases of `toolkit-bench events` (SCROLL.md 18), measured one after the other so that
/// their ratios come from the same minute of the same run:
///
/// - a plain row's touch motion (the yardstick: the router delivers `touchesMoved`, nothing arbitrates);
/// - a `ScrollContainer` list dragged vertically, no recognizer (`ScrollEventBench`'s drag);
/// - the same drag with three recognizers on every row, so on the touched path: a tap, a long press and a
///   `.horizontal` pan. The slop crossing (untimed set-up) is vertical: the pan fails, and so do the tap and the
///   press (the finger moved); they keep tracking the finger until its lift, so the arena still reports every
///   motion and frame to them, which is the cost measured;
/// - the row's `.horizontal` pan taking a horizontal drag (`changed` and its action on every frame), the list
///   declining the finger.
///
/// Budget: the drag with three recognizers keeps at least three quarters of the drag's rate without; no heap
/// allocation per event.
@MainActor
enum GestureEventBench {
    /// Names of the cases, for the ratios.
    nonisolated static let plain = "gestures: plain row touch motion + frame"
    nonisolated static let drag = "gestures: ScrollContainer drag, no recognizer"
    nonisolated static let recognizers = "gestures: ScrollContainer drag, 3 recognizers"
    nonisolated static let pan = "gestures: .horizontal pan on a row, motion+frame"

    /// Counts the recognizers' actions, so that they do something the optimizer keeps.
    final class ActionCount {
        var value = 0
    }

    static func run(_ options: Options) -> [Measurement] {
        let motions = options.quick ? 100_000 : 1_000_000
        var results: [Measurement] = []
        let plainScene = ListScene(rowCount: 100)
        plainScene.frame()
        results.append(EventBench.drag(plain, scene: plainScene, motions: motions, options: options))

        let bare = ListScene(rowCount: 100, scrolling: true)
        bare.frame()
        results.append(ScrollEventBench.drag(drag, scene: bare, motions: motions, options: options))

        let count = ActionCount()
        let gestures = ListScene(rowCount: 100, scrolling: true)
        for row in gestures.rows { addRecognizers(to: row, count: count) }
        gestures.frame()
        results.append(ScrollEventBench.drag(recognizers, scene: gestures, motions: motions, options: options))
        results.append(horizontalPan(pan, scene: gestures, motions: motions, options: options))
        if count.value == 0 && !results.allSatisfy({ $0.samples.isEmpty }) {
            printError("warning: the row's pan never ran its action")
        }
        return results
    }

    /// A tap, a long press and a `.horizontal` pan, each with an action that counts.
    private static func addRecognizers(to row: View, count: ActionCount) {
        let tap = TapGestureRecognizer { _ in count.value += 1 }
        let press = LongPressGestureRecognizer { _ in count.value += 1 }
        let pan = PanGestureRecognizer { _ in count.value += 1 }
        pan.axes = .horizontal
        row.addGestureRecognizer(tap)
        row.addGestureRecognizer(press)
        row.addGestureRecognizer(pan)
    }

    /// The finger lands on a row, crosses the slop sideways (the pan begins: untimed), then moves 1 pt per event,
    /// 1 ms apart, back and forth over 400 pt, each motion followed by its frame.
    private static func horizontalPan(_ name: String, scene: ListScene, motions: Int, options: Options) -> Measurement {
        let window = scene.window
        let left = 600.0, y = 600.0
        return Measurement.measure(name, runs: options.runs, operationsPerRun: motions,
                                   options: options, setUp: { _ in
            scene.scroll(to: 1000)
            var time = scene.clock + .milliseconds(1)
            window.handle(.touchDown(id: 1, location: Point(x: left, y: y), timestamp: time))
            window.handle(.touchFrame(timestamp: time))
            time += .milliseconds(1)
            window.handle(.touchMotion(id: 1, location: Point(x: left + 12, y: y), timestamp: time))
            window.handle(.touchFrame(timestamp: time))
            scene.clock = time
        }) { _ in
            var time = scene.clock
            for index in 0..<motions {
                time += .milliseconds(1)
                let phase = index % 800
                let x = left + 12 + Double(phase < 400 ? phase : 800 - phase)
                window.handle(.touchMotion(id: 1, location: Point(x: x, y: y), timestamp: time))
                window.handle(.touchFrame(timestamp: time))
            }
            window.handle(.touchUp(id: 1, timestamp: time))
            window.handle(.touchFrame(timestamp: time))
            scene.clock = time
        }
    }

    /// The rates of this run against each other: the drag against a plain row's motion, the drag with three
    /// recognizers against the drag with none (at least 0.75 is the budget), and the pan against a plain motion.
    nonisolated static func ratios(_ events: [Measurement]) -> [(String, Double)] {
        func rate(_ name: String) -> Double {
            guard let m = events.first(where: { $0.name == name && !$0.samples.isEmpty }) else { return .nan }
            return 1 / m.median
        }
        return [
            ("drag_vs_touch_motion", rate(drag) / rate(plain)),
            ("gesture_drag_vs_drag", rate(recognizers) / rate(drag)),
            ("gesture_drag_vs_touch_motion", rate(recognizers) / rate(plain)),
            ("pan_motion_vs_touch_motion", rate(pan) / rate(plain)),
        ]
    }

    /// Prints `ratios(events)` under the events table.
    nonisolated static func printRatios(_ events: [Measurement]) {
        let figures = ratios(events).filter { !$0.1.isNaN }
        guard !figures.isEmpty else { return }
        print("")
        print("== gesture ratios (median rates of this run)")
        for (name, value) in figures { print(pad(name, 52, left: false) + pad(format(value, 3), 11)) }
    }
}
