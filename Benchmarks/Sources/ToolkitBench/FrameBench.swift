import Toolkit

/// `toolkit-bench frames`: what a 1080p frame costs, against the budget "a full frame within 1.5x of one
/// pixman copy of it".
///
/// Cases: (a) the pixman copy itself; (b) a full repaint of the list window (everything damaged); (c) a
/// scrolling frame of a plain clipping view (moved by 7 pt, damage = its frame: the list is drawn again);
/// (d) an idle frame (nothing damaged); (e) the scrolling frame again with 100,000 rows of content instead of
/// 100, only about 25 of them visible either way; (f) the scrolling frame with a `ScrollContainer`, which
/// scrolls by copying pixels, into one buffer; (g) the same into two buffers in turn with copy-forward, the
/// Wayland window's path: the frame the budget is about; (h) a pinch frame: the list zoomed to a new scale
/// between 1x and 1.5x every frame, so the whole visible list is drawn again at that scale (two buffers).
/// The zoom never shows a stretched bitmap: each pinch frame draws the content at its scale, and (h) says
/// what that costs against the copy.
@MainActor
enum FrameBench {
    /// Scroll step per frame, in points.
    static let scrollStep = 7.0

    static func run(_ options: Options) -> [Measurement] {
        let runs = options.runs
        let q = options.quick
        var results: [Measurement] = []

        let copy = PixmanCopy(width: ListScene.width, height: ListScene.height)
        let reference = Measurement.measure("(a) pixman copy 1920x1080 (composite32 SRC)", runs: runs,
                                            operationsPerRun: q ? 5 : 50, options: options) { _ in
            for _ in 0..<(q ? 5 : 50) { copy.composite() }
        }
        results.append(reference)
        results.append(Measurement.measure("    pixman_blt 1920x1080 (for comparison)", runs: runs,
                                           operationsPerRun: q ? 5 : 50, options: options) { _ in
            for _ in 0..<(q ? 5 : 50) { copy.blit() }
        })
        // 4 pairs = 66 MB, twice a 32 MB last-level cache: every copy goes to memory.
        let coldCopy = PixmanCopy(width: ListScene.width, height: ListScene.height, pairs: 4)
        results.append(Measurement.measure("    pixman copy, cache-cold (4 pairs in turn)", runs: runs,
                                           operationsPerRun: q ? 8 : 40, options: options) { _ in
            for _ in 0..<(q ? 8 : 40) { coldCopy.composite() }
        })

        let scene = ListScene(rowCount: 100)
        let fullWindow = Rect(x: 0, y: 0, width: Double(ListScene.width), height: Double(ListScene.height))
        scene.scroll(to: 3 * scrollStep)
        scene.frame()
        let fullFrames = q ? 3 : 20
        results.append(Measurement.measure("(b) full repaint, 100 rows", runs: runs, operationsPerRun: fullFrames,
                                           options: options) { _ in
            for _ in 0..<fullFrames {
                scene.window.addDamage(fullWindow)
                scene.frame()
            }
        })

        // The same with the labels' colour changing every frame: no line is ever drawn twice in the same colours,
        // so none is copied from a raster; every glyph is blended (what a first frame or new rows cost).
        var shade = 0
        results.append(Measurement.measure("    full repaint, label colour new every frame", runs: runs,
                                           operationsPerRun: fullFrames, options: options) { _ in
            for _ in 0..<fullFrames {
                shade += 1
                RowView.textColor = Color(white: shade % 2 == 0 ? 0.1 : 0.12)
                scene.window.addDamage(fullWindow)
                scene.frame()
            }
        })
        RowView.textColor = Color(white: 0.1)

        if let path = options.snapshotPath, let image = scene.snapshot() {
            do {
                try PNGEncoder.write(image, to: path)
            } catch {
                printError("could not write \(path): \(error)")
            }
        }

        let scrollFrames = q ? 3 : 30
        // A ring buffer's start wraps back to its block's start (one copy of the frame) about every
        // `ringWrapPeriod` frames: runs of the ring cases last that long, so that each run carries its share of wraps
        // (with runs of 30 frames, some runs had a wrap and some none, and the median jumped between the two).
        let ringFrames = q ? 3 : ringWrapPeriod
        results.append(scrollingCase("(c) scroll 7 pt, 100 rows", scene: scene, frames: scrollFrames,
                                     options: options))

        // The same frames with no window background: the list area is then filled once (the rows) instead of
        // twice (the window's background under the opaque rows, then the rows).
        scene.window.rootView.backgroundColor = nil
        results.append(scrollingCase("    scroll 7 pt, 100 rows, no window background", scene: scene,
                                     frames: scrollFrames, options: options))
        scene.window.rootView.backgroundColor = Color(white: 1)

        let idleFrames = q ? 1000 : 20000
        results.append(Measurement.measure("(d) idle frame (nothing damaged)", runs: runs,
                                           operationsPerRun: idleFrames, options: options) { _ in
            for _ in 0..<idleFrames { scene.frame() }
        })

        let large = ListScene(rowCount: 100_000)
        large.frame()
        results.append(scrollingCase("(e) scroll 7 pt, 100,000 rows", scene: large, frames: scrollFrames,
                                     options: options))
        results.append(Measurement.measure("    idle frame, 100,000 rows", runs: runs,
                                           operationsPerRun: idleFrames, options: options) { _ in
            for _ in 0..<idleFrames { large.frame() }
        })

        // The same scrolling frames with a real ScrollContainer, scrolled by setting `contentOffset` (its
        // indicators show, and each set schedules their fade). It scrolls by copying pixels: into one buffer
        // kept across frames, the pixels move in place.
        let scrolling = ListScene(rowCount: 100, scrolling: true)
        scrolling.frame()
        results.append(scrollingCase("(f) ScrollContainer += 7, one buffer (moved in place)", scene: scrolling,
                                     frames: scrollFrames, options: options))

        // The Wayland window's path: two buffers in turn, each brought up to date from the one presented last
        // (the scrolled list copied straight from its old place), then the strip and indicators drawn.
        let presented = ListScene(rowCount: 100, scrolling: true)
        presented.presentFrame()
        results.append(scrollingCase("(g) ScrollContainer += 7, two buffers, 100 rows", scene: presented,
                                     frames: scrollFrames, options: options, twoBuffers: true))
        let presentedLarge = ListScene(rowCount: 100_000, scrolling: true)
        presentedLarge.presentFrame()
        results.append(scrollingCase("(g) ScrollContainer += 7, two buffers, 100k rows", scene: presentedLarge,
                                     frames: scrollFrames, options: options, twoBuffers: true))

        // The Wayland window's default path: two ring buffers whose start moves with a full-width scroll (the
        // band's pixels are not copied), shown in a band surface of their own over the window's surface, which keeps
        // the title bar (not put back at every moved start); the strip and indicators drawn.
        let ring = ListScene(rowCount: 100, scrolling: true, band: true, overlay: true)
        ring.presentRingFrame()
        results.append(scrollingCase("(i) ScrollContainer += 7, ring buffers, 100 rows", scene: ring,
                                     frames: ringFrames, options: options, path: .ring))
        let ringLarge = ListScene(rowCount: 100_000, scrolling: true, band: true, overlay: true)
        ringLarge.presentRingFrame()
        results.append(scrollingCase("(i) ScrollContainer += 7, ring buffers, 100k rows", scene: ringLarge,
                                     frames: ringFrames, options: options, path: .ring))
        // The same ring path over a ListContainer of 10,000,000 rows (views made near the visible rect and reused):
        // the list's cost per frame must not depend on its length (issue 28).
        let ringList = ListScene(rowCount: 0, band: true, overlay: true, listRows: 10_000_000)
        ringList.presentRingFrame()
        results.append(scrollingCase("(i) ListContainer += 7, ring buffers, 10M rows", scene: ringList,
                                     frames: ringFrames, options: options, path: .ring))
        // The band without the indicator overlay: the rows under the vertical indicator's old and new places redrawn
        // at every frame.
        let ringIndicatorInWindow = ListScene(rowCount: 100, scrolling: true, band: true)
        ringIndicatorInWindow.presentRingFrame()
        results.append(scrollingCase("    ring buffers, 100 rows, indicator drawn in the window", scene: ringIndicatorInWindow,
                                     frames: ringFrames, options: options, path: .ring))
        // Without the band surface (a compositor without wl_subcompositor): the title bar's rows copied again at
        // every moved start.
        let ringCopied = ListScene(rowCount: 100, scrolling: true)
        ringCopied.presentRingFrame()
        results.append(scrollingCase("    ring buffers, 100 rows, title bar copied (no band)", scene: ringCopied,
                                     frames: ringFrames, options: options, path: .ring))
        // The same without the 56 pt title bar: nothing outside the scrolled band has to be put back.
        let ringBare = ListScene(rowCount: 100, scrolling: true, header: false)
        ringBare.presentRingFrame()
        results.append(scrollingCase("    ring buffers, 100 rows, no title bar", scene: ringBare,
                                     frames: ringFrames, options: options, path: .ring))
        if ring.ringWraps + ringLarge.ringWraps > 0 || options.filter == nil {
            print("ring buffers: \(ring.ringWraps + ringLarge.ringWraps) wraps (one frame copy each) over both (i) cases")
        }
        // A fling through the ring buffers: its offsets are fractional; the list is drawn at the offset rounded to
        // whole pixels, so each frame moves the start and draws what comes into view (about 80 rows at 5,000 pt/s).
        results.append(flingCase("(j) fling frame (fractional offsets), ring buffers", scene: ring, options: options))
        // The other way, content moving down towards the title bar: the rows that come into view lie above the held
        // band rows (the compositor holds none of the title bar's rows of a ring frame), so frames go on there too.
        results.append(flingCase("    fling upward (towards the title bar), ring buffers", scene: ring, upward: true,
                                 options: options))

        let zoomed = ListScene(rowCount: 100, scrolling: true, zoomable: true)
        zoomed.presentFrame()
        let pinchFrames = q ? 3 : 20
        var step = 0
        results.append(Measurement.measure("(h) pinch frame: zoom 1x...1.5x, two buffers", runs: runs,
                                           operationsPerRun: pinchFrames, options: options) { _ in
            for _ in 0..<pinchFrames {
                step += 1
                // A triangle wave of scales, never the same twice in a row.
                let phase = Double(step % 20) / 10
                zoomed.scrollContainer?.zoomScale = 1 + 0.5 * (phase <= 1 ? phase : 2 - phase) + 0.001
                zoomed.presentFrame()
            }
        })
        results += uhd(options)
        return results
    }

