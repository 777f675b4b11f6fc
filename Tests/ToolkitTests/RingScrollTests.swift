import Glibc
import Testing

@_spi(Presentation) @testable import ToolkitCore

/// Scrolling by moving the buffer's start (`RingFrameBuffer`, `FramePresenter.draw(into:previousFrame:)` for ring
/// buffers): frame after frame, buffers used in turn like a Wayland buffer pool's (each lagging behind the
/// presented frame by a `BufferLag`), every frame equals, pixel for pixel, a full render of the same state; a
/// plain full-width scroll moves the start instead of copying, and draws only the rows that come into view.
@MainActor
@Suite struct RingScrollTests {
    /// The rows of the scroll-by-copy tests (background, rounded swatch, text, separator; counting draws).
    typealias Row = ScrollByCopyTests.Row

    /// A header, a full-width list of 60 rows (indicators on), a footer, and a narrow carousel in row 3. Without
    /// `footer`, the list reaches the window's bottom edge.
    @MainActor
    final class Scene {
        let window = WindowCore(size: Size(width: 160, height: 120))
        let list: ScrollContainer
        let carousel = ScrollContainer(frame: Rect(x: 30, y: 2, width: 100, height: 18))
        var rows: [Row] = []

        init(footer hasFooter: Bool = true) {
            list = ScrollContainer(frame: Rect(x: 0, y: 16, width: 160, height: hasFooter ? 90 : 104))
            window.rootView.backgroundColor = Color(red: 0.95, green: 0.95, blue: 1)
            let header = View(frame: Rect(x: 0, y: 0, width: 160, height: 16))
            header.backgroundColor = Color(red: 0.1, green: 0.2, blue: 0.6)
            let footer = View(frame: Rect(x: 0, y: 106, width: 160, height: 14))
            footer.backgroundColor = Color(red: 0.6, green: 0.2, blue: 0.1)
            window.rootView.addSubview(header)
            window.rootView.addSubview(list)
            if hasFooter { window.rootView.addSubview(footer) }
            for index in 0..<60 {
                let row = Row(index: index, width: 160)
                list.addSubview(row)
                rows.append(row)
            }
            list.contentSize = Size(width: 160, height: 60 * 22)
            carousel.backgroundColor = Color(red: 1, green: 0.9, blue: 0.8)
            carousel.contentSize = Size(width: 400, height: 18)
            for k in 0..<8 {
                let tile = View(frame: Rect(x: Double(k) * 50 + 2, y: 2, width: 46, height: 14))
                tile.backgroundColor = Color(red: Double(k) / 8, green: 0.3, blue: 0.6)
                carousel.addSubview(tile)
            }
            rows[3].addSubview(carousel)
        }
    }

    /// Ring buffers used in turn like `BufferSlots` does (the least recently drawn), each with its `BufferLag`.
    @MainActor
    final class Presenter {
        let scene: Scene
        let pixelsPerPoint: Double
        let width: Int
        let height: Int
        let memory: [UnsafeMutableRawPointer]
        let buffers: [RingFrameBuffer]
        var lags: [BufferLag]
        var next = 0
        var presented: Int?
        var time: Duration = .zero
        var frames = 0
        var shiftedFrames = 0
        var mismatches: [String] = []
        /// Called after each frame is drawn, before the comparison (whose full render draws every view).
        var afterDraw: () -> Void = {}
        /// With `overlay`: the list's vertical indicator goes to overlay buffers (`IndicatorOverlay`, one per ring
        /// buffer) once a scroll asks for one; the overlay shown (composited OVER the ring buffer, and over the
        /// base, as the compositor does) is the one drawn last. It is given to every draw call, onward ones too, as
        /// the Wayland window's `SurfacePresenter` does.
        let usesOverlay: Bool
        var overlayColumn: Rect?
        var overlayImages: [Image] = []
        var shownOverlay: Image?
        var overlayFramesDrawn = 0
        /// The overlay buffer the next frame draws into (the one after the shown one: the compositor holds that).
        private var overlayNext = 0
        /// The last frame's result, for tests that check each frame's damage.
        var lastResult = RingFrame(damage: DamageRegion(), changed: DamageRegion(), shift: nil)

        /// With a base (`FrameBase`): the band's edges in points (nil: the window's), their pixel rows, as many
        /// base buffers as ring buffers (the whole window each), their pixels, what each lacks, and the one shown.
        /// As the Wayland window's base pool: each frame draws into a base buffer other than the one shown, which
        /// is shown from then on only when the frame drew into it; the band's rows are shown from the ring buffer.
        let usesBase: Bool
        let bandTop: Double
        let bandBottom: Double
        let bandRows: Range<Int>
        var baseImages: [Image] = []
        var baseMissing: [PixelRegion] = []
        var baseShown: Int?

