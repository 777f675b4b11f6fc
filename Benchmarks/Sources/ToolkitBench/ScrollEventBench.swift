import Toolkit

/// The `ScrollContainer` cases of `toolkit-bench events`: a list being dragged (throughput of motion events
/// while the container follows the finger), a tap on a row (the delayed content touch), and a fling
/// decelerating frame by frame.
///
/// The drag: the finger goes down on a row, crosses the 10 pt slop on its first move (the drag starts), then
/// moves 1 pt per event, 1 ms apart, back and forth over 400 pt so that the content stays inside its range
/// (no rubber band) for any number of events. Each move is followed by a touch frame, where the container
/// decides and moves the content (and damages its frame).
///
/// The fling: the content is set at rest, a finger flicks up at 5,000 pt/s (8 moves of 40 pt, 8 ms apart) and
/// lifts; then frames run at 60 Hz until the deceleration ends. Only the frames are timed and counted:
/// `prepareFrame(at:)` alone, then `prepareFrame(at:)` followed by drawing the damage (a real frame).
@MainActor
enum ScrollEventBench {
    /// Distance the finger travels before turning back, in points.
    static let dragSpan = 400

    static func run(_ options: Options) -> [Measurement] {
        var results: [Measurement] = []
        let motions = options.quick ? 100_000 : 1_000_000
        let scene = ListScene(rowCount: 100, scrolling: true)
        scene.frame()
        results.append(drag("ScrollContainer drag: motion + frame (100 rows)", scene: scene, motions: motions,
                            options: options))
        let large = ListScene(rowCount: 100_000, scrolling: true)
        large.frame()
        results.append(drag("ScrollContainer drag: motion + frame (100k rows)", scene: large, motions: motions,
                            options: options))
        results.append(tap("ScrollContainer tap on a row (100 rows)", scene: scene,
                           taps: options.quick ? 2_000 : 20_000, options: options))
        results.append(fling("ScrollContainer fling: prepareFrame only", scene: scene, draws: false,
                             options: options))
        results.append(fling("ScrollContainer fling: prepareFrame + draw", scene: scene, draws: true,
                             options: options))
        return results
    }

    /// A finger position for event `index` of the back-and-forth drag: from `top`, up `dragSpan` points and
    /// back, 1 pt per event.
    static func dragY(_ index: Int, from top: Double) -> Double {
        let phase = index % (2 * dragSpan)
        return top - Double(phase < dragSpan ? phase : 2 * dragSpan - phase)
    }

    static func drag(_ name: String, scene: ListScene, motions: Int, options: Options) -> Measurement {
        let window = scene.window
        let x = 400.0, top = 900.0
        return Measurement.measure(name, runs: options.runs, operationsPerRun: motions,
                                   options: options, setUp: { _ in
            // Start at rest, mid-list: the drag moves the offset between 1000 and 1400 + slop.
            scene.scroll(to: 1000)
            var time = scene.clock + .milliseconds(1)
            window.handle(.touchDown(id: 1, location: Point(x: x, y: top), timestamp: time))
            window.handle(.touchFrame(timestamp: time))
            // Cross the slop: the drag starts here, outside the timed part.
            time += .milliseconds(1)
            window.handle(.touchMotion(id: 1, location: Point(x: x, y: top - 12), timestamp: time))
            window.handle(.touchFrame(timestamp: time))
            scene.clock = time
        }) { _ in
            var time = scene.clock
            for index in 0..<motions {
                time += .milliseconds(1)
                let location = Point(x: x, y: dragY(index, from: top - 12))
                window.handle(.touchMotion(id: 1, location: location, timestamp: time))
                window.handle(.touchFrame(timestamp: time))
            }
            // The last moves were 1 pt/ms: the release may fling a little;
            // the next run's offset assignment stops it.
            window.handle(.touchUp(id: 1, timestamp: time))
            window.handle(.touchFrame(timestamp: time))
            scene.clock = time
        }
    }

    /// Taps on a row of the scroll container: the container holds the touch for its delay, the lift delivers
    /// began and ended to the row at once.
    private static func tap(_ name: String, scene: ListScene, taps: Int, options: Options) -> Measurement {
        let window = scene.window
        return Measurement.measure(name, runs: options.runs, operationsPerRun: taps,
                                   options: options, setUp: { _ in
            scene.scroll(to: 1000)
            // Let the indicator fade timer and its animation finish, so the taps start from a quiet window.
            scene.clock += .seconds(2)
            window.fireTimers(upTo: scene.clock)
            for _ in 0..<30 { scene.frame() }
        }) { _ in
            var time = scene.clock
            for _ in 0..<taps {
                time += .milliseconds(1)
                window.handle(.touchDown(id: 1, location: Point(x: 400, y: 600), timestamp: time))
                window.handle(.touchFrame(timestamp: time))
                time += .milliseconds(1)
                window.handle(.touchUp(id: 1, timestamp: time))
                window.handle(.touchFrame(timestamp: time))
            }
            scene.clock = time
        }
    }

    /// Sets the content at rest at offset 200 and flicks it up at 5,000 pt/s; on return it decelerates.
    static func flick(_ scene: ListScene, upward: Bool = false) {
        let window = scene.window
        // Upward: from 200 pt before the end of the 100-row list, the finger moving down.
        scene.scroll(to: upward ? 100 * RowView.height - scene.container.bounds.height - 200 : 200)
        window.prepareFrame(at: scene.clock)
        var time = scene.clock + .milliseconds(8)
        var y = upward ? 180.0 : 900.0
        window.handle(.touchDown(id: 1, location: Point(x: 400, y: y), timestamp: time))
        window.handle(.touchFrame(timestamp: time))
        for _ in 0..<8 {
            time += .milliseconds(8)
            y += upward ? 40 : -40
            window.handle(.touchMotion(id: 1, location: Point(x: 400, y: y), timestamp: time))
            window.handle(.touchFrame(timestamp: time))
        }
        window.handle(.touchUp(id: 1, timestamp: time))
        window.handle(.touchFrame(timestamp: time))
        scene.clock = time
    }

    /// Frames of one fling each run (the flick is set-up, not timed); frames per second of the window's work.
    private static func fling(_ name: String, scene: ListScene, draws: Bool, options: Options) -> Measurement {
        guard let container = scene.scrollContainer else { fatalError("the fling needs a ScrollContainer") }
        // One probe fling: how many frames it lasts (the same every time: same start, same gesture, same clock
        // steps relative to the release).
        flick(scene)
        var frames = 0
        while container.isDecelerating && frames < 100_000 {
            step(scene, draws: draws)
            frames += 1
        }
        let framesPerFling = frames
        return Measurement.measure("\(name) (\(framesPerFling) frames)", runs: options.runs * 3,
                                   operationsPerRun: max(framesPerFling, 1),
                                   options: options, setUp: { _ in
            flick(scene)
        }) { _ in
            for _ in 0..<framesPerFling { step(scene, draws: draws) }
        }
    }

    /// One 60 Hz frame: animations step; with `draws`, the damage is drawn too.
    private static func step(_ scene: ListScene, draws: Bool) {
        if draws {
            scene.frame()
        } else {
            scene.clock += .nanoseconds(16_666_667)
            scene.window.prepareFrame(at: scene.clock)
        }
    }
}
