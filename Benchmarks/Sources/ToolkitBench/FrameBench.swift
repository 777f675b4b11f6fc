import Toolkit

/// `toolkit-bench frames`: what a 1080p frame costs, against the budget "a full frame within 1.5x of one
/// pixman copy of it".
///
/// Cases: (a) the pixman copy itself; (b) a full repaint of the list window (everything damaged); (c) a
/// scrolling frame (the container moved by 7 pt, damage = its frame, as a scroll container damages today);
/// (d) an idle frame (nothing damaged); (e) the scrolling frame again with 100,000 rows of content instead of
/// 100, only about 25 of them visible either way.
@MainActor
enum FrameBench {
    /// Scroll step per frame, in points.
    static let scrollStep = 7.0

    static func run(_ options: Options) -> [Measurement] {
        let runs = options.runs
        let trace = options.traceAllocations
        let q = options.quick
        var results: [Measurement] = []

        let copy = PixmanCopy(width: ListScene.width, height: ListScene.height)
        let reference = Measurement.measure("(a) pixman copy 1920x1080 (composite32 SRC)", runs: runs,
                                            operationsPerRun: q ? 5 : 50, traceAllocations: trace) { _ in
            for _ in 0..<(q ? 5 : 50) { copy.composite() }
        }
        results.append(reference)
        results.append(Measurement.measure("    pixman_blt 1920x1080 (for comparison)", runs: runs,
                                           operationsPerRun: q ? 5 : 50, traceAllocations: trace) { _ in
            for _ in 0..<(q ? 5 : 50) { copy.blit() }
        })

        let scene = ListScene(rowCount: 100)
        let fullWindow = Rect(x: 0, y: 0, width: Double(ListScene.width), height: Double(ListScene.height))
        scene.scroll(to: 3 * scrollStep)
        scene.frame()
        let fullFrames = q ? 3 : 20
        results.append(Measurement.measure("(b) full repaint, 100 rows", runs: runs, operationsPerRun: fullFrames,
                                           traceAllocations: trace) { _ in
            for _ in 0..<fullFrames {
                scene.window.addDamage(fullWindow)
                scene.frame()
            }
        })

        if let path = options.snapshotPath, let image = scene.snapshot() {
            do {
                try PNGEncoder.write(image, to: path)
            } catch {
                printError("could not write \(path): \(error)")
            }
        }

        let scrollFrames = q ? 3 : 30
        results.append(scrollingCase("(c) scroll 7 pt, 100 rows", scene: scene, frames: scrollFrames,
                                     options: options))

        let idleFrames = q ? 1000 : 20000
        results.append(Measurement.measure("(d) idle frame (nothing damaged)", runs: runs,
                                           operationsPerRun: idleFrames, traceAllocations: trace) { _ in
            for _ in 0..<idleFrames { scene.frame() }
        })

        let large = ListScene(rowCount: 100_000)
        large.frame()
        results.append(scrollingCase("(e) scroll 7 pt, 100,000 rows", scene: large, frames: scrollFrames,
                                     options: options))
        results.append(Measurement.measure("    idle frame, 100,000 rows", runs: runs,
                                           operationsPerRun: idleFrames, traceAllocations: trace) { _ in
            for _ in 0..<idleFrames { large.frame() }
        })
        return results
    }

    /// Frames that each scroll `scene`'s container by 7 pt (wrapping within the first 100 rows' range, so both
    /// scenes draw the same rows) and draw the damage.
    private static func scrollingCase(_ name: String, scene: ListScene, frames: Int,
                                      options: Options) -> Measurement {
        let range = 100 * RowView.height - scene.container.bounds.height
        var offset = scene.container.bounds.origin.y
        return Measurement.measure(name, runs: options.runs, operationsPerRun: frames,
                                   traceAllocations: options.traceAllocations) { _ in
            for _ in 0..<frames {
                offset += scrollStep
                if offset > range { offset -= range }
                scene.scroll(to: offset)
                scene.frame()
            }
        }
    }
}
