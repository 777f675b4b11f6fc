import Testing

@testable import ToolkitCore

/// A background is not filled under subviews whose opaque background fills over it: every pixel still ends up
/// painted exactly as before. Checked by drawing each scene over two different old pictures: a pixel that was
/// skipped but not covered would keep the old picture and differ.
@MainActor
@Suite struct OpaqueCoverageTests {
    /// The scene drawn in full at `pixelsPerPoint` over an image filled with `old`.
    func render(_ window: WindowCore, pixelsPerPoint: Double, over old: UInt32) -> Image {
        let s = pixelsPerPoint
        var image = Image(
            width: Int((window.size.width * s).rounded(.up)),
            height: Int((window.size.height * s).rounded(.up)), fill: old)
        window.addDamage(Rect(origin: .zero, size: window.size))
        Canvas.draw(into: &image, pixelsPerPoint: s) { window.draw(into: $0) }
        return image
    }

    /// Expects the scene to look the same over two different old pictures, at several scales, and to show no
    /// old pixel.
    func expectEveryPixelPainted(_ window: WindowCore, sourceLocation: SourceLocation = #_sourceLocation) {
        for scale in [1.0, 2.0, 1.5, 1.25] {
            let a = render(window, pixelsPerPoint: scale, over: 0xDEAD_BEEF)
            let b = render(window, pixelsPerPoint: scale, over: 0x0000_0000)
            var differing = 0
            for y in 0..<a.height {
                for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { differing += 1 }
            }
            #expect(
                differing == 0, "\(differing) pixels keep the old picture at \(scale)x",
                sourceLocation: sourceLocation)
        }
    }

    func box(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ color: Color?) -> View {
        let view = View(frame: Rect(x: x, y: y, width: w, height: h))
        view.backgroundColor = color
        return view
    }

    @Test func opaqueRowsInAScrolledClippingListOverTheWindowBackground() {
        let window = WindowCore(size: Size(width: 120, height: 90))
        window.rootView.backgroundColor = Color(white: 0.5)
        let list = box(10.3, 5.6, 100, 70.2, nil)
        list.clipsToBounds = true
        list.bounds = Rect(origin: Point(x: 0, y: 13.7), size: list.bounds.size)
        for index in 0..<60 {
            // Rows leave 1 pt gaps; every fifth row is translucent, one is hidden.
            let alpha = index % 5 == 0 ? 0.5 : 1
            let row = box(
                0, Double(index) * 11.1, index % 7 == 0 ? 80 : 100, 10.1,
                Color(red: Double(index % 3) / 3, green: 0.6, blue: 0.2, alpha: alpha))
            row.isHidden = index == 9
            list.addSubview(row)
        }
        window.rootView.addSubview(list)
        // A translucent sibling over it, itself holding an opaque square partly outside the window.
        let veil = box(60, 40, 70, 60, Color(red: 0, green: 0, blue: 1, alpha: 0.3))
        veil.addSubview(box(30, 30, 50, 50, Color(red: 1, green: 1, blue: 0)))
        window.rootView.addSubview(veil)
        expectEveryPixelPainted(window)
    }

    @Test func moreOpaqueTilesThanARegionHoldsAndNonClippingParents() {
        let window = WindowCore(size: Size(width: 100, height: 100))
        window.rootView.backgroundColor = Color(red: 0.2, green: 0.3, blue: 0.4)
        // A checkerboard of 10 x 10 opaque tiles: far more boxes than a region keeps.
        let board = box(0, 0, 100, 100, nil)
        for index in 0..<100 where (index / 10 + index % 10) % 2 == 0 {
            board.addSubview(
                box(
                    Double(index % 10) * 10, Double(index / 10) * 10, 10, 10,
                    Color(red: 1, green: Double(index) / 100, blue: 0)))
        }
        window.rootView.addSubview(board)
        // A non-clipping group whose opaque child sticks out of its frame, and a clipping one that cuts its
        // child.
        let group = box(5, 5, 10, 10, nil)
        group.addSubview(box(8, 8, 30, 7.5, Color(red: 0, green: 1, blue: 0)))
        window.rootView.addSubview(group)
        let clip = box(50.5, 50.5, 20, 20, Color(white: 1, alpha: 0.5))
        clip.clipsToBounds = true
        clip.addSubview(box(-5, -5, 40, 12, Color(red: 0, green: 0, blue: 0)))
        window.rootView.addSubview(clip)
        expectEveryPixelPainted(window)
    }
}
