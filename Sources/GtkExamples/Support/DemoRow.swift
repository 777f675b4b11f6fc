public import ToolkitGTK

/// One row of a `DemoList`: a swatch whose hue follows the index, a label, a separator; pure green when activated.
/// The pointer over a row shows a hand (rows can be tapped).
@MainActor
public final class DemoRow: View {
    /// The swatches' palette: `.bright` (row 0 is 0xD92626) or `.dark` (row 0 is 0x8C0D0D).
    public enum Shade: Sendable {
        case bright, dark
    }

    public let index: Int
    public var onTap: ((Int) -> Void)?
    public var isActivated = false {
        didSet { if isActivated != oldValue { setNeedsDisplay() } }
    }
    private let title: String
    private let shade: Shade

    public init(frame: Rect, index: Int, title: String, shade: Shade) {
        self.index = index
        self.title = "Row \(index) \(title)"
        self.shade = shade
        super.init(frame: frame)
        backgroundColor = index % 2 == 0 ? Color(white: 1) : Color(white: 0.94)
    }

    public override var cursor: Cursor? { .hand }

    // It draws its own text: screen readers get it as a list item named by the title, which a click taps.
    public override var defaultAccessibilityRole: AccessibilityRole { .listItem }
    public override var defaultAccessibilityLabel: String? { title }
    public override var accessibilityHandlesTaps: Bool { true }

    public override func draw(in canvas: Canvas) {
        if isActivated {
            canvas.fill(
                Rect(x: 0, y: 0, width: bounds.width, height: bounds.height),
                color: Color(red: 0, green: 1, blue: 0))
        }
        let hue = Double(index % 12) / 12
        canvas.fill(Rect(x: 12, y: 10, width: 36, height: 36), color: DemoRow.color(hue: hue, shade: shade))
        canvas.drawText(title, at: Point(x: 60, y: 18), size: 17, color: Color(white: 0.1))
        canvas.fill(Rect(x: 0, y: bounds.height - 1, width: bounds.width, height: 1), color: Color(white: 0.8))
    }

    public override func touchesEnded(_ touches: [Touch]) {
        onTap?(index)
    }

    /// A saturated colour around the hue circle (hue in 0..<1).
    public static func color(hue: Double, shade: Shade = .bright) -> Color {
        let h = hue * 6
        let x = 1 - abs(h.truncatingRemainder(dividingBy: 2) - 1)
        let (r, g, b): (Double, Double, Double) =
            switch Int(h) {
            case 0: (1, x, 0)
            case 1: (x, 1, 0)
            case 2: (0, 1, x)
            case 3: (0, x, 1)
            case 4: (x, 0, 1)
            default: (1, 0, x)
            }
        let (base, span) = shade == .bright ? (0.15, 0.7) : (0.05, 0.5)
        return Color(red: base + span * r, green: base + span * g, blue: base + span * b)
    }
}
