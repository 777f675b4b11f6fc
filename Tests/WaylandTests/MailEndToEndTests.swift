import Glibc
import Testing
import Toolkit
import ToolkitTesting

/// The gallery's mail demo (<doc:ScrollBehaviour> §21), a separate process, against a `TestCompositor`: real
/// `wl_touch` swipes on its rows, checked from committed pixels and the `stats:` lines the demo prints as its
/// actions run.
///
/// Layout facts of the demo (Sources/Examples/Demos/MailDemo.swift): an 800 x 600 window, the 44 pt bar, the demo's
/// 40 pt strip, then rows of 76 pt: row k's middle is at window y 84 + 76 k + 38. The trailing actions, Archive
/// (against the right edge) then Delete, are each their title's width at 15 pt plus 32 pt, at least 74 pt.
@Suite(
    .serialized,
    .enabled(
        if: GalleryProcess.executable != nil,
        "the gallery executable is not built next to the tests: run swift build --build-tests"))
struct MailEndToEndTests {
    static let archive: UInt32 = 0xFF2F_6FD6
    static let delete: UInt32 = 0xFFD9_3A2F

    private struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private static func rowMiddle(_ row: Int) -> Double { 84 + 76 * Double(row) + 38 }

    /// Finger `id` lands at `start`, moves by `delta` in `steps` motions 16 ms apart, is held still and lifts.
    private func heldDrag(_ compositor: TestCompositor, id: Int, from start: Point, by delta: Point, steps: Int) {
        compositor.touchDown(id: id, at: start)
        compositor.touchFrame()
        for step in 1...steps {
            usleep(16_000)
            let f = Double(step) / Double(steps)
            compositor.touchMotion(id: id, to: Point(x: start.x + delta.x * f, y: start.y + delta.y * f))
            compositor.touchFrame()
        }
        Gesture.holdStill()
        compositor.touchUp(id: id)
        compositor.touchFrame()
    }

    /// A swipe of 110 pt to the left on row 1 rests open (the row slid 100 pt, past half of the actions' width):
    /// Archive shows at the right edge; a tap on it archives message 1. Then a swipe across 620 pt of row 0 (past
    /// 60 % of 800) archives message 0 on release.
    @Test func aSwipeOpensTheRowATapArchivesAndAFullSwipeArchives() throws {
        let archiveWidth = max(74, Font.measure("Archive", size: 15).width + 32)
        let deleteWidth = max(74, Font.measure("Delete", size: 15).width + 32)
        try #require(100 > (archiveWidth + deleteWidth) / 2)
        let compositor = try TestCompositor()
        let gallery = try GalleryProcess(
            arguments: ["--demo", "mail", "--stats"], environment: compositor.environment)
        defer { gallery.stop() }
        do {
            try compositor.waitForToplevel(timeout: .seconds(20))
        } catch {
            throw Failure(description: "the gallery did not map a window; stderr: \(gallery.standardError)")
        }
        let y = Self.rowMiddle(1)
        #expect(try compositor.settledImage().pixel(x: 790, y: Int(y)) != Self.archive)

        heldDrag(compositor, id: 1, from: Point(x: 600, y: y), by: Point(x: -110, y: 0), steps: 10)
        // The row slides open over 0.25 s: at rest Archive's colour is at the right edge and Delete's inside it.
        let open = try compositor.waitForImage("Archive and Delete shown") {
            $0.pixel(x: 790, y: Int(y)) == Self.archive
                && $0.pixel(x: Int(800 - archiveWidth - 8), y: Int(y)) == Self.delete
        }
        // The row's own white starts left of both.
        #expect(open.pixel(x: Int(800 - archiveWidth - deleteWidth - 8), y: Int(y) + 30) == 0xFFFF_FFFF)

        compositor.touchDown(id: 2, at: Point(x: 800 - archiveWidth / 2, y: y))
        compositor.touchFrame()
        usleep(40_000)
        compositor.touchUp(id: 2)
        compositor.touchFrame()
        try gallery.waitForOutput("stats: mail archived message 1")

        heldDrag(compositor, id: 3, from: Point(x: 760, y: Self.rowMiddle(0)), by: Point(x: -620, y: 0), steps: 20)
        try gallery.waitForOutput("stats: mail archived message 0")
        let lines = gallery.standardError.split(separator: "\n").filter { $0.hasPrefix("stats: mail ") }
        #expect(lines == ["stats: mail archived message 1", "stats: mail archived message 0"], "\(lines)")

        #expect(compositor.sendClose())
        let ended = gallery.waitForExit(timeout: .seconds(5))
        #expect(ended == .exited(0), "after close: \(ended.map { "\($0)" } ?? "running"); \(gallery.standardError)")
    }
}
