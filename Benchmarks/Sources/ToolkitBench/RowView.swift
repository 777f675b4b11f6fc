import Toolkit

/// One list row of a typical app: an opaque background, a rounded color swatch and a one-line label.
///
/// The label string is built once, at creation, so drawing it allocates nothing on the benchmark's side.
/// Touches are recorded (location of the latest move) the way a real row would track a press.
final class RowView: View {
    /// The row height, in points.
    static let height = 44.0

    private let label: String
    private let swatchColor: Color
    /// The label colour; the benchmark alternates it to draw every line glyph by glyph (a line's raster is made on
    /// its second sighting with the same colours, see the Toolkit's `LineRasters`).
    static var textColor = Color(white: 0.1)
    private static let separatorColor = Color(white: 0.85)

    /// How many `touchesMoved` calls this row received (read by the event benchmark).
    private(set) var movesReceived = 0
    /// Where the latest touch was, in window coordinates.
    private(set) var lastTouch = Point.zero

    /// Row `index` of a list `width` points wide, placed at `index * height` in its container.
    init(index: Int, width: Double) {
        label = "Row \(index) · The quick brown fox jumps over the lazy dog"
        let hue = Double(index % 12) / 12
        swatchColor = Color(red: 0.3 + 0.6 * hue, green: 0.8 - 0.5 * hue, blue: 0.5, alpha: 1)
        super.init(frame: Rect(x: 0, y: Double(index) * RowView.height, width: width, height: RowView.height))
        backgroundColor = index % 2 == 0 ? Color(white: 1) : Color(white: 0.96)
    }

    override func draw(in canvas: Canvas) {
        canvas.fillRoundedRect(Rect(x: 16, y: 6, width: 32, height: 32), radius: 8, color: swatchColor)
        canvas.drawText(label, at: Point(x: 64, y: 12), size: 17, color: RowView.textColor)
        canvas.fill(Rect(x: 64, y: RowView.height - 1, width: bounds.width - 64, height: 1),
                    color: RowView.separatorColor)
    }

    override func touchesBegan(_ touches: [Touch]) {
        if let touch = touches.first { lastTouch = touch.location }
    }

    override func touchesMoved(_ touches: [Touch]) {
        movesReceived += 1
        if let touch = touches.first { lastTouch = touch.location }
    }
}
