import Glibc
import Testing
import ToolkitTesting

@testable import Toolkit
@testable import ToolkitCore

/// Dense outputs and cursors, end to end through the test compositor: integer output scales, the fractional
/// path (wp_fractional_scale_v1 + wp_viewport), hit testing in points, and `wl_pointer.set_cursor`.
@MainActor
@Suite struct HiDPIWindowTests {
    /// Records where touches began, in window coordinates (points).
    private final class TouchRecorder: View {
        var began: [Point] = []
        override func touchesBegan(_ touches: [Touch]) { began += touches.map(\.location) }
    }

    /// Draws a line of text at its origin.
    private final class TextView: View {
        override func draw(in canvas: Canvas) {
            canvas.drawText("Hi 2x", at: .zero, size: 13, color: .black)
        }
    }

    /// True when `XCURSOR_PATH` names one existing directory with nothing in it (read only: tests never set
    /// environment variables, which other threads may be reading).
    private static func cursorPathIsOneEmptyDirectory() -> Bool {
        guard let raw = getenv("XCURSOR_PATH") else { return false }
        let path = String(cString: raw)
        guard !path.isEmpty, !path.contains(":"), let directory = opendir(path) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { return false }
        }
        return true
    }

    private static let white: UInt32 = 0xFFFF_FFFF
    private static let black: UInt32 = 0xFF00_0000

    /// A white window of `size` points with a black 1-point vertical line at x = 10, mapped.
    private func window(on compositor: TestCompositor, size: Size = Size(width: 100, height: 50)) throws
        -> WaylandWindow
    {
        let window = try WaylandWindow(
            title: "hidpi", size: size, appID: "org.toolkit.tests",
            connection: .fileDescriptor(compositor.connectClientFD()))
        window.rootView.backgroundColor = .white
        let line = View(frame: Rect(x: 10, y: 0, width: 1, height: size.height))
        line.backgroundColor = .black
        window.rootView.addSubview(line)
        try window.pump { window.presentedFrameCount >= 1 }
        return window
    }

    // MARK: - Integer scale

    @Test func twoXOutputGivesATwoXBufferWithCrispContent() throws {
        let compositor = try TestCompositor(outputSize: Size(width: 400, height: 300))
        compositor.outputScale = 2
        let window = try window(on: compositor)
        window.rootView.addSubview(TextView(frame: Rect(x: 30, y: 10, width: 60, height: 30)))
        // Text is rasterized at 2x: the buffer equals the same drawing made by a 2x canvas (26-pixel glyphs),
        // not a 1x drawing scaled up.
        var expected = Image(width: 200, height: 100, fill: 0)
        Canvas.draw(into: &expected, scale: 2) { canvas in
            canvas.fill(Rect(x: 0, y: 0, width: 100, height: 50), color: .white)
            canvas.fill(Rect(x: 10, y: 0, width: 1, height: 50), color: .black)
            canvas.drawText("Hi 2x", at: Point(x: 30, y: 10), size: 13, color: .black)
        }
        try window.pump { compositor.lastCommittedImage == expected }
        #expect(window.bufferScale == 2 && window.pixelsPerPoint == 2 && !window.usesFractionalScale)
        #expect(compositor.toplevelBufferScale == 2)
        let image = try #require(compositor.lastCommittedImage)
        #expect(image.width == 200 && image.height == 100)
        // The 1-point line is exactly 2 pixels wide, with no blended pixel beside it.
        for y in [0, 37, 99] {
            #expect(image.pixel(x: 19, y: y) == Self.white)
            #expect(image.pixel(x: 20, y: y) == Self.black && image.pixel(x: 21, y: y) == Self.black)
            #expect(image.pixel(x: 22, y: y) == Self.white)
        }
        #expect(image == expected)
        #expect(compositor.isClean)
    }

    @Test func hitTestingStaysInPointsAtTwoX() throws {
        let compositor = try TestCompositor(outputSize: Size(width: 400, height: 300))
        compositor.outputScale = 2
        let window = try window(on: compositor)
        let recorder = TouchRecorder(frame: Rect(x: 50, y: 20, width: 20, height: 10))
        window.rootView.addSubview(recorder)
        try window.pump { compositor.toplevelBufferScale == 2 }
        // (27.5, 12.5) is where (55, 25) would land if someone divided by the scale: it must miss.
        for (id, point) in [(1, Point(x: 27.5, y: 12.5)), (2, Point(x: 55, y: 25)), (3, Point(x: 69.5, y: 29.5))] {
            compositor.touchDown(id: id, at: point)
            compositor.touchFrame()
            compositor.touchUp(id: id)
            compositor.touchFrame()
        }
        try window.pump { recorder.began.count >= 2 }
        #expect(recorder.began == [Point(x: 55, y: 25), Point(x: 69.5, y: 29.5)])
        compositor.pointerEnter(at: Point(x: 55, y: 25))
        compositor.pointerFrame()
        try window.pump { window.core.pointerLocation != nil }
        #expect(window.core.pointerLocation == Point(x: 55, y: 25))
        #expect(compositor.isClean)
    }

    @Test func scaleChangesOnTheFlyRedrawEverything() throws {
        let compositor = try TestCompositor()
        let window = try window(on: compositor)
        #expect(compositor.lastCommittedImage?.width == 100)
        compositor.outputScale = 2
        try window.pump { compositor.lastCommittedImage?.width == 200 }
        var image = try #require(compositor.lastCommittedImage)
        #expect(image.height == 100 && compositor.toplevelBufferScale == 2)
        // The whole new buffer holds the picture (far corner, line), not just a damaged part of it.
        #expect(image.pixel(x: 199, y: 99) == Self.white && image.pixel(x: 0, y: 0) == Self.white)
        #expect(image.pixel(x: 21, y: 99) == Self.black && image.pixel(x: 22, y: 99) == Self.white)
        compositor.outputScale = 1
        try window.pump { compositor.lastCommittedImage?.width == 100 }
        image = try #require(compositor.lastCommittedImage)
        #expect(compositor.toplevelBufferScale == 1 && window.bufferScale == 1)
        #expect(image.pixel(x: 10, y: 49) == Self.black && image.pixel(x: 11, y: 49) == Self.white)
        #expect(compositor.isClean)
    }

    // MARK: - Fractional scale

    @Test func fractionalScaleRendersExactPixelsThroughTheViewport() throws {
        let compositor = try TestCompositor()
        compositor.fractionalScale = 1.5
        compositor.outputScale = 2  // ignored: the fractional scale wins where it is offered
        let window = try window(on: compositor, size: Size(width: 101, height: 50))
        let recorder = TouchRecorder(frame: Rect(x: 50, y: 20, width: 20, height: 10))
        window.rootView.addSubview(recorder)
        try window.pump { compositor.lastCommittedImage?.width == 152 }
        #expect(compositor.toplevelHasFractionalScale)
        #expect(window.usesFractionalScale && window.pixelsPerPoint == 1.5 && window.bufferScale == 1)
        var image = try #require(compositor.lastCommittedImage)
        // 101 x 50 points at 1.5: 151.5 rounds half away from zero to 152; 75 exactly.
        #expect(image.width == 152 && image.height == 75)
        #expect(compositor.toplevelBufferScale == 1)
        #expect(compositor.toplevelViewportDestination == Size(width: 101, height: 50))
        // The line covers 15 ... 16.5 pixels: edges snap to 15 and 17, crisp.
        #expect(image.pixel(x: 14, y: 40) == Self.white)
        #expect(image.pixel(x: 15, y: 40) == Self.black && image.pixel(x: 16, y: 40) == Self.black)
        #expect(image.pixel(x: 17, y: 40) == Self.white)
        #expect(image.pixel(x: 151, y: 74) == Self.white)
        // Input is in points whatever the buffer.
        compositor.touchDown(id: 1, at: Point(x: 55, y: 25))
        compositor.touchFrame()
        try window.pump { !recorder.began.isEmpty }
        #expect(recorder.began == [Point(x: 55, y: 25)])

        // A new preferred scale re-renders at once: 126.25 x 62.5 pixels round to 126 x 63.
        compositor.fractionalScale = 1.25
        try window.pump { compositor.lastCommittedImage?.width == 126 }
        image = try #require(compositor.lastCommittedImage)
        #expect(image.height == 63 && window.pixelsPerPoint == 1.25)
        #expect(compositor.toplevelViewportDestination == Size(width: 101, height: 50))
        // A resize moves the viewport destination with the buffer.
        let serial = compositor.sendConfigure(size: Size(width: 120, height: 60))
        try window.pump { compositor.lastAckedSerial == serial && compositor.lastCommittedImage?.width == 150 }
        #expect(compositor.lastCommittedImage?.height == 75)
        #expect(compositor.toplevelViewportDestination == Size(width: 120, height: 60))
        #expect(compositor.isClean)
    }

    @Test func withoutFractionalScaleNoViewportIsUsed() throws {
        let compositor = try TestCompositor()
        let window = try window(on: compositor)
        #expect(!compositor.toplevelHasFractionalScale && compositor.toplevelViewportDestination == nil)
        #expect(!window.usesFractionalScale)
    }

    // MARK: - Cursor

    @Test func cursorIsSetOnEnterWithTheEnterSerialAndChangesOverAControl() throws {
        let compositor = try TestCompositor()
        let window = try window(on: compositor)
        window.rootView.addSubview(Control(frame: Rect(x: 50, y: 20, width: 40, height: 20)))
        compositor.pointerEnter(at: Point(x: 5, y: 5))
        compositor.pointerFrame()
        try window.pump { compositor.cursorRequestCount >= 1 }
        let arrow = try #require(compositor.lastCursorRequest)
        #expect(arrow.serial == compositor.lastPointerEnterSerial)
        #expect(arrow.hasSurface)
        let arrowImage = try #require(arrow.image)
        #expect(arrowImage.width > 0 && arrowImage.width % arrow.bufferScale == 0)
        #expect(window.core.currentCursor == .arrow)

        compositor.pointerMotion(to: Point(x: 60, y: 30))
        compositor.pointerFrame()
        try window.pump { compositor.cursorRequestCount >= 2 }
        let hand = try #require(compositor.lastCursorRequest)
        #expect(window.core.currentCursor == .hand)
        #expect(hand.serial == arrow.serial && hand.hasSurface && hand.image != arrowImage)

        // Moving within the control changes nothing: no request.
        compositor.pointerMotion(to: Point(x: 61, y: 31))
        compositor.pointerFrame()
        try window.pump { window.core.pointerLocation == Point(x: 61, y: 31) }
        #expect(compositor.cursorRequestCount == 2)

        // A new enter needs the cursor again, with its own serial.
        compositor.pointerEnter(at: Point(x: 62, y: 31))
        compositor.pointerFrame()
        try window.pump { compositor.cursorRequestCount >= 3 }
        let again = try #require(compositor.lastCursorRequest)
        #expect(again.serial == compositor.lastPointerEnterSerial && again.serial != arrow.serial)
        #expect(again.image == hand.image)
        #expect(compositor.isClean)
    }

    @Test func fallbackCursorArtIsDrawnAtTheWindowScale() throws {
        let compositor = try TestCompositor(outputSize: Size(width: 400, height: 300))
        compositor.outputScale = 2
        let window = try window(on: compositor)
        window.cursorSettings.usesTheme = false  // as on a machine without any cursor theme
        window.rootView.addSubview(Control(frame: Rect(x: 50, y: 20, width: 40, height: 20)))
        try window.pump { compositor.toplevelBufferScale == 2 }
        compositor.pointerEnter(at: Point(x: 60, y: 30))
        compositor.pointerFrame()
        try window.pump { compositor.cursorRequestCount >= 1 }
        let hand = try #require(compositor.lastCursorRequest)
        let handImage = try #require(hand.image)
        // 24 points at 2x; the hotspot (the fingertip) in points.
        #expect(hand.bufferScale == 2 && handImage.width == 48 && handImage.height == 48)
        #expect(hand.hotspotX == 6 && hand.hotspotY == 0)
        // Cells are 2 x 2 pixels: outline black, inside white, outside transparent.
        #expect(handImage.pixel(x: 10, y: 0) == Self.black && handImage.pixel(x: 11, y: 1) == Self.black)
        #expect(handImage.pixel(x: 8, y: 2) == Self.black && handImage.pixel(x: 12, y: 2) == Self.white)
        #expect(handImage.pixel(x: 0, y: 0) == 0)

        compositor.pointerMotion(to: Point(x: 5, y: 5))
        compositor.pointerFrame()
        try window.pump { compositor.cursorRequestCount >= 2 }
        let arrow = try #require(compositor.lastCursorRequest)
        #expect(arrow.hotspotX == 0 && arrow.hotspotY == 0)
        #expect(arrow.image?.pixel(x: 0, y: 0) == Self.black && arrow.image?.pixel(x: 2, y: 4) == Self.white)

        // The output goes back to 1x: the cursor follows.
        compositor.outputScale = 1
        try window.pump { compositor.lastCursorRequest?.bufferScale == 1 }
        #expect(compositor.lastCursorRequest?.image?.width == 24)
        #expect(compositor.isClean)
    }

    /// Whatever theme is installed, every shape gets a valid image (a whole number of points at its scale, the
    /// hotspot inside). Run with `XCURSOR_PATH` pointing at an empty directory (no theme at all: the process
    /// environment, never changed by a test), every image must be the drawn fallback at the window's scale:
    /// libwayland-cursor's tiny compiled-in images are turned down.
    @Test func aCursorIsSetWhateverThemeIsInstalled() throws {
        let compositor = try TestCompositor(outputSize: Size(width: 400, height: 300))
        compositor.outputScale = 2
        let window = try window(on: compositor)
        try window.pump { compositor.toplevelBufferScale == 2 }
        let noTheme = Self.cursorPathIsOneEmptyDirectory()
        for cursor in Cursor.allCases {
            let image = try #require(window.cursorImage(for: cursor, scale: 2), "\(cursor)")
            #expect(image.width % image.scale == 0 && image.height % image.scale == 0, "\(cursor)")
            #expect(image.hotspotX < image.width && image.hotspotY < image.height, "\(cursor)")
            if noTheme {
                #expect(image.isFallback && image.scale == 2 && image.width == 48, "\(cursor)")
            }
        }
        compositor.pointerEnter(at: Point(x: 5, y: 5))
        compositor.pointerFrame()
        try window.pump { compositor.cursorRequestCount >= 1 }
        let request = try #require(compositor.lastCursorRequest)
        #expect(request.hasSurface && request.image != nil)
        #expect(compositor.isClean)
    }

    /// Whether Debian's adwaita-icon-theme (the cursor theme scripts/install-deps installs) is where
    /// libwayland-cursor looks by default: its cursors in /usr/share/icons, "default" pointing at a theme, and no
    /// `XCURSOR_PATH` sending the search elsewhere.
    private nonisolated static let installedThemeIsReachable: Bool =
        getenv("XCURSOR_PATH") == nil
        && access("/usr/share/icons/Adwaita/cursors/default", R_OK) == 0
        && access("/usr/share/icons/default/index.theme", R_OK) == 0

    /// With the cursor theme the project depends on installed, the theme answers every shape, never the drawn
    /// fallback: through libwayland-cursor's "default" theme (what a window uses when `XCURSOR_THEME` is unset)
    /// and by name, 24 pixels at scale 1 and 48 at scale 2.
    @Test(
        .enabled(
            if: installedThemeIsReachable,
            "adwaita-icon-theme is not installed or XCURSOR_PATH is set (scripts/install-deps installs it)"))
    func theInstalledThemeIsFoundForEveryShape() throws {
        let compositor = try TestCompositor()
        let window = try window(on: compositor)
        for name in [nil, "Adwaita"] as [String?] {
            window.cursorSettings = WaylandCursorTheme.Settings(themeName: name, size: 24, usesTheme: true)
            for cursor in Cursor.allCases {
                for scale in [1, 2] {
                    let image = try #require(window.cursorImage(for: cursor, scale: scale), "\(cursor)")
                    #expect(!image.isFallback, "\(name ?? "default") \(cursor) at \(scale)x")
                    #expect(
                        image.scale == scale && image.width == 24 * scale && image.height == 24 * scale,
                        "\(name ?? "default") \(cursor) at \(scale)x")
                }
            }
        }
        #expect(compositor.isClean)
    }

    /// Writes an Xcursor file with one `side` x `side` opaque black image (nominal size `side`, hotspot 0, 0).
    /// Format: a 16-byte header ("Xcur", header size, version 1.0, one table entry), the entry (image type,
    /// nominal size, position), then the image chunk (36-byte header, then ARGB pixels), little-endian words.
    private static func writeXcursor(path: String, side: UInt32) -> Bool {
        var words: [UInt32] = [0x7275_6358, 16, 0x0001_0000, 1, 0xFFFD_0002, side, 28]
        words += [36, 0xFFFD_0002, side, 1, side, side, 0, 0, 0]
        words += [UInt32](repeating: 0xFF00_0000, count: Int(side * side))
        guard let file = fopen(path, "wb") else { return false }
        defer { fclose(file) }
        return words.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) == $0.count }
    }

    /// A shape's first theme name whose image has the wrong size does not hide a later name that fits: the
    /// theme's "pointer" is 8 pixels (turned down at size 24), its "hand2" 24 pixels: the hand is "hand2".
    @Test func aNameWithAnImageOfTheWrongSizeFallsThroughToTheNextName() throws {
        var template = Array("/tmp/toolkit-cursor-theme-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        let root = String(cString: try #require(made))
        defer {
            for name in ["pointer", "hand2"] { unlink(root + "/cursors/" + name) }
            rmdir(root + "/cursors")
            rmdir(root)
        }
        #expect(mkdir(root + "/cursors", 0o755) == 0)
        #expect(Self.writeXcursor(path: root + "/cursors/pointer", side: 8))
        #expect(Self.writeXcursor(path: root + "/cursors/hand2", side: 24))
        // libwayland-cursor looks a theme up as "<search dir>/<name>": climbing to / from any search directory
        // reaches the temporary theme without touching the environment (other tests read it).
        let name = String(repeating: "../", count: 32) + String(root.dropFirst())
        let compositor = try TestCompositor()
        let window = try window(on: compositor)
        window.cursorSettings = WaylandCursorTheme.Settings(themeName: name, size: 24, usesTheme: true)
        let hand = try #require(window.cursorImage(for: .hand, scale: 1))
        #expect(!hand.isFallback)
        #expect(hand.width == 24 && hand.height == 24 && hand.scale == 1)
        #expect(compositor.isClean)
    }
}
