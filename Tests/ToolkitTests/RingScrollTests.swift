import Glibc
import Testing
@testable import ToolkitCore

/// Scrolling by moving the buffer's start (`RingFrameBuffer`, `WindowCore.draw(into:previousFrame:)` for ring
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
        /// buffer) once a scroll asks for one; the overlay shown (composited OVER the ring buffer, as the
        /// compositor does) is the one drawn last.
        let usesOverlay: Bool
        var overlayColumn: Rect?
        var overlayImages: [Image] = []
        var shownOverlay: Image?
        var overlayFramesDrawn = 0

        /// With a cover (`FrameCover`): its height in points, as many cover buffers as ring buffers, their pixels,
        /// what each lacks, and the one shown. As the Wayland window's cover pool: each frame draws into a cover
        /// buffer other than the one shown, which is shown from then on only when the frame drew into it.
        let coverHeight: Double?
        let coverRows: Int
        var coverImages: [Image] = []
        var coverMissing: [DamageRegion] = []
        var coverShown: Int?
        /// With a bottom cover: where it starts (points), its first pixel row, its buffers, what each lacks, and
        /// the one shown.
        let bottomTop: Double?
        let bottomFirstRow: Int
        var bottomImages: [Image] = []
        var bottomMissing: [DamageRegion] = []
        var bottomShown: Int?

        /// With `onward`: each frame first goes to the presented buffer (`WindowCore.drawOnward`) while the
        /// compositor holds its frame rows (`heldRows`), as the Wayland window does with weston's or wlroots' pixman
        /// renderer; those rows must come out unchanged whether the frame was drawn there or declined.
        let onward: Bool
        var onwardFrames = 0
        var declinedFrames = 0
        /// Onward frames that did not wrap (their new rows right after or before the held ones).
        var onwardFramesInPlace = 0
        var heldRowsWritten: [String] = []

        /// `count` buffers in blocks of `blockFrames` frames each; with `coverHeight`, the window's top rows go to
        /// cover buffers, and each frame is checked as the compositor shows it (the cover over the ring buffer).
        init(_ scene: Scene, count: Int, pixelsPerPoint: Double, blockFrames: Double, coverHeight: Double? = nil,
             bottomCoverTop: Double? = nil, overlay: Bool = false, onward: Bool = false) {
            self.scene = scene
            self.onward = onward
            usesOverlay = overlay
            self.pixelsPerPoint = pixelsPerPoint
            self.coverHeight = coverHeight
            coverRows = coverHeight.map { Int(($0 * pixelsPerPoint).rounded()) } ?? 0
            bottomTop = bottomCoverTop
            bottomFirstRow = bottomCoverTop.map { Int(($0 * pixelsPerPoint).rounded()) } ?? 0
            width = Int((160 * pixelsPerPoint).rounded(.up))
            height = Int((120 * pixelsPerPoint).rounded(.up))
            let bytes = Int(Double(width * 4 * height) * blockFrames)
            var memory: [UnsafeMutableRawPointer] = []
            var buffers: [RingFrameBuffer] = []
            for _ in 0..<count {
                let block = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
                block.initializeMemory(as: UInt8.self, repeating: 0xA5, count: bytes)
                memory.append(block)
                buffers.append(RingFrameBuffer(memory: block, byteCount: bytes, width: width, height: height,
                                               pixelsPerPoint: pixelsPerPoint))
            }
            self.memory = memory
            self.buffers = buffers
            lags = Array(repeating: .everything(width: width, height: height), count: count)
            if coverHeight != nil {
                coverImages = Array(repeating: Image(width: width, height: coverRows, fill: 0xDEAD_BEEF), count: count)
                coverMissing = Array(repeating: DamageRegion(), count: count)
            }
            if bottomCoverTop != nil {
                bottomImages = Array(repeating: Image(width: width, height: height - bottomFirstRow, fill: 0xDEAD_BEEF),
                                     count: count)
                bottomMissing = Array(repeating: DamageRegion(), count: count)
            }
            frame()
        }

        /// With `onward`, the frame drawn into the presented buffer (nil when declined or not `onward`); its held
        /// rows are compared before and after.
        func drawOnward(_ core: WindowCore, topCover: FrameCover?, bottomCover: FrameCover?) -> RingFrame? {
            guard onward, let presented else { return nil }
            let buffer = buffers[presented]
            buffer.heldRows = buffer.startRow..<(buffer.startRow + height)
            let count = buffer.stride * height
            let before = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 64)
            defer { before.deallocate() }
            before.copyMemory(from: buffer.pixels, byteCount: count)
            let pixels = buffer.pixels
            let wrapsBefore = buffer.wrapCount
            let frame = core.drawOnward(into: buffer, topCover: topCover, bottomCover: bottomCover, indicators: nil)
            // The held rows, wherever the start went.
            if memcmp(pixels, before, count) != 0 {
                heldRowsWritten.append("frame \(frames), \(frame == nil ? "declined" : "drawn onward")")
            }
            buffer.heldRows = 0..<0
            if frame == nil { declinedFrames += 1 } else { onwardFrames += 1 }
            if frame != nil, buffer.wrapCount == wrapsBefore { onwardFramesInPlace += 1 }
            return frame
        }

        func deallocate() {
            for block in memory { block.deallocate() }
        }

        /// One frame at the next 60 Hz tick into the next buffer, then the comparison with a full render.
        func frame() {
            time += .nanoseconds(16_666_667)
            let core = scene.window
            core.fireTimers(upTo: time)
            var target = next
            let source = presented.flatMap { $0 == target ? nil : buffers[$0] }
            if source == nil && !lags[target].isEmpty { core.addDamage(Rect(origin: .zero, size: core.size)) }
            core.prepareFrame(at: time)
            let previous = source.map { PreviousFrame(pixels: UnsafeRawPointer($0.pixels), stride: $0.stride,
                                                      lag: lags[target]) }
            var result = RingFrame(damage: DamageRegion(), changed: DamageRegion(), shift: nil)
            if coverHeight != nil || bottomTop != nil {
                let scale = pixelsPerPoint
                let count = buffers.count
                // Each cover draws into the buffer after the one shown; it lacks what was drawn since it was shown.
                let topTarget = coverShown.map { ($0 + 1) % count } ?? 0
                let bottomTarget = bottomShown.map { ($0 + 1) % count } ?? 0
                var topImage = coverHeight == nil ? Image(width: 1, height: 1) : coverImages[topTarget]
                var bottomImage = bottomTop == nil ? Image(width: 1, height: 1) : bottomImages[bottomTarget]
                let topSource = coverHeight == nil ? topImage : coverImages[coverShown ?? topTarget]
                let bottomSource = bottomTop == nil ? bottomImage : bottomImages[bottomShown ?? bottomTarget]
                let topLack = coverHeight == nil ? DamageRegion() : coverMissing[topTarget]
                let bottomLack = bottomTop == nil ? DamageRegion() : bottomMissing[bottomTarget]
                let topHasSource = coverShown != nil && coverShown != topTarget
                let bottomHasSource = bottomShown != nil && bottomShown != bottomTarget
                topSource.pixels.withUnsafeBytes { topBytes in
                    bottomSource.pixels.withUnsafeBytes { bottomBytes in
                        Canvas.draw(into: &topImage, pixelsPerPoint: scale) { topCanvas in
                            Canvas.draw(into: &bottomImage, pixelsPerPoint: scale) { bottomCanvas in
                                let top = coverHeight.map {
                                    FrameCover(canvas: topCanvas, height: $0, previousFrame: !topHasSource ? nil
                                        : PreviousFrame(pixels: topBytes.baseAddress!, stride: width * 4,
                                                        missing: topLack))
                                }
                                let bottom = bottomTop.map {
                                    FrameCover(canvas: bottomCanvas, top: $0, height: scene.window.size.height - $0,
                                               previousFrame: !bottomHasSource ? nil
                                                   : PreviousFrame(pixels: bottomBytes.baseAddress!, stride: width * 4,
                                                                   missing: bottomLack))
                                }
                                if let frame = drawOnward(core, topCover: top, bottomCover: bottom) {
                                    result = frame
                                    target = presented!
                                } else {
                                    result = core.draw(into: buffers[target], previousFrame: previous, topCover: top,
                                                       bottomCover: bottom)
                                }
                            }
                        }
                    }
                }
                if coverHeight != nil {
                    coverImages[topTarget] = topImage
                    if !result.coverDamage.isEmpty {
                        coverMissing[topTarget].removeAll()
                        for index in coverMissing.indices where index != topTarget {
                            result.coverDamage.forEachRect { x, y, w, h in
                                coverMissing[index].add(Rect(x: Double(x), y: Double(y), width: Double(w),
                                                             height: Double(h)), pixelsPerPoint: scale)
                            }
                        }
                        coverShown = topTarget
                    }
                }
                if let bottomTop {
                    bottomImages[bottomTarget] = bottomImage
                    if !result.bottomCoverDamage.isEmpty {
                        bottomMissing[bottomTarget].removeAll()
                        for index in bottomMissing.indices where index != bottomTarget {
                            // In the bottom cover's pixels: its first row is the window's row `bottomTop`.
                            result.bottomCoverDamage.forEachRect { x, y, w, h in
                                bottomMissing[index].add(Rect(x: Double(x), y: Double(y) - bottomTop, width: Double(w),
                                                              height: Double(h)), pixelsPerPoint: scale)
                            }
                        }
                        bottomShown = bottomTarget
                    }
                }
            } else if usesOverlay {
                if overlayColumn == nil, let column = core.indicatorColumnForPendingMove(pixelsPerPoint: pixelsPerPoint) {
                    overlayColumn = column
                    let w = Int((column.width * pixelsPerPoint).rounded()), h = Int((column.height * pixelsPerPoint).rounded())
                    overlayImages = Array(repeating: Image(width: w, height: h, fill: 0xDEAD_BEEF), count: buffers.count)
                }
                if let column = overlayColumn {
                    var image = overlayImages[target]
                    Canvas.draw(into: &image, pixelsPerPoint: pixelsPerPoint) { canvas in
                        result = core.draw(into: buffers[target], previousFrame: previous, topCover: nil,
                                           bottomCover: nil, indicators: IndicatorOverlay(canvas: canvas, column: column))
                    }
                    overlayImages[target] = image
                    if result.indicatorsDrawn {
                        shownOverlay = image
                        overlayFramesDrawn += 1
                    }
                    if result.indicatorsUnusable {
                        overlayColumn = nil
                        shownOverlay = nil
                    }
                } else {
                    result = core.draw(into: buffers[target], previousFrame: previous, topCover: nil, bottomCover: nil,
                                       indicators: nil)
                }
            } else if let frame = drawOnward(core, topCover: nil, bottomCover: nil) {
                result = frame
                target = presented!
            } else {
                result = core.draw(into: buffers[target], previousFrame: previous)
            }
            next = (target + 1) % buffers.count
            if result.shift != nil { shiftedFrames += 1 }
            var changed = DamageRegion()
            result.changed.forEachRect { x, y, w, h in
                changed.add(Rect(x: Double(x), y: Double(y), width: Double(w), height: Double(h)),
                            pixelsPerPoint: pixelsPerPoint)
            }
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
            // As shown: the covers' rows from the cover buffers, the rest from the ring buffer.
            let cover = coverHeight == nil ? nil : coverImages[coverShown ?? 0]
            let bottom = bottomTop == nil ? nil : bottomImages[bottomShown ?? 0]
            let coverRows = coverRows, bottomFirstRow = bottomFirstRow
            let (wrong, first) = differencesFromFullRender(scene.window, width: width, height: height,
                                                           pixelsPerPoint: pixelsPerPoint) { x, y in
                if let cover, y < coverRows { return cover.pixel(x: x, y: y) }
                if let bottom, y >= bottomFirstRow { return bottom.pixel(x: x, y: y - bottomFirstRow) }
                return pixels[y * width + x]
            }
            if wrong > 0 {
                mismatches.append("frame \(frames) at \(pixelsPerPoint)x: \(wrong) pixels differ, first \(first), "
                                  + "offset \(scene.list.contentOffset)")
            }
        }

        /// `compare` with the overlay shown over the ring buffer, against a full render with the knob drawn where
        /// the list draws it (the full render leaves it out while the overlay has it).
        func compareWithOverlay(_ buffer: RingFrameBuffer) {
            let core = scene.window, list = scene.list, s = pixelsPerPoint
            let pixels = buffer.pixels.assumingMemoryBound(to: UInt32.self)
            var shown = Image(width: width, height: height)
            for y in 0..<height {
                for x in 0..<width { shown.pixels[y * width + x] = pixels[y * width + x] }
            }
            if let overlay = shownOverlay, let column = overlayColumn {
                Canvas.draw(into: &shown, pixelsPerPoint: s) { $0.drawImage(overlay, in: column) }
            }
            var full = Image(width: width, height: height)
            core.addDamage(Rect(origin: .zero, size: core.size))
            Canvas.draw(into: &full, pixelsPerPoint: s) { canvas in
                core.draw(into: canvas)
                if list.verticalIndicatorElsewhere, let knob = list.indicatorRect(.vertical) {
                    canvas.saveState()
                    list.applyOverlayTransform(to: canvas)
                    canvas.fillRoundedRect(knob, radius: ScrollContainer.indicatorThickness / 2,
                                           color: list.indicatorColor)
                    canvas.restoreState()
                }
            }
            var wrong = 0, first = ""
            for y in 0..<height {
                for x in 0..<width where shown.pixel(x: x, y: y) != full.pixel(x: x, y: y) {
                    if wrong == 0 { first = "(\(x), \(y))" }
                    wrong += 1
                }
            }
            if wrong > 0 {
                mismatches.append("frame \(frames) at \(s)x with the overlay: \(wrong) pixels differ, first \(first), "
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
        _ = core.draw(into: ring, previousFrame: nil)
        var asked = 0
        core.onNeedsFrame = { asked += 1 }
        scene.list.contentOffset = Point(x: 0, y: 7)
        #expect(asked == 1)
        let column = try #require(core.indicatorColumnForPendingMove(pixelsPerPoint: 1))
        var overlay = Image(width: Int(column.width), height: Int(column.height))
        core.prepareFrame(at: .milliseconds(33))
        Canvas.draw(into: &overlay) { canvas in
            _ = core.draw(into: ring, previousFrame: nil, topCover: nil, bottomCover: nil,
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

    /// With the window's top rows, bottom rows or both in covers (`FrameCover`, the Wayland window's cover
    /// subsurfaces), what is shown (the covers over the ring buffer) equals a full render at every frame: covers
    /// over the header and footer exactly, and ones reaching into the list (moves under them draw that part of the
    /// cover again, and what comes out from under them is drawn).
    @Test(arguments: [(16.0, nil, 1.0), (16.0, nil, 2.0), (30.0, nil, 1.0), (16.0, nil, 1.5), (16.0, 106.0, 1.0),
                      (16.0, 106.0, 2.0), (nil, 92.0, 1.0), (30.0, 92.0, 1.0)] as [(Double?, Double?, Double)])
    func everyFrameWithCoversEqualsAFullRender(coverHeight: Double?, bottomCoverTop: Double?, pixelsPerPoint: Double) {
        let scene = Scene()
        let presenter = Presenter(scene, count: 2, pixelsPerPoint: pixelsPerPoint, blockFrames: 2,
                                  coverHeight: coverHeight, bottomCoverTop: bottomCoverTop)
        defer { presenter.deallocate() }
        play(presenter)
        #expect(presenter.mismatches.isEmpty, "\(presenter.mismatches.prefix(5))")
        #expect(presenter.shiftedFrames > (pixelsPerPoint == 1.5 ? 0 : 100))
    }

    /// Frames drawn onward in the presented buffer's memory while the compositor holds its rows (the Wayland
    /// window with a compositor that keeps the buffer it shows until the next one, `WindowCore.drawOnward`):
    /// every frame as shown equals a full render, the held rows are never written (drawn or declined), and
    /// frames go onward wherever they write only outside them. A list reaching the window's bottom with the
    /// header under a cover goes onward scrolling down (the new rows below the held ones); scrolling up, the new
    /// rows lie next to the cover, in held memory, so the frame goes to the other buffer. Without the cover, the
    /// header's rows would have to move into held memory: declined. With the indicator in the window's pixels,
    /// its old and new places are held rows.
    @Test(arguments: [(16.0, 1.0, false), (16.0, 2.0, false), (nil, 1.0, false), (16.0, 1.0, true)]
          as [(Double?, Double, Bool)])
    func onwardFramesNeverWriteHeldRows(coverHeight: Double?, pixelsPerPoint: Double, indicator: Bool) {
        let scene = Scene(footer: false)
        scene.list.showsVerticalScrollIndicator = indicator
        let presenter = Presenter(scene, count: 2, pixelsPerPoint: pixelsPerPoint, blockFrames: 3,
                                  coverHeight: coverHeight, onward: true)
        defer { presenter.deallocate() }
        play(presenter)
        #expect(presenter.mismatches.isEmpty, "\(presenter.mismatches.prefix(5))")
        #expect(presenter.heldRowsWritten.isEmpty, "\(presenter.heldRowsWritten.prefix(5))")
        let wraps = presenter.buffers.reduce(0) { $0 + $1.wrapCount }
        if coverHeight != nil && !indicator {
            // Most downward steps go onward, and steady scrolling wraps them onto the mirror.
            #expect(presenter.onwardFrames > 80, "\(presenter.onwardFrames) onward")
            #expect(presenter.declinedFrames > 40, "\(presenter.declinedFrames) declined")
            #expect(wraps > 0)
        } else if coverHeight == nil {
            // Only wraps onto the mirror, two frames' height away from the held rows, have room for the header.
            #expect(presenter.onwardFramesInPlace == 0)
            #expect(presenter.declinedFrames > 100, "\(presenter.declinedFrames) declined")
        } else {
            // Only frames without the knob in the list's new place (wraps, the knob faded) go onward.
            #expect(presenter.onwardFrames * 10 < presenter.frames, "\(presenter.onwardFrames) onward")
        }
    }

    /// With a cover over the header, 7 pt scrolls write nothing of the header into the ring buffer (its rows
    /// there stay as the moved start left them) and nothing into the cover (the header is not drawn again), and
    /// what is shown stays right.
    @Test func aCoverKeepsTheHeaderOutOfScrolledFrames() throws {
        let scene = Scene()
        scene.list.showsVerticalScrollIndicator = false
        let header = CountingView(frame: Rect(x: 0, y: 0, width: 160, height: 16))
        scene.window.rootView.addSubview(header)
        let presenter = Presenter(scene, count: 2, pixelsPerPoint: 1, blockFrames: 2, coverHeight: 16)
        defer { presenter.deallocate() }
        scene.list.contentOffset = Point(x: 0, y: 4)
        presenter.frame()
        presenter.frame()
        // Draws while frames are drawn (the comparison's full render draws the header too: not counted).
        var headerDraws = 0
        presenter.afterDraw = { headerDraws += header.draws }
        let coversBefore = presenter.coverImages
        for step in 1...10 {
            header.draws = 0
            scene.list.contentOffset = Point(x: 0, y: 4 + 7 * Double(step))
            presenter.frame()
        }
        #expect(headerDraws == 0)
        #expect(presenter.coverImages == coversBefore)
        // The ring buffer's rows under the cover were not put back: they hold what the moved start left there
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
