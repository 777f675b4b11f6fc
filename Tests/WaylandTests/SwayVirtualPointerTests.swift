import CWayland
import Glibc
import Testing

/// Real-compositor tests of pointer input: a headless sway (wlroots) whose seat gets a real pointer from a
/// virtual pointer (zwlr_virtual_pointer_v1, created by a second client in this test), driving the gallery
/// as a separate process. The gallery prints its list's offset at exit (`--stats`), which is what is checked.
///
/// Sway 1.7 advertises wl_seat below v8, so wheel steps reach the gallery as `axis_discrete` (the pre-v8
/// path of the client), which these tests cover on a real compositor.
@Suite(
    .serialized,
    .enabled(
        if: SwayHarness.isInstalled && GalleryProcess.executable != nil,
        "needs sway (scripts/install-deps) and the gallery built next to the tests"))
struct SwayVirtualPointerTests {
    /// A raw client holding a virtual pointer on sway's seat.
    final class VirtualPointer {
        let client: RawWaylandClient
        let pointer: OpaquePointer

        init(sway: SwayHarness) throws {
            client = try RawWaylandClient(path: "\(sway.runtimeDirectory)/\(sway.socketName)")
            client.followCapabilities = false
            try client.bindGlobals(seatVersion: 1)
            let manager = try #require(
                client.globals["zwlr_virtual_pointer_manager_v1"],
                "sway offers no zwlr_virtual_pointer_manager_v1")
            let bound = client.adopt(
                wl_registry_bind(client.registry, manager.name, cw_virtual_pointer_manager_interface(), 1))
            let handle = try #require(bound)
            pointer = try #require(zwlr_virtual_pointer_manager_v1_create_virtual_pointer(handle, client.seat))
            try client.roundtrip()
        }

        deinit {
            zwlr_virtual_pointer_v1_destroy(pointer)
            _ = wl_display_flush(client.display)
        }

        private var time: UInt32 {
            UInt32(
                truncatingIfNeeded: Int(RawWaylandClient.now().components.seconds) * 1000
                    + Int(RawWaylandClient.now().components.attoseconds / 1_000_000_000_000_000))
        }

        /// Moves to (`x`, `y`) on an 800 x 600 output.
        func move(to x: Int, _ y: Int) {
            zwlr_virtual_pointer_v1_motion_absolute(pointer, time, UInt32(x), UInt32(y), 800, 600)
            zwlr_virtual_pointer_v1_frame(pointer)
            _ = wl_display_flush(client.display)
        }

        /// Presses or releases the primary button (BTN_LEFT).
        func button(pressed: Bool) {
            zwlr_virtual_pointer_v1_button(pointer, time, 0x110, pressed ? 1 : 0)
            zwlr_virtual_pointer_v1_frame(pointer)
            _ = wl_display_flush(client.display)
        }

