import Toolkit
// The ring buffers, base and overlay of the Wayland window's presentation (`FramePresenter`) are not public API.
@_spi(Presentation) import ToolkitCore

/// The benchmark window: a header and, below it, a clipping container of `rowCount` rows of 44 pt, all in a
/// `WindowCore` of 1920 x 1080 points at scale 1, drawn into pixel buffers of the same size.
///
/// The container is either a plain `View` with `clipsToBounds`, scrolled by setting `bounds.origin` (the
/// whole list area is damaged and drawn again), or a real `ScrollContainer`, which scrolls by copying pixels
/// (`View.scrollsByCopyingPixels`): only the strip that comes into view and the indicators are drawn. Every
/// row is a subview, including those far outside the visible area, so the per-frame cost shows whether the
/// drawing walk depends on the content length.
///
/// Frames go either into one buffer kept across frames (`frame()`: a scroll moves its pixels in place) or
/// into two buffers in turn (`presentFrame()`), as the Wayland window does when the compositor holds the
/// buffer it shows: each frame first brings the other buffer up to date from the last one (the damage it
/// missed, and a scroll's pixels copied straight from their old place), then draws.
@MainActor
final class ListScene {
    /// Window width, in points (and pixels).
    static let width = 1920
    /// Window height, in points (and pixels).
    static let height = 1080

    let window: WindowCore
    /// Draws `window`'s frames into ring buffers, a base and an overlay, as the Wayland window does.
    let presenter: FramePresenter
    let container: View
    /// The container when it is a `ScrollContainer`.
    let scrollContainer: ScrollContainer?
    let rows: [RowView]
    let canvas: Canvas
    /// The canvas's pixels (`width * height` ARGB words), owned here.
    let pixels: UnsafeMutablePointer<UInt32>
    /// The two buffers of `presentFrame()` (the first is `pixels`), their canvases, and per buffer the pixels
    /// presented since it was last drawn (what the Wayland buffer pool tracks).
    private let pairPixels: [UnsafeMutablePointer<UInt32>]
    private let pairCanvases: [Canvas]
    private var missing = [PixelRegion(), PixelRegion()]
    private var nextBuffer = 0
    private var presentedOnce = false
    /// Pixels per point of the buffers, and their size in pixels.
    let pixelsPerPoint: Int
    let pixelWidth: Int
    let pixelHeight: Int
    /// Frames each ring block holds (as the Wayland window's pools).
    static let ringFrames = 3
    /// The ring buffers of `presentRingFrame()`, their memory, what each lacks, and the one presented last.
    private var ringBuffers: [RingFrameBuffer] = []
    private var ringBlocks: [UnsafeMutableRawPointer] = []
    private var ringLags = [BufferLag(), BufferLag()]
    private var presentedRing = 1
    private var ringPresentedOnce = false
    /// The base and overlay buffer drawn next (each alternates on its own: the other one is held).
    private var nextBase = 0
    private var nextOverlay = 0
    /// Frames `presentRingFrame()` drew onward in the presented buffer's memory, and into the other buffer.
    private(set) var onwardFrames = 0
    private(set) var otherBufferFrames = 0
    /// With `band`: the list's band shown from the ring buffers in a surface of its own, the title bar's rows drawn
    /// into two base buffers (the Wayland window's own surface below the band's, `FrameBase`), their pixels and
    /// canvases, and per buffer the pixels it lacks. The compositor then holds only the band's rows of a ring frame.
    let usesBand: Bool
    private var basePixels: [UnsafeMutablePointer<UInt32>] = []
    private var baseCanvases: [Canvas] = []
    private var baseMissing = [PixelRegion(), PixelRegion()]
    /// With `overlay` (and `band`): the container's vertical indicator drawn into two overlay buffers of its own
    /// (the Wayland window's indicator subsurface, `IndicatorOverlay`), their pixels and canvases, and the column.
    let usesOverlay: Bool
    private var overlayPixels: [UnsafeMutablePointer<UInt32>] = []
    private var overlayCanvases: [Canvas] = []
    private var overlayColumn: Rect?
    /// With `listRows`: the list's data source (the list holds it weakly).
    private(set) var listSource: ListContainerBench.Rows?
    /// The window clock used for frames and events, advanced by the benchmarks.
    var clock = Duration.zero

    /// The scrollable distance, in points: content height minus the container height (at least 0).
    var maximumOffset: Double {
        max(0, Double(rows.count) * RowView.height - container.bounds.height)
    }

