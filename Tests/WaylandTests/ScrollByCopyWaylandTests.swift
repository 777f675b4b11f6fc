import Testing
import ToolkitTesting

@testable import Toolkit
@testable import ToolkitCore

/// Scrolling by copying pixels through real `wl_shm` buffers: the test compositor keeps the buffer it shows
/// until the next commit, so the window alternates between two buffers and each frame copies the moved list
/// straight from the other one. After every scroll, the pixels the compositor received equal a full render
/// of the same window (a twin `HeadlessWindow`), and a small whole-point scroll drew only the rows under the
/// new strip.
@MainActor
@Suite struct ScrollByCopyWaylandTests {
    /// A list row that counts its draws.
    final class Row: View {
        var draws = 0
        let index: Int
        init(index: Int) {
            self.index = index
            super.init(frame: Rect(x: 0, y: Double(index) * 20, width: 200, height: 20))
            backgroundColor = index % 2 == 0 ? Color(white: 1) : Color(red: 0.9, green: 0.95, blue: 0.9)
        }
        override func draw(in canvas: Canvas) {
            draws += 1
            canvas.fillRoundedRect(
                Rect(x: 4, y: 3, width: 14, height: 14), radius: 4,
                color: Color(red: Double(index % 7) / 7, green: 0.4, blue: 0.7))
            canvas.drawText("Row \(index)", at: Point(x: 24, y: 3), size: 12, color: Color(white: 0.1))
        }
    }

    /// Puts the test list (40 rows of 20 pt, no indicators) into `root`; returns it and its rows.
    private func addList(to root: View) -> (ScrollContainer, [Row]) {
        root.backgroundColor = Color(red: 0, green: 0, blue: 1)
        let list = ScrollContainer(frame: Rect(x: 0, y: 10, width: 200, height: 80))
        // The indicators fade on the window's real clock, which a twin on a manual clock would not follow.
        list.showsVerticalScrollIndicator = false
        var rows: [Row] = []
        for index in 0..<40 {
            let row = Row(index: index)
            list.addSubview(row)
            rows.append(row)
        }
        list.contentSize = Size(width: 200, height: 800)
        root.addSubview(list)
        return (list, rows)
    }

    /// With pools of 2 or 3 frames (3 is the default) whole-pixel scrolls of the full-width list move the buffer's
    /// start (`RingFrameBuffer`); with pools of 1 frame they copy pixels (the fallback). The pictures are the same,
    /// at 1x and on a 2x output (where 30.5 pt is a whole number of pixels, 61, and moves too). The test compositor
    /// holds the buffer it shows until the next commit: with 3 frames, scrolls go on in its pool's memory (a new
    /// `wl_buffer` at the moved start) without writing a byte of it.
    @Test(arguments: [(2, 1), (1, 1), (2, 2), (3, 1), (3, 2)])
    func committedFramesEqualFullRendersWhileScrolling(ringFrames: Int, scale: Int) throws {
        let compositor = try TestCompositor()
        compositor.outputScale = Int32(scale)
        let window = try WaylandWindow(
            title: "scroll by copy", size: Size(width: 200, height: 100),
            appID: "org.toolkit.tests",
            connection: .fileDescriptor(compositor.connectClientFD()))
        window.bufferRingFrames = ringFrames
        let (list, rows) = addList(to: window.rootView)
        // The same window without a compositor: its full render is what each frame must show.
        let twin = HeadlessWindow(size: Size(width: 200, height: 100))
        let (twinList, _) = addList(to: twin.rootView)
        try window.pump { window.presentedFrameCount >= 1 && !window.core.needsFrame }

        var drawnRows: [[Int]] = []
        for (step, offset) in [7.0, 14, 11, 30.5, 60, 59, 0, 44, 51].enumerated() {
            for row in rows { row.draws = 0 }
            let before = window.presentedFrameCount
            list.contentOffset = Point(x: 0, y: offset)
            twinList.contentOffset = Point(x: 0, y: offset)
            try window.pump { window.presentedFrameCount > before && !window.core.needsFrame }
            drawnRows.append(rows.filter { $0.draws > 0 }.map(\.index))
            let presented = try #require(window.lastPresentedImage())
            // The compositor got those pixels (its copy is taken when it handles the commit).
            try window.pump { compositor.lastCommittedImage.map { pixelDifferences($0, presented) == 0 } ?? false }
            let committed = try #require(compositor.lastCommittedImage)
            var expected = Image(width: 200 * scale, height: 100 * scale)
            twin.core.addDamage(Rect(x: 0, y: 0, width: 200, height: 100))
            Canvas.draw(into: &expected, scale: scale) { twin.core.draw(into: $0) }
            #expect(pixelDifferences(committed, expected) == 0, "step \(step), offset \(offset)")
        }
        // Rows drawn per frame. The first scroll shows the bars, which damage only their strip. Every step
        // draws only the rows under the strip that came into view (7 pt down: row 4; 3 pt up: row 0; ...),
        // the fractional offset too: 30.5 is drawn at 31, a whole pixel (content 111...131 comes into view:
        // rows 4 and 5), and 60 from there moves by 29 pixels (rows 5 and 6).
        if scale == 1 {
            #expect(drawnRows == [[4], [4], [0], [4, 5], [5, 6], [2], [0, 1, 2], [4, 5, 6], [6]])
        }
        #expect(compositor.heldBufferWrites == 0)
        #expect(compositor.isClean)
        // With ring pools (2 or 3 frames) the scrolls moved the start; the copy path never does.
        #expect((window.shiftedFrameCount > 0) == (ringFrames > 1))
        if ringFrames == 3 { #expect(window.onwardFrameCount > 0) }
    }
}
