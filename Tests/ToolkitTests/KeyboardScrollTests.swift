// <doc:ScrollBehaviour> §7, keyboard part: focus, arrows 40 pt, Page Up/Down a height minus 40 pt, Home/End,
// paging, key repeat. Through HeadlessWindow (the same WindowCore path as the Wayland seat).

import Testing

@testable import ToolkitCore

/// An outer vertical list (400 x 800, 4000 pt tall) holding a horizontal carousel (400 x 200 at y = 100,
/// 2000 pt wide).
@MainActor
private struct CarouselScene {
    let window = HeadlessWindow(size: Size(width: 400, height: 800))
    let list = ScrollContainer(frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let carousel = ScrollContainer(frame: Rect(x: 0, y: 100, width: 400, height: 200))

    init() {
        list.contentSize = Size(width: 400, height: 4000)
        carousel.contentSize = Size(width: 2000, height: 200)
        list.smoothWheelScrolling = false
        carousel.smoothWheelScrolling = false
        list.addSubview(carousel)
        window.rootView.addSubview(list)
    }
}

@MainActor @Suite struct KeyboardScrollTests {
    func scene(smooth: Bool = false, contentSize: Size = Size(width: 400, height: 4000)) -> ScrollScene {
        let s = ScrollScene(contentSize: contentSize)
        s.container.smoothWheelScrolling = smooth
        return s
    }

    func press(_ window: HeadlessWindow, _ key: Key, modifiers: KeyModifiers = []) {
        window.key(key, pressed: true, modifiers: modifiers)
        window.key(key, pressed: false, modifiers: modifiers)
    }

    // MARK: - Keys

    @Test func arrowsScroll40Points() {
        let s = scene()
        press(s.window, .down)
        #expect(s.container.contentOffset == Point(x: 0, y: 40))
        press(s.window, .down)
        press(s.window, .up)
        #expect(s.container.contentOffset == Point(x: 0, y: 40))
        press(s.window, .right)  // no horizontal range: not handled
        press(s.window, .up)
        press(s.window, .up)  // clamped at the start
        #expect(s.container.contentOffset == .zero)
    }

    @Test func smoothArrowTakesPoint1Seconds() {
        let s = scene(smooth: true)
        press(s.window, .down)
        #expect(s.container.contentOffset.y == 0)
        s.window.advance(ms: 50)
        #expect(s.container.contentOffset.y > 20 && s.container.contentOffset.y < 40)
        s.window.advance(ms: 50)
        #expect(s.container.contentOffset.y == 40)
        #expect(!s.container.arbitration.isAnimating)
    }

    @Test func pageKeysScrollAHeightMinus40PointsAndSpaceDoesTheSame() {
        let s = scene()
        press(s.window, .pageDown)
        #expect(s.container.contentOffset.y == 760)
        press(s.window, .pageDown)
        #expect(s.container.contentOffset.y == 1520)
        press(s.window, .pageUp)
        #expect(s.container.contentOffset.y == 760)
        press(s.window, .space)
        #expect(s.container.contentOffset.y == 1520)
        press(s.window, .space, modifiers: .shift)
        #expect(s.container.contentOffset.y == 760)
    }

    /// <doc:ScrollBehaviour> §7 says a height minus 40 pt; below 80 pt that would be less than half the height (nothing
    /// at all at 40 pt), so the page keys move at least half the height there (documented on `keyPressed`).
    @Test func pageKeysMoveAHeightMinus40ButAtLeastHalfTheHeight() {
        for (height, distance) in [(200.0, 160.0), (81.0, 41.0), (80.0, 40.0), (60.0, 30.0), (40.0, 20.0)] {
            let s = ScrollScene(viewport: Size(width: 400, height: height))
            s.container.smoothWheelScrolling = false
            press(s.window, .pageDown)
            #expect(s.container.contentOffset.y == distance, "height \(height)")
        }
    }

