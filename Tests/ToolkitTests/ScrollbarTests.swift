// Scroll bars (SCROLL.md §13), through HeadlessWindow with the spec's numbers: geometry, visibility, styles, insets,
// flash, hover widening, thumb drag, track clicks, scrubbing.

import Testing

@testable import ToolkitCore

@MainActor @Suite struct ScrollbarTests {
    /// A 400 x 800 container over 400 x 4000 content (vertical bar only) with the bars flashed.
    func verticalScene(content: Size = Size(width: 400, height: 4000)) -> ScrollScene {
        let s = ScrollScene(viewport: Size(width: 400, height: 800), contentSize: content)
        s.container.flashScrollIndicators()
        return s
    }

    // MARK: - Geometry and visibility

    @Test func aThinBarRunsAlongTheRightEdgeTwoPointsIn() throws {
        let s = verticalScene()
        let track = try #require(s.container.scrollbarTrackFrame(for: .vertical))
        #expect(track == Rect(x: 400 - 2 - 3, y: 2, width: 3, height: 796))
        let thumb = try #require(s.container.scrollbarThumbFrame(for: .vertical))
        // Thumb = track × visible / content = 796 × 800 / 4000.
        #expect(near(thumb.height, 159.2, 1e-9) && thumb.minY == 2 && thumb.width == 3 && thumb.minX == 395)
        #expect(s.container.scrollbarTrackFrame(for: .horizontal) == nil)  // nothing to scroll horizontally
        s.container.contentOffset = Point(x: 0, y: 3200)
        let bottom = try #require(s.container.scrollbarThumbFrame(for: .vertical))
        #expect(near(bottom.maxY, 798, 1e-9))
        s.container.contentOffset = Point(x: 0, y: 1600)  // half way: half the travel
        let middle = try #require(s.container.scrollbarThumbFrame(for: .vertical))
        #expect(near(middle.minY, 2 + (796 - 159.2) / 2, 1e-9))
    }

