import Testing

@testable import ToolkitCore

/// Text through FreeType: glyphs land inside the measured line box and nowhere else.
@Suite struct TextRenderingTests {
    typealias T = RenderingTestSupport

    @Test func fontIsFoundOnThisMachine() {
        // fonts-dejavu-core is a documented dependency of the project, and Debian's fontconfig puts DejaVu Sans
        // first for sans-serif.
        #expect(Font.isAvailable)
        #expect(Font.loadedPath.map { $0.hasSuffix("/DejaVuSans.ttf") } == true)
    }

    @Test(arguments: [1, 2])
    func textDrawsInsideItsMeasuredBoxOnly(scale: Int) {
        let origin = Point(x: 5, y: 4)
        var measured = Size.zero
        let image = T.render(width: 120 * scale, height: 40 * scale, scale: scale) { canvas in
            measured = canvas.measureText("Hjg, Wy!", size: 16)
            canvas.drawText("Hjg, Wy!", at: origin, size: 16, color: .black)
        }
        #expect(measured.width > 30 && measured.width < 100)
        #expect(measured.height >= 16 && measured.height <= 22)
        let drawn = T.pixels(of: image, notEqualTo: 0)
        #expect(drawn.count > 50)
        let s = Double(scale)
        for (x, y) in drawn {
            let px = Double(x) / s
            let py = Double(y) / s
            // Glyph ink may overhang the advance box by a pixel (the side bearing of the first glyph is positive).
            #expect(px >= origin.x - 1 && px < origin.x + measured.width + 1, "pixel \(x),\(y) outside horizontally")
            #expect(py >= origin.y && py < origin.y + measured.height, "pixel \(x),\(y) outside vertically")
        }
        // Black text: premultiplied pixels with no color, and both solid and antialiased ones.
        #expect(drawn.allSatisfy { image.pixel(x: $0.0, y: $0.1) & 0x00FF_FFFF == 0 })
        #expect(drawn.contains { T.alpha(image.pixel(x: $0.0, y: $0.1)) == 255 })
        #expect(drawn.contains { T.alpha(image.pixel(x: $0.0, y: $0.1)) < 255 })
    }

    @Test func descendersGoBelowTheBaselineAndCapsReachNearTheTop() {
        let image = T.render(width: 60, height: 30) { $0.drawText("g", at: .zero, size: 20, color: .black) }
        let caps = T.render(width: 60, height: 30) { $0.drawText("H", at: .zero, size: 20, color: .black) }
        let gBottom = T.pixels(of: image, notEqualTo: 0).map(\.1).max() ?? 0
        let hBottom = T.pixels(of: caps, notEqualTo: 0).map(\.1).max() ?? 0
        let hTop = T.pixels(of: caps, notEqualTo: 0).map(\.1).min() ?? 99
        #expect(gBottom > hBottom)
        #expect(hTop >= 2 && hTop <= 6)  // DejaVu: ascent 0.93 em, cap height 0.73 em -> top near 4 px at 20 px
    }

    @Test func measureGrowsWithTextAndScalesWithSize() {
        let one = Font.measure("a", size: 20)
        let two = Font.measure("aa", size: 20)
        let big = Font.measure("a", size: 40)
        #expect(two.width == 2 * one.width)
        #expect(abs(big.width - 2 * one.width) <= 1)
        #expect(Font.measure("", size: 20).width == 0 && Font.measure("", size: 20).height > 0)
        #expect(Font.measure("a\n\t", size: 20) == one)
        #expect(Font.measure("a", size: .nan) == .zero && Font.measure("a", size: 0) == .zero)
    }

    @Test func textIsClipped() {
        let image = T.render(width: 80, height: 30) { canvas in
            canvas.clip(to: Rect(x: 0, y: 0, width: 10, height: 30))
            canvas.drawText("WWWWWW", at: .zero, size: 20, color: .black)
        }
        let drawn = T.pixels(of: image, notEqualTo: 0)
        #expect(!drawn.isEmpty)
        #expect(drawn.allSatisfy { $0.0 < 10 })
    }

    @Test func coloredTextUsesTheColor() {
        let image = T.render(width: 40, height: 30) { $0.drawText("I", at: .zero, size: 24, color: .red) }
        let drawn = T.pixels(of: image, notEqualTo: 0).map { image.pixel(x: $0.0, y: $0.1) }
        #expect(drawn.contains(0xFFFF_0000))
        #expect(drawn.allSatisfy { T.channel($0, 16) == Int(T.alpha($0)) && $0 & 0xFFFF == 0 })
    }
}
