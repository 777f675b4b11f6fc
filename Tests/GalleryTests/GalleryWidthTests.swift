import Testing
import Toolkit

@testable import Examples

/// The gallery in a window narrower than its tabs and settings (640 x 480, as under sway at that size): the tab bar
/// and each demo's settings are horizontal scroll containers, so every tab and every setting can be scrolled into
/// view (by a drag, or for the tabs by the digit keys) and tapped.
@MainActor
struct GalleryWidthTests {
    static let narrow = Size(width: 640, height: 480)

    private func open(_ demo: String = "list", size: Size = GalleryWidthTests.narrow) -> (HeadlessWindow, GalleryView) {
        HeadlessGallery.open(demo, size: size)
    }

    /// `rect` (window coordinates) lies whole inside `strip` as the window shows it.
    private func isWhole(_ rect: Rect, in strip: ScrollContainer) -> Bool {
        let visible = strip.convert(strip.bounds, to: nil)
        return rect.minX >= visible.minX && rect.maxX <= visible.maxX
    }

    /// Drags `strip` sideways with a finger, 160 pt at a time, until `rect()` lies whole inside it (at most ten
    /// drags); false when it never does.
    private func dragUntilWhole(_ strip: ScrollContainer, _ rect: () -> Rect, window: HeadlessWindow) -> Bool {
        for _ in 0..<10 {
            if isWhole(rect(), in: strip) { return true }
            let visible = strip.convert(strip.bounds, to: nil)
            let towardEnd = rect().maxX > visible.maxX
            let start = Point(x: towardEnd ? visible.maxX - 40 : visible.minX + 40, y: visible.midY)
            window.drag(from: start, by: Point(x: towardEnd ? -160 : 160, y: 0), duration: .milliseconds(200))
            window.advance(by: .seconds(1))
            #expect(!strip.isDragging && !strip.isDecelerating)
        }
        return isWhole(rect(), in: strip)
    }

    /// The tab strip rests on a whole tab: one starts 8 pt from the window's left edge, or the last one ends 8 pt
    /// from the right edge (the end of the range).
    private func restsOnAWholeTab(_ gallery: GalleryView) -> Bool {
        let frames = gallery.buttons.map { $0.convert($0.bounds, to: nil) }
        return frames.contains { $0.minX == 8 } || frames.last?.maxX == gallery.bounds.width - 8
    }

    @Test func theStripsAreScrollContainersThatSnapToWholeItemsAndChainNothing() throws {
        let (window, gallery) = open()
        let panel = try #require(gallery.panel)
        for strip in [gallery.tabStrip, panel.strip] {
            #expect(strip.snapping == .mandatory && strip.scrollChaining == .contained)
            #expect(strip.subviews.allSatisfy { $0.snapAlignment == .start })
            #expect(strip.scrollbarVisibility == .never, "no bar on touch")
            #expect(!strip.isAccessibilityElement && !strip.acceptsKeyboardFocus)
        }
        // Both are wider than the window here: they scroll.
        #expect(gallery.tabStrip.fittingWidth > 640 && panel.strip.fittingWidth > panel.strip.bounds.width)
        // A finger drag: no bar shows while it moves, and it comes to rest with a whole tab at the leading edge.
        let strip = gallery.tabStrip
        window.drag(from: Point(x: 600, y: 22), by: Point(x: -130, y: 0), duration: .milliseconds(200), lift: false)
        #expect(strip.isDragging)
        #expect(strip.scrollbarThumbFrame(for: .horizontal) == nil)
        window.touchUp(id: 1)
        window.advance(by: .seconds(1))
        #expect(strip.contentOffset.x > -8)
        #expect(restsOnAWholeTab(gallery), "rests at \(strip.contentOffset.x)")
        // The pointer over the strip shows its bar (it has no other way to drag it); leaving hides it again.
        window.pointerMove(to: Point(x: 300, y: 30))
        window.advance(by: .milliseconds(16))
        #expect(strip.scrollbarVisibility == .automatic)
        #expect(strip.scrollbarThumbFrame(for: .horizontal) != nil)
        window.pointerMove(to: Point(x: 300, y: 200))
        #expect(strip.scrollbarVisibility == .never)
    }

    /// Every tab, reached by dragging the tab bar with a finger and tapped, shows its demo; each tap leaves the
    /// chosen tab whole in view.
    @Test func everyTabCanBeScrolledIntoViewAndTapped() {
        let (window, gallery) = open()
        let strip = gallery.tabStrip
        // Go to the last tab and back: both ends are reached.
        for (index, demo) in Array(Demo.all.enumerated()).reversed() + Array(Demo.all.enumerated()) {
            let button = gallery.buttons[index]
            let frame = { button.convert(button.bounds, to: nil) }
            #expect(dragUntilWhole(strip, frame, window: window), "\(demo.title) never came whole into view")
            window.tap(Point(x: frame().midX, y: frame().midY))
            window.advance(by: .seconds(1))
            #expect(gallery.selected == demo.id, "tapping \(demo.title)")
            #expect(isWhole(frame(), in: strip))
        }
    }