    @Test func homeAndEndGoToTheEnds() {
        let s = scene()
        s.container.contentInset = EdgeInsets(top: 20, left: 0, bottom: 30, right: 0)
        press(s.window, .end)
        #expect(s.container.contentOffset.y == 3230)  // 4000 + 30 - 800
        press(s.window, .home)
        #expect(s.container.contentOffset.y == -20)
        press(s.window, .pageDown)
        press(s.window, .end)
        #expect(s.container.contentOffset.y == 3230)
        press(s.window, .pageDown)  // clamped at the end
        #expect(s.container.contentOffset.y == 3230)
    }

    @Test func horizontalOnlyContainersUsePageHomeEndAlongX() {
        let s = scene(contentSize: Size(width: 4000, height: 800))
        press(s.window, .pageDown)
        #expect(s.container.contentOffset == Point(x: 360, y: 0))  // width 400 minus 40
        press(s.window, .right)
        #expect(s.container.contentOffset == Point(x: 400, y: 0))
        press(s.window, .end)
        #expect(s.container.contentOffset == Point(x: 3600, y: 0))
        press(s.window, .home)
        #expect(s.container.contentOffset == .zero)
        press(s.window, .down)  // no vertical range: not handled
        #expect(s.container.contentOffset == .zero)
    }

    @Test func withPagingArrowsAndPageKeysMoveOnePageWithTheSnapAnimation() {
        let s = scene(smooth: true)
        s.container.isPagingEnabled = true
        press(s.window, .down)
        s.window.advance(ms: 100)
        #expect(s.container.contentOffset.y > 0 && s.container.contentOffset.y < 800)  // a spring, not 0.1 s
        s.window.settle(s.container)
        #expect(s.container.contentOffset.y == 800)
        #expect(s.container.currentPage == PageIndex(column: 0, row: 1))
        press(s.window, .pageDown)
        s.window.settle(s.container)
        #expect(s.container.contentOffset.y == 1600)
        press(s.window, .up)
        s.window.settle(s.container)
        #expect(s.container.contentOffset.y == 800)
        press(s.window, .end)
        s.window.settle(s.container)
        #expect(s.container.contentOffset.y == 3200)
        press(s.window, .home)
        s.window.settle(s.container)
        #expect(s.container.contentOffset.y == 0)
    }

    @Test func pagingKeysInARowAddPagesFromTheTarget() {
        let s = scene(smooth: true)
        s.container.isPagingEnabled = true
        press(s.window, .pageDown)
        s.window.advance(ms: 50)
        press(s.window, .pageDown)  // while the first snap runs: two pages, not one
        s.window.settle(s.container)
        #expect(s.container.contentOffset.y == 1600)
    }

    @Test func keyRepeatScrollsAgain() {
        let s = scene()
        s.window.key(.down, pressed: true)
        for _ in 0..<3 {
            s.window.advance(ms: 40)
            s.window.key(.down, pressed: true, modifiers: [], isRepeat: true)
        }
        s.window.key(.down, pressed: false)
        #expect(s.container.contentOffset.y == 160)
    }

    @Test func smoothKeyRepeatExtendsTheRunningStep() {
        let s = scene(smooth: true)
        s.window.key(.down, pressed: true)
        var offsets: [Double] = []
        for _ in 0..<4 {
            s.window.advance(ms: 40)
            offsets.append(s.container.contentOffset.y)
            s.window.key(.down, pressed: true, modifiers: [], isRepeat: true)
        }
        s.window.key(.down, pressed: false)
        s.window.settle(s.container)
        #expect(s.container.contentOffset.y == 200)
        #expect(offsets == offsets.sorted() && Set(offsets).count == offsets.count)
    }

    @Test func keysAreSwallowedWhileAFingerIsDown() {
        let s = scene()
        s.window.touchDown(id: 1, at: Point(x: 200, y: 400))
        press(s.window, .down)
        #expect(s.container.contentOffset == .zero)
        s.window.touchUp(id: 1)
        press(s.window, .down)
        #expect(s.container.contentOffset.y == 40)
    }

    // MARK: - Focus

    @Test func withNoFocusKeysGoToTheOutermostContainer() {
        let s = CarouselScene()
        #expect(s.window.core.focusedView == nil)
        press(s.window, .down)
        #expect(s.list.contentOffset.y == 40)
        press(s.window, .right)  // the outer list cannot scroll sideways; the carousel has no focus
        #expect(s.carousel.contentOffset == .zero)
        #expect(s.list.contentOffset == Point(x: 0, y: 40))
    }

