import Testing

@testable import ToolkitCore

/// Scrolling by copying pixels (`View.scrollsByCopyingPixels`): frame after frame, a window drawn the way a
/// buffer pool draws it (two buffers in turn, each brought up to date from the other, or one buffer moved in
/// place) shows exactly, pixel for pixel, what a full render of the same state shows; and a plain scroll
/// draws only the strip that comes into view.
@MainActor
@Suite struct ScrollByCopyTests {
    /// A row with a background, a rounded swatch, text and a separator; counts its draws.
    final class Row: View {
        var draws = 0
        var swatch: Color
        init(index: Int, width: Double) {
            swatch = Color(red: Double(index % 5) / 5, green: 0.5, blue: Double(index % 3) / 3)
            super.init(frame: Rect(x: 0, y: Double(index) * 22, width: width, height: 22))
            backgroundColor = index % 2 == 0 ? Color(white: 1) : Color(white: 0.9)
        }
        override func draw(in canvas: Canvas) {
            draws += 1
            canvas.fillRoundedRect(Rect(x: 3, y: 3, width: 16, height: 16), radius: 5, color: swatch)
            canvas.drawText(
                "Row \(Int(frame.minY / 22)) gjq", at: Point(x: 24, y: 3), size: 13,
                color: Color(white: 0.1))
            canvas.fill(Rect(x: 24, y: 21.5, width: bounds.width - 24, height: 0.5), color: Color(white: 0.5))
        }
    }

    /// The scene: a header, a list (no background of its own: the window's shows through its gaps) with 40
    /// rows, one of which holds a horizontal carousel, and a translucent badge floating over the list.
    @MainActor
    final class Scene {
        let window = WindowCore(size: Size(width: 160, height: 120))
        let list = ScrollContainer(frame: Rect(x: 10, y: 20, width: 140, height: 90))
        let carousel = ScrollContainer(frame: Rect(x: 30, y: 2, width: 100, height: 18))
        var rows: [Row] = []
        let badge = View(frame: Rect(x: 100, y: 60, width: 30, height: 14))
        /// With a zoom: the view holding the rows, zoomed by the list (<doc:ScrollBehaviour> §11), and its delegate.
        var holder: View?
        var zoomDelegate: HolderZoom?

        /// Names the holder for zooming.
        final class HolderZoom: ScrollContainerDelegate {
            let view: View
            init(_ view: View) { self.view = view }
            func viewForZooming(in container: ScrollContainer) -> View? { view }
        }

