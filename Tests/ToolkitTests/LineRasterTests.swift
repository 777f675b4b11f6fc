// Text copied as finished pixels (`LineRasters`) where the canvas knows the background under it is one opaque
// colour (`SolidBackdrop`): every frame must be the picture that compositing the glyphs gives, whatever was drawn
// over the background before the text, whatever the clip, colours and scale, and after the arena has wrapped.

import Testing

@testable import ToolkitCore

@Suite struct SolidBackdropTests {
    let row = PixelBox(x0: 0, y0: 0, x1: 100, y1: 20)

    @Test func aFilledBoxHoldsItsPixelUntilTouched() {
        var backdrop = SolidBackdrop()
        #expect(backdrop.pixel(under: PixelBox(x0: 1, y0: 1, x1: 5, y1: 5)) == nil)
        backdrop.set(row, pixel: 0xFFFF_FFFF)
        #expect(backdrop.pixel(under: PixelBox(x0: 10, y0: 2, x1: 90, y1: 18)) == 0xFFFF_FFFF)
        #expect(backdrop.pixel(under: row) == 0xFFFF_FFFF)
        // Partly outside the filled box: unknown.
        #expect(backdrop.pixel(under: PixelBox(x0: 90, y0: 2, x1: 101, y1: 18)) == nil)
        // A swatch drawn on the left: the right is still known, anything meeting the swatch is not.
        backdrop.touch(PixelBox(x0: 4, y0: 4, x1: 16, y1: 16))
        #expect(backdrop.pixel(under: PixelBox(x0: 20, y0: 2, x1: 90, y1: 18)) == 0xFFFF_FFFF)
        #expect(backdrop.pixel(under: PixelBox(x0: 15, y0: 2, x1: 90, y1: 18)) == nil)
        // A touch outside the box changes nothing; one over the whole box forgets it.
        backdrop.touch(PixelBox(x0: 200, y0: 0, x1: 300, y1: 20))
        #expect(backdrop.pixel(under: PixelBox(x0: 20, y0: 2, x1: 90, y1: 18)) == 0xFFFF_FFFF)
        backdrop.touch(PixelBox(x0: -5, y0: -5, x1: 105, y1: 25))
        #expect(backdrop.pixel(under: PixelBox(x0: 20, y0: 2, x1: 30, y1: 18)) == nil)
    }

    /// More than four touched boxes merge: the touched area only grows, so nothing touched is ever reported solid.
    @Test func touchesBeyondFourMergeWithoutLosingAny() {
        var backdrop = SolidBackdrop()
        let grey: UInt32 = 0xFF70_7070
        backdrop.set(row, pixel: grey)
        let touches = (0..<9).map { PixelBox(x0: $0 * 11, y0: 0, x1: $0 * 11 + 2, y1: 3) }
        for box in touches { backdrop.touch(box) }
        for box in touches { #expect(backdrop.pixel(under: box) == nil) }
        // Rows below every touch are still known.
        #expect(backdrop.pixel(under: PixelBox(x0: 0, y0: 3, x1: 100, y1: 20)) == grey)
        backdrop.forget()
        #expect(backdrop.pixel(under: PixelBox(x0: 0, y0: 3, x1: 100, y1: 20)) == nil)
    }
}

@MainActor
@Suite struct LineRasterTests {
    /// A view that draws with a closure after its background.
    final class Sketch: View {
        var body: (Canvas) -> Void = { _ in }
        override func draw(in canvas: Canvas) { body(canvas) }
    }

