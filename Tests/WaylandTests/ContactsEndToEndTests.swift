import Glibc
import Testing
import Toolkit
import ToolkitTesting

/// The gallery's "contacts" demo (a `ListContainer` of 1,000,000 rows) in a separate process against a
/// `TestCompositor`: flung with injected touches, read back from committed pixels and the `--stats` lines.
///
/// Layout facts read here (Sources/Examples/Demos/ContactsDemo.swift): the list starts under the 44 pt bar; the
/// "A" header (30 pt, grey 0.92) is pinned at its top; contact rows are white with a separator.
@Suite(
    .serialized,
    .enabled(
        if: GalleryProcess.executable != nil,
        "the gallery executable is not built next to the tests: run swift build --build-tests"))
struct ContactsEndToEndTests {
    /// The header's grey at a pixel left of its letter.
    static func isHeaderGrey(_ pixel: UInt32) -> Bool {
        let r = (pixel >> 16) & 0xFF
        let g = (pixel >> 8) & 0xFF
        let b = pixel & 0xFF
        return r == g && g == b && r >= 0xE6 && r <= 0xF0
    }

    @Test func aFlingScrollsAMillionRowsWithTheHeaderPinnedAndFewViews() throws {
        let compositor = try TestCompositor()
        let gallery = try GalleryProcess(
            arguments: ["--demo", "contacts", "--stats"], environment: compositor.environment)
        defer { gallery.stop() }
        try compositor.waitForToplevel(timeout: .seconds(20))
        let first = try #require(compositor.lastCommittedImage)
        #expect(Self.isHeaderGrey(first.pixel(x: 6, y: 44 + 15)), "\(String(first.pixel(x: 6, y: 59), radix: 16))")
        // A flick up: 20 motions of 15 pt, 8 ms apart, then the list decelerates for a while.
        compositor.touchDown(id: 1, at: Point(x: 400, y: 480))
        compositor.touchFrame()
        for step in 1...20 {
            usleep(8_000)
            compositor.touchMotion(id: 1, to: Point(x: 400, y: 480 - 15 * Double(step)))
            compositor.touchFrame()
        }
        compositor.touchUp(id: 1)
        compositor.touchFrame()
        // Once the fling is over, the header is still pinned at the top of the list, over rows far below it.
        let later = try #require(try compositor.waitForRest())
        #expect(Self.isHeaderGrey(later.pixel(x: 6, y: 44 + 15)), "\(String(later.pixel(x: 6, y: 59), radix: 16))")
        #expect(compositor.sendClose())
        let ended = gallery.waitForExit(timeout: .seconds(5))
        let text = gallery.standardError
        #expect(ended == .exited(0), "\(text)")
        let line = try #require(text.split(separator: "\n").last { $0.hasPrefix("stats: list rows") }, "\(text)")
        let numbers = line.split(separator: " ").compactMap { Int($0) }
        try #require(numbers.count == 4, "\(line)")
        #expect(numbers[0] == 1_000_000, "\(line)")
        #expect(numbers[1] > 0 && numbers[1] <= 40, "live views: \(line)")
        // The finger alone moves the content 290 pt (300 minus the slop) over rows of at most 64 pt: past row 4
        // whatever the fling added (that depends on the real-time pacing of a loaded machine).
        #expect(numbers[2] >= 4, "the drag moved the list: \(line)")
        print("[ContactsEndToEndTests] \(line)")
    }
}
