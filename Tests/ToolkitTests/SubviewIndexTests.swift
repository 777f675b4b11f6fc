import Testing

@testable import ToolkitCore

/// Many stacked subviews: hit testing and drawing find the subviews under a point or a damaged rectangle by
/// binary search, with the same answers as visiting every subview (front to back for touches, back to front
/// for drawing), and stay right after frames, clipping or subviews change.
@MainActor
@Suite struct SubviewIndexTests {
    /// A plain view that remembers whether it drew.
    final class Probe: View {
        var drawCount = 0
        override func draw(in canvas: Canvas) { drawCount += 1 }
    }

    /// A 200 x 400 container with `count` rows of 10 pt stacked down (x: 0...200), inside a window.
    func stackedRows(_ count: Int, height: Double = 10) -> (WindowCore, View, [Probe]) {
        let window = WindowCore(size: Size(width: 200, height: 400))
        let container = View(frame: Rect(x: 0, y: 0, width: 200, height: 400))
        window.rootView.addSubview(container)
        var rows: [Probe] = []
        for index in 0..<count {
            let row = Probe(frame: Rect(x: 0, y: Double(index) * height, width: 200, height: height))
            container.addSubview(row)
            rows.append(row)
        }
        return (window, container, rows)
    }

    /// The hit test answer computed by visiting every subview, front to back: the reference.
    func linearHit(_ view: View, _ point: Point) -> View? {
        guard !view.isHidden, view.isUserInteractionEnabled, view.bounds.contains(point) else { return nil }
        for subview in view.subviews.reversed() {
            if let hit = linearHit(subview, point - subview.frame.origin + subview.bounds.origin) { return hit }
        }
        return view
    }

    @Test func hitTestingManyRowsAgreesWithVisitingEveryRow() {
        let (window, container, rows) = stackedRows(1000, height: 0.4)
        // Overlaps: a tall row early on covers many later ones, which are above it (the topmost wins).
        rows[3].frame = Rect(x: 0, y: 1, width: 100, height: 300)
        rows[700].isHidden = true
        for y in stride(from: -1.0, through: 401, by: 0.37) {
            for x in [0.0, 50, 150, 199.9, 200] {
                let point = Point(x: x, y: y)
                #expect(window.rootView.hitTest(point) === linearHit(window.rootView, point))
            }
        }
        // A view put on top (re-added) wins over the rows it covers.
        let cover = Probe(frame: Rect(x: 0, y: 100, width: 200, height: 20))
        container.addSubview(cover)
        #expect(window.rootView.hitTest(Point(x: 10, y: 110)) === cover)
        container.addSubview(rows[260])  // row 260 (y 104...104.4) back on top
        #expect(window.rootView.hitTest(Point(x: 10, y: 104.2)) === rows[260])
        #expect(window.rootView.hitTest(Point(x: 10, y: 110)) === cover)
    }

    /// Expects the window's hit tests to agree with the reference over a grid of points.
    func expectHitsAgree(_ window: WindowCore, sourceLocation: SourceLocation = #_sourceLocation) {
        var wrong = 0
        for y in stride(from: -1.0, through: 401, by: 0.5) {
            for x in [5.0, 150]
            where window.rootView.hitTest(Point(x: x, y: y))
                !== linearHit(
                    window.rootView,
                    Point(x: x, y: y))
            {
                wrong += 1
            }
        }
        #expect(wrong == 0, sourceLocation: sourceLocation)
    }

    @Test func aMovedOrRemovedRowIsFoundWhereItIsNow() {
        let (window, container, rows) = stackedRows(100)
        #expect(window.rootView.hitTest(Point(x: 5, y: 55)) === rows[5])
        // Out of order now (no index): still right. Row 39 (y 390...400) is above it at y 395.
        rows[5].frame = Rect(x: 0, y: 395, width: 100, height: 5)
        #expect(window.rootView.hitTest(Point(x: 5, y: 55)) === container)
        #expect(window.rootView.hitTest(Point(x: 5, y: 396)) === rows[39])
        expectHitsAgree(window)
        rows[5].frame = Rect(x: 0, y: 52, width: 200, height: 6)
        #expect(window.rootView.hitTest(Point(x: 5, y: 55)) === rows[5])
        expectHitsAgree(window)
        rows[6].removeFromSuperview()
        #expect(window.rootView.hitTest(Point(x: 5, y: 65)) === container)
        expectHitsAgree(window)
        rows[7].isUserInteractionEnabled = false
        #expect(window.rootView.hitTest(Point(x: 5, y: 75)) === container)
        expectHitsAgree(window)
    }