        /// With `onward`: each frame first goes to the presented buffer (`FramePresenter.drawOnward`) while the
        /// compositor holds its frame rows (`heldRows`), as the Wayland window does with weston's or wlroots' pixman
        /// renderer; those rows must come out unchanged whether the frame was drawn there or declined.
        let onward: Bool
        var onwardFrames = 0
        var declinedFrames = 0
        /// Declined frames that then moved the other buffer's start (a full-width scroll that did not go onward),
        /// and frames that moved the start onward.
        var declinedScrolls = 0
        var onwardScrolls = 0
        /// Whether the frame in the works was declined.
        private var declinedThisFrame = false
        /// Onward frames that scrolled without a wrap (their new rows right after or before the held ones).
        var onwardScrollsInPlace = 0
        var heldRowsWritten: [String] = []

        /// `count` buffers in blocks of `blockFrames` frames each; with `bandTop` or `bandBottom` (points), the
        /// window's rows outside that band go to base buffers, and each frame is checked as the compositor shows it
        /// (the ring buffer's band over the base).
        init(
            _ scene: Scene, count: Int, pixelsPerPoint: Double, blockFrames: Double, bandTop: Double? = nil,
            bandBottom: Double? = nil, overlay: Bool = false, onward: Bool = false
        ) {
            self.scene = scene
            self.onward = onward
            usesOverlay = overlay
            self.pixelsPerPoint = pixelsPerPoint
            width = Int((160 * pixelsPerPoint).rounded(.up))
            height = Int((120 * pixelsPerPoint).rounded(.up))
            usesBase = bandTop != nil || bandBottom != nil
            self.bandTop = bandTop ?? 0
            self.bandBottom = bandBottom ?? scene.window.size.height
            bandRows =
                Int((self.bandTop * pixelsPerPoint).rounded())..<Int((self.bandBottom * pixelsPerPoint).rounded())
            let bytes = Int(Double(width * 4 * height) * blockFrames)
            var memory: [UnsafeMutableRawPointer] = []
            var buffers: [RingFrameBuffer] = []
            for _ in 0..<count {
                let block = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
                block.initializeMemory(as: UInt8.self, repeating: 0xA5, count: bytes)
                memory.append(block)
                buffers.append(
                    RingFrameBuffer(
                        memory: block, byteCount: bytes, width: width, height: height,
                        pixelsPerPoint: pixelsPerPoint))
            }
            self.memory = memory
            self.buffers = buffers
            lags = Array(repeating: .everything(width: width, height: height), count: count)
            if usesBase {
                baseImages = Array(repeating: Image(width: width, height: height, fill: 0xDEAD_BEEF), count: count)
                baseMissing = Array(repeating: PixelRegion(), count: count)
            }
            frame()
        }

        /// With `onward`, the frame drawn into the presented buffer (nil when declined or not `onward`); its held
        /// rows (with a base, the band's alone: the compositor holds a `wl_buffer` over them) are compared before
        /// and after.
        func drawOnward(_ core: WindowCore, base: FrameBase?, indicators: IndicatorOverlay? = nil) -> RingFrame? {
            guard onward, let presented else { return nil }
            let buffer = buffers[presented]
            let held = usesBase ? bandRows : 0..<height
            buffer.heldRows = (buffer.startRow + held.lowerBound)..<(buffer.startRow + held.upperBound)
            let count = buffer.stride * held.count
            let before = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 64)
            defer { before.deallocate() }
            let pixels = buffer.pixels + held.lowerBound * buffer.stride
            before.copyMemory(from: pixels, byteCount: count)
            let wrapsBefore = buffer.wrapCount
            let frame = presenter(for: core).drawOnward(into: buffer, base: base, indicators: indicators)
            // The held rows, wherever the start went.
            if memcmp(pixels, before, count) != 0 {
                heldRowsWritten.append("frame \(frames), \(frame == nil ? "declined" : "drawn onward")")
            }
            buffer.heldRows = 0..<0
            if frame == nil { declinedFrames += 1 } else { onwardFrames += 1 }
            declinedThisFrame = frame == nil
            if frame?.shift != nil { onwardScrolls += 1 }
            if frame?.shift != nil, buffer.wrapCount == wrapsBefore { onwardScrollsInPlace += 1 }
            return frame
        }

        func deallocate() {
            for block in memory { block.deallocate() }
        }

        /// Runs `body` with the frame's overlay (nil without one), drawing into the next overlay buffer, and keeps
        /// what it drew: that buffer is shown from then on. A column is taken once a scroll asks for one.
        func withIndicators(_ drawer: FramePresenter, _ body: (IndicatorOverlay?) -> RingFrame) -> RingFrame {
            if usesOverlay, overlayColumn == nil,
                let column = drawer.indicatorColumnForPendingMove(pixelsPerPoint: pixelsPerPoint)
            {
                overlayColumn = column
                let w = Int((column.width * pixelsPerPoint).rounded())
                let h = Int((column.height * pixelsPerPoint).rounded())
                overlayImages = Array(repeating: Image(width: w, height: h, fill: 0xDEAD_BEEF), count: buffers.count)
            }
            guard let column = overlayColumn else { return body(nil) }
            var image = overlayImages[overlayNext]
            var result = RingFrame(damage: DamageRegion(), changed: DamageRegion(), shift: nil)
            Canvas.draw(into: &image, pixelsPerPoint: pixelsPerPoint) { canvas in
                result = body(IndicatorOverlay(canvas: canvas, column: column))
            }
            overlayImages[overlayNext] = image
            if result.indicatorsDrawn {
                shownOverlay = image
                overlayFramesDrawn += 1
                overlayNext = (overlayNext + 1) % overlayImages.count
            }
            if result.indicatorsUnusable {
                overlayColumn = nil
                shownOverlay = nil
            }
            return result
        }

