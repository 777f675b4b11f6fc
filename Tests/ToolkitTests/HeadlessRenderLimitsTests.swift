import Testing

@testable import ToolkitCore

/// Huge window sizes: `HeadlessWindow` accepts any size and `render()` clamps its picture to 16384 pixels a side
/// and 2^25 pixels in all (the top-left part of the window) instead of trapping on `Int(size)` or on the pixel
/// count.
@MainActor
@Suite struct HeadlessRenderLimitsTests {
    @Test func renderSizesAreClampedToTheDocumentedLimits() {
        let cases: [(Size, Int, Int)] = [
            (Size(width: 640, height: 480), 640, 480),
            (Size(width: 10.2, height: 0.5), 11, 1),  // rounded up to whole pixels
            (Size(width: 4096, height: 8192), 4096, 8192),  // exactly 2^25: kept
            (Size(width: 20000, height: 20000), 16384, 2048),  // sides, then the area: the height gives way
            (Size(width: 1e300, height: 10), 16384, 10),
            (Size(width: 10, height: .greatestFiniteMagnitude), 10, 16384),
            (Size(width: 1e12, height: 1e12), 16384, 2048),
            (Size(width: .infinity, height: 100), 0, 100),  // not finite: nothing
            (Size(width: -5, height: 100), 0, 100)
        ]
        for (size, width, height) in cases {
            let rendered = HeadlessWindow.renderSize(for: size)
            #expect(rendered.width == width && rendered.height == height, "\(size): \(rendered)")
            #expect(
                rendered.width <= HeadlessWindow.maximumRenderSide
                    && rendered.height <= HeadlessWindow.maximumRenderSide)
            #expect(rendered.width * rendered.height <= HeadlessWindow.maximumRenderPixels)
        }
        #expect(HeadlessWindow.maximumRenderSide == 16384)
        #expect(HeadlessWindow.maximumRenderPixels == 33_554_432)
    }

    @Test func aHugeWindowRendersItsTopLeftPartWithinTheLimits() {
        let window = HeadlessWindow(size: Size(width: 1e300, height: 1e300))
        window.rootView.backgroundColor = .white
        let square = View(frame: Rect(x: 10, y: 20, width: 30, height: 40))
        square.backgroundColor = Color(red: 1, green: 0, blue: 0)
        window.rootView.addSubview(square)
        window.advance(by: .milliseconds(50))
        let image = window.render()
        #expect(image.width == 16384 && image.height == 2048)
        #expect(image.pixel(x: 25, y: 40) == 0xFFFF_0000)
        #expect(image.pixel(x: 0, y: 0) == 0xFFFF_FFFF)
        #expect(image.pixel(x: 16383, y: 2047) == 0xFFFF_FFFF)  // drawn to the last pixel of the picture
        // The window keeps its size: only the picture is bounded.
        #expect(window.size == Size(width: 1e300, height: 1e300))
    }

    @Test func aWindowResizedToAHugeSizeStillRenders() {
        let window = HeadlessWindow(size: Size(width: 100, height: 100))
        window.rootView.backgroundColor = .white
        window.core.resize(to: Size(width: 50, height: 1e18))
        let image = window.render()
        #expect(image.width == 50 && image.height == 16384)
        #expect(image.pixel(x: 49, y: 16383) == 0xFFFF_FFFF)
    }

    @Test func anImageWhosePixelCountOverflowsIsRefusedNotTrapped() {
        #expect(Image(width: Int.max, height: 2, pixels: []) == nil)
        #expect(Image(width: 1 << 40, height: 1 << 40, pixels: [1]) == nil)
        #expect(Image(width: 2, height: 1, pixels: [1, 2])?.pixel(x: 1, y: 0) == 2)
    }
}
