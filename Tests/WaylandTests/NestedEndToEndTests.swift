import Glibc
import Testing
import Toolkit
import ToolkitTesting

/// The gallery's nested demo (<doc:ScrollBehaviour> §14), a separate process, against a `TestCompositor`: real
/// `wl_touch` down / motion / frame / up, checked from the `--stats` lines the gallery prints (each drag's end as it
/// happens, the offsets at exit) and from committed pixels.
///
/// Layout facts of the demo (Sources/Examples/Demos/NestedDemo.swift): the feed lies under the 44 pt bar; post k
/// at feed content y 352 k, 344 pt tall and white, the feed's background (0xF2F2F5) in the 8 pt between posts;
/// post 0's comment list at window y 44 + 192 ... 44 + 336, which scrolls 144 pt.
@Suite(
    .serialized,
    .enabled(
        if: GalleryProcess.executable != nil,
        "the gallery executable is not built next to the tests: run swift build --build-tests"))
struct NestedEndToEndTests {
    static let feedBackground: UInt32 = 0xFFF2_F2F5

    private struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Finger `id` lands at `start`, moves up by `distance` in 20 equal motions 16 ms apart (real time, which the
    /// compositor clock follows), is held still (no fling) and lifts.
    private func heldDragUp(_ compositor: TestCompositor, id: Int, from start: Point, by distance: Double) {
        compositor.touchDown(id: id, at: start)
        compositor.touchFrame()
        for step in 1...20 {
            usleep(16_000)
            compositor.touchMotion(id: id, to: Point(x: start.x, y: start.y - distance * Double(step) / 20))
            compositor.touchFrame()
        }
        Gesture.holdStill()
        compositor.touchUp(id: id)
        compositor.touchFrame()
    }

    /// The `stats:` lines printed so far, without the prefix.
    private func stats(_ gallery: GalleryProcess) -> [String] {
        gallery.standardError.split(separator: "\n").filter { $0.hasPrefix("stats: ") }.map { String($0.dropFirst(7)) }
    }

    /// A pull past the top (300 pt down from post 0's header: 121 pt of rubber-banded overscroll, past the 80 pt
    /// trigger) refreshes the feed; 1.2 s later (the gallery's own timer) two posts arrive while the feed rests where
    /// the control holds it, at -60, the top of its range while refreshing: not anchored, they show, and the end of
    /// the refresh brings the first to the top.
    @Test func aPullRefreshesAndTheNewPostsShowAtTheTop() throws {
        let compositor = try TestCompositor()
        let gallery = try GalleryProcess(
            arguments: ["--demo", "nested", "--stats"],
            environment: compositor.environment)
        defer { gallery.stop() }
        do {
            try compositor.waitForToplevel(timeout: .seconds(20))
        } catch {
            throw Failure(description: "the gallery did not map a window; stderr: \(gallery.standardError)")
        }
        // Post 0's avatar (Theme.rowColor(0)) at window (32, 44 + 22).
        #expect(try compositor.settledImage().pixel(x: 32, y: 66) == 0xFFFF_6B6B)
        let start = Point(x: 400, y: 64)
        compositor.touchDown(id: 1, at: start)
        compositor.touchFrame()
        for step in 1...20 {
            usleep(16_000)
            compositor.touchMotion(id: 1, to: Point(x: start.x, y: start.y + 300 * Double(step) / 20))
            compositor.touchFrame()
        }
        Gesture.holdStill()
        compositor.touchUp(id: 1)
        compositor.touchFrame()
        // The gallery's refresh timer (1.2 s) brings the posts.
        try gallery.waitForOutput("stats: nested posts")
        let events = stats(gallery).filter { $0.hasPrefix("nested ") && !$0.hasPrefix("nested offset") }
        // b(290) = (1 - 1 / (290 x 0.55 / 498 + 1)) x 498 pt of overscroll at the lift (the feed is 498 pt tall).
        #expect(
            events == [
                "nested refresh began", "nested drag ended feed -120.80760456273764",
                "nested posts 14 feed offset -60.0"
            ], "\(gallery.standardError)")
        // The 0.3 s return to the edge: then the new post's avatar (Theme.accent) is where post 0's was.
        #expect(try #require(try compositor.waitForRest()).pixel(x: 32, y: 66) == 0xFF0A_84FF)

        #expect(compositor.sendClose())
        let ended = gallery.waitForExit(timeout: .seconds(5))
        #expect(ended == .exited(0), "after close: \(ended.map { "\($0)" } ?? "running"); \(gallery.standardError)")
        let lines = stats(gallery)
        #expect(lines.contains("feed offset 0.0 0.0") && lines.contains("feed posts 14 refreshes 1"), "\(lines)")
    }

    /// Two drags up from inside post 0's comment list, 200 pt each (190 past the 10 pt slop). The first scrolls the
    /// list to its end (144 pt) and hands the 46 pt it cannot use to the feed; the second starts in the list now at
    /// its end, which is passed over: the feed moves all 190 pt, to 236.
    @Test func aDragFromACommentListAtItsEndMovesTheFeed() throws {
        let compositor = try TestCompositor()
        let gallery = try GalleryProcess(
            arguments: ["--demo", "nested", "--stats"],
            environment: compositor.environment)
        defer { gallery.stop() }
        do {
            try compositor.waitForToplevel(timeout: .seconds(20))
        } catch {
            throw Failure(description: "the gallery did not map a window; stderr: \(gallery.standardError)")
        }
        let before = try compositor.settledImage()
        // Post 0 ends at window y 44 + 344: the feed's background, then post 1 (white) from 44 + 352.
        #expect(before.pixel(x: 400, y: 44 + 348) == Self.feedBackground)

        heldDragUp(compositor, id: 1, from: Point(x: 400, y: 44 + 316), by: 200)
        _ = try compositor.settledImage()
        #expect(
            stats(gallery).filter { $0.hasPrefix("nested drag ended") }
                == ["nested drag ended feed 46.0, post 1 comments 144.0"], "\(gallery.standardError)")

        // The list now lies at window y 44 + 192 - 46 ...: the finger lands inside it, 40 pt above its bottom.
        heldDragUp(compositor, id: 2, from: Point(x: 400, y: 44 + 336 - 46 - 40), by: 200)
        let after = try compositor.settledImage()
        #expect(
            stats(gallery).filter { $0.hasPrefix("nested drag ended") }.last
                == "nested drag ended feed 236.0, post 1 comments 144.0", "\(gallery.standardError)")
        // On screen: post 0's end moved up 236 pt, to window y 44 + 344 - 236.
        let gap = 44 + 344 - 236
        #expect(after.pixel(x: 400, y: gap - 2) == 0xFFFF_FFFF)
        #expect(after.pixel(x: 400, y: gap + 4) == Self.feedBackground)
        #expect(after.pixel(x: 400, y: gap + 10) == 0xFFFF_FFFF)

        #expect(compositor.sendClose())
        let ended = gallery.waitForExit(timeout: .seconds(5))
        #expect(ended == .exited(0), "after close: \(ended.map { "\($0)" } ?? "running"); \(gallery.standardError)")
        let lines = stats(gallery)
        #expect(
            lines.contains("feed offset 0.0 236.0") && lines.contains("post 1 comments offset 0.0 144.0"),
            "\(lines)")
        #expect(lines.contains("feed posts 12 refreshes 0"), "\(lines)")
    }
}