        /// The frame presenter of `core` (the scene's window): one for the whole run, as a backend keeps one, since
        /// it holds the overlay's binding.
        func presenter(for core: WindowCore) -> FramePresenter {
            if let framePresenter, framePresenter.core === core { return framePresenter }
            let made = FramePresenter(core: core)
            framePresenter = made
            return made
        }
        private var framePresenter: FramePresenter?

        /// One frame at the next 60 Hz tick into the next buffer, then the comparison with a full render.
        func frame() {
            time += .nanoseconds(16_666_667)
            let core = scene.window
            let drawer = presenter(for: core)
            core.fireTimers(upTo: time)
            var target = next
            let source = presented.flatMap { $0 == target ? nil : buffers[$0] }
            if source == nil && !lags[target].isEmpty { core.addDamage(Rect(origin: .zero, size: core.size)) }
            core.prepareFrame(at: time)
            let previous = source.map {
                PreviousFrame(
                    pixels: UnsafeRawPointer($0.pixels), stride: $0.stride,
                    lag: lags[target])
            }
            var result = RingFrame(damage: DamageRegion(), changed: DamageRegion(), shift: nil)
            if usesBase {
                let scale = pixelsPerPoint
                let count = buffers.count
                // The base draws into the buffer after the one shown; it lacks what was drawn since it was shown.
                let baseTarget = baseShown.map { ($0 + 1) % count } ?? 0
                var baseImage = baseImages[baseTarget]
                let baseSource = baseImages[baseShown ?? baseTarget]
                let hasSource = baseShown != nil && baseShown != baseTarget
                let lack = baseMissing[baseTarget]
                baseSource.pixels.withUnsafeBytes { sourceBytes in
                    Canvas.draw(into: &baseImage, pixelsPerPoint: scale) { baseCanvas in
                        let base = FrameBase(
                            canvas: baseCanvas, bandTop: bandTop, bandBottom: bandBottom,
                            previousFrame: !hasSource
                                ? nil
                                : PreviousFrame(
                                    pixels: sourceBytes.baseAddress!, stride: width * 4,
                                    missing: lack))
                        result = withIndicators(drawer) { indicators in
                            if let frame = drawOnward(core, base: base, indicators: indicators) {
                                target = presented!
                                return frame
                            }
                            return drawer.draw(
                                into: buffers[target], previousFrame: previous, base: base,
                                indicators: indicators)
                        }
                    }
                }
                baseImages[baseTarget] = baseImage
                if !result.baseDamage.isEmpty {
                    baseMissing[baseTarget].removeAll()
                    for index in baseMissing.indices where index != baseTarget {
                        baseMissing[index].add(result.baseDamage, pixelsPerPoint: scale)
                    }
                    baseShown = baseTarget
                }
            } else {
                result = withIndicators(drawer) { indicators in
                    if let frame = drawOnward(core, base: nil, indicators: indicators) {
                        target = presented!
                        return frame
                    }
                    return drawer.draw(
                        into: buffers[target], previousFrame: previous, base: nil, indicators: indicators)
                }
            }
            lastResult = result
            next = (target + 1) % buffers.count
            if result.shift != nil { shiftedFrames += 1 }
            if declinedThisFrame, result.shift != nil { declinedScrolls += 1 }
            declinedThisFrame = false
            let changed = result.changed.pixels(pixelsPerPoint: pixelsPerPoint)
            lags[target] = BufferLag()
            for index in lags.indices where index != target {
                lags[index].framePresented(damage: changed, shift: result.shift, width: width)
            }
            presented = target
            frames += 1
            afterDraw()
            compare(buffers[target])
        }

        func compare(_ buffer: RingFrameBuffer) {
            if usesOverlay {
                compareWithOverlay(buffer)
                return
            }
            let pixels = buffer.pixels.assumingMemoryBound(to: UInt32.self)
            let width = width
            // As shown: the band's rows from the ring buffer, the rest from the base buffer.
            let base = usesBase ? baseImages[baseShown ?? 0] : nil
            let bandRows = bandRows
            let (wrong, first) = differencesFromFullRender(
                scene.window, width: width, height: height,
                pixelsPerPoint: pixelsPerPoint
            ) { x, y in
                if let base, !bandRows.contains(y) { return base.pixel(x: x, y: y) }
                return pixels[y * width + x]
            }
            if wrong > 0 {
                mismatches.append(
                    "frame \(frames) at \(pixelsPerPoint)x: \(wrong) pixels differ, first \(first), "
                        + "offset \(scene.list.contentOffset)")
            }
        }

