import ToolkitGTK

/// One row of a `TapList`: a shade that alternates, a separator, and a tap that reaches it reported by index.
@MainActor
final class TapRow: View {
    let index: Int
    var onTap: ((Int) -> Void)?

    init(frame: Rect, index: Int) {
        self.index = index
        super.init(frame: frame)
        backgroundColor = index % 2 == 0 ? Color(white: 1) : Color(white: 0.9)
    }

    override func draw(in canvas: Canvas) {
        canvas.fill(Rect(x: 0, y: bounds.height - 1, width: bounds.width, height: 1), color: Color(white: 0.7))
    }

    override func touchesEnded(_ touches: [Touch]) {
        onTap?(index)
    }
}
