import CAllocCounter
import Glibc
import Toolkit

/// `lists`: a `ListContainer` with 10,000,000 rows against one with 100, in the same 1920 x 1080 window as the
/// frame cases (a 56 pt title bar, the list below it, rows like `RowView`), drawn into one buffer (case (f)'s path).
///
/// Per row count: the time from creating the window, the list and its data source to the end of the first drawn
/// frame; the resident memory that added (`/proc/self/statm`, after the first frame); then the frame case: the
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

    /// Resident memory of the process, kB (`/proc/self/statm`, second field, in pages).
    static func residentKB() -> Int {
        guard let file = fopen("/proc/self/statm", "r") else { return 0 }
        defer { fclose(file) }
        var size = 0, resident = 0
        withUnsafeMutablePointer(to: &size) { sizePointer in
            withUnsafeMutablePointer(to: &resident) { residentPointer in
                _ = withVaList([sizePointer, residentPointer]) { vfscanf(file, "%ld %ld", $0) }
            }
        }
        return resident * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
    }

    /// The figures of one row count.
    struct Result {
        var count: Int
        var firstFrameSeconds: Double
        var residentKB: Int
        var frame: Measurement
        var viewsMade: Int
    }

    static func run(_ options: Options) -> [Result] {
        var results: [Result] = []
        // A throw-away list first: the font, the glyph caches and the allocator's arenas are then in place, so the
        // resident memory below is what each list adds.
        do {
            let warm = Scene(count: 100)
            for _ in 0..<100 { warm.scrollFrame() }
        }
        for count in [100, 10_000_000] {
            let before = residentKB()
            let start = Stopwatch.nanoseconds()
            let scene = Scene(count: count)
            scene.frame()
            let firstFrame = Double(Stopwatch.nanoseconds() - start) / 1e9
            let resident = residentKB() - before
            let frames = options.quick ? 200 : 2000
            let measurement = Measurement.measure("ListContainer += 7, \(count) rows", runs: options.runs,
                                                  operationsPerRun: frames, options: options) { _ in
                for _ in 0..<frames { scene.scrollFrame() }
            }
            results.append(Result(count: count, firstFrameSeconds: firstFrame, residentKB: resident,
                                  frame: measurement, viewsMade: scene.rows.made))
        }
        return results
    }

    /// The table, and the figures for `--summary`.
    static func printResults(_ results: [Result]) {
        print("")
        print("== lists (ListContainer, one buffer; first frame and resident memory from creating the window)")
        print(pad("case", 40, left: false) + pad("median us", 11) + pad("min us", 9) + pad("allocs/frame", 14)
              + pad("first frame ms", 16) + pad("RSS kB", 9) + pad("views made", 12))
        for result in results where !result.frame.samples.isEmpty {
            print(pad(result.frame.name, 40, left: false) + pad(format(result.frame.median * 1e6, 2), 11)
                  + pad(format(result.frame.minimum * 1e6, 2), 9)
                  + pad(format(result.frame.allocationsPerOperation, 2), 14)
                  + pad(format(result.firstFrameSeconds * 1e3, 2), 16) + pad("\(result.residentKB)", 9)
                  + pad("\(result.viewsMade)", 12))
        }
    }

    /// `name value` lines: the 10,000,000-row list against the 100-row one.
    static func summary(_ results: [Result]) -> [(String, Double)] {
        guard results.count == 2, !results[0].frame.samples.isEmpty, !results[1].frame.samples.isEmpty else {
            return [("list_frame_10m_vs_100", .nan), ("list_resident_kb_10m_minus_100", .nan),
                    ("list_allocations_per_frame", .nan), ("list_first_frame_ms_10m", .nan)]
        }
        return [
            ("list_frame_10m_vs_100", results[1].frame.median / results[0].frame.median),
            ("list_resident_kb_10m_minus_100", Double(results[1].residentKB - results[0].residentKB)),
            ("list_allocations_per_frame", max(results[0].frame.allocationsPerOperation,
                                               results[1].frame.allocationsPerOperation)),
            ("list_first_frame_ms_10m", results[1].firstFrameSeconds * 1e3),
        ]
    }
}
