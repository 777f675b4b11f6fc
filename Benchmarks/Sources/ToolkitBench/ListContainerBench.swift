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
    final class Scene: LazyBenchScene {
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

        var viewsMade: Int { rows.made }
        var liveViews: Int { list.numberOfLiveViews }

        /// The offset moves 7 pt (turning back at 0 and 2,800), then a frame.
        func scrollFrame() {
            let next = list.contentOffset.y + direction
            if next > 2800 || next < 0 { direction = -direction }
            list.contentOffset = Point(x: 0, y: list.contentOffset.y + direction)
            frame()
        }
    }

    /// Both lists are made first (each timed to its first frame, its heap measured), then their timed runs
    /// alternate, so that both see the same machine noise (`LazyBench.measure`).
    static func run(_ options: Options) -> [LazyBench.Result] {
        let counts = [100, 10_000_000]
        return LazyBench.measure(
            counts: counts, names: counts.map { "ListContainer += 7, \($0) rows" }, options: options,
            make: { Scene(count: $0) })
    }

    /// The table.
    static func printResults(_ results: [LazyBench.Result]) {
        LazyBench.printResults(results, title: "lists (ListContainer, one buffer; first frame and heap from creating the window)")
    }

    /// `name value` lines: the 10,000,000-row list against the 100-row one.
    static func summary(_ results: [LazyBench.Result]) -> [(String, Double)] {
        LazyBench.summary(results, prefix: "list")
    }
}
