import Testing

@testable import ToolkitCore

/// Pixel-exact tests of rectangles, translation, clipping, images, buffer copies and bad input.
@Suite struct CanvasTests {
    typealias T = RenderingTestSupport
    let red: UInt32 = 0xFFFF_0000
    let blue: UInt32 = 0xFF00_00FF

    @Test func fillCoversExactlyTheRectAtScale1() {
        let image = T.render(width: 10, height: 10) { $0.fill(Rect(x: 2, y: 3, width: 4, height: 5), color: .red) }
        T.expectBox(image, x0: 2, y0: 3, x1: 6, y1: 8, inside: red)
    }

    @Test func fillCoversExactlyTheScaledRectAtScale2() {
        let image = T.render(width: 20, height: 20, scale: 2) { canvas in
            #expect(canvas.size == Size(width: 10, height: 10))
            canvas.fill(Rect(x: 1, y: 2, width: 3, height: 4), color: .red)
        }
        T.expectBox(image, x0: 2, y0: 4, x1: 8, y1: 12, inside: red)
    }

    @Test func halfPointEdgesLandOnPixelEdgesAtScale2() {
        let image = T.render(width: 10, height: 10, scale: 2) {
            $0.fill(Rect(x: 0.5, y: 1.5, width: 1, height: 0.5), color: .red)
        }
        T.expectBox(image, x0: 1, y0: 3, x1: 3, y1: 4, inside: red)
    }

    @Test func fractionalEdgesSnapToNearestPixelEdgeWithoutGaps() {
        // Two rects sharing the edge x = 2.4 must tile 0..<5 with no gap and no overlap.
        let image = T.render(width: 5, height: 1) { canvas in
            canvas.fill(Rect(x: 0, y: 0, width: 2.4, height: 1), color: .red)
            canvas.fill(Rect(x: 2.4, y: 0, width: 2.6, height: 1), color: .blue)
        }
        #expect((0..<5).map { image.pixel(x: $0, y: 0) } == [red, red, blue, blue, blue])
    }

    @Test func opaqueFillReplacesAndClearColorLeavesPixelsAlone() {
        let image = T.render(width: 4, height: 4, background: blue) { canvas in
            canvas.fill(Rect(x: 0, y: 0, width: 2, height: 4), color: .red)
            canvas.fill(Rect(x: 2, y: 0, width: 2, height: 4), color: .clear)
        }
        T.expectBox(image, x0: 0, y0: 0, x1: 2, y1: 4, inside: red, outside: blue)
    }