        /// The scene; with `zoom` other than 1 the rows sit in one view that the list shows at that scale.
        init(zoom: Double = 1) {
            window.rootView.backgroundColor = Color(red: 0.95, green: 0.95, blue: 1)
            let header = View(frame: Rect(x: 0, y: 0, width: 160, height: 20))
            header.backgroundColor = Color(red: 0.1, green: 0.2, blue: 0.6)
            window.rootView.addSubview(header)
            window.rootView.addSubview(list)
            let rowParent: View
            if zoom != 1 {
                let holder = View(frame: Rect(x: 0, y: 0, width: 140, height: 40 * 22 + 10))
                list.addSubview(holder)
                self.holder = holder
                rowParent = holder
            } else {
                rowParent = list
            }
            for index in 0..<40 {
                let row = Row(index: index, width: 140)
                rowParent.addSubview(row)
                rows.append(row)
            }
            // Rows 10 to 12 leave a gap the window's background shows through.
            rows[11].isHidden = true
            list.contentSize = Size(width: 140, height: 40 * 22 + 10)
            carousel.backgroundColor = Color(red: 1, green: 0.9, blue: 0.8)
            carousel.contentSize = Size(width: 400, height: 18)
            for k in 0..<8 {
                let tile = View(frame: Rect(x: Double(k) * 50 + 2, y: 2, width: 46, height: 14))
                tile.backgroundColor = Color(red: Double(k) / 8, green: 0.3, blue: 0.6)
                carousel.addSubview(tile)
            }
            rows[3].addSubview(carousel)
            badge.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 0.5)
            window.rootView.addSubview(badge)
            if let holder {
                let delegate = HolderZoom(holder)
                zoomDelegate = delegate
                list.delegate = delegate
                list.minimumZoomScale = 0.25
                list.maximumZoomScale = 4
                list.zoomScale = zoom
                list.contentOffset = .zero
            }
        }
    }

    /// How frames reach pixels: like a buffer pool with two buffers, or one buffer kept across frames.
    enum Mode { case twoBuffers, inPlace }

    /// Drives frames into buffers like `WaylandBufferPool` and compares each with a full render.
    @MainActor
    final class Presenter {
        let scene: Scene
        let mode: Mode
        let pixelsPerPoint: Double
        let width: Int
        let height: Int
        var buffers: [Image]
        /// Per buffer, the pixels presented since it was last drawn (what `BufferSlots` tracks).
        var missing: [PixelRegion]
        var next = 0
        var time: Duration = .zero
        var frames = 0
        var mismatches: [String] = []
        /// Called after each frame is drawn, before the comparison (whose full render draws every view).
        var afterDraw: () -> Void = {}

        init(_ scene: Scene, mode: Mode, pixelsPerPoint: Double) {
            self.scene = scene
            self.mode = mode
            self.pixelsPerPoint = pixelsPerPoint
            width = Int((160 * pixelsPerPoint).rounded(.up))
            height = Int((120 * pixelsPerPoint).rounded(.up))
            buffers = [
                Image(width: width, height: height, fill: 0xDEAD_BEEF),
                Image(width: width, height: height, fill: 0xDEAD_BEEF)
            ]
            missing = [PixelRegion(), PixelRegion()]
            frame()
        }

        /// One frame: timers and animations at the next 60 Hz tick, then drawing; then the check.
        func frame() {
            time += .nanoseconds(16_666_667)
            let core = scene.window
            core.fireTimers(upTo: time)
            if frames == 0 { core.addDamage(Rect(origin: .zero, size: core.size)) }
            core.prepareFrame(at: time)
            let target = mode == .inPlace ? 0 : next
            let source = 1 - target
            var drawn = DamageRegion()
            let previous = buffers[source]
            let scale = pixelsPerPoint
            previous.pixels.withUnsafeBytes { sourceBytes in
                Canvas.draw(into: &buffers[target], pixelsPerPoint: scale) { canvas in
                    let presented =
                        mode == .twoBuffers && frames > 0
                        ? PreviousFrame(pixels: sourceBytes.baseAddress!, stride: width * 4, missing: missing[target])
                        : nil
                    drawn = core.draw(into: canvas, previousFrame: presented)
                }
            }
            let pixelDamage = drawn.pixels(pixelsPerPoint: scale)
            missing[target].removeAll()
            missing[source].formUnion(pixelDamage)
            next = source
            frames += 1
            afterDraw()
            compare(buffers[target])
        }

        /// How many rows drew while the frame after `body` was drawn (the comparison's full render, which draws
        /// every row, is not counted).
        func rowsDrawn(after body: () -> Void) -> Int {
            var drawn = 0
            let hook = afterDraw
            afterDraw = { [scene] in
                drawn = scene.rows.filter { $0.draws > 0 }.count
                hook()
            }
            defer { afterDraw = hook }
            for row in scene.rows { row.draws = 0 }
            body()
            frame()
            return drawn
        }

        /// The same state drawn in full into a fresh buffer, compared pixel for pixel.
        func compare(_ image: Image) {
            let (wrong, first) = differencesFromFullRender(
                scene.window, width: width, height: height,
                pixelsPerPoint: pixelsPerPoint
            ) { image.pixel(x: $0, y: $1) }
            if wrong > 0 {
                mismatches.append(
                    "frame \(frames) at \(pixelsPerPoint)x: \(wrong) pixels differ, first \(first), "
                        + "offset \(scene.list.contentOffset), carousel \(scene.carousel.contentOffset)")
            }
        }
    }

    /// Offsets, edits and pauses mixed: whole, negative, fractional and large steps, both containers in one
    /// frame, a row redrawn between two steps of the same frame, a row moved, the list moved, a fade.
    func play(_ presenter: Presenter) {
        let scene = presenter.scene
        let list = scene.list
        func scroll(_ dy: Double) { list.contentOffset = Point(x: 0, y: list.contentOffset.y + dy) }
        for dy in [7.0, 7, -3, 0.5, 12.25, -20, 44, 100, 0, -7.5, 3, 1.5, -0.75, 1] {
            scroll(dy)
            presenter.frame()
        }
        // Several steps in one frame, with a row redrawn (a new color) between them.
        scroll(5)
        scene.rows[8].swatch = Color(red: 0, green: 1, blue: 0)
        scene.rows[8].setNeedsDisplay()
        scroll(6)
        scroll(-2)
        presenter.frame()
        // Both containers in one frame, then the carousel alone (it moves inside the list).
        list.contentOffset = Point(x: 0, y: 40)
        presenter.frame()
        scene.carousel.contentOffset = Point(x: 9, y: 0)
        scroll(4)
        presenter.frame()
        scene.carousel.contentOffset = Point(x: 23, y: 0)
        presenter.frame()
        scene.carousel.contentOffset = Point(x: 13, y: 0)
        presenter.frame()
        // A row moves during a scroll; then the list itself moves (no copy possible); then scroll again.
        scroll(8)
        scene.rows[6].frame = scene.rows[6].frame.offsetBy(Point(x: 12, y: 0))
        presenter.frame()
        list.frame = list.frame.offsetBy(Point(x: 0, y: 3))
        scroll(8)
        presenter.frame()
        scroll(-9)
        presenter.frame()
        // Rest: the indicators fade out over several frames.
        for _ in 0..<60 { presenter.frame() }
        scroll(11)
        presenter.frame()
        scroll(-11)
        presenter.frame()
    }

    @Test(arguments: [Mode.twoBuffers, Mode.inPlace], [1.0, 2.0, 1.5])
    func copiedFramesEqualFullRenders(mode: Mode, pixelsPerPoint: Double) {
        let presenter = Presenter(Scene(), mode: mode, pixelsPerPoint: pixelsPerPoint)
        play(presenter)
        #expect(presenter.mismatches.isEmpty, "\(presenter.mismatches.prefix(4))")
    }

    /// A zoomed list still scrolls by copying pixels (the list itself is not scaled); the carousel inside the
    /// zoomed rows is drawn again instead (its pixels are scaled, a copy in window pixels cannot move them).
    @Test(arguments: [1.5, 2.0, 0.75])
    func copiedFramesOfAZoomedListEqualFullRenders(zoom: Double) {
        let scene = Scene(zoom: zoom)
        #expect(scene.list.zoomScale == zoom)
        #expect(scene.list.contentSize == Size(width: 140 * zoom, height: 890 * zoom))
        let presenter = Presenter(scene, mode: .twoBuffers, pixelsPerPoint: 1)
        play(presenter)
        #expect(presenter.mismatches.isEmpty, "\(presenter.mismatches.prefix(4))")
    }

    @Test func aWholePixelScrollOfAZoomedListDrawsOnlyTheStrip() {
        let scene = Scene(zoom: 2)
        scene.badge.removeFromSuperview()
        scene.list.showsVerticalScrollIndicator = false
        let presenter = Presenter(scene, mode: .twoBuffers, pixelsPerPoint: 1)
        scene.list.contentOffset = Point(x: 0, y: 4)
        presenter.frame()
        for row in scene.rows { row.draws = 0 }
        scene.list.contentOffset = Point(x: 0, y: 11)
        presenter.time += .nanoseconds(16_666_667)
        scene.window.prepareFrame(at: presenter.time)
        var image = presenter.buffers[0]
        Canvas.draw(into: &image) { _ = scene.window.draw(into: $0) }
        // At 2x a row is 44 pt tall: content 11...101 shows rows 0 to 2; the 7 pt strip (94...101) crosses row 2
        // only.
        #expect(scene.rows.filter { $0.draws > 0 }.map { Int($0.frame.minY / 22) } == [2])
    }

    @Test func aWholePixelScrollDrawsOnlyTheStripThatComesIntoView() {
        let scene = Scene()
        scene.badge.removeFromSuperview()
        let presenter = Presenter(scene, mode: .twoBuffers, pixelsPerPoint: 1)
        scene.list.contentOffset = Point(x: 0, y: 4)  // indicators appear: everything redrawn once
        presenter.frame()
        for row in scene.rows { row.draws = 0 }
        scene.list.contentOffset = Point(x: 0, y: 11)
        // prepareFrame and draw without the comparison's full render.
        presenter.time += .nanoseconds(16_666_667)
        scene.window.prepareFrame(at: presenter.time)
        var image = presenter.buffers[0]
        var drawn = DamageRegion()
        Canvas.draw(into: &image) { drawn = scene.window.draw(into: $0) }
        // The strip (7 pt at the bottom) crosses rows 4 and 5; the indicator's old and new places cross a few
        // more; far fewer than the 5 visible rows drawn in full.
        let drawnRows = scene.rows.filter { $0.draws > 0 }.count
        #expect(drawnRows <= 4)
        #expect(drawn.contains(Rect(x: 10, y: 20, width: 140, height: 90)))
    }

    @Test func aFractionalOffsetMovesByWholePixelsButAPictureBehindDrawsEverything() {
        let scene = Scene()
        // No badge, no indicators: a copied frame draws only the rows under the strip.
        scene.badge.removeFromSuperview()
        scene.list.showsVerticalScrollIndicator = false
        let presenter = Presenter(scene, mode: .twoBuffers, pixelsPerPoint: 1)
        scene.list.contentOffset = Point(x: 0, y: 4)
        presenter.frame()
        #expect(presenter.rowsDrawn { scene.list.contentOffset = Point(x: 0, y: 11) } <= 2)
        // Half a point at 1x: the content is drawn at the offset rounded to a whole pixel (5), so the frame
        // moves the pixels by 6 and draws the strip only; the offset itself stays exact.
        #expect(presenter.rowsDrawn { scene.list.contentOffset = Point(x: 0, y: 4.5) } <= 2)
        #expect(scene.list.contentOffset == Point(x: 0, y: 4.5))
        // 4.75 is drawn at 5 too: no pixel moves, nothing is drawn.
        #expect(presenter.rowsDrawn { scene.list.contentOffset = Point(x: 0, y: 4.75) } == 0)
        // A view under the list (an earlier sibling) would not move with it.
        let picture = View(frame: Rect(x: 20, y: 30, width: 10, height: 10))
        picture.backgroundColor = Color(red: 0, green: 0, blue: 0)
        scene.window.rootView.insertBelowEverything(picture)
        #expect(presenter.rowsDrawn { scene.list.contentOffset = Point(x: 0, y: 9.5) } >= 5)
        // An opaque list background hides it: copying is fine again.
        scene.list.backgroundColor = Color(white: 1)
        presenter.frame()
        #expect(presenter.rowsDrawn { scene.list.contentOffset = Point(x: 0, y: 16.5) } <= 2)
        #expect(presenter.mismatches.isEmpty, "\(presenter.mismatches.prefix(4))")
    }

    /// A view inside a list drawn at a rounded origin is drawn up to half a pixel from where `convert` puts it:
    /// its damage is widened by half a point (in whole points, as regions hold them) so that it covers the
    /// pixels actually drawn; at a whole offset it is exact.
    @Test func damageInsideAListAtAFractionalOffsetCoversWhereTheContentIsDrawn() {
        let scene = Scene()
        scene.badge.removeFromSuperview()
        scene.list.showsVerticalScrollIndicator = false
        let presenter = Presenter(scene, mode: .twoBuffers, pixelsPerPoint: 1)
        let row = scene.rows[2]
        scene.list.contentOffset = Point(x: 0, y: 10)
        presenter.frame()
        row.setNeedsDisplay()
        // Row 2 is at content y 44: window y 20 + 44 - 10 = 54, x 10.
        #expect(scene.window.damage.bounds == Rect(x: 10, y: 54, width: 140, height: 22))
        presenter.frame()
        scene.list.contentOffset = Point(x: 0, y: 10.25)
        presenter.frame()
        row.setNeedsDisplay()
        // Exactly at y 53.75 ... 75.75, drawn at 54 ... 76 (the offset rounds to 10): widened to 53.25 ... 76.25.
        #expect(scene.window.damage.bounds == Rect(x: 9, y: 53, width: 142, height: 24))
        scene.rows[2].swatch = Color(red: 0.9, green: 0.1, blue: 0.1)
        presenter.frame()
        #expect(presenter.mismatches.isEmpty, "\(presenter.mismatches.prefix(4))")
    }

    /// At 1.5 pixels per point a whole pixel is no exact binary fraction of a point: the exact offset is drawn,
    /// and a move that is not a whole number of pixels draws the list again.
    @Test func atOnePointFiveAMoveByAFractionOfAPixelDrawsEverything() {
        let scene = Scene()
        scene.badge.removeFromSuperview()
        scene.list.showsVerticalScrollIndicator = false
        let presenter = Presenter(scene, mode: .twoBuffers, pixelsPerPoint: 1.5)
        scene.list.contentOffset = Point(x: 0, y: 4)
        presenter.frame()
        // 2 pt = 3 pixels: copied.
        #expect(presenter.rowsDrawn { scene.list.contentOffset = Point(x: 0, y: 6) } <= 2)
        // 0.5 pt = 0.75 pixels: drawn again.
        #expect(presenter.rowsDrawn { scene.list.contentOffset = Point(x: 0, y: 6.5) } >= 5)
        #expect(presenter.mismatches.isEmpty, "\(presenter.mismatches.prefix(4))")
    }
}

extension View {
    /// Test helper: puts `view` under every subview (the API adds on top only).
    @MainActor
    fileprivate func insertBelowEverything(_ view: View) {
        let others = subviews
        addSubview(view)
        for other in others { addSubview(other) }
    }
}