    /// With `zoomable`: the view holding the rows, which the `ScrollContainer` zooms, and its delegate.
    private(set) var zoomHolder: View?
    private var zoomDelegate: HolderZoom?

    /// Names the holder for zooming.
    private final class HolderZoom: ScrollContainerDelegate {
        let view: View
        init(_ view: View) { self.view = view }
        func viewForZooming(in container: ScrollContainer) -> View? { view }
    }

    /// A window with `rowCount` rows in a plain clipping view, or in a `ScrollContainer` when `scrolling`; with
    /// `zoomable` too, the rows sit in one view the container zooms (0.5x to 4x). Buffers have `pixelsPerPoint`
    /// pixels per point (2: a 3840 x 2160 frame).
    /// With `header` false the list fills the whole window (no rows outside the scrolled band).
    /// With `listRows`, the container is a `ListContainer` of that many rows from `ListContainerBench.Rows`
    /// (views made only near the visible rect, reused) instead of `rowCount` subviews.
    init(rowCount: Int, scrolling: Bool = false, zoomable: Bool = false, pixelsPerPoint: Int = 1,
         header: Bool = true, band: Bool = false, overlay: Bool = false, listRows: Int? = nil) {
        self.pixelsPerPoint = pixelsPerPoint
        usesBand = band && header
        usesOverlay = overlay && (scrolling || listRows != nil)
        pixelWidth = ListScene.width * pixelsPerPoint
        pixelHeight = ListScene.height * pixelsPerPoint
        let pixelWidth = self.pixelWidth, pixelHeight = self.pixelHeight
        let size = Size(width: Double(ListScene.width), height: Double(ListScene.height))
        window = WindowCore(size: size)
        presenter = FramePresenter(core: window)
        window.rootView.backgroundColor = Color(white: 1)
        let top = header ? HeaderView.height : 0
        if header { window.rootView.addSubview(HeaderView(width: size.width)) }
        let listFrame = Rect(x: 0, y: top, width: size.width, height: size.height - top)
        if let listRows {
            let list = ListContainer(frame: listFrame)
            let source = ListContainerBench.Rows(count: listRows)
            list.dataSource = source
            listSource = source
            scrollContainer = list
            container = list
        } else if scrolling {
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
        var rowParent = container
        if zoomable, let scroll = scrollContainer {
            let holder = View(frame: Rect(x: 0, y: 0, width: size.width, height: Double(rowCount) * RowView.height))
            scroll.addSubview(holder)
            let delegate = HolderZoom(holder)
            scroll.delegate = delegate
            scroll.minimumZoomScale = 0.5
            scroll.maximumZoomScale = 4
            zoomHolder = holder
            zoomDelegate = delegate
            rowParent = holder
        }
        var rows: [RowView] = []
        rows.reserveCapacity(rowCount)
        for index in 0..<(listRows == nil ? rowCount : 0) {
            let row = RowView(index: index, width: size.width)
            rowParent.addSubview(row)
            rows.append(row)
        }
        self.rows = rows
        pixels = .allocate(capacity: pixelWidth * pixelHeight)
        pixels.initialize(repeating: 0, count: pixelWidth * pixelHeight)
        canvas = Canvas(pixels: UnsafeMutableRawPointer(pixels), width: pixelWidth, height: pixelHeight,
                        stride: pixelWidth * 4, scale: pixelsPerPoint)
        let second = UnsafeMutablePointer<UInt32>.allocate(capacity: pixelWidth * pixelHeight)
        second.initialize(repeating: 0, count: pixelWidth * pixelHeight)
        pairPixels = [pixels, second]
        pairCanvases = [canvas, Canvas(pixels: UnsafeMutableRawPointer(second), width: pixelWidth,
                                       height: pixelHeight, stride: pixelWidth * 4, scale: pixelsPerPoint)]
        if usesBand {
            // Whole-window buffers, as the Wayland window's base pool; only the title bar's rows are ever touched.
            for _ in 0..<2 {
                let memory = UnsafeMutablePointer<UInt32>.allocate(capacity: pixelWidth * pixelHeight)
                basePixels.append(memory)
                baseCanvases.append(Canvas(pixels: UnsafeMutableRawPointer(memory), width: pixelWidth,
                                           height: pixelHeight, stride: pixelWidth * 4, scale: pixelsPerPoint))
            }
        }
    }

    /// `width` x `height` zeroed pixels (owned by the caller) and a canvas over them at `scale`.
    private static func zeroedBuffer(width: Int, height: Int, scale: Int) -> (UnsafeMutablePointer<UInt32>, Canvas) {
        let memory = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
        memory.initialize(repeating: 0, count: width * height)
        return (memory, Canvas(pixels: UnsafeMutableRawPointer(memory), width: width, height: height,
                               stride: width * 4, scale: scale))
    }

    /// Makes the overlay buffers for the column the pending scroll's container would use.
    private func makeOverlayBuffers() {
        guard usesOverlay, overlayColumn == nil,
              let column = presenter.indicatorColumnForPendingMove(pixelsPerPoint: Double(pixelsPerPoint)) else { return }
        let width = Int(column.width) * pixelsPerPoint, height = Int(column.height) * pixelsPerPoint
        for _ in 0..<2 {
            let (memory, canvas) = ListScene.zeroedBuffer(width: width, height: height, scale: pixelsPerPoint)
            overlayPixels.append(memory)
            overlayCanvases.append(canvas)
        }
        overlayColumn = column
    }

    isolated deinit {
        for memory in overlayPixels { memory.deallocate() }
        pairPixels[1].deallocate()
        pixels.deallocate()
        for block in ringBlocks { block.deallocate() }
        for memory in basePixels { memory.deallocate() }
    }

    /// Makes the two ring buffers of `presentRingFrame()`: blocks of `ListScene.ringFrames` frames, as the
    /// Wayland window's pools.
    func makeRingBuffers() {
        guard ringBuffers.isEmpty else { return }
        let bytes = pixelWidth * 4 * pixelHeight * ListScene.ringFrames
        for _ in 0..<2 {
            let block = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
            // Touch every page once, as the compositor-shared memory of a long-running window would be.
            block.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
            ringBlocks.append(block)
            ringBuffers.append(RingFrameBuffer(memory: block, byteCount: bytes, width: pixelWidth,
                                               height: pixelHeight, pixelsPerPoint: Double(pixelsPerPoint)))
        }
    }

    /// One frame at 60 Hz as `WaylandWindow.drawFrame` does by default with a compositor that holds the buffer
    /// it shows until the next one is committed (weston's and wlroots' pixman renderers): the frame goes on in the
    /// presented ring buffer's memory when it writes none of the rows the compositor holds
    /// (`FramePresenter.drawOnward`), else into the other ring buffer, which catches up with the presented one (its
    /// pending band shift and this frame's scroll become one move of its start; the rows outside the band and the
    /// missing pixels are copied) before the damage is drawn. With `usesBand`, the compositor holds only the band's
    /// rows of a ring frame and the title bar's rows go into the other of two base buffers (the window's own surface
    /// below the band's), with `usesOverlay` the indicator into the other of two overlay buffers. Returns the
    /// damaged pixels' bounding box area.
    @discardableResult
    func presentRingFrame() -> Int {
        makeRingBuffers()
        clock += .nanoseconds(16_666_667)
        if !ringPresentedOnce {
            window.addDamage(Rect(x: 0, y: 0, width: Double(ListScene.width), height: Double(ListScene.height)))
        }
        window.prepareFrame(at: clock)
        let presented = presentedRing, other = 1 - presentedRing
        let baseTarget = nextBase, baseSource = 1 - nextBase
        // The base buffer drawn this frame, lagging the presented base by what the frames since drew into it.
        let base = usesBand
            ? FrameBase(canvas: baseCanvases[baseTarget], bandTop: HeaderView.height,
                        bandBottom: Double(ListScene.height),
                        previousFrame: ringPresentedOnce
                            ? PreviousFrame(pixels: UnsafeRawPointer(basePixels[baseSource]), stride: pixelWidth * 4,
                                            missing: baseMissing[baseTarget])
                            : nil)
            : nil
        makeOverlayBuffers()
        let indicators = overlayColumn.map { IndicatorOverlay(canvas: overlayCanvases[nextOverlay], column: $0) }
        // The compositor holds the presented frame's rows (with the band, its rows alone).
        let held = ringBuffers[presented]
        let firstShown = usesBand ? Int(HeaderView.height) * pixelsPerPoint : 0
        held.heldRows = (held.startRow + firstShown)..<(held.startRow + pixelHeight)
        let target: Int
        let frame: RingFrame
        if ringPresentedOnce, let onward = presenter.drawOnward(into: held, base: base, indicators: indicators) {
            target = presented
            frame = onward
            onwardFrames += 1
        } else {
            target = other
            ringBuffers[other].heldRows = 0..<0
            let previous = ringPresentedOnce
                ? PreviousFrame(pixels: UnsafeRawPointer(held.pixels), stride: pixelWidth * 4, lag: ringLags[other])
                : nil
            frame = presenter.draw(into: ringBuffers[other], previousFrame: previous, base: base, indicators: indicators)
            otherBufferFrames += 1
        }
        let scale = Double(pixelsPerPoint)
        let changed = frame.changed.pixels(pixelsPerPoint: scale)
        if usesBand, !frame.baseDamage.isEmpty || !ringPresentedOnce {
            baseMissing[baseTarget].removeAll()
            baseMissing[baseSource].add(frame.baseDamage, pixelsPerPoint: scale)
            nextBase = baseSource
        }
        if frame.indicatorsDrawn { nextOverlay = 1 - nextOverlay }
        var area = 0.0
        frame.changed.forEachRect { _, _, w, h in area += Double(w) * Double(h) }
        frame.baseDamage.forEachRect { _, _, w, h in area += Double(w) * Double(h) }
        lastChangedArea = area
        lastOverlayArea = frame.indicatorsDrawn ? overlayColumn.map { $0.width * $0.height } ?? 0 : 0
        ringLags[target] = BufferLag()
        ringLags[1 - target].framePresented(damage: changed, shift: frame.shift, width: pixelWidth)
        presentedRing = target
        ringPresentedOnce = true
        return Int(frame.damage.bounds.width * frame.damage.bounds.height)
    }

    /// Points the window's pixels took in the last `presentRingFrame()` (drawn, not moved: its `changed`, the base's
    /// damage too), and the overlay's column area when the overlay was drawn (whole, as it is).
    private(set) var lastChangedArea = 0.0
    private(set) var lastOverlayArea = 0.0

    /// Wraps of both ring buffers so far (each one copy of the frame).
    var ringWraps: Int { ringBuffers.reduce(0) { $0 + $1.wrapCount } }

    /// Scrolls the container so that content point `y` is at its top (damages the container's frame).
    func scroll(to y: Double) {
        if let list = container as? ListContainer {
            // A list lays its rows out when its offset changes.
            list.contentOffset = Point(x: 0, y: y)
            return
        }
        container.bounds = Rect(origin: Point(x: 0, y: y), size: container.bounds.size)
    }

    /// The pixels drawn so far, as an image.
    func snapshot() -> Image? {
        Image(width: pixelWidth, height: pixelHeight,
              pixels: Array(UnsafeBufferPointer(start: pixels, count: pixelWidth * pixelHeight)))
    }

    /// One frame at 60 Hz into the other of two buffers, as `WaylandWindow.drawFrame` does with a compositor that
    /// holds the buffer it shows: the clock moves on, animations step, the buffer is brought up to date from the
    /// one presented last and the damage is drawn; the damage (pixels; points at scale 1) is then missing from the
    /// other buffer. Returns the damaged pixels' bounding box area.
    @discardableResult
    func presentFrame() -> Int {
        clock += .nanoseconds(16_666_667)
        // The first frame into a buffer that holds nothing yet is drawn in full.
        if !presentedOnce {
            window.addDamage(Rect(x: 0, y: 0, width: Double(ListScene.width), height: Double(ListScene.height)))
        }
        window.prepareFrame(at: clock)
        let target = nextBuffer, source = 1 - nextBuffer
        let previous = presentedOnce
            ? PreviousFrame(pixels: UnsafeRawPointer(pairPixels[source]), stride: pixelWidth * 4,
                            missing: missing[target])
            : nil
        let drawn = window.draw(into: pairCanvases[target], previousFrame: previous)
        let pixelDamage = drawn.pixels(pixelsPerPoint: Double(pixelsPerPoint))
        missing[target].removeAll()
        missing[source].formUnion(pixelDamage)
        nextBuffer = source
        presentedOnce = true
        return Int(pixelDamage.bounds.width * pixelDamage.bounds.height)
    }

    /// One frame at 60 Hz into the one buffer: the clock moves on by 1/60 s, animations step, the damage is
    /// drawn (a scroll by copy moves the buffer's pixels in place).
    /// Returns the number of damaged pixels' bounding box area (for a sanity check of what was drawn).
    @discardableResult
    func frame() -> Int {
        clock += .nanoseconds(16_666_667)
        window.prepareFrame(at: clock)
        let drawn = window.draw(into: canvas)
        return Int(drawn.bounds.width * drawn.bounds.height)
    }
}
