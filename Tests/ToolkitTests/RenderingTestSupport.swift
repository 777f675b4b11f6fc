import Testing

@testable import ToolkitCore

/// Helpers shared by the rendering tests.
enum RenderingTestSupport {
    /// An image of `width x height` pixels, filled with `background`, after `body` drew into it at `scale`.
    static func render(
        width: Int, height: Int, scale: Int = 1, background: UInt32 = 0,
        _ body: (Canvas) -> Void
    ) -> Image {
        var image = Image(width: width, height: height, fill: background)
        Canvas.draw(into: &image, scale: scale, body)
        return image
    }

    /// The pixel coordinates whose value is not `value`.
    static func pixels(of image: Image, notEqualTo value: UInt32) -> [(Int, Int)] {
        var out: [(Int, Int)] = []
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixel(x: x, y: y) != value { out.append((x, y)) }
        }
        return out
    }

    /// Expects every pixel inside the half-open box to be `inside` and every other pixel to be `outside`.
    static func expectBox(
        _ image: Image, x0: Int, y0: Int, x1: Int, y1: Int, inside: UInt32, outside: UInt32 = 0,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var wrong = 0
        var first: String?
        for y in 0..<image.height {
            for x in 0..<image.width {
                let isInside = x >= x0 && x < x1 && y >= y0 && y < y1
                let expected = isInside ? inside : outside
                let actual = image.pixel(x: x, y: y)
                if actual != expected {
                    wrong += 1
                    if first == nil {
                        first = "(\(x), \(y)) is \(hex(actual)), expected \(hex(expected))"
                    }
                }
            }
        }
        #expect(wrong == 0, "\(wrong) wrong pixels, first \(first ?? "-")", sourceLocation: sourceLocation)
    }

    static func hex(_ v: UInt32) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: max(0, 8 - s.count)) + s
    }

    /// The alpha byte of a pixel.
    static func alpha(_ pixel: UInt32) -> UInt32 { pixel >> 24 }

    /// Channel `shift` (16 red, 8 green, 0 blue, 24 alpha) of a pixel.
    static func channel(_ pixel: UInt32, _ shift: UInt32) -> Int { Int((pixel >> shift) & 0xFF) }
}
