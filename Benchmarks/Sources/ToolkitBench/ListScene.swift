import Toolkit

/// The benchmark window: a header and, below it, a clipping container of `rowCount` rows of 44 pt, all in a
/// `WindowCore` of 1920 x 1080 points at scale 1, drawn into a pixel buffer of the same size.
///
/// The container is either a plain `View` with `clipsToBounds`, scrolled by setting `bounds.origin` (what a
/// scroll container does with its content offset), or a real `ScrollContainer`. Either way a scroll damages
/// the container's frame, the whole list area. Every row is a subview, including those far outside the
/// visible area, so the per-frame cost shows whether the drawing walk depends on the content length.
@MainActor
final class ListScene {
    /// Window width, in points (and pixels).
    static let width = 1920
    /// Window height, in points (and pixels).
    static let height = 1080

    let window: WindowCore
    let container: View
    /// The container when it is a `ScrollContainer`.
    let scrollContainer: ScrollContainer?
    let rows: [RowView]
    let canvas: Canvas
    /// The canvas's pixels (`width * height` ARGB words), owned here.
    let pixels: UnsafeMutablePointer<UInt32>
    /// The window clock used for frames and events, advanced by the benchmarks.
    var clock = Duration.zero

    /// The scrollable distance, in points: content height minus the container height (at least 0).
    var maximumOffset: Double {
        max(0, Double(rows.count) * RowView.height - container.bounds.height)
    }

    /// A window with `rowCount` rows in a plain clipping view, or in a `ScrollContainer` when `scrolling`.
    init(rowCount: Int, scrolling: Bool = false) {
        let size = Size(width: Double(ListScene.width), height: Double(ListScene.height))
        window = WindowCore(size: size)
        window.rootView.backgroundColor = Color(white: 1)
        window.rootView.addSubview(HeaderView(width: size.width))
        let listFrame = Rect(x: 0, y: HeaderView.height, width: size.width, height: size.height - HeaderView.height)
        if scrolling {
            let scroll = ScrollContainer(frame: listFrame)
            scroll.contentSize = Size(width: size.width, height: Double(rowCount) * RowView.height)
            scrollContainer = scroll
            container = scroll
        } else {
            scrollContainer = nil
            container = View(frame: listFrame)
            container.clipsToBounds = true
        }
        window.rootView.addSubview(container)
        var rows: [RowView] = []
        rows.reserveCapacity(rowCount)
        for index in 0..<rowCount {
            let row = RowView(index: index, width: size.width)
            container.addSubview(row)
            rows.append(row)
        }
        self.rows = rows
        pixels = .allocate(capacity: ListScene.width * ListScene.height)
        pixels.initialize(repeating: 0, count: ListScene.width * ListScene.height)
        canvas = Canvas(pixels: UnsafeMutableRawPointer(pixels), width: ListScene.width, height: ListScene.height,
                        stride: ListScene.width * 4)
    }

    isolated deinit {
        pixels.deallocate()
    }

    /// Scrolls the container so that content point `y` is at its top (damages the container's frame).
    func scroll(to y: Double) {
        container.bounds = Rect(origin: Point(x: 0, y: y), size: container.bounds.size)
    }

    /// The pixels drawn so far, as an image.
    func snapshot() -> Image? {
        Image(width: ListScene.width, height: ListScene.height,
              pixels: Array(UnsafeBufferPointer(start: pixels, count: ListScene.width * ListScene.height)))
    }

    /// One frame at 60 Hz: the clock moves on by 1/60 s, animations step, the damage is drawn.
    /// Returns the number of damaged pixels' bounding box area (for a sanity check of what was drawn).
    @discardableResult
    func frame() -> Int {
        clock += .nanoseconds(16_666_667)
        window.prepareFrame(at: clock)
        let drawn = window.draw(into: canvas)
        return Int(drawn.bounds.width * drawn.bounds.height)
    }
}
