// Scroll indicators: they appear while the content scrolls and fade out after it rests.

import Testing

@testable import ToolkitCore

@MainActor @Suite struct ScrollIndicatorTests {
    /// Whether any pixel of the 3 pt strip along the right edge (where the vertical indicator sits) is inked.
    func indicatorInk(_ image: Image) -> Int {
        var ink = 0
        for y in 0..<image.height {
            for x in (image.width - 6)..<(image.width - 3) where image.pixel(x: x, y: y) != 0 {
                ink += 1
            }
        }
        return ink
    }

    @Test func indicatorsAppearWhileScrollingAndFadeOut() {
        let s = ScrollScene(viewport: Size(width: 200, height: 400), contentSize: Size(width: 200, height: 4000))
        #expect(s.container.scrollIndicatorOpacity == 0)
        #expect(indicatorInk(s.window.render()) == 0)
        s.window.drag(from: Point(x: 100, y: 300), to: Point(x: 100, y: 100), steps: 5, durationMS: 50)
        #expect(s.container.scrollIndicatorOpacity == 1)
        #expect(indicatorInk(s.window.render()) > 0)
        s.window.settle(s.container)
        #expect(s.container.scrollIndicatorOpacity == 1)  // held a moment after coming to rest
        s.window.advance(ms: 500)
        #expect(s.container.scrollIndicatorOpacity < 1)
        s.window.advance(ms: 300)
        #expect(s.container.scrollIndicatorOpacity == 0)
        #expect(indicatorInk(s.window.render()) == 0)
    }

    @Test func indicatorsFollowTheOffsetAndRespectTheirSwitches() {
        let s = ScrollScene(viewport: Size(width: 200, height: 400), contentSize: Size(width: 200, height: 4000))
        s.container.contentOffset = Point(x: 0, y: 0)
        s.container.contentOffset = Point(x: 0, y: 1)
        let top = s.container.indicatorRect(.vertical)
        s.container.contentOffset = Point(x: 0, y: 3600)
        let bottom = s.container.indicatorRect(.vertical)
        #expect(top != nil && bottom != nil)
        #expect((top?.minY ?? 0) - 1 < 5)  // near the top of the view (content coordinates)
        #expect(bottom!.maxY > 3600 + 400 - 10)  // near the bottom of the view
        #expect(s.container.indicatorRect(.horizontal) == nil)  // nothing to scroll horizontally
        s.container.showsVerticalScrollIndicator = false
        #expect(s.container.indicatorRect(.vertical) == nil)
    }
}