    /// The window drawn in full into a fresh image `frames` times in a row (the first sighting, the raster made,
    /// the raster copied), each frame compared with the same frame drawn glyph by glyph.
    @discardableResult
    func expectRastersMatch(
        _ window: WindowCore, pixelsPerPoint: Double = 1, frames: Int = 3,
        change: (Int) -> Void = { _ in }, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Int {
        let s = pixelsPerPoint
        var copies = 0
        for frame in 0..<frames {
            change(frame)
            func render(rasters: Bool) -> Image {
                var image = Image(
                    width: Int((window.size.width * s).rounded(.up)),
                    height: Int((window.size.height * s).rounded(.up)), fill: 0xFF12_3456)
                window.addDamage(Rect(origin: .zero, size: window.size))
                Canvas.draw(into: &image, pixelsPerPoint: s) { canvas in
                    canvas.testHooks.usesLineRasters = rasters
                    window.draw(into: canvas)
                    copies += canvas.testHooks.linesCopied
                }
                return image
            }
            let reference = render(rasters: false)
            let copied = render(rasters: true)
            var differing = 0
            for y in 0..<reference.height {
                for x in 0..<reference.width where reference.pixel(x: x, y: y) != copied.pixel(x: x, y: y) {
                    differing += 1
                }
            }
            #expect(
                differing == 0, "frame \(frame) at \(s)x: \(differing) pixels differ",
                sourceLocation: sourceLocation)
            #expect(
                RenderingTestSupport.pixels(of: copied, notEqualTo: reference.pixel(x: 0, y: 0)).count > 100,
                sourceLocation: sourceLocation)
        }
        return copies
    }

    func sketch(_ frame: Rect, _ color: Color?, _ body: @escaping (Canvas) -> Void) -> Sketch {
        let view = Sketch(frame: frame)
        view.backgroundColor = color
        view.body = body
        return view
    }

    /// List rows (swatch, label, separator) over alternating backgrounds, at whole and fractional scales.
    @Test(arguments: [1.0, 2.0, 1.5])
    func rowsOfTextAreTheSamePictureCopied(pixelsPerPoint: Double) {
        let window = WindowCore(size: Size(width: 360, height: 200))
        window.rootView.backgroundColor = Color(white: 1)
        for index in 0..<5 {
            let row = sketch(
                Rect(x: 0, y: Double(index) * 40, width: 360, height: 40),
                index % 2 == 0 ? Color(white: 1) : Color(white: 0.94)
            ) { canvas in
                canvas.fillRoundedRect(
                    Rect(x: 8, y: 6, width: 28, height: 28), radius: 7,
                    color: Color(red: 0.2, green: 0.5, blue: 0.8))
                canvas.drawText(
                    "Row \(index) · Quick brown fox", at: Point(x: 44, y: 10), size: 17,
                    color: Color(white: 0.1))
                canvas.fill(Rect(x: 44, y: 39, width: 316, height: 1), color: Color(white: 0.8))
            }
            window.rootView.addSubview(row)
        }
        // From the third frame on the lines are copied (more frames in case a test running meanwhile empties the
        // process-wide line cache).
        let copies = expectRastersMatch(window, pixelsPerPoint: pixelsPerPoint, frames: 6)
        #expect(copies > 0)
    }

