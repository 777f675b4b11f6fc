// <doc:ScrollBehaviour> §16: an animated `scrollToRow` is planned from estimated heights; the rows measured on the
// way move its row, and the motion follows (retargeted over the time it has left) so that it lands on the row with
// no jump at the end.

import Testing

@testable import ToolkitCore

@MainActor @Suite struct ListScrollToRowTests {
    /// Offsets seen while `body` runs, in order.
    func offsets(of list: ListContainer, during body: () -> Void) -> [Double] {
        var seen: [Double] = [list.contentOffset.y]
        let token = list.observe(\.contentOffset) { container, _ in seen.append(container.contentOffset.y) }
        body()
        token.invalidate()
        return seen
    }

    /// Every row measures twice the estimate (88 against 44): the rows measured on the way move the target.
    @Test(arguments: [ListScrollPosition.top, .middle, .bottom])
    func animatedLandsExactlyOnTheRowWithoutAJump(position: ListScrollPosition) {
        let s = ListScene(RecordingRows(count: 10_000, height: { _ in 88 }))
        let planned = s.list.frameForRow(3_000).minY  // from the estimates: 2,981 rows of 44 pt, 19 of 88
        #expect(planned == 2_981 * 44 + 19 * 88)
        let seen = offsets(of: s.list) {
            s.list.scrollToRow(3_000, at: position, animated: true)
            s.window.advance(ms: 600)
        }
        #expect(!s.list.isDecelerating)
        // On the row, by its measured place (all rows up to it 88 pt now or estimated, as the list knows them).
        let frame = s.list.frameForRow(3_000)
        let expected: Double
        switch position {
        case .top: expected = frame.minY
        case .middle: expected = frame.midY - 400
        default: expected = frame.maxY - 800
        }
        #expect(abs(s.list.contentOffset.y - expected) < 1e-6)
        #expect(s.list.view(forRow: 3_000)?.frame == frame)
        // The measured rows moved the row by thousands of points during the motion.
        #expect(frame.minY > planned + 3_000)
        // Steps: all forward, none larger than the first (an ease-out's largest), and each no larger than the one
        // before it, as on an ease-out (a correction at the end, or at rest, is a step of thousands of points
        // after steps of a few hundred: planned from estimates without retargeting, 12,035 after 159).
        var steps: [Double] = []
        for index in 1..<seen.count where seen[index] != seen[index - 1] { steps.append(seen[index] - seen[index - 1]) }
        #expect(steps.count >= 10)
        #expect(steps.allSatisfy { $0 > 0 }, "\(steps)")
        #expect(steps.allSatisfy { $0 <= steps[0] + 1e-6 }, "\(steps)")
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $1 <= $0 }, "\(steps)")
    }

    /// Upwards the rows measured on the way come in above the rows in view: anchoring keeps those still (the
    /// offset shifts with the motion), and the motion still lands on the row.
    @Test func upwardsToo() {
        let s = ListScene(RecordingRows(count: 10_000, height: { _ in 20 }))
        s.list.scrollToRow(9_000, at: .top, animated: false)
        s.list.scrollToRow(2_000, at: .top, animated: true)
        s.window.advance(ms: 600)
        #expect(!s.list.isDecelerating)
        #expect(abs(s.list.contentOffset.y - s.list.frameForRow(2_000).minY) < 1e-6)
        #expect(abs(s.screenY(2_000)) < 1e-6)
    }
}
