// <doc:ScrollBehaviour> §19, animated batches: 0.3 s, the first visible surviving row still at every frame, rows
// growing, shrinking and sliding, a second batch starting from what is shown, taps during the animation.

import Foundation
import Testing

@testable import ToolkitCore

@MainActor @Suite struct ListAnimationTests {
    /// Row 100 at the top; a batch deletes and inserts rows in view and above, and moves one. Row 100 survives
    /// and is the first visible row: it does not move at any frame, and after 0.3 s every row is at its layout.
    @Test func theFirstVisibleSurvivingRowStaysStillAtEveryFrame() {
        let s = IdentifiedScene(IdentifiedRows(Array(0..<1000)))
        s.window.advance(ms: 20)
        s.list.contentOffset = Point(x: 0, y: 4400 + 10)
        let anchor = s.view(100)!
        let before = anchor.convert(Point.zero, to: nil).y
        // Old rows 50, 101, 103 deleted, 105 moved to 3, new rows at 0 and 104: the kept rows fill the other places.
        var kept = (0..<1000).filter { ![50, 101, 103, 105].contains($0) }.makeIterator()
        s.rows.ids = (0..<999).map { $0 == 0 ? -1 : $0 == 3 ? 105 : $0 == 104 ? -2 : kept.next()! }
        s.list.performBatchUpdates(animated: true) {
            s.list.deleteRows(at: [50, 101, 103])
            s.list.insertRows(at: [0, 104])
            s.list.moveRow(105, to: 3)
        }
        let anchorRow = s.list.visibleRows.first { s.list.view(forRow: $0) === anchor }!
        let inserted = s.list.view(forRow: 104)!
        var heightsSeen: [Double] = []
        var worst = 0.0
        let start = s.window.now
        while s.window.now - start < .milliseconds(400) {
            worst = max(worst, abs(anchor.convert(Point.zero, to: nil).y - before))
            heightsSeen.append(inserted.frame.height)
            s.window.advance(ms: 1000.0 / 60)
        }
        #expect(worst <= 0.5)
        // Above it: two rows in (0, 3), one out (50): old 100 is row 101.
        #expect(anchorRow == 101)
        // The inserted row grew from (nearly) nothing to its 44 pt, never shrinking.
        #expect(heightsSeen.first! < 22 && heightsSeen.last == 44, "\(heightsSeen)")
        #expect(zip(heightsSeen, heightsSeen.dropFirst()).allSatisfy { $0 <= $1 })
        for row in s.list.visibleRows {
            #expect(s.list.view(forRow: row)!.frame == s.list.frameForRow(row))
        }
        #expect(s.viewsMatchIDs())
        // The deleted rows' views went back once their exit was over.
        #expect(s.list.subviews.count == s.list.numberOfLiveViews)
    }

    /// Halfway through a batch that opens a gap, a second one starts from the rows as they are drawn.
    @Test func aSecondBatchStartsFromWhatIsShown() {
        let s = IdentifiedScene(IdentifiedRows(Array(0..<1000)))
        s.window.advance(ms: 20)
        // An animated insert of three rows at 5, and halfway a delete of row 12.
        s.rows.ids.insert(contentsOf: [-1, -2, -3], at: 5)
        s.list.performBatchUpdates(animated: true) { s.list.insertRows(at: [5, 6, 7]) }
        s.window.advance(ms: 100)
        let row10 = s.view(10)!
        let shown = row10.convert(Point.zero, to: nil).y
        #expect(shown > 5 * 44 && shown < 10 * 44)  // on its way down
        s.rows.ids.remove(at: 12)
        s.list.performBatchUpdates(animated: true) { s.list.deleteRows(at: [12]) }
        #expect(abs(row10.convert(Point.zero, to: nil).y - shown) <= 0.5)
        s.window.advance(ms: 400)
        #expect(row10.frame == s.list.frameForRow(10))
        #expect(s.viewsMatchIDs())
    }

    /// Taps during the animation select the row under the finger (as drawn).
    @Test func tapsWorkDuringTheAnimation() {
        let s = ListScene(RecordingRows(count: 1000))
        s.list.selectionMode = .single
        s.window.advance(ms: 20)
        s.rows.count += 5
        s.list.performBatchUpdates(animated: true) { s.list.insertRows(at: [0, 1, 2, 3, 4]) }
        s.window.advance(ms: 100)
        let point = Point(x: 200, y: 300)
        let hit = s.list.visibleRows.first { s.list.view(forRow: $0)!.frame.contains(point) }!
        s.tap(y: point.y)
        #expect(s.list.selectedRows == IndexSet(integer: hit))
    }

    /// Not animated: the same end state at once.
    @Test func withoutAnimationTheEndStateComesAtOnce() {
        let animated = IdentifiedScene(IdentifiedRows(Array(0..<200)))
        let plain = IdentifiedScene(IdentifiedRows(Array(0..<200)))
        for (s, flag) in [(animated, true), (plain, false)] {
            s.window.advance(ms: 20)
            s.list.contentOffset = Point(x: 0, y: 440)
            s.rows.ids = [-1] + Array(0..<12) + Array(14..<200)
            s.list.performBatchUpdates(animated: flag) {
                s.list.insertRows(at: [0])
                s.list.deleteRows(at: [12, 13])
            }
        }
        animated.window.advance(ms: 400)
        #expect(animated.list.contentOffset == plain.list.contentOffset)
        for row in plain.list.visibleRows {
            #expect(animated.list.view(forRow: row)!.frame == plain.list.view(forRow: row)!.frame)
        }
    }

    /// A batch without animation during one ends it at once, the first visible row staying where it was drawn.
    @Test func anUnanimatedBatchEndsARunningAnimation() {
        let s = IdentifiedScene(IdentifiedRows(Array(0..<1000)))
        s.window.advance(ms: 20)
        s.list.contentOffset = Point(x: 0, y: 4400)
        s.rows.ids.remove(at: 102)
        s.list.performBatchUpdates(animated: true) { s.list.deleteRows(at: [102]) }
        s.window.advance(ms: 100)
        let row = s.view(105)!
        let shown = row.convert(Point.zero, to: nil).y
        let anchor = s.view(100)!
        s.rows.ids.remove(at: 101)
        s.list.performBatchUpdates(animated: false) { s.list.deleteRows(at: [101]) }
        #expect(anchor.convert(Point.zero, to: nil).y == 0)
        #expect(s.list.subviews.count == s.list.numberOfLiveViews)
        #expect(row.frame == s.list.frameForRow(104))
        #expect(row.convert(Point.zero, to: nil).y < shown)
    }
}