    @Test func aPointerPressFocusesTheInnermostContainerUnderIt() {
        let s = CarouselScene()
        s.window.pointerMove(to: Point(x: 200, y: 150))  // over the carousel
        s.window.pointerButton(.right, pressed: true)  // any button focuses
        s.window.pointerButton(.right, pressed: false)
        #expect(s.window.core.focusedView === s.carousel)
        press(s.window, .right)
        #expect(s.carousel.contentOffset == Point(x: 40, y: 0))
        // A key the carousel cannot use goes up to the list around it.
        press(s.window, .down)
        #expect(s.list.contentOffset == Point(x: 0, y: 40))
        #expect(s.carousel.contentOffset == Point(x: 40, y: 0))
    }

    @Test func aTouchDownFocusesTheInnermostContainerUnderIt() {
        let s = CarouselScene()
        s.window.touchDown(id: 1, at: Point(x: 200, y: 150))
        s.window.touchUp(id: 1)
        #expect(s.window.core.focusedView === s.carousel)
        s.window.touchDown(id: 2, at: Point(x: 200, y: 600))  // below the carousel: the list
        s.window.touchUp(id: 2)
        #expect(s.window.core.focusedView === s.list)
        press(s.window, .right)
        #expect(s.carousel.contentOffset == .zero)
    }

    @Test func aFocusedContainerLeavingTheWindowHandsKeysBackToTheOutermost() {
        let s = CarouselScene()
        s.window.touchDown(id: 1, at: Point(x: 200, y: 150))
        s.window.touchUp(id: 1)
        s.carousel.removeFromSuperview()
        #expect(s.window.core.focusedView == nil)
        press(s.window, .down)
        #expect(s.list.contentOffset.y == 40)
    }

    @Test func anOutermostPagerPassesVerticalKeysOnUntilAListIsFocused() {
        let s = NestedScene()
        for c in [s.pager] + s.lists { c.smoothWheelScrolling = false }
        press(s.window, .down)
        #expect(s.lists.allSatisfy { $0.contentOffset == .zero } && s.pager.contentOffset == .zero)
        press(s.window, .right)  // the pager pages
        #expect(s.pager.contentOffset == Point(x: 400, y: 0))
        s.window.pointerMove(to: Point(x: 200, y: 400))
        s.window.pointerButton(.left, pressed: true)
        s.window.pointerButton(.left, pressed: false)
        #expect(s.window.core.focusedView === s.lists[1])
        press(s.window, .down)
        #expect(s.lists[1].contentOffset == Point(x: 0, y: 40))
    }

    /// With no focus, keys go to the outermost scroll container: the shallowest one, the first in subview order
    /// among those, skipping hidden views and everything under them (<doc:ScrollBehaviour> §7).
    @Test func theOutermostContainerIsTheShallowestVisibleOneInSubviewOrder() {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        #expect(ScrollContainer.outermost(in: root) == nil)
        let group = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let deep = ScrollContainer(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        group.addSubview(deep)
        root.addSubview(group)
        #expect(ScrollContainer.outermost(in: root) === deep)
        // A shallower container later in subview order wins over a deeper one met first depth-first.
        let shallowHidden = ScrollContainer(frame: Rect(x: 0, y: 400, width: 400, height: 400))
        let shallow = ScrollContainer(frame: Rect(x: 0, y: 400, width: 400, height: 400))
        root.addSubview(shallowHidden)
        root.addSubview(shallow)
        shallowHidden.isHidden = true
        #expect(ScrollContainer.outermost(in: root) === shallow)
        shallow.isHidden = true
        #expect(ScrollContainer.outermost(in: root) === deep)
        group.isHidden = true
        #expect(ScrollContainer.outermost(in: root) == nil)
        root.isHidden = false
        shallowHidden.isHidden = false
        #expect(ScrollContainer.outermost(in: root) === shallowHidden)
    }
}
