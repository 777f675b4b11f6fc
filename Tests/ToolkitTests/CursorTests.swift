// The cursor under the pointer (View.cursor, WindowCore.currentCursor), headless.

import Testing

@testable import ToolkitCore

@MainActor @Suite struct CursorTests {
    /// A view that asks for a cursor of its own.
    private final class TextArea: View {
        override var cursor: Cursor? { .text }
    }

    private func scene() -> (HeadlessWindow, Control) {
        let window = HeadlessWindow(size: Size(width: 200, height: 100))
        let control = Control(frame: Rect(x: 100, y: 20, width: 50, height: 30))
        window.rootView.addSubview(control)
        return (window, control)
    }

    @Test func arrowByDefaultHandOverAControlInPoints() {
        let (window, _) = scene()
        var changes: [Cursor] = []
        window.core.onCursorChange = { changes.append($0) }
        #expect(window.core.currentCursor == .arrow)
        window.pointerMove(to: Point(x: 99, y: 30))  // one point left of the control
        #expect(window.core.currentCursor == .arrow)
        window.pointerMove(to: Point(x: 100, y: 20))  // its top-left corner
        #expect(window.core.currentCursor == .hand)
        window.pointerMove(to: Point(x: 149.5, y: 49.5))  // still inside
        window.pointerMove(to: Point(x: 150, y: 50))  // just outside (bounds are half-open)
        #expect(window.core.currentCursor == .arrow)
        // Reported once per change, not per motion.
        #expect(changes == [.hand, .arrow])
    }

    @Test func plainSubviewsInheritAndOwnCursorsWin() {
        let (window, control) = scene()
        let icon = View(frame: Rect(x: 5, y: 5, width: 10, height: 10))  // inside the control: no preference
        control.addSubview(icon)
        let area = TextArea(frame: Rect(x: 0, y: 60, width: 80, height: 40))
        let inner = View(frame: Rect(x: 10, y: 10, width: 10, height: 10))
        area.addSubview(inner)
        window.rootView.addSubview(area)
        window.pointerMove(to: Point(x: 110, y: 30))  // on the icon, inside the control
        #expect(window.core.currentCursor == .hand)
        window.pointerMove(to: Point(x: 15, y: 75))  // on `inner`, inside the text area
        #expect(window.core.currentCursor == .text)
    }

    @Test func disabledControlShowsItsSuperviewsCursor() {
        let (window, control) = scene()
        control.isEnabled = false
        window.pointerMove(to: Point(x: 120, y: 30))
        #expect(window.core.currentCursor == .arrow)
        control.isEnabled = true
        window.pointerMove(to: Point(x: 121, y: 30))
        #expect(window.core.currentCursor == .hand)
    }

    @Test func contentMovingUnderAStillPointerUpdatesAtTheNextFrame() {
        let (window, control) = scene()
        window.pointerMove(to: Point(x: 20, y: 30))
        #expect(window.core.currentCursor == .arrow)
        control.frame = Rect(x: 0, y: 20, width: 50, height: 30)
        window.advance(by: .milliseconds(17))
        #expect(window.core.currentCursor == .hand)
    }

    @Test func leavingKeepsTheCursorAndBadLocationsAreIgnored() {
        let (window, _) = scene()
        window.pointerMove(to: Point(x: 120, y: 30))
        window.core.handle(.pointerLeave(timestamp: .zero))
        #expect(window.core.currentCursor == .hand)
        window.core.handle(.pointerEnter(location: Point(x: .nan, y: 3), timestamp: .zero))
        #expect(window.core.currentCursor == .hand)
        window.core.handle(.pointerMotion(location: Point(x: .infinity, y: 3), timestamp: .zero))
        #expect(window.core.currentCursor == .hand)
        window.core.handle(.pointerMotion(location: Point(x: 5, y: 5), timestamp: .zero))
        #expect(window.core.currentCursor == .arrow)
    }
}
