// Text through fontconfig and HarfBuzz, checked from pixels: Japanese from a fallback face, Arabic right to left, a
// combining accent over its base, kerning, per-character fallback, weights, and the shaped-line cache.
//
// The machine has fonts-dejavu-core (Latin, Arabic) and a Japanese face (fonts-vlgothic or fonts-noto-cjk), the
// project's documented dependencies (scripts/install-deps).

import Testing

@testable import ToolkitCore

@Suite struct TextShapingTests {
    typealias T = RenderingTestSupport

    /// `text` drawn black at `size` points into a transparent image, at (`x`, 0).
    static func draw(
        _ text: String, size: Double = 40, typeface: Typeface = .standard, x: Double = 4,
        width: Int = 240, height: Int = 80
    ) -> Image {
        T.render(width: width, height: height) {
            $0.drawText(
                text, at: Point(x: x, y: 0), size: size, color: .black,
                typeface: typeface)
        }
    }

    /// The smallest box holding every drawn pixel (half-open), or nil for an empty image.
    static func inkBox(_ image: Image) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        let drawn = T.pixels(of: image, notEqualTo: 0)
        guard !drawn.isEmpty else { return nil }
        return (drawn.map(\.0).min()!, drawn.map(\.1).min()!, drawn.map(\.0).max()! + 1, drawn.map(\.1).max()! + 1)
    }

    /// The pixels inside the ink box, row by row: the drawing with its position taken out.
    static func inkPixels(_ image: Image) -> [UInt32] {
        guard let box = inkBox(image) else { return [] }
        var out: [UInt32] = []
        for y in box.y0..<box.y1 { for x in box.x0..<box.x1 { out.append(image.pixel(x: x, y: y)) } }
        return out + [UInt32(box.x1 - box.x0)]
    }

    /// What the standard typeface draws for a character no installed face has: its missing-glyph box.
    static let box = inkPixels(draw("\u{10FFFD}"))

    @Test func japaneseDrawsEachCharacterFromAFaceThatHasIt() throws {
        let japanese = Typeface(language: "ja")
        let characters = ["日", "本", "語", "か", "な"]
        let images = characters.map { Self.inkPixels(Self.draw($0, typeface: japanese)) }
        for (character, pixels) in zip(characters, images) {
            #expect(!pixels.isEmpty, "\(character) drew nothing")
            let isBox = pixels == Self.box
            #expect(!isBox, "\(character) drew the missing-glyph box")
        }
        // Five different glyphs, not one box five times.
        #expect(Set(images.map { $0.description }).count == characters.count)
        // The line is as wide as its characters: full-width, about one em each.
        let width = Font.measure("日本語かな", size: 40, typeface: japanese).width
        #expect(width >= 5 * 36 && width <= 5 * 44)
    }

    @Test func arabicRunsRightToLeft() throws {
        // Alef then dal: neither joins the other, so both keep their isolated forms. Alef is a tall stroke, dal a
        // short hook: the tallest ink is alef's, and right to left puts the first character on the right.
        let image = Self.draw("\u{0627}\u{062F}", size: 48)
        let ink = try #require(Self.inkBox(image))
        let top = T.pixels(of: image, notEqualTo: 0).filter { $0.1 == ink.y0 }.map(\.0)
        let alefColumn = Double(top.min()! + top.max()!) / 2
        #expect(alefColumn > Double(ink.x0 + ink.x1) / 2, "alef drawn at the left: left to right")
        let isBox = Self.inkPixels(image) == Self.box
        #expect(!isBox, "the missing-glyph box")
    }

    @Test(arguments: [("مرحبا", "بالعالم"), ("שלום", "עולם")])
    func theFirstWordOfARightToLeftLineIsAtItsRightEnd(first: String, second: String) throws {
        // Words do not join across a space: each looks in the line as it does alone, the first at the right end.
        let line = Self.draw(first + " " + second, size: 32, width: 400)
        let alone = (first: Self.draw(first, size: 32, width: 400), second: Self.draw(second, size: 32, width: 400))
        let lineInk = try #require(Self.inkBox(line))
        let firstInk = try #require(Self.inkBox(alone.first))
        let secondInk = try #require(Self.inkBox(alone.second))
        func crop(_ image: Image, x0: Int, x1: Int) -> [UInt32] {
            var out: [UInt32] = []
            for y in 0..<image.height { for x in x0..<x1 { out.append(image.pixel(x: x, y: y)) } }
            return out
        }
        let firstWidth = firstInk.x1 - firstInk.x0
        let secondWidth = secondInk.x1 - secondInk.x0
        let right =
            crop(line, x0: lineInk.x1 - firstWidth, x1: lineInk.x1)
            == crop(
                alone.first, x0: firstInk.x0,
                x1: firstInk.x1)
        let left =
            crop(line, x0: lineInk.x0, x1: lineInk.x0 + secondWidth)
            == crop(
                alone.second, x0: secondInk.x0,
                x1: secondInk.x1)
        #expect(right, "the first word is not at the right end")
        #expect(left, "the second word is not at the left end")
    }

    @Test func latinBeforeArabicStaysOnTheLeftInALeftToRightLine() throws {
        // "H" then alef, dal: the line is left to right (its first strong character is Latin): H at the left, and
        // the Arabic run after it with alef at its right end.
        let image = Self.draw("H \u{0627}\u{062F}", size: 48)
        let h = try #require(Self.inkBox(Self.draw("H", size: 48)))
        let ink = try #require(Self.inkBox(image))
        #expect(ink.x0 == h.x0)
        let top = T.pixels(of: image, notEqualTo: 0).filter { $0.0 >= h.x1 + 4 }
        let arabicTop = top.map(\.1).min()!
        let alefColumns = top.filter { $0.1 == arabicTop }.map(\.0)
        let arabicInk = (top.map(\.0).min()!, top.map(\.0).max()! + 1)
        #expect(Double(alefColumns.min()! + alefColumns.max()!) / 2 > Double(arabicInk.0 + arabicInk.1) / 2)
    }

    @Test(arguments: ["X", "H", "q", "x", "m"])
    func combiningAccentIsDrawnOverItsBase(base: String) throws {
        // No precomposed forms exist for these with an acute accent (U+0301) in DejaVu Sans, so the mark is placed
        // by shaping: centred over the base and above it, clear of a capital's top.
        let plain = Self.draw(base, size: 48)
        let accented = Self.draw(base + "\u{0301}", size: 48)
        let baseInk = try #require(Self.inkBox(plain))
        // The accent is the ink above the base's top row, and it is separate from the base: a blank row between.
        let accent = T.pixels(of: accented, notEqualTo: 0).filter { $0.1 < baseInk.y0 - 1 }
        try #require(!accent.isEmpty, "no ink above the base")
        let accentBottom = accent.map(\.1).max()!
        let rowBelowAccent = (0..<accented.width).filter { accented.pixel(x: $0, y: accentBottom + 1) != 0 }
        #expect(rowBelowAccent.isEmpty, "the accent touches the base")
        // Centred over the base within a tenth of its width.
        let accentCentre = Double(accent.map(\.0).min()! + accent.map(\.0).max()! + 1) / 2
        let baseCentre = Double(baseInk.x0 + baseInk.x1) / 2
        #expect(
            abs(accentCentre - baseCentre) <= Double(baseInk.x1 - baseInk.x0) / 10,
            "accent centre \(accentCentre), base centre \(baseCentre)")
        // And the line is no wider: the mark takes no advance of its own.
        #expect(Font.measure(base + "\u{0301}", size: 48) == Font.measure(base, size: 48))
    }

    @Test func kerningPullsAVTogether() throws {
        let pair = Self.draw("AV")
        let a = Font.measure("A", size: 40).width
        let apart = T.render(width: 240, height: 80) { canvas in
            canvas.drawText("A", at: Point(x: 4, y: 0), size: 40, color: .black)
            canvas.drawText("V", at: Point(x: 4 + a, y: 0), size: 40, color: .black)
        }
        let kerned = try #require(Self.inkBox(pair))
        let unkerned = try #require(Self.inkBox(apart))
        #expect(kerned.x0 == unkerned.x0)
        #expect(kerned.x1 < unkerned.x1 - 1, "AV ends at \(kerned.x1), A then V at \(unkerned.x1)")
        #expect(Font.measure("AV", size: 40).width < a + Font.measure("V", size: 40).width)
    }

    @Test func aCharacterThePrimaryFaceLacksComesFromAnotherFace() throws {
        let dejaVu = Typeface(family: "DejaVu Sans")
        let hiragana: UInt32 = 0x3042  // あ
        let (primaryPath, fallback) = try #require(
            Font.store.withState { state -> (String, FontFace)? in
                guard state.loadIfNeeded(), let chain = state.chain(for: dejaVu),
                    let primary = state.primaryFace(for: dejaVu),
                    !primary.covers(hiragana), let fallback = state.face(in: chain, covering: hiragana)
                else { return nil }
                return (primary.path, fallback)
            })
        #expect(primaryPath.hasSuffix("/DejaVuSans.ttf"))
        #expect(fallback.path != primaryPath)
        let family = try #require(fallback.face.pointee.family_name).withMemoryRebound(to: CChar.self, capacity: 1) {
            String(cString: $0)
        }
        // Drawn through the fallback, the character looks as it does in that face drawn directly: not a box.
        let viaFallback = Self.inkPixels(Self.draw("あ", typeface: dejaVu))
        #expect(!viaFallback.isEmpty)
        let isBox = viaFallback == Self.box
        #expect(!isBox, "the missing-glyph box")
        let asDrawnDirectly = viaFallback == Self.inkPixels(Self.draw("あ", typeface: Typeface(family: family)))
        #expect(asDrawnDirectly, "not the glyph \(family) draws")
    }

    @Test func boldIsAnotherFaceWithMoreInk() {
        let regular = Typeface()
        let bold = Typeface(weight: .bold)
        #expect(Font.path(of: bold).map { $0.hasSuffix("/DejaVuSans-Bold.ttf") } == true)
        func ink(_ image: Image) -> UInt32 { image.pixels.reduce(0) { $0 + ($1 >> 24) } }
        #expect(ink(Self.draw("Hamburg", typeface: bold)) > ink(Self.draw("Hamburg", typeface: regular)) * 11 / 10)
    }

    @MainActor @Test func labelsDrawInTheirTypeface() {
        let label = Label(frame: Rect(x: 0, y: 0, width: 240, height: 60), text: "Hamburg", fontSize: 30)
        func ink() -> UInt32 {
            T.render(width: 240, height: 60) { label.draw(in: $0) }.pixels.reduce(0) { $0 + ($1 >> 24) }
        }
        let regular = ink()
        label.typeface = Typeface(weight: .bold)
        #expect(ink() > regular * 11 / 10)
    }

    @Test func fiIsOneLigatureGlyph() throws {
        // "fi" in DejaVu Sans shapes to its ligature glyph: one mask where f and i would be two.
        let line = try #require(Font.store.withState { $0.line(for: "fi", pixelSize: 40, typeface: .standard) })
        #expect(line.count == 1)
    }
}
