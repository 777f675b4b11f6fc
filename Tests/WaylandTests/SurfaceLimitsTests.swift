import Testing

@testable import Toolkit
@testable import ToolkitCore

/// The size and scale limits on their own: `SurfaceLimits.clampedSize`, `XdgWindow.resolvedSize` and
/// `RenderScale.fitting`.
@Suite struct SurfaceLimitsTests {
    @Test func sizesAreClampedPerSideThenByArea() {
        #expect(SurfaceLimits.clampedSize(Size(width: 800, height: 600)) == Size(width: 800, height: 600))
        #expect(SurfaceLimits.clampedSize(Size(width: 1e9, height: 10)) == Size(width: 16384, height: 10))
        #expect(SurfaceLimits.clampedSize(Size(width: 10, height: .infinity)) == Size(width: 10, height: 1))
        // 16384 x 16384 is over the area: the width stays, the height drops to 2^25 / 16384 = 2048.
        #expect(SurfaceLimits.clampedSize(Size(width: 1e5, height: 1e5)) == Size(width: 16384, height: 2048))
        // 8K UHD fits as it is.
        #expect(SurfaceLimits.clampedSize(Size(width: 7680, height: 4320)) == Size(width: 7680, height: 4320))
        #expect(SurfaceLimits.fits(width: 7680, height: 4320))
        #expect(!SurfaceLimits.fits(width: 16385, height: 1))
        #expect(!SurfaceLimits.fits(width: 0, height: 1))
    }

    @Test func configuredSizesTakeTheRules() {
        let current = Size(width: 300, height: 200)
        #expect(XdgWindow.resolvedSize(configured: (-1, -1), current: current, minimum: .zero) == current)
        #expect(
            XdgWindow.resolvedSize(configured: (Int32.min, 50), current: current, minimum: .zero)
                == Size(width: 300, height: 50))
        #expect(
            XdgWindow.resolvedSize(configured: (Int32.max, Int32.max), current: current, minimum: .zero)
                == Size(width: 16384, height: 2048))
        // The limit wins over an absurd minimum size.
        #expect(
            XdgWindow.resolvedSize(configured: (0, 0), current: current, minimum: Size(width: 1e12, height: 1))
                == Size(width: 16384, height: 200))
    }

    @Test func integerScalesDropUntilTheBufferFits() {
        let sixteen = RenderScale.resolve(
            outputScales: [1000], enteredScales: [], preferredFraction120: nil,
            canSetBufferScale: true, hasViewport: false)
        #expect(sixteen.bufferScale == RenderScale.maximumBufferScale)
        #expect(sixteen.fitting(width: 100, height: 100) == sixteen)
        // 2000 x 1200 points: 8 keeps sides within 16384, but only 3 keeps the area within 2^25.
        #expect(sixteen.fitting(width: 2000, height: 1200).bufferScale == 3)
        #expect(sixteen.fitting(width: 16384, height: 2048).bufferScale == 1)
        let zero = RenderScale.resolve(
            outputScales: [0, -4], enteredScales: [], preferredFraction120: nil,
            canSetBufferScale: true, hasViewport: false)
        #expect(zero == .one)
    }

    @Test func fractionalScalesDropToTheLargestFittingFraction() {
        let scale = RenderScale(bufferScale: 1, fraction120: 1920)
        // 200/120: 6667 x 5000 pixels fit; 201/120 would give 6700 x 5025, over 2^25.
        #expect(scale.fitting(width: 4000, height: 3000).fraction120 == 200)
        #expect(RenderScale(bufferScale: 1, fraction120: 180).fitting(width: 16384, height: 2048).fraction120 == 120)
        #expect(RenderScale(bufferScale: 1, fraction120: 90).fitting(width: 16384, height: 2048).fraction120 == 90)
    }
}
