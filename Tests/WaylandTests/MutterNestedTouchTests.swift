import Glibc
import Testing

/// The gallery's nested demo (<doc:ScrollBehaviour> §14) under a headless mutter with real touch (`MutterHarness`,
/// `MutterTouchTests.Session`): the same two drags as NestedEndToEndTests, from mutter's own input stack, read from
/// the `stats:` lines (each drag's end as it happens, the offsets when the window closes).
///
/// Layout facts (Sources/Examples/Demos/NestedDemo.swift): the feed lies under the 44 pt bar; post 0's comment list
/// at window y 44 + 192 ... 44 + 336 scrolls 144 pt. Mutter maximizes the 800 x 600 window at (0, 0), so monitor
/// pixels are window points.
@Suite(
    .serialized,
    .enabled(
        if: MutterHarness.isInstalled && GalleryProcess.executable != nil,
        "mutter, pipewire, dbus-run-session, python3-gi or the gallery binary is missing (scripts/install-deps)"))
struct MutterNestedTouchTests {
    /// A drag up by 200 px in 20 moves 16 ms apart, held still (no fling), lifted.
    static func heldDragUp(from start: (Double, Double)) -> [String] {
        MutterTouchTests.drag(from: start, by: (0, -200), steps: 20) + [MutterTouchTests.hold, "up 0"]
    }

    /// The first drag, from inside post 0's comment list, scrolls the list to its end (144 pt) and hands the 46 pt of
    /// the finger's 190 (200 less the 10 pt slop) that the list cannot use to the feed; the second starts in the
    /// list, now at its end: it is passed over and the feed moves all 190 pt.
    @Test func aDragFromACommentListAtItsEndMovesTheFeed() throws {
        let session = try MutterTouchTests.Session(demo: "nested")
        defer { session.close() }
        try session.touch(Self.heldDragUp(from: (400, 44 + 316)))
        let first = session.stats.filter { $0.hasPrefix("nested drag ended") }
        #expect(first == ["nested drag ended feed 46.0, post 1 comments 144.0"], "\(session.stats)")
        // The list now lies at window y 44 + 192 - 46 ...: land inside it, 40 pt above its bottom.
        try session.touch(Self.heldDragUp(from: (400, 44 + 336 - 46 - 40)))
        let stats = try session.finish()
        #expect(
            stats.filter { $0.hasPrefix("nested drag ended") }.last
                == "nested drag ended feed 236.0, post 1 comments 144.0", "\(stats)")
        #expect(try MutterTouchTests.pair(stats, "feed offset") == (0, 236), "\(stats)")
        #expect(try MutterTouchTests.pair(stats, "post 1 comments offset") == (0, 144), "\(stats)")
    }

    /// A pull past the top (300 px down from post 0's header: b(290) = 120.8 pt of overscroll at the lift, past the
    /// 80 pt trigger) refreshes; 1.2 s later two posts arrive while the feed rests at -60 (the top of its range
    /// while refreshing: not anchored) and the end of the refresh brings the first to the top. Then a flick on
    /// post 0's carousel comes to rest with a photo centred: its offset is a multiple of 336 pt.
    @Test func aPullRefreshesAndAPhotoFlickLandsCentred() throws {
        let session = try MutterTouchTests.Session(demo: "nested")
        defer { session.close() }
        try session.touch(
            MutterTouchTests.drag(from: (400, 64), by: (0, 300), steps: 20)
                + [MutterTouchTests.hold, "up 0"])
        // The gallery's refresh timer (1.2 s) brings the posts; then the feed returns to the edge.
        try session.gallery.waitForOutput("stats: nested posts")
        try session.gallery.waitForRest()
        let events = session.stats.filter { $0.hasPrefix("nested ") && !$0.hasPrefix("nested offset") }
        #expect(
            events == [
                "nested refresh began", "nested drag ended feed -120.80760456273764",
                "nested posts 14 feed offset -60.0"
            ], "\(session.stats)")
        // Post 0 is now the first new post; its carousel lies at window y 44 + 44 ... 44 + 184.
        try session.touch(MutterTouchTests.flick(from: (600, 158), by: (-150, 0), steps: 5))
        // The fling's length depends on the flick's speed as mutter timed it: wait for its end (a report).
        try session.gallery.waitForOutput("stats: nested photos rest", timeout: .seconds(15))
        let rest = try #require(
            session.stats.last { $0.hasPrefix("nested photos rest post 1 offset") },
            "\(session.stats)")
        let x = try #require(Double(rest.split(separator: " ").last!))
        #expect(
            x > 0 && x.truncatingRemainder(dividingBy: 336) == 0,
            "the carousel rests at \(x); the touches mutter sent:\n\(session.touches)")
        let stats = try session.finish()
        #expect(try MutterTouchTests.pair(stats, "feed offset") == (0, 0), "\(stats)")
        #expect(stats.contains("feed posts 14 refreshes 1"), "\(stats)")
        #expect(try MutterTouchTests.pair(stats, "post 1 photos offset") == (x, 0), "\(stats)")
    }
}
