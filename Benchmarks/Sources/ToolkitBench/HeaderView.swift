import Toolkit

/// A title bar above the list, so that the window has more than the list in it (and the list's damage is
/// not the whole window).
final class HeaderView: View {
    /// The header height, in points.
    static let height = 56.0

    init(width: Double) {
        super.init(frame: Rect(x: 0, y: 0, width: width, height: HeaderView.height))
        backgroundColor = Color(red: 0.15, green: 0.35, blue: 0.7)
    }

    override func draw(in canvas: Canvas) {
        canvas.drawText("Benchmark list", at: Point(x: 16, y: 16), size: 22, color: Color(white: 1))
    }
}
