/// A single line of text, vertically centred and placed horizontally by `alignment`. It takes no touches by
/// default, so a touch on a label in a row reaches the row.
@MainActor
open class Label: View {
    /// Where the text sits horizontally inside the bounds.
    public enum Alignment: Sendable {
        /// Against the left edge.
        case leading
        /// Centred.
        case center
        /// Against the right edge.
        case trailing
    }

    /// The text shown. Default empty.
    open var text: String {
        didSet {
            guard text != oldValue else { return }
            setNeedsDisplay()
            if accessibility.label == nil { hostWindow?.accessibilityDidChange(self, .name) }
        }
    }

    /// The font size, in points (the em height). Non-finite or negative values draw nothing. Default 17.
    open var fontSize: Double = 17 {
        didSet { if fontSize != oldValue { setNeedsDisplay() } }
    }

    /// The faces the text is drawn in: family, weight and language (see `Typeface`). Default `.standard`.
    open var typeface: Typeface = .standard {
        didSet { if typeface != oldValue { setNeedsDisplay() } }
    }

    /// The text color. Default black.
    open var textColor: Color = .black {
        didSet { if textColor != oldValue { setNeedsDisplay() } }
    }

    /// Horizontal placement. Default `.leading`.
    open var alignment: Alignment = .leading {
        didSet { if alignment != oldValue { setNeedsDisplay() } }
    }

    /// A label with `text` in `frame` (superview coordinates, points).
    public init(frame: Rect, text: String = "", fontSize: Double = 17, textColor: Color = .black) {
        self.text = text
        self.fontSize = fontSize
        self.textColor = textColor
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// `.label`.
    open override var defaultAccessibilityRole: AccessibilityRole { .label }

    /// The text.
    open override var defaultAccessibilityLabel: String? { text }

    open override func draw(in canvas: Canvas) {
        guard !text.isEmpty, fontSize.isFinite, fontSize > 0 else { return }
        let measured = canvas.measureText(text, size: fontSize, typeface: typeface)
        let b = bounds
        let x: Double
        switch alignment {
        case .leading: x = b.minX
        case .center: x = b.midX - measured.width / 2
        case .trailing: x = b.maxX - measured.width
        }
        canvas.drawText(
            text, at: Point(x: x, y: b.midY - measured.height / 2), size: fontSize, color: textColor,
            typeface: typeface)
    }
}
