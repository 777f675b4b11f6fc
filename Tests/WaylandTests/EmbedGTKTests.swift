import Glibc
import Testing

/// embed-gtk (a GTK 4 app hosting the container through WindowCore) under a real compositor: sway headless, whose
/// seat gets a real pointer from a virtual pointer. The app prints the list's offset at exit (`--stats`).
@Suite(.serialized) struct EmbedGTKTests {
    static let executable = GalleryProcess.product("embed-gtk")
    static let canRun = SwayHarness.isInstalled && executable != nil

    /// Starts sway and embed-gtk on it (logging its protocol traffic), waits for its first frame, gives sway's
    /// seat a pointer and waits until GTK made its `wl_pointer` (when the seat's new capability arrives).
    static func start(_ extra: [String]) throws
        -> (SwayHarness, GalleryProcess, SwayVirtualPointerTests.VirtualPointer)
    {
        let sway = try SwayHarness()
        let app = try GalleryProcess(
            arguments: ["--stats"] + extra,
            environment: [
                "XDG_RUNTIME_DIR": sway.runtimeDirectory, "WAYLAND_DISPLAY": sway.socketName,
                "GDK_BACKEND": "wayland", "GSK_RENDERER": "cairo", "WAYLAND_DEBUG": "client"
            ],
            executable: executable)
        do {
            try app.waitForOutput("first frame drawn", timeout: .seconds(15))
            let pointer = try SwayVirtualPointerTests.VirtualPointer(sway: sway)
            try app.waitForLog(".get_pointer(new id wl_pointer@")
            return (sway, app, pointer)
        } catch {
            app.stop()
            sway.stop()
            throw error
        }
    }

    /// The list offset printed at exit, after sway closed the window.
    static func finish(_ sway: SwayHarness, _ app: GalleryProcess) throws -> Double {
        _ = try sway.message(["[app_id=embed-gtk]", "kill"])
        let end = app.waitForExit(timeout: .seconds(10))
        #expect(end == .exited(0), "embed-gtk: \(end.map(\.description) ?? "still running")\n\(app.standardError)")
        let line = app.standardError.split(separator: "\n").last { $0.contains("list offset") }
        let fields = try #require(line, "no offset line in: \(app.standardError)").split(separator: " ")
        return try #require(Double(fields.last!))
    }

    @Test(.enabled(if: canRun, "needs sway and the embed-gtk product (libgtk-4-dev, scripts/install-deps)"))
    func aPointerDragScrollsTheGTKHostedListWithPointerDrag() throws {
        let (sway, app, pointer) = try Self.start(["--pointer-drag"])
        defer {
            app.stop()
            sway.stop()
        }
        // sway tiles the only window over the whole 800 x 600 output.
        pointer.move(to: 400, 500)
        usleep(50_000)
        pointer.button(pressed: true)
        for step in 1...15 {
            usleep(16_000)
            pointer.move(to: 400, 500 - step * 20)
        }
        usleep(16_000)
        pointer.button(pressed: false)
        try app.waitForRest(dispatched: ".button(", count: 2)  // the release, then the fling runs out
        let offset = try Self.finish(sway, app)
        // 300 pt of pointer travel: at least 290 follow the drag (the 10 pt slop), the release flings further.
        #expect(offset > 290, "offset after a 300 pt pointer drag: \(offset)\n\(app.standardError)")
    }

    @Test(.enabled(if: canRun, "needs sway and the embed-gtk product (libgtk-4-dev, scripts/install-deps)"))
    func withoutPointerDragAPointerDragDoesNotScroll() throws {
        let (sway, app, pointer) = try Self.start([])
        defer {
            app.stop()
            sway.stop()
        }
        pointer.move(to: 400, 500)
        usleep(50_000)
        pointer.button(pressed: true)
        for step in 1...10 {
            usleep(16_000)
            pointer.move(to: 400, 500 - step * 20)
        }
        pointer.button(pressed: false)
        try app.waitForRest(dispatched: ".button(", count: 2)
        let offset = try Self.finish(sway, app)
        #expect(offset == 0, "a plain pointer drag must not scroll (ScrollBehaviour §7): offset \(offset)")
    }

    @Test(.enabled(if: canRun, "needs sway and the embed-gtk product (libgtk-4-dev, scripts/install-deps)"))
    func threeWheelDetentsScroll144Points() throws {
        let (sway, app, pointer) = try Self.start([])
        defer {
            app.stop()
            sway.stop()
        }
        pointer.move(to: 400, 300)
        usleep(50_000)
        for _ in 0..<3 {
            pointer.wheelDetent()
            usleep(30_000)
        }
        try app.waitForRest(dispatched: ".axis_discrete(", count: 3)  // the 0.1 s smooth steps finish
        let offset = try Self.finish(sway, app)
        #expect(
            abs(offset - 144) < 0.001,
            "three wheel detents through GTK: offset \(offset), expected 144\n\(app.standardError)")
    }
}