    /// Digit keys 1-9 and 0 choose the first ten demos; the chosen tab comes whole into view on its own, and the
    /// strip rests on a snap offset. At 540 pt the tenth tab (ending at x 577) lies beyond the right edge.
    @Test func aTabChosenByKeyScrollsIntoView() {
        let (window, gallery) = open(size: Size(width: 540, height: 480))
        let strip = gallery.tabStrip
        let digits: [UInt32] = [0x30, 0x31, 0x39, 0x35, 0x30]  // 0, 1, 9, 5, 0: to the end and back
        for digit in digits {
            let index = GalleryView.demoIndex(forKeysym: digit)!
            window.key(.other(digit), pressed: true)
            window.key(.other(digit), pressed: false)
            window.advance(by: .seconds(1))
            #expect(gallery.selected == Demo.all[index].id)
            let button = gallery.buttons[index]
            #expect(isWhole(button.convert(button.bounds, to: nil), in: strip), "\(button.title) is not in view")
            #expect(restsOnAWholeTab(gallery), "rests at \(strip.contentOffset.x)")
        }
        // (Key 0 chose the tenth demo from the start: whole in view above, scrolled there when it was not.)
        // A gallery opened on the last demo shows its tab.
        let (_, last) = open(Demo.all[Demo.all.count - 1].id)
        let button = last.buttons[Demo.all.count - 1]
        #expect(isWhole(button.convert(button.bounds, to: nil), in: last.tabStrip))
    }

    /// Every choice of every demo's settings, reached by dragging the settings row and tapped, is selected.
    @Test func everySettingCanBeScrolledIntoViewAndTapped() throws {
        for demo in Demo.all {
            let (window, gallery) = open(demo.id)
            let strip = try #require(gallery.panel?.strip)
            for control in gallery.settingControls {
                // Last choice first: the one that is not selected at the start, for a two-choice toggle.
                for index in control.choices.indices.reversed() {
                    let segment = { control.convert(control.segmentRects()[index], to: nil) }
                    #expect(
                        dragUntilWhole(strip, segment, window: window),
                        "\(demo.id): \(control.title) \(control.choices[index]) never came whole into view")
                    window.tap(Point(x: segment().midX, y: segment().midY))
                    #expect(control.selectedIndex == index, "\(demo.id): \(control.title) \(control.choices[index])")
                }
            }
        }
    }

    /// A window resized narrower or wider keeps the chosen tab in view, the strip resting on a whole tab.
    @Test func aResizeKeepsTheChosenTabInView() {
        let (window, gallery) = open("terminal", size: Size(width: 800, height: 600))
        for width in [640.0, 560, 700, 800, 600] {
            window.core.resize(to: Size(width: width, height: 480))
            window.advance(by: .seconds(1))
            let index = Demo.all.firstIndex { $0.id == "terminal" }!
            let button = gallery.buttons[index]
            #expect(isWhole(button.convert(button.bounds, to: nil), in: gallery.tabStrip), "at \(width)")
            #expect(restsOnAWholeTab(gallery), "at \(width): rests at \(gallery.tabStrip.contentOffset.x)")
        }
    }

    /// At the usual width the tabs and the settings fit: nothing scrolls, and the tabs sit where they always did.
    @Test func atTheUsualWidthNothingScrolls() throws {
        for demo in Demo.all {
            let (_, gallery) = open(demo.id, size: Size(width: 800, height: 600))
            let strip = try #require(gallery.panel?.strip)
            #expect(gallery.tabStrip.fittingWidth <= 800 && strip.fittingWidth == strip.bounds.width)
            #expect(gallery.tabStrip.contentOffset.x == -8 && strip.contentOffset.x == -12)
        }
    }

    /// With nothing focused, the window gives keys to its outermost container, the tab strip: it hands them to
    /// the demo, so Down still scrolls the list by 40 pt.
    @Test func arrowKeysStillScrollTheDemo() throws {
        let (window, gallery) = open(size: Size(width: 800, height: 600))
        let list = try #require(gallery.demoView as? ScrollContainer)
        window.key(.down, pressed: true)
        window.key(.down, pressed: false)
        window.advance(by: .milliseconds(300))
        #expect(list.contentOffset.y == 40)
        #expect(gallery.tabStrip.contentOffset.x == -8)
        // A tap on a tab does not take the focus from the demo: the keys still scroll the list.
        let paging = gallery.buttons[1].convert(gallery.buttons[1].bounds, to: nil)
        window.tap(Point(x: paging.midX, y: paging.midY))
        let first = gallery.buttons[0].convert(gallery.buttons[0].bounds, to: nil)
        window.tap(Point(x: first.midX, y: first.midY))
        let again = try #require(gallery.demoView as? ScrollContainer)
        window.key(.down, pressed: true)
        window.advance(by: .milliseconds(300))
        #expect(again.contentOffset.y == 40)
    }
}