        /// `compare` with the overlay shown over the ring buffer, against a full render with the knob drawn where
        /// the list draws it (the full render leaves it out while the overlay has it).
        func compareWithOverlay(_ buffer: RingFrameBuffer) {
            let core = scene.window
            let list = scene.list
            let s = pixelsPerPoint
            let pixels = buffer.pixels.assumingMemoryBound(to: UInt32.self)
            var shown = Image(width: width, height: height)
            // The band's rows from the ring buffer, the rest from the base (with one), then the overlay above both.
            let base = usesBase ? baseImages[baseShown ?? 0] : nil
            for y in 0..<height {
                for x in 0..<width {
                    if let base, !bandRows.contains(y) {
                        shown.pixels[y * width + x] = base.pixel(x: x, y: y)
                    } else {
                        shown.pixels[y * width + x] = pixels[y * width + x]
                    }
                }
            }
            if let overlay = shownOverlay, let column = overlayColumn {
                Canvas.draw(into: &shown, pixelsPerPoint: s) { $0.drawImage(overlay, in: column) }
            }
            var full = Image(width: width, height: height)
            core.addDamage(Rect(origin: .zero, size: core.size))
            Canvas.draw(into: &full, pixelsPerPoint: s) { canvas in
                core.draw(into: canvas)
                if list.verticalIndicatorElsewhere {
                    canvas.saveState()
                    list.applyOverlayTransform(to: canvas)
                    list.drawScrollbar(.vertical, in: canvas)
                    canvas.restoreState()
                }
            }
            // The bar is layers (outline, core, trough): blended into the overlay first and then over the window, an
            // 8-bit channel may round one level off the window's own drawing; inside the column only, never more.
            let columnPixels = overlayColumn.map { c in
                (
                    x0: Int((c.minX * s).rounded()), x1: Int((c.maxX * s).rounded()),
                    y0: Int((c.minY * s).rounded()), y1: Int((c.maxY * s).rounded())
                )
            }
            func close(_ a: UInt32, _ b: UInt32) -> Bool {
                for k in stride(from: 0, to: 32, by: 8)
                where abs(Int((a >> UInt32(k)) & 0xFF) - Int((b >> UInt32(k)) & 0xFF)) > 1 {
                    return false
                }
                return true
            }
            var wrong = 0
            var first = ""
            for y in 0..<height {
                for x in 0..<width where shown.pixel(x: x, y: y) != full.pixel(x: x, y: y) {
                    if let c = columnPixels, shownOverlay != nil, x >= c.x0, x < c.x1, y >= c.y0, y < c.y1,
                        close(shown.pixel(x: x, y: y), full.pixel(x: x, y: y))
                    {
                        continue
                    }
                    if wrong == 0 { first = "(\(x), \(y))" }
                    wrong += 1
                }
            }
            if wrong > 0 {
                mismatches.append(
                    "frame \(frames) at \(s)x with the overlay: \(wrong) pixels differ, first \(first), "
                        + "offset \(list.contentOffset)")
            }
        }
    }

    /// Whole, fractional, reversing and large steps, several per frame, a redraw between steps, the carousel
    /// (a partial-width horizontal scroll: the copy path), the list and carousel in one frame, fades.
    func play(_ presenter: Presenter) {
        let list = presenter.scene.list
        func scroll(_ dy: Double) { list.contentOffset = Point(x: 0, y: list.contentOffset.y + dy) }
        for _ in 0..<3 {
            for dy in [7.0, 7, 7, -3, 0.5, 12.25, -20, 44, 100, 0, -7.5, 3, 1.5, -0.75, 1, 9, 9, 9, 9, 9, 9] {
                scroll(dy)
                presenter.frame()
            }
        }
        scroll(5)
        presenter.scene.rows[8].swatch = Color(red: 0, green: 1, blue: 0)
        presenter.scene.rows[8].setNeedsDisplay()
        scroll(6)
        scroll(-2)
        presenter.frame()
        list.contentOffset = Point(x: 0, y: 0)
        presenter.frame()
        presenter.scene.carousel.contentOffset = Point(x: 30, y: 0)
        presenter.frame()
        scroll(22)
        presenter.scene.carousel.contentOffset = Point(x: 60, y: 0)
        presenter.frame()
        for _ in 0..<40 {
            scroll(11)
            presenter.frame()
        }
        for _ in 0..<40 {
            scroll(-13)
            presenter.frame()
        }
        // Indicators fade out over idle frames.
        for _ in 0..<90 { presenter.frame() }
    }

    @Test(arguments: [(2, 1.0, 2.0), (3, 1.0, 2.0), (2, 2.0, 1.5), (3, 1.5, 3.0), (2, 1.0, 1.0)])
    func everyFrameEqualsAFullRender(buffers: Int, pixelsPerPoint: Double, blockFrames: Double) {
        let scene = Scene()
        let presenter = Presenter(scene, count: buffers, pixelsPerPoint: pixelsPerPoint, blockFrames: blockFrames)
        defer { presenter.deallocate() }
        play(presenter)
        #expect(presenter.mismatches.isEmpty, "\(presenter.mismatches.prefix(5))")
        let wraps = presenter.buffers.reduce(0) { $0 + $1.wrapCount }
        if blockFrames > 1 && pixelsPerPoint == 1.5 {
            // Few steps are whole pixels at 1.5x (an even number of points, or halves with a 3 in them).
            #expect(presenter.shiftedFrames > 0)
        } else if blockFrames > 1 {
            // Most steps move the start (those of whole pixels); steady scrolling wraps the small blocks.
            #expect(presenter.shiftedFrames > 100)
            #expect(wraps > 0)
        } else {
            #expect(presenter.shiftedFrames == 0)
        }
    }

    /// With the list's vertical indicator in an overlay (`IndicatorOverlay`, the Wayland window's indicator
    /// subsurface), what is shown (the overlay over the ring buffer) equals a full render with the knob at every
    /// frame, through scrolls, wraps onto the mirror, fades and the carousel's copy path; at 1.5x the column is not
    /// on whole pixels and the window keeps the knob.
    @Test(arguments: [(1.0, true), (2.0, true), (1.5, false)])
    func everyFrameWithTheIndicatorOverlayEqualsAFullRender(pixelsPerPoint: Double, overlays: Bool) {
        let scene = Scene()
        // The bar's column (8 pt, 2 pt from the edge) is on whole pixels at 1.5x; a 1 pt inset takes it off them.
        if !overlays { scene.list.scrollIndicatorInsets = EdgeInsets(top: 0, left: 0, bottom: 0, right: 1) }
        let presenter = Presenter(scene, count: 2, pixelsPerPoint: pixelsPerPoint, blockFrames: 2, overlay: true)
        defer { presenter.deallocate() }
        play(presenter)
        #expect(presenter.mismatches.isEmpty, "\(presenter.mismatches.prefix(5))")
        #expect((presenter.overlayFramesDrawn > 20) == overlays, "\(presenter.overlayFramesDrawn) overlay frames")
        #expect(scene.list.verticalIndicatorElsewhere == overlays)
    }

    /// Binding the overlay damages the knob's place while the frame is drawn; the next change must still ask the
    /// backend for a frame (a standing request once stalled a Wayland window after its first overlay frame).
    @Test func bindingTheOverlayLeavesTheNextChangeAskingForAFrame() throws {
        let scene = Scene()
        let core = scene.window
        let bytes = 160 * 4 * 120 * 2
        let block = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        defer { block.deallocate() }
        let ring = RingFrameBuffer(memory: block, byteCount: bytes, width: 160, height: 120, pixelsPerPoint: 1)
        core.addDamage(Rect(origin: .zero, size: core.size))
        core.prepareFrame(at: .milliseconds(16))
        let presenter = FramePresenter(core: core)
        _ = presenter.draw(into: ring, previousFrame: nil)
        var asked = 0
        core.onNeedsFrame = { asked += 1 }
        scene.list.contentOffset = Point(x: 0, y: 7)
        #expect(asked == 1)
        let column = try #require(presenter.indicatorColumnForPendingMove(pixelsPerPoint: 1))
        var overlay = Image(width: Int(column.width), height: Int(column.height))
        core.prepareFrame(at: .milliseconds(33))
        Canvas.draw(into: &overlay) { canvas in
            _ = presenter.draw(
                into: ring, previousFrame: nil, base: nil,
                indicators: IndicatorOverlay(canvas: canvas, column: column))
        }
        #expect(scene.list.verticalIndicatorElsewhere)
        scene.list.contentOffset = Point(x: 0, y: 14)
        #expect(asked == 2)
    }

    /// Steady scrolling through blocks of two frames wraps onto the mirror: the rows a wrap copies are only those
    /// written without a mirror (the first frame's, drawn in full), not a frame per wrap.
    @Test func wrapsOntoTheMirrorCopyAlmostNothing() {
        let scene = Scene()
        let presenter = Presenter(scene, count: 2, pixelsPerPoint: 1, blockFrames: 2)
        defer { presenter.deallocate() }
        for _ in 0..<200 {
            scene.list.contentOffset = Point(x: 0, y: scene.list.contentOffset.y + 5)
            presenter.frame()
        }
        #expect(presenter.mismatches.isEmpty, "\(presenter.mismatches.prefix(5))")
        let wraps = presenter.buffers.reduce(0) { $0 + $1.wrapCount }
        let copied = presenter.buffers.reduce(0) { $0 + $1.wrapCopiedRows }
        #expect(wraps >= 6)
        // The first wrap of each buffer copies the rows drawn before it mirrored anything; later ones none.
        #expect(copied <= 2 * presenter.height)
    }

    /// With the window's rows above a band, below it or both in a base (`FrameBase`, the Wayland window's own
    /// surface under a band subsurface), what is shown (the ring buffer's band over the base) equals a full render
    /// at every frame: a band that is exactly the list, and ones narrower than the list (moves reaching outside
    /// the band draw that part of the base again, and what comes into the band from outside it is drawn).
    @Test(
        arguments: [
            (16.0, nil, 1.0), (16.0, nil, 2.0), (30.0, nil, 1.0), (16.0, nil, 1.5), (16.0, 106.0, 1.0),
            (16.0, 106.0, 2.0), (nil, 92.0, 1.0), (30.0, 92.0, 1.0)
        ] as [(Double?, Double?, Double)])
    func everyFrameWithABaseEqualsAFullRender(bandTop: Double?, bandBottom: Double?, pixelsPerPoint: Double) {
        let scene = Scene()
        let presenter = Presenter(
            scene, count: 2, pixelsPerPoint: pixelsPerPoint, blockFrames: 2,
            bandTop: bandTop, bandBottom: bandBottom)
        defer { presenter.deallocate() }
        play(presenter)
        #expect(presenter.mismatches.isEmpty, "\(presenter.mismatches.prefix(5))")
        #expect(presenter.shiftedFrames > (pixelsPerPoint == 1.5 ? 0 : 100))
    }

    /// Frames drawn onward in the presented buffer's memory while the compositor holds its rows (the Wayland
    /// window with a compositor that keeps the buffer it shows until the next one, `FramePresenter.drawOnward`):
    /// every frame as shown equals a full render, the held rows are never written (drawn or declined), and
    /// frames go onward wherever they write only outside them. With the header (and the footer) in a base below
    /// the list's band (the compositor holding only the band's rows), scrolls go onward both ways: the new rows
    /// lie beyond the held ones at either end. Without the base, the header's rows would have to move into held memory:
    /// declined. With the indicator in the window's pixels, its old and new places are held rows.
    @Test(
        arguments: [
            (16.0, false, 1.0, false), (16.0, false, 2.0, false), (16.0, true, 1.0, false),
            (16.0, true, 2.0, false), (nil, false, 1.0, false), (16.0, false, 1.0, true)
        ]
            as [(Double?, Bool, Double, Bool)])
    func onwardFramesNeverWriteHeldRows(bandTop: Double?, footer: Bool, pixelsPerPoint: Double, indicator: Bool) {
        let scene = Scene(footer: footer)
        scene.list.showsVerticalScrollIndicator = indicator
        let presenter = Presenter(
            scene, count: 2, pixelsPerPoint: pixelsPerPoint, blockFrames: 3,
            bandTop: bandTop, bandBottom: footer ? 106 : nil, onward: true)
        defer { presenter.deallocate() }
        play(presenter)
        #expect(presenter.mismatches.isEmpty, "\(presenter.mismatches.prefix(5))")
        #expect(presenter.heldRowsWritten.isEmpty, "\(presenter.heldRowsWritten.prefix(5))")
        let wraps = presenter.buffers.reduce(0) { $0 + $1.wrapCount }
        if bandTop != nil && !indicator {
            // Every scroll goes onward, down or up, at 1x and 2x (an odd number of rows at 2x: the strip is drawn
            // at its exact pixels, not the whole points around it), but one: the frame that also scrolls the
            // carousel inside a list row, whose damage lies in held rows. Steady scrolling wraps onto the mirror.
            #expect(presenter.declinedScrolls == 1, "\(presenter.declinedScrolls) scrolls declined")
            #expect(presenter.onwardScrolls > 130, "\(presenter.onwardScrolls) onward")
            #expect(wraps > 0)
            // Frames where nothing moves and nothing in the band changes (the indicators fading) go on too, writing
            // nothing. Declined: the frames that draw the whole list (the jump back to the top, and with the
            // footer the three 100 pt steps, longer than the 90 pt band), the carousel's own scroll (a
            // partial-width move, drawn by copying) and the scroll with it. The first scroll goes onward: bars
            // appearing damage only their own rectangles (<doc:ScrollBehaviour> §13), not the whole list.
            #expect(presenter.declinedFrames == (footer ? 6 : 3), "\(presenter.declinedFrames) declined")
        } else if bandTop == nil {
            // Only wraps onto the mirror, two frames' height away from the held rows, have room for the header.
            #expect(presenter.onwardScrollsInPlace == 0)
            #expect(presenter.declinedScrolls > 100, "\(presenter.declinedScrolls) declined")
        } else {
            // Only frames without the knob in the list's new place (wraps, the knob faded) go onward.
            #expect(presenter.onwardScrolls * 10 < presenter.shiftedFrames, "\(presenter.onwardScrolls) onward")
        }
    }

    /// A fling with the list's bars shown (`.always`: full, 8 pt with the trough) or widened under a resting pointer
    /// (`.automatic`, the pointer within the bar's 16 pt zone) goes onward frame after frame
    /// (<doc:ScrollBehaviour> §13, with the band surface and its base): the bar is in the indicator overlay,
    /// so every frame of the fling that moves the band goes on in the presented buffer's memory and draws, there,
    /// exactly the rows coming into view (the bar's column is not redrawn under the moving thumb), while the
    /// overlay alone redraws the bar; what is shown equals a full render with the bar at every frame.
    @Test(arguments: [(ScrollbarVisibility.always, 1.0), (.always, 2.0), (.automatic, 1.0), (.automatic, 2.0)])
    func aFlingWithBarsShownGoesOnwardAndOnlyTheOverlayDrawsTheBar(
        visibility: ScrollbarVisibility,
        pixelsPerPoint s: Double
    ) throws {
        let scene = Scene()
        let list = scene.list
        let core = scene.window
        list.scrollbarVisibility = visibility
        let presenter = Presenter(
            scene, count: 2, pixelsPerPoint: s, blockFrames: 3, bandTop: 16, bandBottom: 106,
            overlay: true, onward: true)
        defer { presenter.deallocate() }
        if visibility == .automatic {
            // The pointer rests 6 pt left of the bar's track (x 150...158): inside its zone, over the list.
            core.handle(.pointerEnter(location: Point(x: 144, y: 60), timestamp: presenter.time))
        }
        for _ in 0..<15 { presenter.frame() }
        // Full before anything moves: 8 pt wide, at the right edge less 2 pt.
        let track = try #require(list.scrollbarTrackFrame(for: .vertical))
        #expect(track.minX == 150 && track.width == 8)
        // The thumb's rows in pixels (its box as drawn: edges rounded to whole pixels).
        func thumbRows() -> [Int] {
            guard let t = list.scrollbarThumbFrame(for: .vertical) else { return [] }
            return [Int((t.minY * s).rounded()), Int((t.maxY * s).rounded())]
        }
        // A 72 pt upward drag in 6 frames beside the carousel, released while moving: a fling.
        let start = Point(x: 10, y: 100)
        core.handle(.touchDown(id: 1, location: start, timestamp: presenter.time))
        core.handle(.touchFrame(timestamp: presenter.time))
        for k in 1...6 {
            presenter.frame()
            core.handle(
                .touchMotion(
                    id: 1, location: Point(x: start.x, y: start.y - 12 * Double(k)),
                    timestamp: presenter.time))
            core.handle(.touchFrame(timestamp: presenter.time))
        }
        presenter.frame()
        // Where the last frame drew the thumb: the lift may move it again without a frame (it applies the finger's
        // last sample where that frame showed the finger resampled).
        var thumb = thumbRows()
        core.handle(.touchUp(id: 1, timestamp: presenter.time))
        core.handle(.touchFrame(timestamp: presenter.time))
        #expect(list.isDecelerating)
        // The drag bound the overlay (its first frame is drawn into the other buffer, binding changes damage).
        #expect(list.verticalIndicatorElsewhere)
        let declinedBefore = presenter.declinedFrames
        let onwardBefore = presenter.onwardScrolls
        let overlayBefore = presenter.overlayFramesDrawn
        var flingFrames = 0
        var moves = 0
        var thumbMoves = 0
        var wrongDamage: [String] = []
        while list.isDecelerating && flingFrames < 600 {
            presenter.frame()
            flingFrames += 1
            let result = presenter.lastResult
            let newThumb = thumbRows()
            if newThumb != thumb { thumbMoves += 1 }
            thumb = newThumb
            guard let shift = result.shift else {
                // A step of less than a pixel: nothing is drawn in the band, nothing reported.
                if !result.changed.isEmpty { wrongDamage.append("frame \(presenter.frames): \(result.changed.bounds)") }
                continue
            }
            moves += 1
            // Content moving up: the rows coming into view are at the band's bottom (106 pt, 106 s pixels), the
            // exact pixel rows reported in whole points.
            let rows = abs(shift.dy)
            let top = (106 * s - Double(rows)) / s
            let expected = Rect(x: 0, y: top.rounded(.down), width: 160, height: 106 - top.rounded(.down))
            var area = 0.0
            result.changed.forEachRect { _, _, w, h in area += Double(w) * Double(h) }
            if result.changed.bounds != expected || area != expected.width * expected.height {
                wrongDamage.append(
                    "frame \(presenter.frames): \(result.changed.bounds), area \(area), expected \(expected)")
            }
        }
        #expect(!list.isDecelerating && flingFrames > 30, "\(flingFrames) fling frames")
        // Every frame of the fling went onward: none declined, every band move in the presented buffer's memory.
        #expect(presenter.declinedFrames == declinedBefore, "\(presenter.declinedFrames - declinedBefore) declined")
        #expect(
            moves > 20 && presenter.onwardScrolls - onwardBefore == moves,
            "\(presenter.onwardScrolls - onwardBefore) onward of \(moves) moves")
        #expect(wrongDamage.isEmpty, "\(wrongDamage.prefix(5))")
        // The overlay redrew the bar on each frame its thumb moved by a pixel, and only then (the widening had
        // finished before).
        #expect(
            presenter.overlayFramesDrawn - overlayBefore == thumbMoves && thumbMoves > 10,
            "\(presenter.overlayFramesDrawn - overlayBefore) overlay frames, \(thumbMoves) thumb moves")
        #expect(list.scrollbarTrackFrame(for: .vertical)?.width == 8)
        #expect(presenter.heldRowsWritten.isEmpty, "\(presenter.heldRowsWritten.prefix(5))")
        #expect(presenter.mismatches.isEmpty, "\(presenter.mismatches.prefix(5))")
    }

    /// With the header in a base below the list's band, 7 pt scrolls write nothing of the header into the ring
    /// buffer (its rows there stay as the moved start left them) and nothing into the base (the header is not
    /// drawn again), and what is shown stays right.
    @Test func aBaseKeepsTheHeaderOutOfScrolledFrames() throws {
        let scene = Scene()
        scene.list.showsVerticalScrollIndicator = false
        let header = CountingView(frame: Rect(x: 0, y: 0, width: 160, height: 16))
        scene.window.rootView.addSubview(header)
        let presenter = Presenter(scene, count: 2, pixelsPerPoint: 1, blockFrames: 2, bandTop: 16, bandBottom: 106)
        defer { presenter.deallocate() }
        scene.list.contentOffset = Point(x: 0, y: 4)
        presenter.frame()
        presenter.frame()
        // Draws while frames are drawn (the comparison's full render draws the header too: not counted).
        var headerDraws = 0
        presenter.afterDraw = { headerDraws += header.draws }
        let basesBefore = presenter.baseImages
        for step in 1...10 {
            header.draws = 0
            scene.list.contentOffset = Point(x: 0, y: 4 + 7 * Double(step))
            presenter.frame()
        }
        #expect(headerDraws == 0)
        #expect(presenter.baseImages == basesBefore)
        // The ring buffer's rows outside the band were not put back: they hold what the moved start left there
        // (list content), not the header's colour.
        let shown = try #require(presenter.presented.map { presenter.buffers[$0] })
        let pixels = shown.pixels.assumingMemoryBound(to: UInt32.self)
        let headerPixel = Color(red: 0.1, green: 0.2, blue: 0.6).premultipliedARGB
        #expect((0..<16).contains { y in pixels[y * presenter.width + 150] != headerPixel })
        #expect(presenter.mismatches.isEmpty, "\(presenter.mismatches.prefix(5))")
    }

    /// A view that counts its draws.
    final class CountingView: View {
        var draws = 0
        override func draw(in canvas: Canvas) { draws += 1 }
    }

    /// The band a base leaves to the ring buffers is the list's rows, 24 ..< 284, at every fractional offset of a
    /// fling: the move's edges, computed through the offset, come out a few ulps off whole points (283.9999999999998
    /// was read under weston), and must not make the band reach the window's edge (which made a new band surface
    /// and drew the footer's rows in the ring frames the compositor holds).
    @Test func bandRowsStayWholeAtFractionalOffsets() throws {
        let window = WindowCore(size: Size(width: 360, height: 300))
        window.rootView.backgroundColor = Color(white: 0.97)
        let list = ScrollContainer(frame: Rect(x: 0, y: 24, width: 360, height: 260))
        list.contentSize = Size(width: 360, height: 6000)
        window.rootView.addSubview(list)
        // As if drawn: a scroll then becomes a pending move.
        window.discardDamage()
        var offset = 200.0
        var seen = 0
        for step in 0..<400 {
            // A decelerating fling's offsets: fractional, never repeating.
            offset += 40 * pow(0.99, Double(step)) + 0.0123
            list.contentOffset = Point(x: 0, y: offset)
            for scale in [1.0, 2.0] {
                let rows = try #require(FramePresenter(core: window).bandRowsForPendingMove(pixelsPerPoint: scale))
                #expect(rows == BandRows(top: 24, bottom: 284), "offset \(offset) at \(scale)x")
                seen += 1
            }
            window.discardDamage()
        }
        #expect(seen == 800)
    }

    /// A 7 pt scroll of the list draws only the rows under the strip that comes into view, and with two
    /// buffers no row the buffer already holds: the band's pixels are not copied (its start moved).
    @Test func aScrollDrawsOnlyTheStripAndMovesTheStart() {
        let scene = Scene()
        scene.list.showsVerticalScrollIndicator = false
        let presenter = Presenter(scene, count: 2, pixelsPerPoint: 1, blockFrames: 2)
        defer { presenter.deallocate() }
        // The first scroll shows the horizontal indicator: everything is redrawn once.
        scene.list.contentOffset = Point(x: 0, y: 4)
        presenter.frame()
        presenter.frame()
        let before = presenter.buffers.map(\.startRow)
        let shiftedBefore = presenter.shiftedFrames
        var drawnRows: [Int] = []
        presenter.afterDraw = { drawnRows = scene.rows.enumerated().filter { $0.element.draws > 0 }.map(\.offset) }
        for row in scene.rows { row.draws = 0 }
        scene.list.contentOffset = Point(x: 0, y: 11)
        presenter.frame()
        // The strip (list rows 83..<90, content 94..<101) lies in row 4 only.
        #expect(drawnRows == [4])
        #expect(presenter.shiftedFrames == shiftedBefore + 1)
        #expect(presenter.buffers.map(\.startRow) != before)
        #expect(presenter.mismatches.isEmpty, "\(presenter.mismatches)")
    }
}