    @Test func translucentFillBlendsOverInPremultipliedSpace() {
        // 50% black over opaque white: src = (a 128, rgb 0); dst' = src + dst * (255 - 128) / 255 = 127.
        let image = T.render(width: 2, height: 1, background: 0xFFFF_FFFF) { canvas in
            canvas.fill(Rect(x: 0, y: 0, width: 1, height: 1), color: Color.black.withAlpha(128.0 / 255))
        }
        let p = image.pixel(x: 0, y: 0)
        #expect(T.alpha(p) == 0xFF)
        for shift: UInt32 in [16, 8, 0] { #expect(abs(T.channel(p, shift) - 127) <= 1) }
        #expect(image.pixel(x: 1, y: 0) == 0xFFFF_FFFF)

        // 40% red over transparent stays premultiplied: alpha 102, red 102.
        let onClear = T.render(width: 1, height: 1) {
            $0.fill(
                Rect(x: 0, y: 0, width: 1, height: 1),
                color: Color.red.withAlpha(0.4))
        }
        #expect(onClear.pixel(x: 0, y: 0) == 0x6666_0000)

        // 50% red over opaque blue: red 128, blue 255 * 127 / 255 = 127.
        let onBlue = T.render(width: 1, height: 1, background: blue) {
            $0.fill(Rect(x: 0, y: 0, width: 1, height: 1), color: Color.red.withAlpha(128.0 / 255))
        }
        let q = onBlue.pixel(x: 0, y: 0)
        #expect(T.alpha(q) == 0xFF && abs(T.channel(q, 16) - 128) <= 1 && abs(T.channel(q, 0) - 127) <= 1)
        #expect(T.channel(q, 8) == 0)
    }

    @Test func translateOffsetsLaterDrawing() {
        let image = T.render(width: 10, height: 10) { canvas in
            canvas.translate(by: Point(x: 3, y: 1))
            canvas.translate(by: Point(x: 1, y: 1))
            canvas.fill(Rect(x: 0, y: 0, width: 2, height: 2), color: .red)
        }
        T.expectBox(image, x0: 4, y0: 2, x1: 6, y1: 4, inside: red)
    }

    @Test func translateIsScaledAtScale2() {
        let image = T.render(width: 10, height: 10, scale: 2) { canvas in
            canvas.translate(by: Point(x: 1.5, y: 0.5))
            canvas.fill(Rect(x: 0, y: 0, width: 1, height: 1), color: .red)
        }
        T.expectBox(image, x0: 3, y0: 1, x1: 5, y1: 3, inside: red)
    }

    @Test func clipLimitsDrawingAndNestedClipsIntersect() {
        let image = T.render(width: 10, height: 10) { canvas in
            canvas.clip(to: Rect(x: 2, y: 2, width: 6, height: 6))
            canvas.translate(by: Point(x: 3, y: 3))
            canvas.clip(to: Rect(x: 0, y: 0, width: 10, height: 1))  // in translated coordinates: y 3..<4
            canvas.fill(Rect(x: -10, y: -10, width: 30, height: 30), color: .red)
        }
        T.expectBox(image, x0: 3, y0: 3, x1: 8, y1: 4, inside: red)
    }

    @Test func restoreStateBringsBackTranslationAndClip() {
        let image = T.render(width: 10, height: 10) { canvas in
            canvas.saveState()
            canvas.translate(by: Point(x: 5, y: 5))
            canvas.clip(to: Rect(x: 0, y: 0, width: 1, height: 1))
            canvas.withState {
                canvas.clip(to: Rect(x: 100, y: 100, width: 1, height: 1))
                canvas.fill(Rect(x: -5, y: -5, width: 10, height: 10), color: .blue)  // fully clipped out
            }
            canvas.fill(Rect(x: -5, y: -5, width: 10, height: 10), color: .red)  // only pixel (5, 5)
            canvas.restoreState()
            canvas.fill(Rect(x: 0, y: 0, width: 1, height: 1), color: .red)  // back at the origin, unclipped
            canvas.restoreState()  // unbalanced: ignored
            canvas.fill(Rect(x: 9, y: 9, width: 1, height: 1), color: .red)
        }
        #expect(Set(T.pixels(of: image, notEqualTo: 0).map { "\($0.0),\($0.1)" }) == ["5,5", "0,0", "9,9"])
        #expect(image.pixel(x: 5, y: 5) == red)
    }

    @Test func resetStateDropsTranslationClipAndSavedStates() {
        let image = T.render(width: 4, height: 4) { canvas in
            canvas.saveState()
            canvas.translate(by: Point(x: 2, y: 2))
            canvas.clip(to: .zero)
            canvas.resetState()
            canvas.restoreState()  // nothing saved any more: ignored
            canvas.fill(Rect(x: 0, y: 0, width: 1, height: 1), color: .red)
        }
        T.expectBox(image, x0: 0, y0: 0, x1: 1, y1: 1, inside: red)
    }

    @Test func clipBoundsReportsTheClipInCurrentCoordinates() {
        _ = T.render(width: 10, height: 10, scale: 2) { canvas in
            #expect(canvas.clipBounds == Rect(x: 0, y: 0, width: 5, height: 5))
            canvas.translate(by: Point(x: 1, y: 1))
            canvas.clip(to: Rect(x: 0, y: 0, width: 2, height: 10))
            #expect(canvas.clipBounds == Rect(x: 0, y: 0, width: 2, height: 4))
        }
    }

    @Test func strokeDrawsOnlyTheBorderInside() {
        let image = T.render(width: 12, height: 12) { $0.stroke(Rect(x: 1, y: 2, width: 8, height: 6), color: .red) }
        for y in 0..<12 {
            for x in 0..<12 {
                let inRect = x >= 1 && x < 9 && y >= 2 && y < 8
                let inInside = x >= 2 && x < 8 && y >= 3 && y < 7
                #expect(image.pixel(x: x, y: y) == (inRect && !inInside ? red : 0), "pixel \(x),\(y)")
            }
        }
    }

    @Test func translucentStrokeBlendsEachPixelOnce() {
        let image = T.render(width: 10, height: 10) {
            $0.stroke(Rect(x: 0, y: 0, width: 10, height: 10), color: Color.red.withAlpha(0.4), lineWidth: 2)
        }
        // Corners would show a double blend (alpha 163) if the four sides overlapped.
        for (x, y) in [(0, 0), (1, 1), (9, 0), (0, 9), (9, 9), (5, 0), (0, 5), (8, 5), (5, 8)] {
            #expect(image.pixel(x: x, y: y) == 0x6666_0000, "pixel \(x),\(y)")
        }
        #expect(image.pixel(x: 2, y: 2) == 0 && image.pixel(x: 7, y: 7) == 0)
    }

    @Test func strokeLineWidthScalesWithScale() {
        let image = T.render(width: 20, height: 20, scale: 2) {
            $0.stroke(Rect(x: 0, y: 0, width: 10, height: 10), color: .red, lineWidth: 1)
        }
        #expect(image.pixel(x: 1, y: 10) == red && image.pixel(x: 2, y: 10) == 0)
        #expect(image.pixel(x: 18, y: 10) == red && image.pixel(x: 17, y: 10) == 0)
    }

    @Test func clearFillsWholeSurfaceIgnoringClipAndTranslation() {
        let image = T.render(width: 4, height: 4, background: red) { canvas in
            canvas.translate(by: Point(x: 2, y: 2))
            canvas.clip(to: Rect(x: 0, y: 0, width: 1, height: 1))
            canvas.clear(color: Color.blue.withAlpha(0.4))
        }
        T.expectBox(image, x0: 0, y0: 0, x1: 4, y1: 4, inside: 0x6600_0066)
    }

    @Test func drawImagePlacesPixelsOneToOne() {
        var source = Image(width: 2, height: 2)
        source.setPixel(x: 0, y: 0, red)
        source.setPixel(x: 1, y: 0, blue)
        source.setPixel(x: 0, y: 1, 0x8080_0000)  // 50% red, premultiplied
        let image = T.render(width: 6, height: 6, background: 0xFF00_FF00) { canvas in
            canvas.translate(by: Point(x: 1, y: 0))
            canvas.drawImage(source, in: Rect(x: 2, y: 3, width: 2, height: 2))
        }
        #expect(image.pixel(x: 3, y: 3) == red)
        #expect(image.pixel(x: 4, y: 3) == blue)
        let blended = image.pixel(x: 3, y: 4)  // 50% red over green
        #expect(T.alpha(blended) == 0xFF && T.channel(blended, 16) == 0x80 && abs(T.channel(blended, 8) - 127) <= 1)
        #expect(image.pixel(x: 4, y: 4) == 0xFF00_FF00)  // transparent source pixel leaves the destination
        #expect(T.pixels(of: image, notEqualTo: 0xFF00_FF00).count == 3)
    }

    @Test func drawImageScalesToTheRect() {
        let source = Image(width: 2, height: 2, fill: blue)
        let image = T.render(width: 10, height: 10, scale: 2) { canvas in
            canvas.drawImage(source, in: Rect(x: 1, y: 1, width: 3, height: 2))
        }
        T.expectBox(image, x0: 2, y0: 2, x1: 8, y1: 6, inside: blue)
    }

    @Test func drawImageHonoursTheClip() {
        var source = Image(width: 4, height: 1)
        for x in 0..<4 { source.setPixel(x: x, y: 0, 0xFF00_0000 | UInt32(x + 1)) }
        let image = T.render(width: 4, height: 1) { canvas in
            canvas.clip(to: Rect(x: 2, y: 0, width: 2, height: 1))
            canvas.drawImage(source, in: Rect(x: 0, y: 0, width: 4, height: 1))
        }
        #expect((0..<4).map { image.pixel(x: $0, y: 0) } == [0, 0, 0xFF00_0003, 0xFF00_0004])
    }

    @Test func copyPixelsCopiesOnlyTheRegion() {
        let source = Image(width: 8, height: 8, fill: blue)
        var target = Image(width: 8, height: 8, fill: red)
        var region = PixelRegion()
        region.add(x: 1, y: 2, width: 3, height: 2)
        region.add(x: 6, y: 6, width: 5, height: 5)  // partly outside the surface
        let stride = 8 * 4
        source.pixels.withUnsafeBytes { bytes in
            Canvas.draw(into: &target) { canvas in
                canvas.clip(to: .zero)  // the clip does not apply to copies
                canvas.copyPixels(from: bytes.baseAddress!, stride: stride, region: region)
            }
        }
        for y in 0..<8 {
            for x in 0..<8 {
                let copied = (x >= 1 && x < 4 && y >= 2 && y < 4) || (x >= 6 && y >= 6)
                #expect(target.pixel(x: x, y: y) == (copied ? blue : red), "pixel \(x),\(y)")
            }
        }
    }

    @Test func copyPixelsAtScale2UsesPixelCoordinates() {
        let source = Image(width: 4, height: 4, fill: blue)
        var target = Image(width: 4, height: 4)
        var region = PixelRegion()
        region.add(Rect(x: 0, y: 0, width: 1, height: 1), scale: 2)
        source.pixels.withUnsafeBytes { bytes in
            Canvas.draw(into: &target, scale: 2) { $0.copyPixels(from: bytes.baseAddress!, stride: 16, region: region) }
        }
        T.expectBox(target, x0: 0, y0: 0, x1: 2, y1: 2, inside: blue)
    }

    @Test func badRectsAndSizesDrawNothing() {
        let image = T.render(width: 6, height: 6) { canvas in
            canvas.fill(Rect(x: .nan, y: 0, width: 2, height: 2), color: .red)
            canvas.fill(Rect(x: 0, y: 0, width: .infinity, height: 2), color: .red)
            canvas.fill(Rect(x: 4, y: 4, width: -3, height: -3), color: .red)
            canvas.stroke(Rect(x: 0, y: 0, width: 6, height: 6), color: .red, lineWidth: .nan)
            canvas.stroke(Rect(x: 0, y: 0, width: 6, height: 6), color: .red, lineWidth: -1)
            canvas.fillRoundedRect(Rect(x: 0, y: 0, width: .nan, height: 3), radius: 2, color: .red)
            canvas.strokeRoundedRect(Rect(x: 0, y: 0, width: 6, height: 6), radius: 2, color: .red, lineWidth: 0)
            canvas.drawImage(Image(width: 0, height: 0), in: Rect(x: 0, y: 0, width: 6, height: 6))
            canvas.drawImage(Image(width: 2, height: 2, fill: red), in: Rect(x: 0, y: .nan, width: 6, height: 6))
            canvas.drawText("Hello", at: Point(x: .nan, y: 0), size: 12, color: .red)
            canvas.drawText("Hello", at: .zero, size: .infinity, color: .red)
            canvas.drawText("Hello", at: .zero, size: -3, color: .red)
            canvas.translate(by: Point(x: .nan, y: 1))  // ignored
            canvas.fill(Rect(x: 1e300, y: 1e300, width: 1e300, height: 1e300), color: .red)
            canvas.fill(Rect(x: 0, y: 0, width: 1, height: 1), color: .blue)
        }
        #expect(T.pixels(of: image, notEqualTo: 0).count == 1)
        #expect(image.pixel(x: 0, y: 0) == blue)
    }

    @Test func nonFiniteClipClipsEverythingUntilRestore() {
        let image = T.render(width: 4, height: 4) { canvas in
            canvas.withState {
                canvas.clip(to: Rect(x: .nan, y: 0, width: 4, height: 4))
                canvas.fill(Rect(x: 0, y: 0, width: 4, height: 4), color: .red)
            }
            canvas.fill(Rect(x: 0, y: 0, width: 1, height: 1), color: .blue)
        }
        T.expectBox(image, x0: 0, y0: 0, x1: 1, y1: 1, inside: blue)
    }

    @Test func invalidCanvasSizesDrawNothingAndDoNotCrash() {
        var storage = [UInt32](repeating: 7, count: 16)
        storage.withUnsafeMutableBytes { bytes in
            let base = bytes.baseAddress!
            let cases: [(Int, Int, Int)] = [
                (0, 4, 16), (-4, 4, 16), (4, -1, 16), (4, 4, 8), (4, 4, 17),
                (1 << 20, 1, 1 << 22)
            ]
            for (w, h, stride) in cases {
                let canvas = Canvas(pixels: base, width: w, height: h, stride: stride, scale: 0)
                #expect(canvas.scale == 1)
                canvas.clear(color: .red)
                canvas.fill(Rect(x: 0, y: 0, width: 4, height: 4), color: .red)
                canvas.fillRoundedRect(Rect(x: 0, y: 0, width: 4, height: 4), radius: 2, color: .red)
                canvas.drawText("x", at: .zero, size: 4, color: .red)
                canvas.copyPixels(
                    from: UnsafeRawPointer(base), stride: 16,
                    region: PixelRegion(
                        rect: Rect(
                            x: 0, y: 0, width: 4, height: 4), scale: 1))
            }
        }
        #expect(storage.allSatisfy { $0 == 7 })
    }

    @Test func emptyImageStillRunsTheBody() {
        var image = Image(width: 0, height: 5)
        var ran = false
        Canvas.draw(into: &image, scale: 2) { canvas in
            ran = true
            canvas.fill(Rect(x: 0, y: 0, width: 10, height: 10), color: .red)
        }
        #expect(ran && image.pixels.isEmpty)
    }

    @Test func escapedCanvasDrawsNothing() {
        var image = Image(width: 2, height: 2)
        var escaped: Canvas?
        Canvas.draw(into: &image) { escaped = $0 }
        escaped?.fill(Rect(x: 0, y: 0, width: 2, height: 2), color: .red)
        escaped?.clear(color: .red)
        #expect(image.pixels == [0, 0, 0, 0])
    }

    @Test func drawIntoRethrows() {
        struct Boom: Error {}
        var image = Image(width: 2, height: 2)
        #expect(throws: Boom.self) {
            try Canvas.draw(into: &image) { canvas in
                canvas.fill(Rect(x: 0, y: 0, width: 1, height: 1), color: .red)
                throw Boom()
            }
        }
        #expect(image.pixel(x: 0, y: 0) == red)
    }
}