    /// What is drawn over the background before a line decides: a shape under the line, another line crossing it,
    /// a translucent colour, a clip through the glyphs, a line running out of its view's background.
    @Test func drawingUnderTheLineAndClipsKeepTheComposedPicture() {
        let window = WindowCore(size: Size(width: 400, height: 240))
        window.rootView.backgroundColor = Color(red: 0.9, green: 0.95, blue: 1)
        let under = sketch(Rect(x: 0, y: 0, width: 400, height: 40), Color(white: 1)) { canvas in
            canvas.fill(Rect(x: 60, y: 14, width: 30, height: 10), color: Color(red: 1, green: 0.8, blue: 0.2))
            canvas.drawText("Over a highlight", at: Point(x: 50, y: 10), size: 17, color: .black)
        }
        let crossing = sketch(Rect(x: 0, y: 40, width: 400, height: 40), Color(white: 1)) { canvas in
            canvas.drawText("First line here", at: Point(x: 10, y: 8), size: 17, color: .black)
            canvas.drawText(
                "Second crosses", at: Point(x: 30, y: 14), size: 17,
                color: Color(red: 0.8, green: 0, blue: 0))
        }
        let translucent = sketch(Rect(x: 0, y: 80, width: 400, height: 40), Color(white: 0.3)) { canvas in
            canvas.drawText(
                "Translucent text", at: Point(x: 10, y: 10), size: 17,
                color: Color(red: 1, green: 1, blue: 1, alpha: 0.6))
        }
        let clipped = sketch(Rect(x: 0, y: 120, width: 400, height: 40), Color(white: 1)) { canvas in
            canvas.withState {
                canvas.clip(to: Rect(x: 40.5, y: 12, width: 120, height: 9))
                canvas.drawText("Clipped through the glyphs", at: Point(x: 10, y: 10), size: 17, color: .black)
            }
        }
        let overhanging = sketch(Rect(x: 0, y: 160, width: 120, height: 30), Color(white: 1)) { canvas in
            canvas.drawText("Longer than its background", at: Point(x: 10, y: 6), size: 17, color: .black)
        }
        let noBackground = sketch(Rect(x: 0, y: 200, width: 400, height: 40), nil) { canvas in
            canvas.drawText("No background of its own", at: Point(x: 10, y: 10), size: 17, color: .black)
        }
        for view in [under, crossing, translucent, clipped, overhanging, noBackground] {
            window.rootView.addSubview(view)
        }
        expectRastersMatch(window)
    }

    /// A line's colour or its background's changing between frames gives the new picture, not the old raster.
    @Test func newColoursAreDrawnAgain() {
        let window = WindowCore(size: Size(width: 300, height: 40))
        var textColor = Color.black
        let row = sketch(Rect(x: 0, y: 0, width: 300, height: 40), Color(white: 1)) { canvas in
            canvas.drawText("Colours change", at: Point(x: 10, y: 10), size: 17, color: textColor)
        }
        window.rootView.addSubview(row)
        expectRastersMatch(window, frames: 9) { frame in
            textColor = frame % 3 == 2 ? Color(red: 0, green: 0, blue: 0.8) : .black
            row.backgroundColor = frame >= 6 ? Color(white: 0.9) : Color(white: 1)
        }
    }

    /// Lines on many screens, each screen drawn three times: more than the arena holds, so its shelves wrap while
    /// every frame stays the composed picture.
    @Test func framesStayRightWhileTheArenaWraps() {
        let rowsPerFrame = 30
        let rowHeight = 24.0
        let window = WindowCore(size: Size(width: 2000, height: Double(rowsPerFrame) * rowHeight))
        var first = 0
        for index in 0..<rowsPerFrame {
            let row = sketch(
                Rect(x: 0, y: Double(index) * rowHeight, width: 2000, height: rowHeight),
                Color(white: 1)
            ) { canvas in
                // Long lines: a few to a shelf, so that about 250 of them fill the arena.
                canvas.drawText(
                    String(repeating: "Line \(first + index) wraps the arena ", count: 5),
                    at: Point(x: 4, y: 3), size: 17, color: .black)
            }
            window.rootView.addSubview(row)
        }
        var copies = 0
        for screen in 0..<12 {
            first = screen * rowsPerFrame
            copies += expectRastersMatch(window, frames: 3)
        }
        #expect(copies > 0)
    }
}

/// The arena's bookkeeping, on an instance of its own (the process-wide one is shared by every test drawing text).
@Suite struct LineRasterArenaTests {
    /// Lines of `width` x `height` pixels, each asked for twice (noted, then made): where each raster went.
    func makeRasters(_ rasters: LineRasters, count: Int, width: Int, height: Int) -> [(line: Int, x: Int, y: Int)] {
        var made: [(line: Int, x: Int, y: Int)] = []
        for _ in 0..<count {
            let line = rasters.newLine()
            #expect(rasters.place(line: line, text: 1, background: 2, width: width, height: height) == nil)
            guard let place = rasters.place(line: line, text: 1, background: 2, width: width, height: height)
            else { continue }
            #expect(place.isNew)
            made.append((line, place.x, place.y))
        }
        return made
    }