    @Test func twoBarsKeepTwoPointsFromEachOtherAndInsetsMoveThem() throws {
        let s = ScrollScene(viewport: Size(width: 400, height: 800), contentSize: Size(width: 1200, height: 4000))
        s.container.flashScrollIndicators()
        // The vertical bar owns the corner: the horizontal track stops 2 pt before a full (8 pt) vertical bar.
        #expect(s.container.scrollbarTrackFrame(for: .vertical) == Rect(x: 395, y: 2, width: 3, height: 800 - 4 - 10))
        #expect(s.container.scrollbarTrackFrame(for: .horizontal) == Rect(x: 2, y: 795, width: 400 - 4 - 10, height: 3))
        s.container.scrollIndicatorInsets = EdgeInsets(top: 10, left: 20, bottom: 30, right: 5)
        #expect(
            s.container.scrollbarTrackFrame(for: .vertical)
                == Rect(x: 390, y: 12, width: 3, height: 800 - 10 - 30 - 4 - 10))
        #expect(
            s.container.scrollbarTrackFrame(for: .horizontal)
                == Rect(x: 22, y: 765, width: 400 - 20 - 5 - 4 - 10, height: 3))
        s.container.showsVerticalScrollIndicator = false
        #expect(s.container.scrollbarTrackFrame(for: .vertical) == nil)
        #expect(near(s.container.scrollbarTrackFrame(for: .horizontal)?.width ?? 0, 400 - 20 - 5 - 4))
    }

    @Test func theThumbIsNeverUnder24PointsAndShortensByTheOverscroll() throws {
        let s = verticalScene(content: Size(width: 400, height: 400_000))
        #expect(try #require(s.container.scrollbarThumbFrame(for: .vertical)).height == 24)
        let t = verticalScene()
        t.container.contentOffset = Point(x: 0, y: -50)
        let top = try #require(t.container.scrollbarThumbFrame(for: .vertical))
        #expect(near(top.height, 159.2 - 50, 1e-9) && top.minY == 2)
        t.container.contentOffset = Point(x: 0, y: 3200 + 60)
        let bottom = try #require(t.container.scrollbarThumbFrame(for: .vertical))
        #expect(near(bottom.height, 159.2 - 60, 1e-9) && near(bottom.maxY, 798, 1e-9))
    }

    @Test func automaticBarsShowWhileMovingHoldThenFadeOverAQuarterSecond() {
        let s = ScrollScene(viewport: Size(width: 400, height: 800))
        #expect(s.container.scrollbarThumbFrame(for: .vertical) == nil)  // at rest: no bar
        s.container.contentOffset = Point(x: 0, y: 100)
        #expect(s.container.scrollbarThumbFrame(for: .vertical)?.width == 3)
        s.window.advance(ms: 499)
        #expect(s.container.scrollIndicatorOpacity == 1)
        s.window.advance(ms: 1 + 125)
        #expect(near(s.container.scrollIndicatorOpacity, 0.5, 0.05))
        s.window.advance(ms: 130)
        #expect(s.container.scrollIndicatorOpacity == 0)
        #expect(s.container.scrollbarThumbFrame(for: .vertical) == nil)
        #expect(s.container.scrollbarTrackFrame(for: .vertical) == nil)
    }

    @Test func holdTimeFlashAlwaysAndNever() {
        let s = ScrollScene(viewport: Size(width: 400, height: 800))
        s.container.indicatorHoldTime = .seconds(1)
        s.container.flashScrollIndicators()
        #expect(s.container.scrollbarThumbFrame(for: .vertical) != nil)
        s.window.advance(ms: 990)
        #expect(s.container.scrollIndicatorOpacity == 1)
        s.window.advance(ms: 300)
        #expect(s.container.scrollbarThumbFrame(for: .vertical) == nil)
        s.container.scrollbarVisibility = .always
        // Full bars (8 pt) with no motion at all.
        #expect(s.container.scrollbarTrackFrame(for: .vertical) == Rect(x: 390, y: 2, width: 8, height: 796))
        s.window.advance(ms: 2000)
        #expect(s.container.scrollbarTrackFrame(for: .vertical)?.width == 8)
        s.container.scrollbarVisibility = .never
        s.container.flashScrollIndicators()
        s.container.contentOffset = Point(x: 0, y: 10)
        #expect(s.container.scrollbarTrackFrame(for: .vertical) == nil)
        #expect(s.container.scrollbarThumbFrame(for: .vertical) == nil)
    }

    @Test func aPointerNearTheTrackWidensItTo8PointsAndAwayItNarrows() throws {
        let s = ScrollScene(viewport: Size(width: 400, height: 800))
        // Anywhere over the container: the bars show, thin.
        s.window.pointerMove(to: Point(x: 100, y: 400))
        #expect(s.container.scrollbarTrackFrame(for: .vertical)?.width == 3)
        // 20 pt from the full track (x 390...398): still thin.
        s.window.pointerMove(to: Point(x: 370, y: 400))
        s.window.advance(ms: 200)
        #expect(s.container.scrollbarTrackFrame(for: .vertical)?.width == 3)
        // 16 pt away: widens, animated (part way after 50 ms, full after 0.15 s).
        s.window.pointerMove(to: Point(x: 374, y: 400))
        s.window.advance(ms: 50)
        let partway = try #require(s.container.scrollbarTrackFrame(for: .vertical)).width
        #expect(partway > 3 && partway < 8)
        s.window.advance(ms: 120)
        #expect(s.container.scrollbarTrackFrame(for: .vertical) == Rect(x: 390, y: 2, width: 8, height: 796))
        // It stays while the pointer stays in the zone, past the hold time.
        s.window.advance(ms: 2000)
        #expect(s.container.scrollbarTrackFrame(for: .vertical)?.width == 8)
        s.window.pointerMove(to: Point(x: 100, y: 400))
        s.window.advance(ms: 200)
        #expect(s.container.scrollbarTrackFrame(for: .vertical)?.width == 3)
        s.window.advance(ms: 600)
        #expect(s.container.scrollbarTrackFrame(for: .vertical) == nil)
    }

    @Test func stylesColourTheThumbAndTheFullBarHasATrough() throws {
        let s = ScrollScene(viewport: Size(width: 400, height: 800))
        s.window.rootView.backgroundColor = Color(red: 1, green: 1, blue: 1)
        s.container.scrollbarVisibility = .always
        let thumb = try #require(s.container.scrollbarThumbFrame(for: .vertical))
        func red(_ image: Image, _ x: Double, _ y: Double) -> UInt32 {
            (image.pixel(x: Int(x), y: Int(y)) >> 16) & 0xFF
        }
        var image = s.window.render()
        // Default: a dark core inside a light 1 pt rim, on white.
        #expect(red(image, thumb.midX, thumb.midY) < 140)
        #expect(red(image, thumb.minX, thumb.midY) > red(image, thumb.midX, thumb.midY) + 40)
        s.container.indicatorStyle = .light
        s.window.rootView.backgroundColor = Color(red: 0, green: 0, blue: 0)
        image = s.window.render()
        #expect(red(image, thumb.midX, thumb.midY) > 120)
        // The trough below the thumb is inked, lighter than the black behind it.
        #expect(red(image, thumb.midX, 700) > 10)
        #expect(red(image, 200, 700) == 0)
        s.container.indicatorStyle = .dark
        s.window.rootView.backgroundColor = Color(red: 1, green: 1, blue: 1)
        image = s.window.render()
        #expect(red(image, thumb.midX, thumb.midY) < 150)
        #expect(red(image, thumb.minX, thumb.midY) < 150)  // no light rim
    }

    // MARK: - Pointer: thumb drag and track clicks

    /// Thumb of the 400 x 800 / 4000 scene: 159.2 pt long in a 796 pt track; the offset moves range / travel
    /// points per point of pointer motion.
    static let travel = 796 - 159.2
    static let ratio = 3200 / (796 - 159.2)

    @Test func draggingTheThumbMapsExactlyClampsAndDoesNotFling() throws {
        let s = ScrollScene(viewport: Size(width: 400, height: 800))
        s.window.pointerMove(to: Point(x: 394, y: 50))
        s.window.advance(ms: 200)
        #expect(s.container.scrollbarTrackFrame(for: .vertical)?.width == 8)  // widened under the pointer
        s.window.pointerButton(.left, pressed: true)
        #expect(s.container.isDragging)
        s.window.advance(ms: 16)
        s.window.pointerMove(to: Point(x: 394, y: 150))
        #expect(near(s.container.contentOffset.y, 100 * ScrollbarTests.ratio, 1e-9))
        // The thumb follows the pointer: its top moved by the same 100 pt.
        #expect(near(try #require(s.container.scrollbarThumbFrame(for: .vertical)).minY, 102, 1e-9))
        // Past the end: clamped, no rubber band.
        s.window.advance(ms: 16)
        s.window.pointerMove(to: Point(x: 394, y: 790))
        #expect(s.container.contentOffset.y == 3200)
        s.window.advance(ms: 16)
        s.window.pointerMove(to: Point(x: 394, y: -40))
        #expect(s.container.contentOffset.y == 0)
        // A fast last move, then release: no fling.
        s.window.advance(ms: 8)
        s.window.pointerMove(to: Point(x: 394, y: 250))
        let released = s.container.contentOffset.y
        #expect(near(released, 200 * ScrollbarTests.ratio, 1e-9))
        s.window.pointerButton(.left, pressed: false)
        #expect(!s.container.isDragging)
        s.window.advance(ms: 500)
        #expect(s.container.contentOffset.y == released)
        #expect(!s.container.isDecelerating)
        #expect(s.delegate.milestones == ["willBeginDragging", "willEndDragging", "didEndDragging(false)"])
        #expect(s.delegate.events.first == "willBeginDragging" && s.delegate.events.contains("didScroll"))
        #expect(s.delegate.releaseVelocities == [.zero])
        #expect(s.delegate.states["willBeginDragging"]?.dragging == true)
        #expect(s.content.calls.isEmpty)  // the content never saw the press
    }

    @Test func clickingTheTrackWarpsTheThumbCentreAndKeepsItHeld() throws {
        let s = ScrollScene(viewport: Size(width: 400, height: 800))
        s.window.pointerMove(to: Point(x: 394, y: 600))
        s.window.pointerButton(.left, pressed: true)
        let warped = (600 - 2 - 159.2 / 2) / ScrollbarTests.travel * 3200
        #expect(near(s.container.contentOffset.y, warped, 1e-9))
        let thumb = try #require(s.container.scrollbarThumbFrame(for: .vertical))
        #expect(near(thumb.midY, 600, 1e-9))
        #expect(s.container.isDragging)
        s.window.pointerMove(to: Point(x: 394, y: 650))
        #expect(near(s.container.contentOffset.y, warped + 50 * ScrollbarTests.ratio, 1e-9))
        s.window.pointerButton(.left, pressed: false)
        #expect(s.delegate.milestones == ["willBeginDragging", "willEndDragging", "didEndDragging(false)"])
        // The middle button warps too.
        s.window.pointerMove(to: Point(x: 394, y: 100))
        s.window.pointerButton(.middle, pressed: true)
        #expect(near(s.container.contentOffset.y, max(0, (100 - 2 - 79.6) / ScrollbarTests.travel * 3200), 1e-9))
        s.window.pointerButton(.middle, pressed: false)
        #expect(!s.container.isDragging)
        #expect(s.content.calls.isEmpty)
    }

    @Test func shiftClickPagesTowardThePointerAnimated() {
        let s = ScrollScene(viewport: Size(width: 400, height: 800))
        s.window.setKeyboardModifiers(.shift)
        s.window.pointerMove(to: Point(x: 394, y: 600))
        s.window.pointerButton(.left, pressed: true)
        #expect(s.container.contentOffset.y == 0)  // animated, not at once
        #expect(!s.container.isDragging)
        s.window.advance(ms: 150)
        #expect(s.container.contentOffset.y > 0 && s.container.contentOffset.y < 760)
        s.window.advance(ms: 200)
        #expect(s.container.contentOffset.y == 800 - 40)  // a visible length minus 40 pt, as Page Down
        s.window.pointerButton(.left, pressed: false)
        #expect(s.delegate.milestones == ["didEndScrollingAnimation"])
        // Above the thumb: one page back.
        s.window.pointerMove(to: Point(x: 394, y: 20))
        s.window.pointerButton(.left, pressed: true)
        s.window.pointerButton(.left, pressed: false)
        s.window.advance(ms: 400)
        #expect(s.container.contentOffset.y == 0)
        #expect(s.content.calls.isEmpty)
    }

    @Test func theCursorOverAFullBarIsTheArrowWhateverIsUnderIt() {
        let s = ScrollScene(viewport: Size(width: 400, height: 800))
        let control = RecordingControl(frame: Rect(x: 340, y: 0, width: 60, height: 4000))
        s.container.addSubview(control)
        s.window.pointerMove(to: Point(x: 360, y: 400))
        s.window.advance(ms: 20)
        #expect(s.window.core.currentCursor == .hand)
        s.window.pointerMove(to: Point(x: 394, y: 400))
        s.window.advance(ms: 20)
        #expect(s.window.core.currentCursor == .arrow)
        s.window.pointerButton(.left, pressed: true)
        s.window.pointerButton(.left, pressed: false)
        #expect(control.kinds.isEmpty)  // the control under the bar never got the press
    }

    // MARK: - Fingers: scrubbing

    @Test func aFingerRestingOnAShownBarScrubsAfterThreeTenthsOfASecond() {
        let s = ScrollScene(viewport: Size(width: 400, height: 800))
        s.container.flashScrollIndicators()
        s.window.touchDown(id: 1, at: Point(x: 396, y: 100))
        s.window.advance(ms: 290)
        #expect(!s.container.isDragging)
        s.window.touchMove(id: 1, to: Point(x: 398, y: 104))  // within the slop
        s.window.advance(ms: 20)
        #expect(s.container.isDragging)
        s.window.touchMove(id: 1, to: Point(x: 398, y: 204))
        #expect(near(s.container.contentOffset.y, 100 * ScrollbarTests.ratio, 1e-9))
        s.window.touchMove(id: 1, to: Point(x: 398, y: 2000))
        #expect(s.container.contentOffset.y == 3200)
        s.window.touchUp(id: 1)
        s.window.advance(ms: 300)
        #expect(s.container.contentOffset.y == 3200)
        #expect(s.delegate.milestones == ["willBeginDragging", "willEndDragging", "didEndDragging(false)"])
        #expect(s.content.calls.isEmpty)
    }

    @Test func aFingerMovingOffTheBarBeforeTheDelayDragsTheContentAndAHiddenBarIsNotThere() {
        let s = ScrollScene(viewport: Size(width: 400, height: 800))
        s.container.flashScrollIndicators()
        s.window.drag(from: Point(x: 396, y: 400), to: Point(x: 396, y: 300), steps: 5, durationMS: 100)
        s.window.settle(s.container)
        #expect(s.container.contentOffset.y > 99)  // an ordinary drag (and fling) of the content
        #expect(s.content.calls.isEmpty)
        // Faded out: a touch there is the content's.
        s.window.advance(ms: 2000)
        #expect(s.container.scrollbarThumbFrame(for: .vertical) == nil)
        s.window.touchDown(id: 2, at: Point(x: 396, y: 400))
        s.window.advance(ms: 400)
        s.window.touchUp(id: 2)
        #expect(s.content.calls.map(\.kind) == [.began, .ended])
    }

    // MARK: - Right to left

    @Test func rightToLeftPutsTheVerticalBarLeftStartsAtTheRightAndCountsPagesFromThere() throws {
        let s = ScrollScene(viewport: Size(width: 400, height: 800), contentSize: Size(width: 1200, height: 4000))
        s.container.layoutDirection = .rightToLeft
        #expect(s.container.contentOffset.x == 800)  // the content starts at its right end
        s.container.flashScrollIndicators()
        #expect(s.container.scrollbarTrackFrame(for: .vertical) == Rect(x: 2, y: 2, width: 3, height: 800 - 4 - 10))
        let horizontal = try #require(s.container.scrollbarTrackFrame(for: .horizontal))
        #expect(horizontal.minX == 12 && near(horizontal.width, 400 - 4 - 10))
        // At the right end, the horizontal thumb is at the right end of its track.
        #expect(near(try #require(s.container.scrollbarThumbFrame(for: .horizontal)).maxX, 398, 1e-9))
        // Wider content keeps the right end in place: the offset moves with the range's end.
        s.container.contentSize = Size(width: 1600, height: 4000)
        #expect(s.container.contentOffset.x == 1200)
        s.container.isPagingEnabled = true
        s.container.pagingAxes = .horizontal
        #expect(s.container.currentPage.column == 0)
        s.container.contentOffset = Point(x: 800, y: 0)
        #expect(s.container.currentPage.column == 1)
        s.container.contentOffset = Point(x: 0, y: 0)
        #expect(s.container.currentPage.column == 3)
        // The pointer grabs the vertical bar on the left.
        s.container.isPagingEnabled = false
        s.window.pointerMove(to: Point(x: 6, y: 50))
        s.window.pointerButton(.left, pressed: true)
        s.window.pointerMove(to: Point(x: 6, y: 150))
        s.window.pointerButton(.left, pressed: false)
        #expect(near(s.container.contentOffset.y, 100 * 3200 / (786 - 786.0 * 800 / 4000), 1e-9))
        #expect(s.content.calls.isEmpty)
    }

    @Test func rightToLeftLeftKeyGoesOnTowardTheLeft() {
        let s = ScrollScene(viewport: Size(width: 400, height: 800), contentSize: Size(width: 1200, height: 800))
        s.container.layoutDirection = .rightToLeft
        s.container.smoothWheelScrolling = false
        s.window.key(.left, pressed: true)
        #expect(s.container.contentOffset.x == 800 - 40)
        s.window.key(.right, pressed: true)
        #expect(s.container.contentOffset.x == 800)
    }

    // MARK: - Damage

    /// A widening or fading bar redraws its own strip, never the list under it.
    @Test func aWideningOrFadingBarDamagesOnlyItsStrip() {
        let core = WindowCore(size: Size(width: 400, height: 800))
        let list = ScrollContainer(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        list.contentSize = Size(width: 400, height: 4000)
        for k in 0..<100 {
            let row = View(frame: Rect(x: 0, y: Double(k) * 40, width: 400, height: 40))
            row.backgroundColor = Color(red: Double(k % 7) / 7, green: 0.5, blue: 0.5)
            list.addSubview(row)
        }
        core.rootView.addSubview(list)
        var image = Image(width: 400, height: 800)
        var time = Duration.zero
        func frame() -> Rect {
            time += .nanoseconds(16_666_667)
            core.fireTimers(upTo: time)
            core.prepareFrame(at: time)
            var drawn = Rect.zero
            Canvas.draw(into: &image) { drawn = core.draw(into: $0).bounds }
            return drawn
        }
        core.addDamage(Rect(origin: .zero, size: core.size))
        _ = frame()
        core.handle(.pointerEnter(location: Point(x: 380, y: 400), timestamp: time))
        var widened = 0
        for _ in 0..<12 {
            let drawn = frame()
            if drawn.width > 0 {
                widened += 1
                #expect(drawn.minX >= 390 && drawn.maxX <= 400, "\(drawn)")
            }
        }
        #expect(widened >= 5)  // 0.15 s of widening, frame by frame
        // The pointer leaves: the bar narrows, then fades after the hold time, all within its strip.
        core.handle(.pointerLeave(timestamp: time))
        var fading = 0
        for _ in 0..<60 {
            let drawn = frame()
            if drawn.width > 0 {
                fading += 1
                #expect(drawn.minX >= 390 && drawn.maxX <= 400, "\(drawn)")
            }
        }
        #expect(fading >= 10)
        #expect(list.scrollbarThumbFrame(for: .vertical) == nil)
    }
}
