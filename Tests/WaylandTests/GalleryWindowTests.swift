import Glibc
import Testing
import Toolkit
import ToolkitTesting

/// The gallery's window behaviour, a separate process against a `TestCompositor`: the title names the demo, the
/// digit keys switch demos, a configure to another size lays the demo out again, Escape quits with status 0.
@Suite(
    .serialized,
    .enabled(
        if: GalleryProcess.executable != nil,
        "the gallery executable is not built next to the tests: run swift build --build-tests"))
struct GalleryWindowTests {
    private struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Polls (real time, at most 5 s) until `condition` holds.
    private func wait(_ what: String, _ gallery: GalleryProcess, _ condition: () -> Bool) throws {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(5)
        while !condition() {
            guard clock.now < deadline else {
                throw Failure(description: "timed out waiting for \(what); stderr: \(gallery.standardError)")
            }
            usleep(10_000)
        }
    }

    @Test func titleKeysResizeAndEscape() throws {
        let compositor = try TestCompositor()
        let gallery = try GalleryProcess(arguments: ["--demo", "list"], environment: compositor.environment)
        defer { gallery.stop() }
        try compositor.waitForToplevel(timeout: .seconds(20))
        try wait("the first title", gallery) { compositor.toplevelTitle == "Gallery · List" }

        // '3' (keysym 0x33) shows the third demo, and the title follows.
        compositor.key(.other(0x33), pressed: true)
        compositor.key(.other(0x33), pressed: false)
        try wait("the lock demo's title", gallery) { compositor.toplevelTitle == "Gallery · Lock" }

        // A configure to 640 x 480: the settings panel (58 pt, a 1 pt separator on top) moves to the new bottom.
        compositor.sendConfigure(size: Size(width: 640, height: 480))
        try wait("a 640 x 480 frame with the panel at its bottom", gallery) {
            compositor.sendFrameCallbacks()
            guard let image = compositor.lastCommittedImage, image.width == 640, image.height == 480 else {
                return false
            }
            return image.pixel(x: 320, y: 480 - 58) == 0xFFD1_D1D6
        }

        compositor.key(.escape, pressed: true)
        compositor.key(.escape, pressed: false)
        let ended = gallery.waitForExit(timeout: .seconds(5))
        #expect(
            ended == .exited(0), "after Escape: \(ended.map { "\($0)" } ?? "still running"); \(gallery.standardError)")
    }
}
