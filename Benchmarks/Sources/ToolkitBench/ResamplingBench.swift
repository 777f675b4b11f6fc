import Toolkit

/// The touch resampling case of `toolkit-bench events` (SCROLL.md 22): a list dragged by a finger reported at
/// 120 Hz while frames run at 60 Hz, so each frame shows the finger resampled 5 ms before the refresh it is drawn for. One
/// operation is one display frame: two touch samples (motion + frame each, 1 pt per 4.17 ms, back and forth over
/// 400 pt) and one `prepareFrame(at:forRefreshAt:)` for a refresh 2 ms earlier, where the container moves to the
/// resampled finger. Nothing is drawn (the frame cases time drawing). The allocation count per operation covers
/// both the events and the frame.
@MainActor
enum ResamplingBench {
    static func run(_ options: Options) -> [Measurement] {
        let frames = options.quick ? 50_000 : 500_000
        let scene = ListScene(rowCount: 100, scrolling: true)
        scene.frame()
        return [drag("ScrollContainer resampled drag: 2 samples + 1 frame (120 Hz touch, 60 Hz frames)",
                     scene: scene, frames: frames, options: options)]
    }

    static func drag(_ name: String, scene: ListScene, frames: Int, options: Options) -> Measurement {
        let window = scene.window
        let x = 400.0, top = 900.0
        let sample = Duration.nanoseconds(4_166_667)
        let drawDelay = Duration.milliseconds(2)
        return Measurement.measure(name, runs: options.runs, operationsPerRun: frames,
                                   options: options, setUp: { _ in
            scene.scroll(to: 1000)
            var time = scene.clock + .milliseconds(1)
            window.handle(.touchDown(id: 1, location: Point(x: x, y: top), timestamp: time))
            window.handle(.touchFrame(timestamp: time))
            // Cross the slop: the drag starts here, outside the timed part.
            time += sample
            window.handle(.touchMotion(id: 1, location: Point(x: x, y: top - 12), timestamp: time))
            window.handle(.touchFrame(timestamp: time))
            scene.clock = time
        }) { _ in
            var time = scene.clock
            var index = 0
            for _ in 0..<frames {
                for _ in 0..<2 {
                    time += sample
                    let location = Point(x: x, y: ScrollEventBench.dragY(index, from: top - 12))
                    window.handle(.touchMotion(id: 1, location: location, timestamp: time))
                    window.handle(.touchFrame(timestamp: time))
                    index += 1
                }
                window.prepareFrame(at: time, forRefreshAt: time - drawDelay)
            }
            window.handle(.touchUp(id: 1, timestamp: time))
            window.handle(.touchFrame(timestamp: time))
            scene.clock = time
        }
    }
}
