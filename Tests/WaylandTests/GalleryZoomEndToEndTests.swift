import Glibc
import Testing
import Toolkit
import ToolkitTesting

/// The gallery's zoom demo, a separate process, against a `TestCompositor`: a two-finger touch pinch and a touchpad
/// pinch (zwp_pointer_gestures_v1) zoom the floor plan, read back from committed pixels and the `--stats` exit line.
///
/// Layout facts of the demo (Sources/Examples/Demos/ZoomDemo.swift): an 800 x 600 window, a 44 pt bar, then the
/// plan at offset (0, 0) and scale 1. The kitchen is the rectangle (360, 40, 180, 200) of the plan, filled with
/// 0xCDE7B0 and stroked 2 pt inside its edges; nothing else is drawn across it 150 pt below its top.
@Suite(
    .serialized,
    .enabled(
        if: GalleryProcess.executable != nil,
        "the gallery executable is not built next to the tests: run swift build --build-tests"))
struct GalleryZoomEndToEndTests {
    static let kitchen: UInt32 = 0xFFCD_E7B0
    static let barHeight = 44.0

    private struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The longest run of kitchen pixels on window row `y`.
    static func kitchenRun(_ image: Image, y: Int) -> Int {
        guard y >= 0, y < image.height else { return 0 }
        var longest = 0
        var current = 0
        for x in 0..<image.width {
            current = image.pixel(x: x, y: y) == kitchen ? current + 1 : 0
            longest = max(longest, current)
        }
        return longest
    }

    private func launch(_ compositor: TestCompositor) throws -> GalleryProcess {
        let gallery = try GalleryProcess(arguments: ["--demo", "zoom", "--stats"], environment: compositor.environment)
        do {
            try compositor.waitForToplevel(timeout: .seconds(20))
        } catch {
            gallery.stop()
            throw Failure(description: "the gallery did not map a window; stderr: \(gallery.standardError)")
        }
        return gallery
    }

    /// Closes the window; returns the zoom scale the gallery printed at exit.
    private func finish(_ compositor: TestCompositor, _ gallery: GalleryProcess) throws -> Double {
        compositor.sendClose()
        let ended = gallery.waitForExit(timeout: .seconds(5))
        #expect(ended == .exited(0), "after close: \(ended.map { "\($0)" } ?? "running"); \(gallery.standardError)")
        let line = gallery.standardError.split(separator: "\n").last { $0.contains("zoom scale") }
        let text = try #require(line, "no zoom line in: \(gallery.standardError)")
        return try #require(Double(text.split(separator: " ").last!))
    }

    /// The kitchen's centre (450, 140 of the plan) is at window (450, 184) at scale 1; zoomed by `scale` around it,
    /// the row 150 pt below the kitchen's top (plan y 190) is at window y 184 + 50 * scale, and the fill between the
    /// strokes is 180 * scale - 2 * (2 * scale rounded) pixels wide.
    static func expectedRun(scale: Double) -> (y: Int, run: Int) {
        (Int((184 + 50 * scale).rounded()), Int((180 * scale).rounded()) - 2 * Int((2 * scale).rounded()))
    }

    @Test func twoFingersSpreadingZoomTheFloorPlanAroundThem() throws {
        let compositor = try TestCompositor()
        let gallery = try launch(compositor)
        defer { gallery.stop() }
        let before = try compositor.settledImage()
        let one = Self.expectedRun(scale: 1)
        #expect(Self.kitchenRun(before, y: one.y) == one.run)

        // Fingers 100 pt apart around the kitchen's centre spread to 150 pt: 1.5x.
        let centre = Point(x: 450, y: 184)
        compositor.touchDown(id: 1, at: Point(x: centre.x - 50, y: centre.y))
        compositor.touchDown(id: 2, at: Point(x: centre.x + 50, y: centre.y))
        compositor.touchFrame()
        for step in 1...10 {
            usleep(16_000)
            let d = 50 + 2.5 * Double(step)
            compositor.touchMotion(id: 1, to: Point(x: centre.x - d, y: centre.y))
            compositor.touchMotion(id: 2, to: Point(x: centre.x + d, y: centre.y))
            compositor.touchFrame()
        }
        compositor.touchUp(id: 1)
        compositor.touchUp(id: 2)
        compositor.touchFrame()
        let after = try compositor.settledImage()
        let zoomed = Self.expectedRun(scale: 1.5)
        let run = Self.kitchenRun(after, y: zoomed.y)
        #expect(abs(run - zoomed.run) <= 1, "kitchen fill \(run) px wide at 1.5x, expected \(zoomed.run)")
        #expect(compositor.heldBufferWrites == 0)
        #expect(try finish(compositor, gallery) == 1.5)
    }

    @Test func aTouchpadPinchZoomsAroundThePointerAndACancelledOneGoesBack() throws {
        let compositor = try TestCompositor()
        let gallery = try launch(compositor)
        defer { gallery.stop() }
        _ = try compositor.settledImage()
        compositor.pointerMotion(to: Point(x: 450, y: 184))
        compositor.pointerFrame()
        compositor.pointerPinchBegin(fingers: 2)
        for step in 1...5 {
            usleep(16_000)
            compositor.pointerPinchUpdate(dx: 0, dy: 0, scale: 1 + 0.2 * Double(step), rotation: 0)
        }
        compositor.pointerPinchEnd(cancelled: false)
        let after = try compositor.settledImage()
        let zoomed = Self.expectedRun(scale: 2)
        let run = Self.kitchenRun(after, y: zoomed.y)
        #expect(abs(run - zoomed.run) <= 1, "kitchen fill \(run) px wide at 2x, expected \(zoomed.run)")

        // A cancelled pinch returns to where it began (2x).
        compositor.pointerPinchBegin(fingers: 2)
        usleep(16_000)
        compositor.pointerPinchUpdate(dx: 0, dy: 0, scale: 0.6, rotation: 0)
        usleep(16_000)
        compositor.pointerPinchEnd(cancelled: true)
        let back = try #require(try compositor.waitForRest())
        #expect(abs(Self.kitchenRun(back, y: zoomed.y) - zoomed.run) <= 1)
        #expect(try finish(compositor, gallery) == 2)
    }
}
