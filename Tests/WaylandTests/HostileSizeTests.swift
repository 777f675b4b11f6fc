import Testing
import ToolkitTesting

@testable import Toolkit
@testable import ToolkitCore

/// Impossible sizes and scales from a hostile compositor (rules: `SurfaceLimits`, `XdgWindow.resolvedSize`,
/// `RenderScale`): the window clamps, keeps drawing, keeps answering, and never asks for absurd memory.
@MainActor
@Suite struct HostileSizeTests {
    @Test func negativeAndZeroConfigureSizesKeepTheCurrentSize() throws {
        let compositor = try TestCompositor()
        let client = try HostileClient(compositor: compositor, size: Size(width: 160, height: 120))
        let window = try #require(client.window)
        for (width, height) in [(Int32(0), Int32(0)), (-1, -1), (Int32.min, Int32.min), (-5, 0)] {
            let serial = compositor.sendRawConfigure(width: width, height: height)
            try client.pump { compositor.lastAckedSerial == serial }
            #expect(compositor.lastAckedSerial == serial, "configure \(width)x\(height) was not acked")
            #expect(window.size == Size(width: 160, height: 120), "configure \(width)x\(height)")
        }
        // One valid side is taken, the other kept.
        let serial = compositor.sendRawConfigure(width: -7, height: 90)
        try client.pump { compositor.lastAckedSerial == serial && compositor.lastCommittedImage?.height == 90 }
        #expect(window.size == Size(width: 160, height: 90))
        #expect(try client.answersPing())
        #expect(compositor.isClean)
    }

    @Test func enormousConfigureSizesAreClampedToTheSurfaceLimits() throws {
        let compositor = try TestCompositor()
        let client = try HostileClient(compositor: compositor)
        let window = try #require(client.window)
        // One huge side: clamped to the side limit, the buffer stays small.
        var serial = compositor.sendRawConfigure(width: Int32.max, height: 10)
        try client.pump { compositor.lastAckedSerial == serial && compositor.lastCommittedImage?.height == 10 }
        #expect(window.size == Size(width: Double(SurfaceLimits.maximumSide), height: 10))
        #expect(compositor.lastCommittedImage?.width == SurfaceLimits.maximumSide)
        serial = compositor.sendRawConfigure(width: 30, height: 100_000)
        try client.pump { compositor.lastAckedSerial == serial && compositor.lastCommittedImage?.width == 30 }
        #expect(window.size == Size(width: 30, height: Double(SurfaceLimits.maximumSide)))
        // Both huge: the width is kept (at the side limit) and the height reduced to the pixel budget.
        serial = compositor.sendRawConfigure(width: 100_000, height: 100_000)
        try client.pump(limit: .seconds(20)) {
            compositor.lastAckedSerial == serial && compositor.lastCommittedImage?.height != SurfaceLimits.maximumSide
        }
        let expected = Size(
            width: Double(SurfaceLimits.maximumSide),
            height: Double(SurfaceLimits.maximumPixels / SurfaceLimits.maximumSide))
        #expect(window.size == expected)
        let image = try #require(compositor.lastCommittedImage)
        #expect(image.width * image.height <= SurfaceLimits.maximumPixels)
        #expect(try client.answersPing())
        // Back to a sane size: everything works as before.
        serial = compositor.sendRawConfigure(width: 100, height: 80)
        try client.pump { compositor.lastAckedSerial == serial && compositor.lastCommittedImage?.width == 100 }
        #expect(window.size == Size(width: 100, height: 80))
        #expect(compositor.isClean)
    }

    @Test func outputScalesBelowOneCountAsOneAndHugeOnesAreCapped() throws {
        let compositor = try TestCompositor()
        let client = try HostileClient(compositor: compositor, size: Size(width: 40, height: 30))
        let window = try #require(client.window)
        for factor: Int32 in [0, -1, Int32.min] {
            compositor.sendRawOutputScale(factor)
            try client.settle()
            #expect(window.bufferScale == 1, "wl_output.scale \(factor)")
        }
        compositor.sendRawOutputScale(1000)
        try client.pump { compositor.lastCommittedImage?.width == 40 * RenderScale.maximumBufferScale }
        #expect(window.bufferScale == RenderScale.maximumBufferScale)
        #expect(compositor.toplevelBufferScale == Int32(RenderScale.maximumBufferScale))
        compositor.sendRawOutputScale(0)
        try client.pump { compositor.lastCommittedImage?.width == 40 }
        #expect(window.bufferScale == 1)
        #expect(try client.answersPing())
        #expect(compositor.isClean)
    }

    @Test func aScaleThatWouldMakeTheBufferTooLargeIsReduced() throws {
        let compositor = try TestCompositor()
        let client = try HostileClient(compositor: compositor, size: Size(width: 2000, height: 1200))
        let window = try #require(client.window)
        compositor.sendRawOutputScale(Int32.max)
        // 16 would give 32000 x 19200 pixels: the largest scale within both limits is 3 (6000 x 3600).
        try client.pump { compositor.toplevelBufferScale == 3 }
        #expect(window.bufferScale == 3)
        let image = try #require(compositor.lastCommittedImage)
        #expect(image.width == 6000 && image.height == 3600)
        #expect(try client.answersPing())
        #expect(compositor.isClean)
    }

    @Test func fractionalScalesOfZeroAreIgnoredAndHugeOnesCapped() throws {
        let compositor = try TestCompositor()
        compositor.fractionalScale = 1.5
        let client = try HostileClient(compositor: compositor, size: Size(width: 100, height: 60))
        let window = try #require(client.window)
        try client.pump { compositor.lastCommittedImage?.width == 150 }
        compositor.sendRawPreferredScale(0)
        try client.settle()
        #expect(window.pixelsPerPoint == 1.5)
        compositor.sendRawPreferredScale(UInt32.max)
        try client.pump { compositor.lastCommittedImage?.width == 1600 }
        #expect(window.pixelsPerPoint == 16)
        #expect(compositor.toplevelViewportDestination == Size(width: 100, height: 60))
        // Huge scale on a huge window: the fraction drops until the buffer fits.
        let serial = compositor.sendRawConfigure(width: 4000, height: 3000)
        try client.pump {
            compositor.lastAckedSerial == serial && compositor.toplevelViewportDestination?.width == 4000
        }
        let image = try #require(compositor.lastCommittedImage)
        #expect(image.width <= SurfaceLimits.maximumSide && image.height <= SurfaceLimits.maximumSide)
        #expect(image.width * image.height <= SurfaceLimits.maximumPixels)
        #expect(window.pixelsPerPoint >= 1)
        #expect(try client.answersPing())
        #expect(compositor.isClean)
    }
}
