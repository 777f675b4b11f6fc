import Glibc
import Testing
import Toolkit
import ToolkitTesting

/// The gallery's gestures demo (<doc:ScrollBehaviour> §18), a separate process, against a `TestCompositor`: real
/// `wl_touch` down / motion / frame / up on the sliders in its list, checked from the `--stats` lines the gallery
/// prints (each slider's pan end and the list's drag end as they happen, the offsets at exit) and from committed
/// pixels.
///
/// Layout facts of the demo (Sources/Examples/Demos/GesturesDemo.swift): the list fills the left 400 pt under the
/// 44 pt bar, rows of 64 pt; row k's slider track runs from x 20 to 380 at window y 44 + 64 k + 44 (4 pt tall, the
/// part left of the thumb in the accent colour), row 0's thumb at value 0.5 (x 200), row 2's at 0.35.
@Suite(
    .serialized,
    .enabled(
        if: GalleryProcess.executable != nil,
        "the gallery executable is not built next to the tests: run swift build --build-tests"))
struct GesturesEndToEndTests {
    static let track: UInt32 = 0xFFE1_E4EA
    static let accent: UInt32 = 0xFF0A_84FF

    private struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Finger `id` lands at `start`, moves by `delta` in `steps` equal motions 16 ms apart, is held still (no fling)
    /// and lifts.
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

    /// The `stats:` lines printed so far, without the prefix.
    private func stats(_ gallery: GalleryProcess) -> [String] {
        gallery.standardError.split(separator: "\n").filter { $0.hasPrefix("stats: ") }.map { String($0.dropFirst(7)) }
    }

    /// A drag 100 pt to the right from row 0's thumb, in 10 motions: the slider's `.horizontal` pan begins past the
    /// 10 pt slop and the thumb follows the other 90 pt of the 360 pt track, 0.5 -> 0.75; the list stays. Then a
    /// drag 200 pt up from row 2's slider: that pan fails (the motion is vertical at the slop), the list drags 190
    /// pt and the slider keeps 0.35.
    @Test func horizontalDragsMoveTheSliderAndVerticalOnesTheList() throws {
        let compositor = try TestCompositor()
        let gallery = try GalleryProcess(
            arguments: ["--demo", "gestures", "--stats"],
            environment: compositor.environment)
        defer { gallery.stop() }
        do {
            try compositor.waitForToplevel(timeout: .seconds(20))
        } catch {
            throw Failure(description: "the gallery did not map a window; stderr: \(gallery.standardError)")
        }
        // Row 0's track at x 250 is right of the thumb (x 200): the bare track.
        #expect(try compositor.settledImage().pixel(x: 250, y: 88) == Self.track)

        heldDrag(compositor, id: 1, from: Point(x: 200, y: 88), by: Point(x: 100, y: 0), steps: 10)
        try gallery.waitForOutput("stats: gestures slider 1 value")
        #expect(
            stats(gallery).filter { $0.hasPrefix("gestures ") } == ["gestures slider 1 value 0.75"],
            "\(gallery.standardError)")
        // The thumb is at x 20 + 270 = 290 now: the track at x 250 is filled.
        #expect(try compositor.settledImage().pixel(x: 250, y: 88) == Self.accent)

        heldDrag(compositor, id: 2, from: Point(x: 300, y: 44 + 128 + 44), by: Point(x: 0, y: -200), steps: 20)
        try gallery.waitForOutput("stats: gestures list drag ended")
        #expect(
            stats(gallery).filter { $0.hasPrefix("gestures ") }
                == ["gestures slider 1 value 0.75", "gestures list drag ended offset 190.0"], "\(gallery.standardError)"
        )
        // On screen: row 0 (with its filled track) went up 190 pt, out of view; row 3's track (value 0.6, thumb at
        // x 236) now lies at window y 44 + 192 + 44 - 190 = 90, bare at x 300.
        let after = try compositor.settledImage()
        #expect(after.pixel(x: 300, y: 90) == Self.track)
        #expect(after.pixel(x: 100, y: 90) == Self.accent)

        #expect(compositor.sendClose())
        let ended = gallery.waitForExit(timeout: .seconds(5))
        #expect(ended == .exited(0), "after close: \(ended.map { "\($0)" } ?? "running"); \(gallery.standardError)")
        let lines = stats(gallery)
        #expect(lines.contains("gestures offset 0.0 190.0"), "\(lines)")
        #expect(lines.filter { $0.hasPrefix("slider ") } == ["slider 1 value 0.75"], "\(lines)")
    }
}
