import Glibc
import Testing

/// The gallery's mail demo (<doc:ScrollBehaviour> §21) under a headless mutter with real touch (`MutterHarness`,
/// `MutterTouchTests.Session`): one swipe, then a vertical scroll, from mutter's own input stack, read from the
/// `stats:` lines the demo prints (an action as it runs, the list's drag end).
///
/// Layout facts (Sources/Examples/Demos/MailDemo.swift): under the 44 pt bar and the demo's 40 pt strip, rows of
/// 76 pt: row k's middle at window y 84 + 76 k + 38. Mutter maximizes the 800 x 600 window at (0, 0), so monitor
/// pixels are window points.
@Suite(
    .serialized,
    .enabled(
        if: MutterHarness.isInstalled && GalleryProcess.executable != nil,
        "mutter, pipewire, dbus-run-session, python3-gi or the gallery binary is missing (scripts/install-deps)"))
struct MutterMailTouchTests {
    /// A swipe 620 px to the left across row 0 (past 60 % of its 800 pt) archives message 0 at the lift: the row's
    /// `.horizontal` pan took it and the list did not move. Then a drag 200 px up from row 3: the pan fails at the
    /// slop (the motion is vertical), the list drags 190 pt (200 less the slop) and no action runs.
    @Test func aFullSwipeArchivesAndAVerticalDragThenScrollsTheList() throws {
        let session = try MutterTouchTests.Session(demo: "mail")
        defer { session.close() }
        try session.touch(
            MutterTouchTests.drag(from: (760, 84 + 38), by: (-620, 0), steps: 20)
                + [MutterTouchTests.hold, "up 0"])
        #expect(session.stats.filter { $0.hasPrefix("mail ") } == ["mail archived message 0"], "\(session.stats)")
        try session.touch(
            MutterTouchTests.drag(from: (400, 84 + 228 + 38), by: (0, -200), steps: 20)
                + [MutterTouchTests.hold, "up 0"])
        #expect(
            session.stats.filter { $0.hasPrefix("mail ") }
                == ["mail archived message 0", "mail list drag ended offset 190.0"], "\(session.stats)")
        _ = try session.finish()
    }
}
