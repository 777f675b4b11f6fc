/// The shadow under a lifted row (<doc:ScrollBehaviour> §21): drawn between the lifted row and the rows it passes
/// over, a soft dark edge above and below the row (bands of falling opacity). Takes no touches.
@MainActor
final class LiftShadowView: View {
    /// How far the shadow reaches beyond the row, points.
    static let reach = 8.0

    override init(frame: Rect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// Places the shadow around a row drawn at `rowFrame` (the superview's coordinates).
    func surround(_ rowFrame: Rect) {
        let reach = LiftShadowView.reach
        let frame = Rect(
            x: rowFrame.minX, y: rowFrame.minY - reach, width: rowFrame.width, height: rowFrame.height + 2 * reach)
        if self.frame != frame { self.frame = frame }
    }

    override func draw(in canvas: Canvas) {
        let reach = LiftShadowView.reach
        let bands = 4
        let step = reach / Double(bands)
        let width = bounds.width
        for band in 0..<bands {
            // Darker next to the row, fading outwards.
            let color = Color(red: 0, green: 0, blue: 0, alpha: 0.05 * Double(band + 1))
            let inset = Double(bands - 1 - band) * step
            canvas.fill(Rect(x: 0, y: inset, width: width, height: step), color: color)
            canvas.fill(Rect(x: 0, y: bounds.height - inset - step, width: width, height: step), color: color)
        }
    }
}
