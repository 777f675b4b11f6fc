import CAllocCounter
import Glibc
import Toolkit

/// `lists`: a `ListContainer` with 10,000,000 rows against one with 100, in the same 1920 x 1080 window as the
/// frame cases (a 56 pt title bar, the list below it, rows like `RowView`), drawn into one buffer (case (f)'s path).
///
/// Per row count: the time from creating the window, the list and its data source to the end of the first drawn
/// frame; the heap that added (glibc's bytes in use, after the first frame, the pixel buffer left out); then the
/// frame case (the two lists' timed runs alternating): the
/// offset moved 7 pt per frame back and forth over 2,800 pt (64 rows pass through the visible rect, so views
/// are put back and dequeued all the time), `prepareFrame` and `draw(into:)`. The 10,000,000-row list must cost
/// what the 100-row one does (SCROLL.md 16: within 5 % and 2 MB) and allocate nothing per frame.
@MainActor
enum ListContainerBench {
    /// A data source of `count` rows, each a `ReusableRow` taken from the list's reuse pool when one is free.
    @MainActor
    final class Rows: ListDataSource {
        let count: Int
        /// Views made (not dequeued): how many instances the list ever needed.
        var made = 0

        init(count: Int) { self.count = count }

        func numberOfRows(in list: ListContainer) -> Int { count }

        func list(_ list: ListContainer, viewForRow row: Int) -> View {
            let view: ReusableRow
            if let reused = list.dequeueReusableView(kind: "row") as? ReusableRow {
                view = reused
            } else {
                made += 1
                view = ReusableRow()
            }
            view.reuseKind = "row"
            view.show(row)
            return view
        }
    }

    /// `RowView`'s drawing for any row: the label comes from 64 strings made once, so configuring a reused row
    /// allocates nothing on the benchmark's side.
    @MainActor
    final class ReusableRow: View {
        static let labels: [String] = (0..<64).map { "Row \($0) · The quick brown fox jumps over the lazy dog" }
        static let swatches: [Color] = (0..<12).map {
            let hue = Double($0) / 12
            return Color(red: 0.3 + 0.6 * hue, green: 0.8 - 0.5 * hue, blue: 0.5, alpha: 1)
        }
        private var index = 0

        init() { super.init(frame: .zero) }

        func show(_ row: Int) {
            index = row
            backgroundColor = row % 2 == 0 ? Color(white: 1) : Color(white: 0.96)
            setNeedsDisplay()
        }

        override func draw(in canvas: Canvas) {
            canvas.fillRoundedRect(Rect(x: 16, y: 6, width: 32, height: 32), radius: 8,
                                   color: ReusableRow.swatches[index % 12])
            canvas.drawText(ReusableRow.labels[index % 64], at: Point(x: 64, y: 12), size: 17, color: RowView.textColor)
            canvas.fill(Rect(x: 64, y: bounds.height - 1, width: bounds.width - 64, height: 1), color: Color(white: 0.85))
        }
    }

    /// One list in its window, drawn into one buffer.
    @MainActor
    final class Scene {
        let window = WindowCore(size: Size(width: 1920, height: 1080))
        let list = ListContainer(frame: Rect(x: 0, y: HeaderView.height, width: 1920, height: 1080 - HeaderView.height))
        let rows: Rows
        let pixels: UnsafeMutablePointer<UInt32>
        let canvas: Canvas
        var clock = Duration.zero
        var direction = 7.0

        init(count: Int) {
            rows = Rows(count: count)
            pixels = .allocate(capacity: 1920 * 1080)
            pixels.initialize(repeating: 0, count: 1920 * 1080)
            canvas = Canvas(pixels: UnsafeMutableRawPointer(pixels), width: 1920, height: 1080, stride: 1920 * 4)
            window.rootView.backgroundColor = Color(white: 1)
            window.rootView.addSubview(HeaderView(width: 1920))
            window.rootView.addSubview(list)
            list.dataSource = rows
        }

        isolated deinit { pixels.deallocate() }

        /// One frame at the next 60 Hz tick.
        func frame() {
            clock += .microseconds(16_667)
            window.prepareFrame(at: clock)
            _ = window.draw(into: canvas)
        }

