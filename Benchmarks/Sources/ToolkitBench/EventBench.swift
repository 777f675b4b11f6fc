import Toolkit

/// `toolkit-bench events`: input throughput through `WindowCore.handle(_:)`.
///
/// A touch goes down on a row, then moves N times, each move followed by a `touchFrame` (as `wl_touch` sends
/// them), then lifts. Throughput counts motion events (each with its frame event); the budget is 1,000,000
/// motion events per second with no heap allocation per event. A second case times a tap (down, frame, up,
/// frame), whose hit test walks the list, on 100 and on 100,000 rows.
@MainActor
enum EventBench {
    static func run(_ options: Options) -> [Measurement] {
        var results: [Measurement] = []
        let motions = options.quick ? 100_000 : 1_000_000

        let scene = ListScene(rowCount: 100)
        scene.frame()
        results.append(drag("touch motion + frame, plain row (100 rows)", scene: scene, motions: motions,
                            options: options))
        let taps = options.quick ? 2_000 : 20_000
        results.append(tap("tap (down, frame, up, frame), 100 rows", scene: scene, taps: taps, options: options))

        let large = ListScene(rowCount: 100_000)
        large.frame()
        // Each of these taps walks 100,000 rows twice: few of them.
        results.append(tap("tap (down, frame, up, frame), 100,000 rows", scene: large,
                           taps: options.quick ? 20 : 100, options: options))
        results.append(contentsOf: ScrollEventBench.run(options))
        results.append(contentsOf: ResamplingBench.run(options))
        results.append(contentsOf: PointerChainBench.run(options))
        results.append(contentsOf: GestureEventBench.run(options))
        return results
    }

    /// One run: down at a row, `motions` x (motion + frame), up. The clock advances 1 ms per motion.
    static func drag(_ name: String, scene: ListScene, motions: Int, options: Options) -> Measurement {
        let window = scene.window
        return Measurement.measure(name, runs: options.runs, operationsPerRun: motions,
                                   options: options) { _ in
            // The clock carries on from the previous run: time never goes backwards for the window.
            var time = scene.clock
            window.handle(.touchDown(id: 1, location: Point(x: 200, y: 300), timestamp: time))
            window.handle(.touchFrame(timestamp: time))
            for index in 0..<motions {
                time += .milliseconds(1)
                // Small moves within one row: the touch stays on the row it went down on.
                let location = Point(x: 200 + Double(index & 15), y: 300)
                window.handle(.touchMotion(id: 1, location: location, timestamp: time))
                window.handle(.touchFrame(timestamp: time))
            }
            window.handle(.touchUp(id: 1, timestamp: time))
            window.handle(.touchFrame(timestamp: time))
            scene.clock = time
        }
    }

    /// One run: `taps` x (down, frame, up, frame) on the same point, 1 ms apart.
    private static func tap(_ name: String, scene: ListScene, taps: Int, options: Options) -> Measurement {
        let window = scene.window
        return Measurement.measure(name, runs: options.runs, operationsPerRun: taps,
                                   options: options) { _ in
            var time = scene.clock
            for _ in 0..<taps {
                time += .milliseconds(1)
                window.handle(.touchDown(id: 1, location: Point(x: 200, y: 300), timestamp: time))
                window.handle(.touchFrame(timestamp: time))
                window.handle(.touchUp(id: 1, timestamp: time))
                window.handle(.touchFrame(timestamp: time))
            }
            scene.clock = time
        }
    }
}
