import Glibc
import Testing

/// The gallery's gestures demo (<doc:ScrollBehaviour> §18) under a headless mutter with real touch (`MutterHarness`,
/// `MutterTouchTests.Session`): the same two drags as GesturesEndToEndTests, from mutter's own input stack, read from
/// the `stats:` lines (each slider's pan end and the list's drag end as they happen, the offsets when the window
/// closes).
///
/// Layout facts (Sources/Examples/Demos/GesturesDemo.swift): the list fills the left 400 pt under the 44 pt bar,
/// rows of 64 pt, row k's slider track at window y 44 + 64 k + 44 from x 20 to 380, row 0's thumb at value 0.5
/// (x 200). Mutter maximizes the 800 x 600 window at (0, 0), so monitor pixels are window points.
@Suite(
    .serialized,
    .enabled(
        if: MutterHarness.isInstalled && GalleryProcess.executable != nil,
        "mutter, pipewire, dbus-run-session, python3-gi or the gallery binary is missing (scripts/install-deps)"))
struct MutterGesturesTouchTests {
    /// A drag 100 px to the right from row 0's thumb: its `.horizontal` pan takes the 90 pt past the slop, 0.5 +
    /// 90 / 360 = 0.75, and the list stays. Then a drag 200 px up from row 2's slider: its pan fails, the list drags
    /// 190 pt (200 less the slop) and no slider moves.
    @Test func aSidewaysDragMovesASliderAndAVerticalOneScrollsTheList() throws {
        let session = try MutterTouchTests.Session(demo: "gestures")
        defer { session.close() }
        try session.touch(
            MutterTouchTests.drag(from: (200, 88), by: (100, 0), steps: 10)
                + [MutterTouchTests.hold, "up 0"])
        #expect(
            session.stats.filter { $0.hasPrefix("gestures ") } == ["gestures slider 1 value 0.75"],
            "\(session.stats)")
        try session.touch(
            MutterTouchTests.drag(from: (300, 44 + 128 + 44), by: (0, -200), steps: 20)
                + [MutterTouchTests.hold, "up 0"])
        #expect(
            session.stats.filter { $0.hasPrefix("gestures ") }
                == ["gestures slider 1 value 0.75", "gestures list drag ended offset 190.0"], "\(session.stats)")
        let stats = try session.finish()
        #expect(try MutterTouchTests.pair(stats, "gestures offset") == (0, 190), "\(stats)")
        #expect(stats.filter { $0.hasPrefix("slider ") } == ["slider 1 value 0.75"], "\(stats)")
    }
}
