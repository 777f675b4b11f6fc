// Cached rounded-rect corners draw exactly the pixels of the per-pixel path, and the cache reuses and evicts.

import Testing

@testable import ToolkitCore

@Suite struct CornerMaskCacheTests {
    /// Many rounded rects, filled and stroked, radii 0.5...20 points, opaque and translucent, at fractional
    /// positions and sizes (so boxes of every parity and pill shapes clamped to half a side), some cut by a clip.
    private func drawScene(_ canvas: Canvas) {
        let radii: [Double] = [0.5, 0.7, 1, 1.3, 2, 2.5, 3, 4.2, 5, 6, 7.5, 8, 9.9, 12, 13.3, 16, 18.5, 20]
        let colors: [Color] = [.red, Color(red: 0.1, green: 0.6, blue: 0.3, alpha: 0.55)]
        var x = 1.3
        var y = 2.1
        for (index, radius) in radii.enumerated() {
            let width = 6 + Double(index % 5) * 9.7
            let height = 5 + Double(index % 7) * 6.1
            let rect = Rect(x: x, y: y, width: width, height: height)
            let color = colors[index % 2]
            canvas.fillRoundedRect(rect, radius: radius, color: color)
            canvas.strokeRoundedRect(
                rect.offsetBy(Point(x: 0, y: height + 2)), radius: radius, color: color,
                lineWidth: Double(index % 4) + 0.6)
            x += width + 3.4
            if x > 150 {
                x = 1.7
                y += 2 * height + 7.3
            }
        }
        // Clipped across corners: only part of each patch is composited.
        canvas.withState {
            canvas.clip(to: Rect(x: 10.5, y: 200.25, width: 60, height: 23))
            for (index, radius) in radii.enumerated() {
                let rect = Rect(x: 3 + Double(index) * 4.3, y: 195 + Double(index % 3) * 4.1, width: 40, height: 31)
                canvas.strokeRoundedRect(rect, radius: radius, color: colors[(index + 1) % 2], lineWidth: 2)
                canvas.fillRoundedRect(rect.insetBy(dx: 5, dy: 5), radius: radius, color: colors[index % 2])
            }
        }
    }

    private func render(pixelsPerPoint: Double, cached: Bool) -> Image {
        let side = Int((240 * pixelsPerPoint).rounded(.up))
        var image = Image(width: side, height: side, fill: 0xFF20_3040)
        Canvas.draw(into: &image, pixelsPerPoint: pixelsPerPoint) { canvas in
            canvas.testHooks.usesCornerMaskCache = cached
            drawScene(canvas)
        }
        return image
    }

    /// How many pixels of `a` differ from `b` (a count rather than the images, to keep failure messages short).
    private func differingPixels(_ a: Image, _ b: Image) -> Int {
        guard a.width == b.width, a.height == b.height else { return -1 }
        var count = 0
        for index in a.pixels.indices where a.pixels[index] != b.pixels[index] { count += 1 }
        return count
    }

    @Test(arguments: [1.0, 2.0, 1.5])
    func cachedCornersMatchThePerPixelPathExactly(scale: Double) {
        let reference = render(pixelsPerPoint: scale, cached: false)
        let before = CornerMaskCache.shared.computeCount
        let first = render(pixelsPerPoint: scale, cached: true)
        // The cache was really used (other tests may add to the count too, so only a lower bound is checked).
        #expect(CornerMaskCache.shared.computeCount > before)
        // Drawn again with the corners already (or partly, if evicted meanwhile) cached.
        let second = render(pixelsPerPoint: scale, cached: true)
        #expect(differingPixels(first, reference) == 0, "cold cache at \(scale)x")
        #expect(differingPixels(second, reference) == 0, "warm cache at \(scale)x")
        // The scene has antialiased corners to compare (not a blank image).
        #expect(Set(reference.pixels).count > 50)
    }

    @Test func aKeySeenBeforeIsNotComputedAgain() {
        let cache = CornerMaskCache()
        let slotA = cache.withCorners(radius: 8, lineWidth: 0, width: 8, height: 8) { _, slotY in slotY }
        let slotB = cache.withCorners(radius: 8, lineWidth: 2, width: 8, height: 8) { _, slotY in slotY }
        let slotAgain = cache.withCorners(radius: 8, lineWidth: 0, width: 8, height: 8) { _, slotY in slotY }
        #expect(cache.computeCount == 2)
        #expect(slotA == slotAgain && slotA != slotB)
    }

    @Test func theLeastRecentlyUsedKeyIsEvictedWhenFull() {
        let cache = CornerMaskCache()
        for radius in 1...CornerMaskCache.slotCount {
            _ = cache.withCorners(radius: Double(radius), lineWidth: 0, width: radius, height: radius) { _, _ in 0 }
        }
        // Touch radius 1 so that radius 2 is now the oldest, then add one more key.
        _ = cache.withCorners(radius: 1, lineWidth: 0, width: 1, height: 1) { _, _ in 0 }
        _ = cache.withCorners(radius: 40, lineWidth: 0, width: 40, height: 40) { _, _ in 0 }
        #expect(cache.computeCount == CornerMaskCache.slotCount + 1)
        _ = cache.withCorners(radius: 1, lineWidth: 0, width: 1, height: 1) { _, _ in 0 }
        #expect(cache.computeCount == CornerMaskCache.slotCount + 1)
        _ = cache.withCorners(radius: 2, lineWidth: 0, width: 2, height: 2) { _, _ in 0 }
        #expect(cache.computeCount == CornerMaskCache.slotCount + 2)
    }

    @Test func patchesTooLargeToCacheAreLeftToThePerPixelPath() {
        let cache = CornerMaskCache()
        let side = CornerMaskCache.maximumPatchSide
        #expect(cache.withCorners(radius: 100, lineWidth: 0, width: side + 1, height: 4) { _, _ in 0 } == nil)
        #expect(cache.withCorners(radius: 4, lineWidth: 0, width: 0, height: 4) { _, _ in 0 } == nil)
        #expect(cache.computeCount == 0)
        // A large rounded rect still draws its corners (through the per-pixel path) with or without the cache.
        var cached = Image(width: 200, height: 200, fill: 0)
        var direct = cached
        Canvas.draw(into: &cached) {
            $0.fillRoundedRect(
                Rect(x: 0, y: 0, width: 200, height: 180), radius: 80,
                color: .red)
        }
        Canvas.draw(into: &direct) { canvas in
            canvas.testHooks.usesCornerMaskCache = false
            canvas.fillRoundedRect(Rect(x: 0, y: 0, width: 200, height: 180), radius: 80, color: .red)
        }
        #expect(differingPixels(cached, direct) == 0)
        #expect(cached.pixel(x: 0, y: 0) == 0 && cached.pixel(x: 100, y: 90) == 0xFFFF_0000)
    }
}
