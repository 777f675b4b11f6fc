// <doc:ScrollBehaviour> §22, reduced motion: animations finish in one frame, indicators go without fading, and what
// follows a finger (dragging, the rubber band, a fling's momentum) is the same with the setting as without it.

import Foundation
import Testing

@testable import ToolkitCore

@MainActor @Suite struct ReducedMotionTests {
    /// Just over one frame (1/60 s): the next frame has run.
    static let oneFrameMS = 1000.0 / 60 + 0.1

    @Test func theSettingIsOffByDefault() {
        let window = WindowCore(size: Size(width: 10, height: 10))
        #expect(!window.reducesMotion)
        #expect(window.colorScheme == .light)
    }

    @Test func anAnimatedOffsetLandsInTheNextFrame() {
        let s = ScrollScene()
        s.window.core.reducesMotion = true
        s.container.setContentOffset(Point(x: 0, y: 1000), animated: true)
        #expect(s.container.contentOffset.y == 0)  // nothing moves before a frame
        s.window.advance(ms: Self.oneFrameMS)
        #expect(s.container.contentOffset.y == 1000)
        #expect(!s.container.arbitration.isAnimating)
        #expect(s.delegate.didEndScrollingAnimationCount == 1)
        // A spring too, and without the setting the same call takes its 0.3 s.
        s.container.setContentOffset(
            Point(x: 0, y: 200), animation: .spring(response: .milliseconds(500), dampingRatio: 0.6))
        s.window.advance(ms: Self.oneFrameMS)
        #expect(s.container.contentOffset.y == 200)
        s.window.core.reducesMotion = false
        s.container.setContentOffset(Point(x: 0, y: 1000), animated: true)
        s.window.advance(ms: Self.oneFrameMS)
        #expect(s.container.contentOffset.y > 200 && s.container.contentOffset.y < 1000)
    }

    @Test func scrollToRowLandsInTheNextFrame() {
        let s = ListScene(RecordingRows(count: 1000))
        s.window.core.reducesMotion = true
        s.window.advance(ms: 20)
        s.list.scrollToRow(500, at: .top, animated: true)
        s.window.advance(ms: Self.oneFrameMS)
        #expect(s.list.contentOffset.y == 500 * 44)
        #expect(!s.list.arbitration.isAnimating)
    }

    @Test func pagingSettlesInTheNextFrame() {
        let s = ScrollScene(viewport: Size(width: 400, height: 800), contentSize: Size(width: 2000, height: 800))
        s.container.isPagingEnabled = true
        s.window.core.reducesMotion = true
        let start = Point(x: 300, y: 400)
        // A slow 260 pt drag: the nearest page is page 1.
        s.window.drag(from: start, to: start - Point(x: 260, y: 0), steps: 26, durationMS: 1300, holdMS: 60)
        #expect(s.container.contentOffset.x == 250)  // the 10 pt slop is not scrolled
        s.window.advance(ms: Self.oneFrameMS)
        #expect(s.container.contentOffset.x == 400)
        #expect(!s.container.isDecelerating)
    }

    /// A 400 x 800 container of 40 items of 200 pt that snap at their start.
    func snapScene(reducesMotion: Bool) -> ScrollScene {
        let s = ScrollScene(viewport: Size(width: 400, height: 800), contentSize: Size(width: 400, height: 8000))
        s.container.snapping = .mandatory
        for k in 0..<40 {
            let item = View(frame: Rect(x: 0, y: Double(k) * 200, width: 400, height: 200))
            item.snapAlignment = .start
            s.container.addSubview(item)
        }
        s.window.core.reducesMotion = reducesMotion
        return s
    }

