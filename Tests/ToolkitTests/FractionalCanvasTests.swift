// Canvas at fractional pixels per point (fractional-scale-v1 buffers): snapping, text, damage, bad input.

import Testing

@testable import ToolkitCore

@Suite struct FractionalCanvasTests {
    private typealias T = RenderingTestSupport

    private func render(width: Int, height: Int, pixelsPerPoint: Double, _ body: (Canvas) -> Void) -> Image {
        var image = Image(width: width, height: height, fill: 0)
        Canvas.draw(into: &image, pixelsPerPoint: pixelsPerPoint, body)
        return image
    }

    @Test func rectEdgesSnapToTheNearestPixelEdgeAtOnePointFive() {
        // (1, 1, 2, 2) points = 1.5 ... 4.5 pixels: edges snap (ties right/down) to 2 ... 5.
        let image = render(width: 8, height: 8, pixelsPerPoint: 1.5) { canvas in
            #expect(canvas.pixelsPerPoint == 1.5)
            #expect(canvas.scale == 2)
            #expect(canvas.size == Size(width: 8 / 1.5, height: 8 / 1.5))
            canvas.fill(Rect(x: 1, y: 1, width: 2, height: 2), color: .white)
        }
        T.expectBox(image, x0: 2, y0: 2, x1: 5, y1: 5, inside: 0xFFFF_FFFF)
    }

    @Test func adjacentRectsLeaveNoGapAndLinesStayCrisp() {
        // Ten 1-point columns side by side at 1.25: every pixel of the 12.5-pixel strip is covered exactly once,
        // with no partially covered (blended) pixel anywhere.
        let image = render(width: 16, height: 2, pixelsPerPoint: 1.25) { canvas in
            for column in 0..<10 {
                let color = column % 2 == 0 ? Color.white : Color.black
                canvas.fill(Rect(x: Double(column), y: 0, width: 1, height: 1), color: color)
            }
        }
        for x in 0..<13 {
            let pixel = image.pixel(x: x, y: 0)
            #expect(pixel == 0xFFFF_FFFF || pixel == 0xFF00_0000, "pixel \(x) = \(String(pixel, radix: 16))")
        }
        #expect(image.pixel(x: 13, y: 0) == 0)
        #expect(image.pixel(x: 0, y: 1) == 0)
    }

    @Test func strokeWidthRoundsToWholePixels() {
        // A 1-point border at 1.5 is 1.5 pixels: rounded to 2.
        let image = render(width: 12, height: 12, pixelsPerPoint: 1.5) { canvas in
            canvas.stroke(Rect(x: 0, y: 0, width: 8, height: 8), color: .white, lineWidth: 1)
        }
        #expect(image.pixel(x: 0, y: 6) == 0xFFFF_FFFF)
        #expect(image.pixel(x: 1, y: 6) == 0xFFFF_FFFF)
        #expect(image.pixel(x: 2, y: 6) == 0)
    }

    @Test(.enabled(if: Font.isAvailable, "no font installed (fonts-dejavu-core, scripts/install-deps)"))
    func textMeasuresInPointsAtTheFractionalPixelSize() {
        let atOne = Font.measure("Scroll", size: 20, scale: 1)
        let atOnePointFive = Font.measure("Scroll", size: 20, pixelsPerPoint: 1.5)
        // Hinting differs per pixel size, but the point sizes agree within a few points.
        #expect(abs(atOnePointFive.width - atOne.width) < 4)
        #expect(abs(atOnePointFive.height - atOne.height) < 3)
        var drawn = false
        _ = render(width: 200, height: 60, pixelsPerPoint: 1.5) { canvas in
            #expect(canvas.measureText("Scroll", size: 20) == atOnePointFive)
            canvas.drawText("Scroll", at: Point(x: 2, y: 2), size: 20, color: .white)
            drawn = true
        }
        #expect(drawn)
    }

    @Test func integerCanvasesKeepTheirScale() {
        _ = T.render(width: 4, height: 4, scale: 3) { canvas in
            #expect(canvas.scale == 3)
            #expect(canvas.pixelsPerPoint == 3)
        }
    }

    @Test func badFactorsAreClamped() {
        for (asked, expected) in [(Double.nan, 1.0), (.infinity, 1), (-2, 0.25), (0.1, 0.25), (100, 16), (1.75, 1.75)] {
            _ = render(width: 2, height: 2, pixelsPerPoint: asked) { canvas in
                #expect(canvas.pixelsPerPoint == expected, "asked \(asked)")
                #expect(canvas.scale >= 1 && canvas.scale <= 16)
            }
        }
    }

    @Test func damageRoundsOutwardAtFractionalScales() {
        var region = PixelRegion()
        region.add(Rect(x: 1, y: 1, width: 1, height: 1), pixelsPerPoint: 1.5)  // 1.5 ... 3 pixels
        let bounds = region.bounds
        #expect(bounds.minX == 1 && bounds.minY == 1 && bounds.maxX == 3 && bounds.maxY == 3)
        var bad = PixelRegion()
        bad.add(Rect(x: 0, y: 0, width: 2, height: 2), pixelsPerPoint: .nan)  // counts as 1
        #expect(bad.bounds == Rect(x: 0, y: 0, width: 2, height: 2))
    }
}
