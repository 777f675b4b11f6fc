import Glibc
import Toolkit

/// `grids`: a `GridContainer` with 10,000,000 items against one with 100, in the `lists` window (1920 x 1080, the
/// 56 pt title bar, the grid below it), drawn into one buffer. Items are 240 x 240 (7 columns, rows 248 pt apart:
/// the 100-item grid is 15 rows, 3,720 pt, so it scrolls 2,600 pt like the 10,000,000-item one), each a thumbnail
/// swatch and a caption taken from strings made once, every view dequeued when one is free.
///
/// The frames: the offset moved 7 pt per frame back and forth over 2,600 pt (ten and a half rows of items pass
/// through the visible rect, so views go back to the pool and come out of it all the time), `prepareFrame` and
/// `draw(into:)`. The 10,000,000-item grid must cost what the 100-item one does and allocate nothing per frame
/// (SCROLL.md 20), with at most the items in view plus two visible heights of rows alive.
@MainActor
enum GridContainerBench {
    /// Items drawn as `Tile`s.
    @MainActor
    final class Tiles: GridDataSource {
        let count: Int
        var made = 0

        init(count: Int) { self.count = count }

        func numberOfItems(in grid: GridContainer) -> Int { count }

        func grid(_ grid: GridContainer, viewForItem item: Int) -> View {
            let view: Tile
            if let reused = grid.dequeueReusableView(kind: "tile") as? Tile {
                view = reused
            } else {
                made += 1
                view = Tile()
            }
            view.reuseKind = "tile"
            view.show(item)
            return view
        }
    }

    /// A photo's place: a coloured rounded swatch and a caption (64 strings made once).
    @MainActor
    final class Tile: View {
        static let captions: [String] = (0..<64).map { "IMG_\(1000 + $0).jpg" }
        private var index = 0

        init() { super.init(frame: .zero) }

        func show(_ item: Int) {
            index = item
            setNeedsDisplay()
        }

        override func draw(in canvas: Canvas) {
            let b = bounds
            canvas.fillRoundedRect(Rect(x: 0, y: 0, width: b.width, height: b.height - 28), radius: 10,
                                   color: ListContainerBench.ReusableRow.swatches[index % 12])
            canvas.drawText(Tile.captions[index % 64], at: Point(x: 4, y: b.height - 22), size: 13,
                            color: RowView.textColor)
        }
    }

    /// One grid in its window, drawn into one buffer.
    @MainActor
    final class Scene: LazyBenchScene {
        let window = WindowCore(size: Size(width: 1920, height: 1080))
        let grid = GridContainer(frame: Rect(x: 0, y: HeaderView.height, width: 1920, height: 1080 - HeaderView.height))
        let tiles: Tiles
        let pixels: UnsafeMutablePointer<UInt32>
        let canvas: Canvas
        var clock = Duration.zero
        var direction = 7.0

        init(count: Int) {
            tiles = Tiles(count: count)
            pixels = .allocate(capacity: 1920 * 1080)
            pixels.initialize(repeating: 0, count: 1920 * 1080)
            canvas = Canvas(pixels: UnsafeMutableRawPointer(pixels), width: 1920, height: 1080, stride: 1920 * 4)
            window.rootView.backgroundColor = Color(white: 1)
            window.rootView.addSubview(HeaderView(width: 1920))
            grid.backgroundColor = Color(white: 1)
            grid.itemSize = Size(width: 240, height: 240)
            window.rootView.addSubview(grid)
            grid.dataSource = tiles
        }

        isolated deinit { pixels.deallocate() }

        var viewsMade: Int { tiles.made }
        var liveViews: Int { grid.numberOfLiveViews }

        func frame() {
            clock += .microseconds(16_667)
            window.prepareFrame(at: clock)
            _ = window.draw(into: canvas)
        }

        /// The offset moves 7 pt (turning back at 0 and 2,600), then a frame.
        func scrollFrame() {
            let next = grid.contentOffset.y + direction
            if next > 2600 || next < 0 { direction = -direction }
            grid.contentOffset = Point(x: 0, y: grid.contentOffset.y + direction)
            frame()
        }
    }

    static func run(_ options: Options) -> [LazyBench.Result] {
        let counts = [100, 10_000_000]
        return LazyBench.measure(
            counts: counts, names: counts.map { "GridContainer += 7, \($0) items" }, options: options,
            make: { Scene(count: $0) })
    }
}
