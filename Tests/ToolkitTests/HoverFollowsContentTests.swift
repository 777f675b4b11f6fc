import Testing

@testable import ToolkitCore

/// Content that scrolls under a pointer that stays still changes what is hovered (and the cursor), at the next
/// frame: the row that left the pointer gets `pointerExited`, the one that arrived `pointerEntered`.
@MainActor @Suite struct HoverFollowsContentTests {
    final class Row: View {
        var log: [String]
        let name: String
        init(frame: Rect, name: String, log: [String]) {
            self.name = name
            self.log = log
            super.init(frame: frame)
        }
        override func pointerEntered(_ location: Point) { log.append("enter \(name)") }
        override func pointerExited(_ location: Point) { log.append("exit \(name)") }
    }

    final class HandRow: View {
        override var cursor: Cursor? { .hand }
    }

    @Test func wheelScrollUnderAStillPointerMovesTheHover() {
        let window = HeadlessWindow(size: Size(width: 200, height: 200))
        let list = ScrollContainer(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        list.contentSize = Size(width: 200, height: 2000)
        list.smoothWheelScrolling = false
        let rows = (0..<40).map {
            Row(frame: Rect(x: 0, y: Double($0) * 50, width: 200, height: 50), name: "\($0)", log: [])
        }
        for row in rows { list.addSubview(row) }
        window.rootView.addSubview(list)
        window.pointerMove(to: Point(x: 100, y: 25))
        window.advance(by: .milliseconds(20))
        #expect(rows[0].log == ["enter 0"])
        window.pointerAxis(dx: 0, dy: 120, source: .wheel)  // one detent: 48 pt, the pointer is now over row 1
        window.advance(by: .milliseconds(20))
        #expect(list.contentOffset.y == 48)
        #expect(rows[0].log == ["enter 0", "exit 0"])
        #expect(rows[1].log == ["enter 1"])
    }

    @Test func cursorFollowsContentUnderAStillPointer() {
        let window = HeadlessWindow(size: Size(width: 200, height: 200))
        let list = ScrollContainer(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        list.contentSize = Size(width: 200, height: 2000)
        list.smoothWheelScrolling = false
        list.addSubview(HandRow(frame: Rect(x: 0, y: 60, width: 200, height: 50)))
        window.rootView.addSubview(list)
        window.pointerMove(to: Point(x: 100, y: 25))
        window.advance(by: .milliseconds(20))
        #expect(window.core.currentCursor == .arrow)
        window.pointerAxis(dx: 0, dy: 120, source: .wheel)  // the hand row slides under the pointer
        window.advance(by: .milliseconds(20))
        #expect(window.core.currentCursor == .hand)
    }
}