    /// The same budget at 3840 x 2160 pixels (the 1920 x 1080 point window at scale 2), against a pixman copy of
    /// that size: (a4) the copy, (b4) a full repaint, (g4) the copy path, (i4) the ring path.
    private static func uhd(_ options: Options) -> [Measurement] {
        let runs = options.runs, q = options.quick
        var results: [Measurement] = []
        let copy = PixmanCopy(width: 2 * ListScene.width, height: 2 * ListScene.height)
        results.append(Measurement.measure("(a4) pixman copy 3840x2160", runs: runs, operationsPerRun: q ? 2 : 20,
                                           options: options) { _ in
            for _ in 0..<(q ? 2 : 20) { copy.composite() }
        })
        let full = ListScene(rowCount: 100, scrolling: true, pixelsPerPoint: 2, band: true, overlay: true)
        full.presentRingFrame()
        let fullWindow = Rect(x: 0, y: 0, width: Double(ListScene.width), height: Double(ListScene.height))
        let fullFrames = q ? 2 : 10
        results.append(Measurement.measure("(b4) full repaint 3840x2160 @2x, ring buffers", runs: runs,
                                           operationsPerRun: fullFrames, options: options) { _ in
            for _ in 0..<fullFrames {
                full.window.addDamage(fullWindow)
                full.presentRingFrame()
            }
        })
        let frames = q ? 3 : 30
        let ringFrames = q ? 3 : ringWrapPeriod
        let copied = ListScene(rowCount: 100, scrolling: true, pixelsPerPoint: 2)
        copied.presentFrame()
        results.append(scrollingCase("(g4) += 7 @2x, two buffers (copy path)", scene: copied, frames: frames,
                                     options: options, path: .twoBuffers))
        let ring = ListScene(rowCount: 100, scrolling: true, pixelsPerPoint: 2, band: true, overlay: true)
        ring.presentRingFrame()
        results.append(scrollingCase("(i4) += 7 @2x, ring buffers", scene: ring, frames: ringFrames, options: options,
                                     path: .ring))
        results.append(flingCase("(j4) fling frame @2x, ring buffers", scene: ring, options: options))
        return results
    }

