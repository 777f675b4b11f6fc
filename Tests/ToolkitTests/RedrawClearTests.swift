import Testing

@testable import ToolkitCore

/// A window without an opaque background: each redraw of a damaged area starts from transparent pixels, so
/// translucent drawing looks the same on the tenth frame as on the first.
@MainActor @Suite struct RedrawClearTests {
    final class Veil: View {
        override func draw(in canvas: Canvas) {
            canvas.fill(bounds, color: Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        }
    }

    @Test func translucentDrawingDoesNotAccumulateAcrossFrames() {
        let window = WindowCore(size: Size(width: 20, height: 20))
        let veil = Veil(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        window.rootView.addSubview(veil)
        var image = Image(width: 20, height: 20)
        Canvas.draw(into: &image) { window.draw(into: $0) }
        let first = image.pixel(x: 10, y: 10)
        for _ in 0..<5 {
            veil.setNeedsDisplay()
            Canvas.draw(into: &image) { window.draw(into: $0) }
        }
        #expect(first >> 24 == 0x80 || first >> 24 == 0x7F, "half-transparent red: \(String(first, radix: 16))")
        #expect(image.pixel(x: 10, y: 10) == first)
    }

    @Test func opaqueBackgroundIsNotClearedFirst() {
        let window = WindowCore(size: Size(width: 10, height: 10))
        window.rootView.backgroundColor = .white
        var image = Image(width: 10, height: 10)
        Canvas.draw(into: &image) { window.draw(into: $0) }
        #expect(image.pixel(x: 5, y: 5) == 0xFFFF_FFFF)
    }
}
