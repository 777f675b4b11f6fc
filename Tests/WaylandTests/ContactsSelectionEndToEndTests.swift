import Glibc
import Testing
import Toolkit
import ToolkitTesting

/// <doc:ScrollBehaviour> §19 through real protocol: the gallery's "contacts" demo (multiple selection) in its own
/// process against a `TestCompositor`, selected with `wl_pointer` clicks, Shift held on `wl_keyboard`, and keys.
///
/// Layout facts (Sources/Examples/Demos/ContactBook.swift): the list starts under the 44 pt bar; row 0 is the "A"
/// header (30 pt), then contacts 48 pt tall, 64 pt for one in three (rows 3, 6, ...): row 1 spans 74 ..< 122,
/// row 5 282 ..< 330, row 6 330 ..< 394 in the window. The selection's highlight is `SelectionColors.light`.
@Suite(
    .serialized,
    .enabled(
        if: GalleryProcess.executable != nil,
        "the gallery executable is not built next to the tests: run swift build --build-tests"))
struct ContactsSelectionEndToEndTests {
    static let highlight = SelectionColors.light.highlight.premultipliedARGB

    /// Waits (at most 10 s) for a committed frame whose pixel at (700, y) is the highlight or not.
    static func waitForHighlight(_ compositor: TestCompositor, y: Int, _ shown: Bool) -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            let count = compositor.committedFrameCount
            if let image = compositor.lastCommittedImage, (image.pixel(x: 700, y: y) == highlight) == shown {
                return true
            }
            _ = try? compositor.waitForCommit(after: count, timeout: .milliseconds(500))
        }
        return false
    }

    @Test func aShiftClickRangeAndKeysSelectThroughWaylandInput() throws {
        let compositor = try TestCompositor()
        let gallery = try GalleryProcess(
            arguments: ["--demo", "contacts", "--stats"], environment: compositor.environment)
        defer { gallery.stop() }
        try compositor.waitForToplevel(timeout: .seconds(20))
        compositor.pointerEnter(at: Point(x: 700, y: 100))
        compositor.pointerFrame()
        // Click row 1.
        compositor.pointerButton(.left, pressed: true)
        compositor.pointerFrame()
        compositor.pointerButton(.left, pressed: false)
        compositor.pointerFrame()
        #expect(Self.waitForHighlight(compositor, y: 100, true))
        // Shift + click row 5: rows 1 ... 5.
        compositor.key(.other(0xFFE1), pressed: true)  // Shift_L
        compositor.pointerMotion(to: Point(x: 700, y: 300))
        compositor.pointerFrame()
        compositor.pointerButton(.left, pressed: true)
        compositor.pointerFrame()
        compositor.pointerButton(.left, pressed: false)
        compositor.pointerFrame()
        compositor.key(.other(0xFFE1), pressed: false)
        #expect(Self.waitForHighlight(compositor, y: 200, true))
        // Down moves the focus to row 6 (the selection stays), Space selects it.
        compositor.key(.down, pressed: true)
        compositor.key(.down, pressed: false)
        compositor.key(.space, pressed: true)
        compositor.key(.space, pressed: false)
        #expect(Self.waitForHighlight(compositor, y: 360, true))
        #expect(compositor.sendClose())
        let ended = gallery.waitForExit(timeout: .seconds(5))
        let text = gallery.standardError
        #expect(ended == .exited(0), "\(text)")
        let line = try #require(text.split(separator: "\n").last { $0.hasPrefix("stats: list selected") }, "\(text)")
        #expect(line == "stats: list selected 1 6 focused 6", "\(line)")
    }
}
