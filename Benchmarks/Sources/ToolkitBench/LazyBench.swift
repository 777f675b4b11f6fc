import CAllocCounter
import Glibc
import Toolkit

/// One lazy container (a list or a grid) in its window, drawn into one buffer: what `LazyBench.measure` drives.
@MainActor
protocol LazyBenchScene: AnyObject {
    /// One frame at the next 60 Hz tick.
    func frame()
    /// The offset moves one step (turning back at the ends of its range), then a frame.
    func scrollFrame()
    /// Views the data source made (not dequeued).
    var viewsMade: Int { get }
    /// Item views alive now.
    var liveViews: Int { get }
}

/// What the `lists` and `grids` groups share: two containers of different item counts made and timed to their
/// first frames (their heap measured), then their timed runs of scroll frames alternating, so that both see the
/// same machine noise; the table and the `--summary` lines.
@MainActor
enum LazyBench {
    /// Heap bytes in use (glibc `mallinfo2`: small blocks in use plus mmapped blocks): what the process holds
    /// now, unlike the resident set, which keeps freed memory and reuses it unpredictably.
    static func heapBytes() -> Int {
        Int(bench_heap_in_use())
    }

    /// The figures of one item count.
    struct Result {
        var count: Int
        var firstFrameSeconds: Double
        /// Heap bytes the scene holds after its first frame (its 8 MB pixel buffer left out).
        var heapBytes: Int
        var frame: Measurement
        var viewsMade: Int
        /// The most item views alive at the end of any timed run.
        var mostLiveViews: Int
    }

    /// Makes a scene per count (`make`), then alternates their timed runs; `names` name the cases (`--only`
    /// filters on them).
    static func measure(
        counts: [Int], names: [String], options: Options, make: (Int) -> any LazyBenchScene
    ) -> [Result] {
        if let filter = options.filter, !names.contains(where: { $0.contains(filter) }) { return [] }
        // A throw-away scene first: the font, the glyph caches and the allocator's arenas are then in place, so
        // the heap measured below is what each scene adds.
        do {
            let warm = make(counts[0])
            for _ in 0..<100 { warm.scrollFrame() }
        }
        var scenes: [any LazyBenchScene] = []
        var firstFrames: [Double] = []
        var heaps: [Int] = []
        for count in counts {
            let before = heapBytes()
            let start = Stopwatch.nanoseconds()
            let scene = make(count)
            scene.frame()
            firstFrames.append(Double(Stopwatch.nanoseconds() - start) / 1e9)
            heaps.append(heapBytes() - before - 1920 * 1080 * 4)
            scenes.append(scene)
        }
        let frames = options.quick ? 200 : 2000
        var samples = Array(repeating: [Double](), count: counts.count)
        var allocations = Array(repeating: UInt64(0), count: counts.count)
        var mostLive = Array(repeating: 0, count: counts.count)
        for run in 0..<(options.runs + 2) {
            for (index, scene) in scenes.enumerated() {
                let allocationsBefore = bench_alloc_count()
                let start = Stopwatch.nanoseconds()
                for _ in 0..<frames { scene.scrollFrame() }
                let end = Stopwatch.nanoseconds()
                // The first two runs warm up.
                guard run >= 2 else { continue }
                allocations[index] += bench_alloc_count() - allocationsBefore
                samples[index].append(Double(end - start) / 1e9 / Double(frames))
                mostLive[index] = max(mostLive[index], scene.liveViews)
            }
        }
        return counts.indices.map { index in
            let operations = Double(options.runs * frames)
            let measurement = Measurement(name: names[index], samples: samples[index],
                                          allocationsPerOperation: Double(allocations[index]) / operations,
                                          bytesPerOperation: .nan)
            return Result(count: counts[index], firstFrameSeconds: firstFrames[index], heapBytes: heaps[index],
                          frame: measurement, viewsMade: scenes[index].viewsMade, mostLiveViews: mostLive[index])
        }
    }

    /// The table under `title`.
    static func printResults(_ results: [Result], title: String) {
        print("")
        print("== \(title)")
        print(pad("case", 40, left: false) + pad("median us", 11) + pad("min us", 9) + pad("allocs/frame", 14)
              + pad("first frame ms", 16) + pad("heap kB", 9) + pad("views made", 12) + pad("most alive", 12))
        for result in results where !result.frame.samples.isEmpty {
            print(pad(result.frame.name, 40, left: false) + pad(format(result.frame.median * 1e6, 2), 11)
                  + pad(format(result.frame.minimum * 1e6, 2), 9)
                  + pad(format(result.frame.allocationsPerOperation, 2), 14)
                  + pad(format(result.firstFrameSeconds * 1e3, 2), 16) + pad("\(result.heapBytes / 1024)", 9)
                  + pad("\(result.viewsMade)", 12) + pad("\(result.mostLiveViews)", 12))
        }
    }

    /// `name value` lines, `prefix_*`: the larger count against the smaller (two results).
    static func summary(_ results: [Result], prefix: String) -> [(String, Double)] {
        let names = ["\(prefix)_frame_10m_vs_100", "\(prefix)_heap_kb_10m_minus_100",
                     "\(prefix)_allocations_per_frame", "\(prefix)_first_frame_ms_10m"]
        guard results.count == 2, !results[0].frame.samples.isEmpty, !results[1].frame.samples.isEmpty else {
            return names.map { ($0, .nan) }
        }
        return zip(names, [
            results[1].frame.median / results[0].frame.median,
            Double(results[1].heapBytes - results[0].heapBytes) / 1024,
            max(results[0].frame.allocationsPerOperation, results[1].frame.allocationsPerOperation),
            results[1].firstFrameSeconds * 1e3,
        ]).map { ($0, $1) }
    }
}
