import ToolkitGTK

/// A transparent view that reports every draw.
@MainActor
final class DrawProbe: View {
    let onDraw: () -> Void
    init(frame: Rect, onDraw: @escaping () -> Void) {
        self.onDraw = onDraw
        super.init(frame: frame)
    }
    override func draw(in canvas: Canvas) { onDraw() }
}