    /// Frames between wraps of the ring buffers for the 7 pt scroll cases: the frame goes on in the presented
    /// buffer's memory, its start moving by one frame's scroll per frame, and wraps onto its mirror
    /// (`ListScene.ringFrames` - 1) frames back, so about every (`ringFrames` - 1) x height / step frames (309 at
    /// 1080 pixels, 7 points per frame and blocks of three frames, at any scale).
    static var ringWrapPeriod: Int {
        Int((Double(ListScene.ringFrames - 1) * Double(ListScene.height) / scrollStep).rounded(.up))
    }

    /// Frames of a fling drawn through the ring buffers: each run flicks the content at 5,000 pt/s from offset 200
    /// (untimed, `ScrollEventBench.flick`), then times its first `frames` frames (offsets are fractional, drawn at
    /// whole pixels).
    private static func flingCase(_ name: String, scene: ListScene, upward: Bool = false,
                                  options: Options) -> Measurement {
        let frames = options.quick ? 5 : 30
        return Measurement.measure(name, runs: options.runs, operationsPerRun: frames, options: options,
                                   setUp: { _ in
            ScrollEventBench.flick(scene, upward: upward)
        }) { _ in
            for _ in 0..<frames { scene.presentRingFrame() }
        }
    }

    /// How the frames of a scrolling case reach pixels.
    enum Path {
        /// One buffer kept across frames (`ListScene.frame()`).
        case oneBuffer
        /// Two buffers in turn with copy-forward (`ListScene.presentFrame()`).
        case twoBuffers
        /// Two ring buffers in turn (`ListScene.presentRingFrame()`).
        case ring
    }

    /// Frames that each scroll `scene`'s container by 7 pt, back and forth within the first 100 rows' range (so
    /// every scene draws the same rows and every step is 7 pt), and draw the damage: into one buffer, or into
    /// two in turn (`ListScene.presentFrame()`).
    private static func scrollingCase(_ name: String, scene: ListScene, frames: Int, options: Options,
                                      twoBuffers: Bool = false, path: Path? = nil) -> Measurement {
        let path = path ?? (twoBuffers ? .twoBuffers : .oneBuffer)
        let range = 100 * RowView.height - scene.container.bounds.height
        var offset = scene.container.bounds.origin.y
        var direction = 1.0
        return Measurement.measure(name, runs: options.runs, operationsPerRun: frames,
                                   options: options) { _ in
            for _ in 0..<frames {
                if offset + direction * scrollStep > range || offset + direction * scrollStep < 0 {
                    direction = -direction
                }
                offset += direction * scrollStep
                scene.scroll(to: offset)
                switch path {
                case .oneBuffer: scene.frame()
                case .twoBuffers: scene.presentFrame()
                case .ring: scene.presentRingFrame()
                }
            }
        }
    }
}