    @Test func columnsStackedSidewaysAreIndexedToo() {
        let window = WindowCore(size: Size(width: 400, height: 100))
        var columns: [Probe] = []
        for index in 0..<80 {
            let column = Probe(frame: Rect(x: Double(index) * 5, y: 0, width: 5, height: 100))
            window.rootView.addSubview(column)
            columns.append(column)
        }
        #expect(window.rootView.hitTest(Point(x: 17, y: 50)) === columns[3])
        #expect(window.rootView.hitTest(Point(x: 399.9, y: 99)) === columns[79])
        #expect(window.rootView.hitTest(Point(x: 0, y: 0)) === columns[0])
    }

    /// Draws the window's pending damage into `image` (which holds the previous frame).
    func draw(_ window: WindowCore, into image: inout Image) {
        Canvas.draw(into: &image) { window.draw(into: $0) }
    }

    @Test func onlyRowsUnderTheDamageDraw() {
        let (window, _, rows) = stackedRows(1000)
        var image = Image(width: 200, height: 400)
        draw(window, into: &image)
        #expect(rows[0].drawCount == 1 && rows[39].drawCount == 1 && rows[40].drawCount == 0)
        window.addDamage(Rect(x: 0, y: 105, width: 10, height: 10))
        draw(window, into: &image)
        let expected =
            Array(repeating: 1, count: 10) + [2, 2] + Array(repeating: 1, count: 28)
            + Array(repeating: 0, count: 5)
        #expect(Array(rows.map(\.drawCount).prefix(45)) == expected)
    }

    @Test func aSubviewStickingOutOfAnUnclippedRowIsDrawnWhereItIs() {
        let (window, _, rows) = stackedRows(100)
        window.rootView.backgroundColor = Color(white: 1)
        let green = Color(red: 0, green: 1, blue: 0)
        // Rows have no background: the green square below row 5 shows through rows 8 and 9.
        let square = View(frame: Rect(x: 20, y: 30, width: 10, height: 10))
        square.backgroundColor = green
        rows[5].addSubview(square)
        var image = Image(width: 200, height: 400)
        draw(window, into: &image)
        #expect(image.pixel(x: 25, y: 85) == green.premultipliedARGB)
        // Damage only row 8's area (the square's place, not row 5's frame), over a black image.
        image = Image(width: 200, height: 400)
        window.addDamage(Rect(x: 0, y: 80, width: 200, height: 10))
        draw(window, into: &image)
        #expect(image.pixel(x: 25, y: 85) == green.premultipliedARGB)
        // Moving the square (a grandchild) moves the row's extent: drawn at its new place, 200 pt lower.
        square.frame = Rect(x: 20, y: 230, width: 10, height: 10)
        image = Image(width: 200, height: 400)
        window.addDamage(Rect(x: 0, y: 280, width: 200, height: 10))
        draw(window, into: &image)
        #expect(image.pixel(x: 25, y: 285) == green.premultipliedARGB)
        // Clipping the row hides it.
        rows[5].clipsToBounds = true
        image = Image(width: 200, height: 400)
        window.addDamage(Rect(x: 0, y: 280, width: 200, height: 10))
        draw(window, into: &image)
        #expect(image.pixel(x: 25, y: 285) == Color(white: 1).premultipliedARGB)
    }

    @Test func aTouchDownHitTestsOnce() {
        final class Counting: View {
            var hitTests = 0
            override func hitTest(_ point: Point) -> View? {
                hitTests += 1
                return super.hitTest(point)
            }
        }
        let window = WindowCore(size: Size(width: 100, height: 100))
        let view = Counting(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.rootView.addSubview(view)
        window.handle(.touchDown(id: 1, location: Point(x: 5, y: 5), timestamp: .zero))
        #expect(view.hitTests == 1)
    }
}