    @Test func aLineGetsItsRasterOnTheSecondSightingWithTheSameColours() throws {
        let rasters = LineRasters()
        let line = rasters.newLine()
        #expect(rasters.place(line: line, text: 1, background: 2, width: 50, height: 10) == nil)
        // Other colours: noted again, no raster yet.
        #expect(rasters.place(line: line, text: 1, background: 3, width: 50, height: 10) == nil)
        let made = try #require(rasters.place(line: line, text: 1, background: 3, width: 50, height: 10))
        #expect(made.isNew && rasters.rendered == 1)
        let again = try #require(rasters.place(line: line, text: 1, background: 3, width: 50, height: 10))
        #expect(!again.isNew && again.x == made.x && again.y == made.y && rasters.rendered == 1)
        // New colours take the line's raster away on their second sighting.
        #expect(rasters.place(line: line, text: 4, background: 3, width: 50, height: 10) == nil)
        let remade = try #require(rasters.place(line: line, text: 4, background: 3, width: 50, height: 10))
        #expect(remade.isNew && rasters.rendered == 2 && rasters.rasterCount == 1)
        // Wider than the arena: never.
        let wide = rasters.newLine()
        for _ in 0..<3 {
            #expect(
                rasters.place(
                    line: wide, text: 1, background: 2, width: LineRasters.arenaWidth + 1,
                    height: 10) == nil)
        }
    }

    /// Shelves fill left to right and top to bottom; past the bottom they start again at the top and the rasters
    /// there are dropped (a dropped line is made again the next time it is drawn).
    @Test func shelvesWrapAndDropTheOldestRasters() throws {
        let rasters = LineRasters()
        let width = 500
        let height = 20
        let perShelf = LineRasters.arenaWidth / width
        let shelves = LineRasters.arenaHeight / height
        let made = makeRasters(rasters, count: perShelf * shelves + 2 * perShelf, width: width, height: height)
        #expect(made.count == perShelf * shelves + 2 * perShelf)
        #expect(made[0].x == 0 && made[0].y == 0 && made[1].x == width && made[perShelf].y == height)
        // The first two shelves after the wrap reuse the top rows: the first lines lost their rasters.
        let wrapped = made[perShelf * shelves]
        #expect(wrapped.x == 0 && wrapped.y == 0)
        #expect(rasters.rasterCount == perShelf * shelves)
        let kept = try #require(
            rasters.place(
                line: made[3 * perShelf].line, text: 1, background: 2, width: width,
                height: height))
        #expect(!kept.isNew && kept.y == made[3 * perShelf].y)
        // A dropped line drawn again (seen before with these colours) gets a new raster on the next shelf.
        let dropped = try #require(
            rasters.place(
                line: made[0].line, text: 1, background: 2, width: width,
                height: height))
        #expect(dropped.isNew && dropped.y == 2 * height)
    }

    /// Emptying the line cache drops every raster; the arena is filled from the top again.
    @Test func forgettingLinesEmptiesTheArena() throws {
        let rasters = LineRasters()
        _ = makeRasters(rasters, count: 10, width: 300, height: 15)
        #expect(rasters.rasterCount == 10)
        rasters.forgetLines()
        #expect(rasters.rasterCount == 0)
        let made = makeRasters(rasters, count: 1, width: 300, height: 15)
        #expect(made.first?.x == 0 && made.first?.y == 0)
    }

    /// No more than `maximumRasters` at once, however small the lines.
    @Test func theNumberOfRastersIsBounded() {
        let rasters = LineRasters()
        _ = makeRasters(rasters, count: LineRasters.maximumRasters + 50, width: 8, height: 8)
        #expect(rasters.rasterCount <= LineRasters.maximumRasters)
        #expect(rasters.rasterCount >= LineRasters.maximumRasters - LineRasters.arenaWidth / 8)
    }
}
