/// A push button: a rounded rectangle with a title that runs `action` when a touch lifts inside it.
///
/// The first touch on the button is tracked and highlights it while within `touchSlop` of the bounds; lifting
/// there runs the action once, a cancel runs nothing. As a `Control`, a scroll container does not take it away.
@MainActor
open class Button: Control {
    /// The title drawn in the middle.
    open var title: String {
        didSet {
            guard title != oldValue else { return }
            setNeedsDisplay()
            if accessibility.label == nil { hostWindow?.accessibilityDidChange(self, .name) }
        }
    }

    /// Runs when a tracked touch lifts inside (bounds grown by `touchSlop`).
    open var action: (@MainActor (Button) -> Void)?

    /// How far outside the bounds, in points, a tracked touch still counts as inside. Default 24.
    open var touchSlop: Double = 24

    /// Title font size, in points. Default 17.
    open var fontSize: Double = 17 {
        didSet { if fontSize != oldValue { setNeedsDisplay() } }
    }

    /// The fill color at rest.
    open var tintColor = Color(red: 0.16, green: 0.45, blue: 0.86) {
        didSet { if tintColor != oldValue { setNeedsDisplay() } }
    }

    /// The fill color while highlighted.
    open var highlightedColor = Color(red: 0.09, green: 0.29, blue: 0.60) {
        didSet { if highlightedColor != oldValue { setNeedsDisplay() } }
    }

    /// The faces the title is drawn in: family, weight and language (see `Typeface`). Default `.standard`.
    open var typeface: Typeface = .standard {
        didSet { if typeface != oldValue { setNeedsDisplay() } }
    }

    /// The title color.
    open var titleColor: Color = .white {
        didSet { if titleColor != oldValue { setNeedsDisplay() } }
    }

    /// Corner radius of the background, in points. Default 8.
    open var cornerRadius: Double = 8

    /// How many times the action ran.
    public private(set) var actionCount = 0

    private var trackedID: Int?

    /// A button in `frame` (superview coordinates, points) with a title and an optional action.
    public init(frame: Rect, title: String = "", action: (@MainActor (Button) -> Void)? = nil) {
        self.title = title
        self.action = action
        super.init(frame: frame)
    }

    /// `.button`.
    open override var defaultAccessibilityRole: AccessibilityRole { .button }

    /// The title.
    open override var defaultAccessibilityLabel: String? { title }

    private func isInside(_ point: Point) -> Bool {
        let slop = touchSlop.isFinite ? max(0, touchSlop) : 0
        return bounds.insetBy(dx: -slop, dy: -slop).contains(convert(point, from: nil))
    }

    open override func touchesBegan(_ touches: [Touch]) {
        guard trackedID == nil, isEnabled, let touch = touches.first else { return }
        trackedID = touch.id
        isHighlighted = true
    }

    open override func touchesMoved(_ touches: [Touch]) {
        guard let id = trackedID else { return }
        for touch in touches where touch.id == id {
            isHighlighted = isInside(touch.location)
        }
    }

    open override func touchesEnded(_ touches: [Touch]) {
        guard let id = trackedID, let touch = touches.first(where: { $0.id == id }) else { return }
        trackedID = nil
        isHighlighted = false
        // Lifting positions are the last known ones: `wl_touch.up` carries no position.
        guard isEnabled, isInside(touch.location) else { return }
        actionCount += 1
        action?(self)
    }

    open override func touchesCancelled(_ touches: [Touch]) {
        guard let id = trackedID, touches.contains(where: { $0.id == id }) else { return }
        trackedID = nil
        isHighlighted = false
    }

    /// Draws the rounded background, darker while highlighted, and the centred title.
    open override func draw(in canvas: Canvas) {
        let b = bounds
        let fill = isHighlighted ? highlightedColor : (isEnabled ? tintColor : tintColor.withAlpha(0.4))
        canvas.fillRoundedRect(b, radius: cornerRadius, color: fill)
        guard !title.isEmpty, fontSize.isFinite, fontSize > 0 else { return }
        let measured = canvas.measureText(title, size: fontSize, typeface: typeface)
        canvas.drawText(
            title, at: Point(x: b.midX - measured.width / 2, y: b.midY - measured.height / 2),
            size: fontSize, color: titleColor, typeface: typeface)
    }
}
