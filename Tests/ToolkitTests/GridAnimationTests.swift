// <doc:ScrollBehaviour> §19, §20, animated batches in a grid (the lazy engine's animation, shared with the list):
// 0.3 s, the first visible surviving item still at every frame, items sliding to their new cells in two directions,
// inserted items growing in, deleted ones staying where they were until they are put back. The grid is 400 x 800:
// 3 columns of 128 pt (x 0, 136, 272), rows 128 pt apart (see GridContainerTests).

import Foundation
import Testing

@testable import ToolkitCore

@MainActor
extension GridScene {
    /// The window point of `view`'s origin.
    func origin(_ view: View) -> Point { view.convert(Point.zero, to: nil) }

    /// Whether every alive view shows the id its item has now.
    func viewsMatchIDs(_ source: RecordingItems) -> Bool {
        grid.visibleItems.allSatisfy { view($0).item == source.ids[$0] }
    }
}

@MainActor @Suite struct GridAnimationTests {
    /// Row 10 (items 30-32) at the top, 10 pt scrolled in. Old items 5 and 31 deleted, 40 moved to 34, new items at
    /// 0 and 33. Old 30 keeps its index (one out above it, one in) and its cell: the anchor. Old 32 becomes 31: it
    /// slides left one column. Frame by frame over 0.4 s.
    @Test func itemsSlideGrowAndLeaveWhileTheFirstVisibleSurvivorStaysStill() throws {
        let source = RecordingItems(count: 1000)
        let s = GridScene(source)
        s.window.advance(ms: 20)
        s.grid.contentOffset = Point(x: 0, y: 10 * 128 + 10)
        let anchor = s.view(30)
        let slider = s.view(32)
        let leaver = s.view(31)
        let anchorBefore = s.origin(anchor)
        #expect(s.origin(slider).x == 272)
        var ids = (0..<1000).filter { ![5, 31, 40].contains($0) }
        ids.insert(-1, at: 0)
        ids.insert(-2, at: 33)
        ids.insert(40, at: 34)
        source.ids = ids
        s.grid.performBatchUpdates(animated: true) {
            s.grid.deleteItems(at: [5, 31])
            s.grid.insertItems(at: [0, 33])
            s.grid.moveItem(40, to: 34)
        }
        #expect(s.grid.view(forItem: 30) === anchor)
        #expect(s.grid.view(forItem: 31) === slider)
        let inserted = s.view(33)
        #expect(inserted.item == -2)
        let leaverFrame = leaver.frame
        let start = s.window.now
        var worst = 0.0
        var xs: [Double] = []
        var heights: [Double] = []
        var opacities: [Double] = []
        var leaverMoved = 0.0
        var leaverGoneAt: Duration?
        while s.window.now - start < .milliseconds(400) {
            worst = max(worst, abs(s.origin(anchor).y - anchorBefore.y), abs(s.origin(anchor).x - anchorBefore.x))
            xs.append(s.origin(slider).x)
            heights.append(inserted.frame.height)
            opacities.append(s.grid.itemAnimation.opacity(ofItem: 33))
            if leaver.superview === s.grid {
                leaverMoved = max(leaverMoved, abs(leaver.frame.minX - leaverFrame.minX))
            } else if leaverGoneAt == nil {
                leaverGoneAt = s.window.now - start
            }
            s.window.advance(ms: 1000.0 / 60)
        }
        #expect(worst <= 0.5)
        // The slider went from column 2 (x 272) to column 1 (x 136) without turning back; it started near 272.
        #expect(xs.first! > 240 && xs.last == 136, "\(xs)")
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 >= $1 })
        // The inserted item grew from under half its 120 pt to 120 pt and faded in from 0.
        #expect(heights.first! < 60 && heights.last == 120, "\(heights)")
        #expect(zip(heights, heights.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(opacities.first! < 0.5 && opacities.last == 1, "\(opacities)")
        // The deleted item stayed in its place while it faded, and went back after 0.3 s (at the first frame after, seen at most a sample later).
        #expect(leaverMoved == 0)
        let gone = try #require(leaverGoneAt)
        #expect(gone >= .milliseconds(300) && gone <= .milliseconds(300 + 34), "\(gone)")
        #expect(s.grid.subviews.count == s.grid.numberOfLiveViews)
        for item in s.grid.visibleItems {
            #expect(s.view(item).frame == s.grid.frameForItem(item))
        }
        #expect(s.viewsMatchIDs(source))
        #expect(!s.grid.itemAnimation.isActive)
    }

    /// Halfway through a batch, a second one starts from the items as they are drawn: nothing jumps.
    @Test func aSecondBatchStartsFromWhatIsShown() {
        let source = RecordingItems(count: 300)
        let s = GridScene(source)
        s.window.advance(ms: 20)
        // An animated insert at 0: every item slides one cell on (right, or down to the next row's start).
        source.ids.insert(-1, at: 0)
        s.grid.performBatchUpdates(animated: true) { s.grid.insertItems(at: [0]) }
        s.window.advance(ms: 100)
        let moving = s.view(5)  // old 4: from (136, 128) towards (272, 128)
        let shown = s.origin(moving)
        #expect(shown.x > 136 && shown.x < 272 && shown.y == 128, "\(shown)")
        source.ids.remove(at: 9)
        s.grid.performBatchUpdates(animated: true) { s.grid.deleteItems(at: [9]) }
        let after = s.origin(moving)
        #expect(abs(after.x - shown.x) <= 0.5 && abs(after.y - shown.y) <= 0.5, "\(shown) \(after)")
        s.window.advance(ms: 400)
        #expect(moving.frame == s.grid.frameForItem(5))
        #expect(s.viewsMatchIDs(source))
    }

    /// Not animated: the end state at once; a running animation ends there too.
    @Test func notAnimatedShowsTheEndAtOnce() {
        let source = RecordingItems(count: 100)
        let s = GridScene(source)
        s.window.advance(ms: 20)
        source.ids.insert(-1, at: 0)
        s.grid.performBatchUpdates(animated: true) { s.grid.insertItems(at: [0]) }
        s.window.advance(ms: 50)
        source.ids.remove(at: 50)
        s.grid.performBatchUpdates(animated: false) { s.grid.deleteItems(at: [50]) }
        #expect(!s.grid.itemAnimation.isActive)
        for item in s.grid.visibleItems {
            #expect(s.view(item).frame == s.grid.frameForItem(item))
        }
        #expect(s.grid.subviews.count == s.grid.numberOfLiveViews)
        #expect(s.viewsMatchIDs(source))
    }
}
