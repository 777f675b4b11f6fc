import Toolkit

/// A table with a card on it: a long press lifts the card (the finger held 0.5 s within 10 pt), then a pan drags
/// it while the finger stays down; the lift puts it down where it is.
///
/// The press and the pan share the finger, one after the other. Two rules make that work:
/// - `recognizesSimultaneously`, answered by the pan for the press: without it the press beginning would make the
///   pan fail, and the pan beginning would then cancel the press (the card would drop as it starts to move);
/// - `shouldBegin` on the pan: it may begin only while the press holds the card, so a quick drag across the card
///   moves nothing (the press fails on the motion, and the pan is refused).
/// `pan.require(toFail: press)` would give the opposite rule (a drag at once, and a lift only for a press that never
/// moved): right for a list row that drags sideways, not for a card that must be picked up first.
final class CardTable: View {
    let card: CardView
    private(set) var press: LongPressGestureRecognizer!
    private(set) var pan: PanGestureRecognizer!
    /// Where the card was when the pan began (the table's coordinates).
    private var startOrigin: Point = .zero
    /// Called when either recognizer changes state (for the status line).
    var onChange: (() -> Void)?

    override init(frame: Rect) {
        let size = GesturesDemo.cardSize
        card = CardView(
            frame: Rect(
                x: ((frame.width - size.width) / 2).rounded(.down),
                y: ((frame.height - size.height) / 2).rounded(.down),
                width: size.width, height: size.height))
        super.init(frame: frame)
        backgroundColor = Color(argb: 0xFFE9_E4DA)
        addSubview(card)
        let press = LongPressGestureRecognizer { [unowned self] recognizer in pressed(recognizer) }
        let pan = PanGestureRecognizer { [unowned self] recognizer in
            guard let pan = recognizer as? PanGestureRecognizer else { return }
            panned(pan)
        }
        pan.recognizesSimultaneously = { [unowned press] _, other in other === press }
        pan.shouldBegin = { [unowned press] _ in press.state == .began || press.state == .changed }
        card.addGestureRecognizer(press)
        card.addGestureRecognizer(pan)
        self.press = press
        self.pan = pan
    }

    private func pressed(_ press: GestureRecognizer) {
        switch press.state {
        case .began:
            card.isLifted = true
            GalleryEvents.report?("gestures card lifted")
        case .ended, .cancelled:
            card.isLifted = false
        case .possible, .changed, .failed:
            break
        }
        setNeedsDisplay()
        onChange?()
    }

    private func panned(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            startOrigin = card.frame.origin
            fallthrough
        case .changed:
            // The card follows the finger from where the pan began, and stays on the table.
            let t = pan.translation(in: self)
            let x = min(max(0, startOrigin.x + t.x), bounds.width - card.frame.width)
            let y = min(max(0, startOrigin.y + t.y), bounds.height - card.frame.height)
            card.frame.origin = Point(x: x, y: y)
        case .ended, .cancelled:
            GalleryEvents.report?("gestures card dropped at \(card.frame.minX) \(card.frame.minY)")
        case .possible, .failed:
            break
        }
        setNeedsDisplay()
        onChange?()
    }

    override func draw(in canvas: Canvas) {
        canvas.drawText("Hold the card, then drag it", at: Point(x: 14, y: 10), size: 13, color: Theme.secondaryText)
        if card.isLifted {
            // The lifted card's shadow, on the table under it.
            canvas.fillRoundedRect(
                card.frame.offsetBy(Point(x: 5, y: 9)), radius: 12, color: Color(white: 0, alpha: 0.22))
        }
    }
}

/// The card: a boarding pass, with an accent rim while it is lifted.
final class CardView: View {
    var isLifted = false {
        didSet { if isLifted != oldValue { setNeedsDisplay() } }
    }

    override func draw(in canvas: Canvas) {
        let b = bounds
        canvas.fillRoundedRect(b, radius: 12, color: Color.white)
        canvas.fillRoundedRect(Rect(x: 0, y: 0, width: b.width, height: 30), radius: 12, color: Theme.rowColor(5))
        canvas.fill(Rect(x: 0, y: 18, width: b.width, height: 12), color: Theme.rowColor(5))
        canvas.drawText("Boarding pass", at: Point(x: 12, y: 7), size: 13, color: Color.white)
        canvas.drawText("OSL → KIX", at: Point(x: 12, y: 40), size: 20, color: Theme.text)
        canvas.drawText(
            isLifted ? "lifted: drag me" : "hold to lift", at: Point(x: 12, y: 70), size: 12,
            color: Theme.secondaryText)
        if isLifted {
            canvas.strokeRoundedRect(b.insetBy(dx: 1.5, dy: 1.5), radius: 11, color: Theme.accent, lineWidth: 3)
        }
    }

    override var defaultAccessibilityRole: AccessibilityRole { .group }
    override var defaultAccessibilityLabel: String? { "Boarding pass, OSL to KIX" }
}