        /// The offset moves 7 pt (turning back at 0 and 2,800), then a frame.
        func scrollFrame() {
            let next = list.contentOffset.y + direction
            if next > 2800 || next < 0 { direction = -direction }
            list.contentOffset = Point(x: 0, y: list.contentOffset.y + direction)
            frame()
        }
    }

    /// Heap bytes in use (glibc `mallinfo2`: small blocks in use plus mmapped blocks): what the process holds
    /// now, unlike the resident set, which keeps freed memory and reuses it unpredictably.
    static func heapBytes() -> Int {
        Int(bench_heap_in_use())
    }

    /// The figures of one row count.
    struct Result {
        var count: Int
        var firstFrameSeconds: Double
        /// Heap bytes the scene holds after its first frame (its 8 MB pixel buffer left out).
        var heapBytes: Int
        var frame: Measurement
        var viewsMade: Int
    }

    /// Both lists are made first (each timed to its first frame, its heap measured), then their timed runs
    /// alternate, so that both see the same machine noise.
    static func run(_ options: Options) -> [Result] {
        let counts = [100, 10_000_000]
        let names = counts.map { "ListContainer += 7, \($0) rows" }
        if let filter = options.filter, !names.contains(where: { $0.contains(filter) }) { return [] }
        // A throw-away list first: the font, the glyph caches and the allocator's arenas are then in place, so the
        // heap measured below is what each list adds.
        do {
            let warm = Scene(count: 100)
            for _ in 0..<100 { warm.scrollFrame() }
        }
        var scenes: [Scene] = []
        var firstFrames: [Double] = []
        var heaps: [Int] = []
        for count in counts {
            let before = heapBytes()
            let start = Stopwatch.nanoseconds()
            let scene = Scene(count: count)
            scene.frame()
            firstFrames.append(Double(Stopwatch.nanoseconds() - start) / 1e9)
            heaps.append(heapBytes() - before - 1920 * 1080 * 4)
            scenes.append(scene)
        }
        let frames = options.quick ? 200 : 2000
        var samples: [[Double]] = [[], []]
        var allocations: [UInt64] = [0, 0]
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
            }
        }
        return counts.indices.map { index in
            let operations = Double(options.runs * frames)
            let measurement = Measurement(name: names[index], samples: samples[index],
                                          allocationsPerOperation: Double(allocations[index]) / operations,
                                          bytesPerOperation: .nan)
            return Result(count: counts[index], firstFrameSeconds: firstFrames[index], heapBytes: heaps[index],
                          frame: measurement, viewsMade: scenes[index].rows.made)
        }
    }

    /// The table, and the figures for `--summary`.
    static func printResults(_ results: [Result]) {
        print("")
        print("== lists (ListContainer, one buffer; first frame and heap from creating the window)")
        print(pad("case", 40, left: false) + pad("median us", 11) + pad("min us", 9) + pad("allocs/frame", 14)
              + pad("first frame ms", 16) + pad("heap kB", 9) + pad("views made", 12))
        for result in results where !result.frame.samples.isEmpty {
            print(pad(result.frame.name, 40, left: false) + pad(format(result.frame.median * 1e6, 2), 11)
                  + pad(format(result.frame.minimum * 1e6, 2), 9)
                  + pad(format(result.frame.allocationsPerOperation, 2), 14)
                  + pad(format(result.firstFrameSeconds * 1e3, 2), 16) + pad("\(result.heapBytes / 1024)", 9)
                  + pad("\(result.viewsMade)", 12))
        }
    }

    /// `name value` lines: the 10,000,000-row list against the 100-row one.
    static func summary(_ results: [Result]) -> [(String, Double)] {
        guard results.count == 2, !results[0].frame.samples.isEmpty, !results[1].frame.samples.isEmpty else {
            return [("list_frame_10m_vs_100", .nan), ("list_heap_kb_10m_minus_100", .nan),
                    ("list_allocations_per_frame", .nan), ("list_first_frame_ms_10m", .nan)]
        }
        return [
            ("list_frame_10m_vs_100", results[1].frame.median / results[0].frame.median),
            ("list_heap_kb_10m_minus_100", Double(results[1].heapBytes - results[0].heapBytes) / 1024),
            ("list_allocations_per_frame", max(results[0].frame.allocationsPerOperation,
                                               results[1].frame.allocationsPerOperation)),
            ("list_first_frame_ms_10m", results[1].firstFrameSeconds * 1e3),
        ]
    }
}