        /// One wheel detent down (libinput's 15 units of axis value per detent).
        func wheelDetent() {
            zwlr_virtual_pointer_v1_axis_source(pointer, 0)  // wheel
            zwlr_virtual_pointer_v1_axis_discrete(pointer, time, 0, wl_fixed_from_double(15), 1)
            zwlr_virtual_pointer_v1_frame(pointer)
            _ = wl_display_flush(client.display)
        }
    }

    /// Starts sway and the gallery on it (list demo, logging its protocol traffic), waits for the gallery's first
    /// frame, gives sway's seat a pointer and waits until the gallery made its `wl_pointer` (when the seat's new
    /// capability arrives).
    static func start(_ extra: [String]) throws -> (SwayHarness, GalleryProcess, VirtualPointer) {
        let sway = try SwayHarness()
        let gallery = try GalleryProcess(
            arguments: ["--demo", "list", "--stats"] + extra,
            environment: [
                "XDG_RUNTIME_DIR": sway.runtimeDirectory, "WAYLAND_DISPLAY": sway.socketName,
                "WAYLAND_DEBUG": "client"
            ])
        do {
            try gallery.waitForOutput("first frame committed")
            let pointer = try VirtualPointer(sway: sway)
            try gallery.waitForLog(".get_pointer(new id wl_pointer@")
            return (sway, gallery, pointer)
        } catch {
            gallery.stop()
            sway.stop()
            throw error
        }
    }

    /// The list offset the gallery printed at exit, after sway closed its window.
    static func finish(_ sway: SwayHarness, _ gallery: GalleryProcess) throws -> Double {
        try sway.message(["[app_id=gallery]", "kill"])
        let end = gallery.waitForExit(timeout: .seconds(10))
        #expect(end == .exited(0), "gallery: \(end.map(\.description) ?? "still running")\n\(gallery.standardError)")
        let line = gallery.standardError.split(separator: "\n").last { $0.contains("list offset") }
        let fields = try #require(line, "no offset line in: \(gallery.standardError)").split(separator: " ")
        return try #require(Double(fields.last!))
    }

    @Test func primaryButtonDragScrollsWithPointerDrag() throws {
        let (sway, gallery, pointer) = try Self.start(["--pointer-drag"])
        defer {
            gallery.stop()
            sway.stop()
        }
        pointer.move(to: 400, 450)
        usleep(50_000)
        pointer.button(pressed: true)
        for step in 1...15 {
            usleep(16_000)
            pointer.move(to: 400, 450 - step * 20)
        }
        usleep(16_000)
        pointer.button(pressed: false)
        try gallery.waitForRest(dispatched: ".button(", count: 2)  // the release, then the fling runs out
        let offset = try Self.finish(sway, gallery)
        // 300 pt of pointer: at least 290 follow the drag (10 pt slop), and the release speed flings further.
        #expect(offset > 290, "offset after a 300 pt pointer drag: \(offset)")
    }

    /// <doc:ScrollBehaviour> §13 under sway: hovering the list's vertical bar widens it, a press on its thumb grabs
    /// it, and moving the pointer 100 px moves the offset by exactly 100 x range / (track - thumb), with no fling
    /// after the release. The list (200 rows) starts under the 44 pt tab bar at offset 0, so its thumb starts at
    /// the top of the track, 2 pt below the list's top (window y 46 to 70 for a 24 pt thumb). Sway draws its title
    /// bar and 2 px borders around the window (the harness's config keeps sway's defaults), so the output's (790, 80)
    /// is the window's (788, about 56): inside the full (8 pt) bar at the right edge, on the thumb.
    @Test func draggingTheThumb100PixelsMovesTheListByTheBarsRatio() throws {
        let (sway, gallery, pointer) = try Self.start([])
        defer {
            gallery.stop()
            sway.stop()
        }
        pointer.move(to: 780, 300)
        usleep(50_000)
        pointer.move(to: 790, 80)  // within 16 pt of the track: the bar widens (0.15 s)
        try gallery.waitForRest()
        pointer.button(pressed: true)
        for step in 1...10 {
            usleep(16_000)
            pointer.move(to: 790, 80 + step * 10)
        }
        usleep(16_000)
        pointer.button(pressed: false)
        try gallery.waitForRest(dispatched: ".button(", count: 2)
        let offset = try Self.finish(sway, gallery)
        let line = try #require(
            gallery.standardError.split(separator: "\n").last { $0.contains("vertical bar track") },
            "no bar line in: \(gallery.standardError)")
        let numbers = line.split(separator: " ").compactMap { Double($0) }
        try #require(numbers.count == 6, "\(line)")
        let (trackHeight, thumb, range) = (numbers[3], numbers[4], numbers[5])
        let expected = 100 * range / (trackHeight - thumb)
        #expect(
            abs(offset - expected) < 1e-6, "offset \(offset) after a 100 px thumb drag, expected \(expected) (\(line))")
    }

    /// The whole 200-row list by the thumb alone: dragged past the bottom of the track, the thumb stops there and
    /// the list rests at the end of its range (clamped, no rubber band, no fling).
    @Test func theThumbAloneScrollsTheListEndToEnd() throws {
        let (sway, gallery, pointer) = try Self.start([])
        defer {
            gallery.stop()
            sway.stop()
        }
        pointer.move(to: 780, 300)
        usleep(50_000)
        pointer.move(to: 790, 80)
        try gallery.waitForRest()
        pointer.button(pressed: true)
        for step in 1...26 {
            usleep(16_000)
            pointer.move(to: 790, 80 + step * 20)  // to y 600: below the track's end
        }
        usleep(16_000)
        pointer.button(pressed: false)
        try gallery.waitForRest(dispatched: ".button(", count: 2)
        let offset = try Self.finish(sway, gallery)
        let line = try #require(
            gallery.standardError.split(separator: "\n").last { $0.contains("vertical bar track") },
            "no bar line in: \(gallery.standardError)")
        let range = try #require(line.split(separator: " ").compactMap { Double($0) }.last)
        #expect(offset == range, "offset \(offset) after dragging the thumb past the end, range \(range)")
    }

    @Test func wheelDetentsScroll48PointsEach() throws {
        let (sway, gallery, pointer) = try Self.start([])
        defer {
            gallery.stop()
            sway.stop()
        }
        pointer.move(to: 400, 300)
        usleep(50_000)
        for _ in 0..<3 {
            pointer.wheelDetent()
            usleep(30_000)
        }
        try gallery.waitForRest(dispatched: ".axis_discrete(", count: 3)  // the 0.1 s smooth steps finish
        let offset = try Self.finish(sway, gallery)
        #expect(abs(offset - 144) < 0.001, "three wheel detents: offset \(offset), expected 144")
    }

    @Test func pointerWithoutPointerDragDoesNotScroll() throws {
        let (sway, gallery, pointer) = try Self.start([])
        defer {
            gallery.stop()
            sway.stop()
        }
        pointer.move(to: 400, 450)
        usleep(50_000)
        pointer.button(pressed: true)
        for step in 1...10 {
            usleep(16_000)
            pointer.move(to: 400, 450 - step * 20)
        }
        pointer.button(pressed: false)
        try gallery.waitForRest(dispatched: ".button(", count: 2)
        let offset = try Self.finish(sway, gallery)
        #expect(offset == 0, "a plain pointer drag must not scroll (ScrollBehaviour §7): offset \(offset)")
    }
}
