import JudderPattern
import Testing
import ToolkitCore

/// The judder benchmark's measuring tool reads what a frame shows exactly.
@MainActor
struct PatternReaderTests {
    /// A list of pattern rows 37 pt below the window's top, drawn at rest and then at a known offset: the reader
    /// finds the list's top in the first picture and the offset in the second, to the point.
    @Test func readsTheOffsetAListWasDrawnAt() {
        let window = HeadlessWindow(size: Size(width: 400, height: 600))
        let rows = PatternRows(count: 2000)
        let list = ListContainer(frame: Rect(x: 0, y: 37, width: 400, height: 563))
        list.dataSource = rows
        window.rootView.addSubview(list)
        window.advance(by: .milliseconds(20))
        let column = 100
        let top = PatternReader.listTop(inRestingFrame: window.render(), column: column)
        #expect(top == 37)
        list.setContentOffset(Point(x: 0, y: 1234), animation: .none)
        window.advance(by: .milliseconds(20))
        let offset = PatternReader.offset(in: window.render(), column: column, listTop: top ?? .nan)
        #expect(offset == 1234)
        withExtendedLifetime(rows) {}
    }
}