    @Test func snapSettlingTakesOneFrame() {
        let start = Point(x: 200, y: 600)
        // A flick upwards at about 3000 pt/s: the snap offset it rests on, found without the setting, is reached in
        // one frame.
        let plain = snapScene(reducesMotion: false)
        plain.window.drag(from: start, to: start - Point(x: 0, y: 300), steps: 10, durationMS: 100)
        plain.window.settle(plain.container)
        let target = plain.container.contentOffset.y
        #expect(target.truncatingRemainder(dividingBy: 200) == 0 && target > 300, "\(target)")
        let s = snapScene(reducesMotion: true)
        s.window.drag(from: start, to: start - Point(x: 0, y: 300), steps: 10, durationMS: 100)
        s.window.advance(ms: Self.oneFrameMS)
        #expect(s.container.contentOffset.y == target)
        #expect(!s.container.isDecelerating)
    }

    @Test func keyStepsLandAtOnce() {
        let s = ScrollScene()
        s.window.core.reducesMotion = true
        s.window.key(.pageDown, pressed: true)
        s.window.key(.pageDown, pressed: false)
        // A page: the 800 pt viewport less the 40 pt overlap.
        #expect(s.container.contentOffset.y == 760)
        s.window.key(.down, pressed: true)
        #expect(s.container.contentOffset.y == 800)
        s.window.advance(ms: Self.oneFrameMS)
        #expect(!s.container.arbitration.isAnimating)
    }

    @Test func anAnimatedBatchShowsItsEndInTheNextFrame() {
        let s = IdentifiedScene(IdentifiedRows(Array(0..<100)))
        s.window.core.reducesMotion = true
        s.window.advance(ms: 20)
        s.rows.ids.insert(-1, at: 2)
        s.list.performBatchUpdates(animated: true) { s.list.insertRows(at: [2]) }
        s.window.advance(ms: Self.oneFrameMS)
        #expect(!s.list.itemAnimation.isActive)
        for row in s.list.visibleRows {
            #expect(s.list.view(forRow: row)!.frame == s.list.frameForRow(row))
        }
        #expect(s.viewsMatchIDs())
    }

    @Test func indicatorsAppearAndGoWithoutFading() {
        let s = ScrollScene()
        s.window.core.reducesMotion = true
        s.window.drag(from: Point(x: 200, y: 600), to: Point(x: 200, y: 400), steps: 10, durationMS: 400, holdMS: 100)
        #expect(s.container.scrollIndicatorOpacity == 1)
        s.window.settle(s.container)
        // Through the hold time (0.5 s after rest) at full opacity, then gone at once: never in between.
        var seen: Set<Double> = []
        for _ in 0..<100 {
            s.window.advance(ms: 10)
            seen.insert(s.container.scrollIndicatorOpacity)
        }
        #expect(seen == [0, 1])
        #expect(s.container.scrollIndicatorOpacity == 0)
        #expect(!s.container.scrollbarsAnimate)
    }

    /// The offsets a script of finger moves and the motion after it produce, frame by frame.
    func trace(reducesMotion: Bool, script: (HeadlessWindow) -> Void) -> [Double] {
        let s = ScrollScene()
        s.window.core.reducesMotion = reducesMotion
        var offsets: [Double] = []
        s.delegate.onScroll = { offsets.append($0.contentOffset.y) }
        script(s.window)
        s.window.settle(s.container)
        return offsets
    }

    @Test func dragsTheRubberBandAndFlingsAreUnchanged() {
        // Past the top edge (the rubber band) and back, then a fling with its deceleration.
        let script: (HeadlessWindow) -> Void = { window in
            window.drag(from: Point(x: 200, y: 100), to: Point(x: 200, y: 500), steps: 20, durationMS: 400)
            window.advance(ms: 1000)
            window.fling(from: Point(x: 200, y: 600), to: Point(x: 200, y: 300))
        }
        let plain = trace(reducesMotion: false, script: script)
        let reduced = trace(reducesMotion: true, script: script)
        #expect(plain.count > 60)
        #expect(plain.min()! < 0)  // it did pull past the edge
        #expect(reduced == plain)
    }
}
