import Glibc
import Testing
import Toolkit
import ToolkitTesting

/// The gallery, a separate process, when the compositor ends the connection: a protocol error posted on purpose
/// and a disconnect in the middle of a drag. The rule: a non-zero exit within a second or so, with one line on
/// stderr that says what happened; no crash, no hang.
@Suite(
    .serialized,
    .enabled(
        if: GalleryProcess.executable != nil,
        "the gallery executable is not built next to the tests: run swift build --build-tests"))
struct GalleryFaultTests {
    private func launch(_ compositor: TestCompositor) throws -> GalleryProcess {
        let gallery = try GalleryProcess(arguments: ["--demo", "list"], environment: compositor.environment)
        try compositor.waitForToplevel(timeout: .seconds(20))
        // Its first frame is up once it has answered a ping sent after the toplevel appeared.
        try compositor.waitForPong(serial: compositor.sendPing(), timeout: .seconds(5))
        #expect(compositor.lastCommittedImage != nil)
        return gallery
    }

    /// The gallery's stderr lines that are not `stats:` lines.
    private func messages(_ gallery: GalleryProcess) -> [Substring] {
        gallery.standardError.split(separator: "\n").filter { !$0.hasPrefix("stats:") }
    }

    @Test func aProtocolErrorEndsTheGalleryWithOneLineNamingIt() throws {
        let compositor = try TestCompositor()
        let gallery = try launch(compositor)
        defer { gallery.stop() }
        #expect(compositor.postProtocolErrorOnToplevel(code: 3, message: "provoked by the test"))
        let end = gallery.waitForExit(timeout: .seconds(5))
        #expect(end == .exited(1), "\(end.map { "\($0)" } ?? "still running"): \(gallery.standardError)")
        let own = messages(gallery).filter { $0.hasPrefix("gallery:") }
        #expect(own.count == 1, "\(gallery.standardError)")
        #expect(own.first?.contains("protocol error 3 on xdg_toplevel@") == true, "\(gallery.standardError)")
    }

    @Test func aDisconnectMidDragEndsTheGalleryWithOneLine() throws {
        let compositor = try TestCompositor()
        let gallery = try launch(compositor)
        defer { gallery.stop() }
        compositor.touchDown(id: 0, at: Point(x: 400, y: 500))
        compositor.touchFrame()
        for step in 1...5 {
            usleep(16_000)
            compositor.touchMotion(id: 0, to: Point(x: 400, y: 500 - Double(step) * 30))
            compositor.touchFrame()
        }
        compositor.disconnectAllClients()
        let end = gallery.waitForExit(timeout: .seconds(5))
        #expect(end == .exited(1), "\(end.map { "\($0)" } ?? "still running"): \(gallery.standardError)")
        let own = messages(gallery).filter { $0.hasPrefix("gallery:") }
        #expect(own.count == 1, "\(gallery.standardError)")
        #expect(own.first?.contains("closed the connection") == true, "\(gallery.standardError)")
    }
}
