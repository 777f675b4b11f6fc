import Testing

@testable import ToolkitCore

/// Antialiased rounded rectangles: transparent corners, solid middles, partial coverage along the arcs.
@Suite struct RoundedRectTests {
    typealias T = RenderingTestSupport
    let red: UInt32 = 0xFFFF_0000

    @Test func filledCornersAreTransparentMiddleOpaqueArcPartial() {
        let image = T.render(width: 20, height: 20) {
            $0.fillRoundedRect(Rect(x: 0, y: 0, width: 20, height: 20), radius: 8, color: .red)
        }
        for (x, y) in [(0, 0), (19, 0), (0, 19), (19, 19), (1, 0), (0, 1)] {
            #expect(image.pixel(x: x, y: y) == 0, "corner pixel \(x),\(y)")
        }
        for (x, y) in [(10, 10), (10, 0), (0, 10), (19, 10), (10, 19), (4, 4)] {
            #expect(image.pixel(x: x, y: y) == red, "inside pixel \(x),\(y)")
        }
        // Along the diagonal from the corner the coverage rises from 0 through partial to full.
        let diagonal = (0..<8).map { T.alpha(image.pixel(x: $0, y: $0)) }
        #expect(diagonal.contains { $0 > 0 && $0 < 255 })
        #expect(zip(diagonal, diagonal.dropFirst()).allSatisfy { $0 <= $1 })
        // Symmetric corners.
        for i in 0..<8 {
            let a = image.pixel(x: i, y: i)
            #expect(
                image.pixel(x: 19 - i, y: i) == a && image.pixel(x: i, y: 19 - i) == a
                    && image.pixel(x: 19 - i, y: 19 - i) == a)
        }
        // Partial pixels are premultiplied: red equals alpha.
        for p in image.pixels { #expect(T.channel(p, 16) == Int(T.alpha(p)) && p & 0xFFFF == 0) }
    }

    @Test func zeroRadiusIsAPlainRect() {
        let image = T.render(width: 8, height: 8) {
            $0.fillRoundedRect(Rect(x: 1, y: 1, width: 5, height: 4), radius: 0, color: .red)
        }
        T.expectBox(image, x0: 1, y0: 1, x1: 6, y1: 5, inside: red)
    }

    @Test func radiusIsClampedToHalfTheShorterSide() {
        // A pill 20 x 7 with an absurd radius stays inside its rect and solid along its middle row.
        let image = T.render(width: 24, height: 9) {
            $0.fillRoundedRect(Rect(x: 2, y: 1, width: 20, height: 7), radius: 100, color: .red)
        }
        for (x, y) in T.pixels(of: image, notEqualTo: 0) { #expect(x >= 2 && x < 22 && y >= 1 && y < 8) }
        for x in 3..<21 { #expect(image.pixel(x: x, y: 4) == red, "middle row pixel \(x)") }
        #expect(image.pixel(x: 2, y: 1) == 0 && image.pixel(x: 21, y: 7) == 0)
    }

    @Test func strokedRoundedRectLeavesTheInsideEmpty() {
        let image = T.render(width: 30, height: 20) {
            $0.strokeRoundedRect(Rect(x: 0, y: 0, width: 30, height: 20), radius: 6, color: .red, lineWidth: 2)
        }
        #expect(image.pixel(x: 0, y: 0) == 0)
        #expect(image.pixel(x: 15, y: 0) == red && image.pixel(x: 15, y: 1) == red && image.pixel(x: 15, y: 2) == 0)
        #expect(image.pixel(x: 0, y: 10) == red && image.pixel(x: 1, y: 10) == red && image.pixel(x: 2, y: 10) == 0)
        #expect(image.pixel(x: 29, y: 10) == red && image.pixel(x: 27, y: 10) == 0)
        #expect(image.pixel(x: 15, y: 19) == red && image.pixel(x: 15, y: 17) == 0)
        // Inside the inner edge (inset 2, inner radius 4, arc centres at x 6 and 24, y 6 and 14) nothing is drawn,
        // except where the inner arc itself antialiases the inner corners.
        for y in 2..<18 {
            for x in 2..<28 where (x >= 6 && x < 24) || (y >= 6 && y < 14) {
                #expect(image.pixel(x: x, y: y) == 0, "inside \(x),\(y)")
            }
        }
        #expect(T.alpha(image.pixel(x: 3, y: 3)) < 32)  // the inner corner is barely touched
        // The corner arc has antialiased pixels.
        var partial = 0
        for y in 0..<6 { for x in 0..<6 where T.alpha(image.pixel(x: x, y: y)) % 255 != 0 { partial += 1 } }
        #expect(partial > 0)
    }

    @Test func thickStrokeFillsTheShape() {
        let stroked = T.render(width: 10, height: 10) {
            $0.strokeRoundedRect(Rect(x: 0, y: 0, width: 10, height: 10), radius: 3, color: .red, lineWidth: 5)
        }
        let filled = T.render(width: 10, height: 10) {
            $0.fillRoundedRect(Rect(x: 0, y: 0, width: 10, height: 10), radius: 3, color: .red)
        }
        #expect(stroked == filled)
    }

    @Test func roundedRectIsClippedAndTranslated() {
        let image = T.render(width: 20, height: 20, scale: 2) { canvas in
            canvas.translate(by: Point(x: 2, y: 2))
            canvas.clip(to: Rect(x: 0, y: 0, width: 3, height: 3))  // pixels 4..<10
            canvas.fillRoundedRect(Rect(x: 0, y: 0, width: 6, height: 6), radius: 2, color: .red)
        }
        for (x, y) in T.pixels(of: image, notEqualTo: 0) { #expect(x >= 4 && x < 10 && y >= 4 && y < 10) }
        #expect(image.pixel(x: 4, y: 4) == 0)  // the rounded corner
        #expect(image.pixel(x: 9, y: 9) == red)
    }

    @Test func translucentRoundedFillBlendsOncePerPixel() {
        let image = T.render(width: 12, height: 12) {
            $0.fillRoundedRect(Rect(x: 0, y: 0, width: 12, height: 12), radius: 3, color: Color.red.withAlpha(0.4))
        }
        // Pixels covered fully carry exactly the 40% color; none exceeds it (no double blending between parts).
        #expect(image.pixel(x: 6, y: 6) == 0x6666_0000 && image.pixel(x: 6, y: 0) == 0x6666_0000)
        #expect(image.pixels.allSatisfy { T.alpha($0) <= 0x66 })
    }
}
