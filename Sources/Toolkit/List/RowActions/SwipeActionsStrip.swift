// The actions revealed beside a swiped row (<doc:ScrollBehaviour> §21): a view of the list placed over the space
// the row slid out of, drawing each action as a rectangle of its colour with its title. Public view API only.

/// The strip of actions beside a swiped row: a subview of the list, its frame the uncovered part of the row's line.
@MainActor
final class SwipeActionsStrip: View {
    /// The actions shown, nearest the row's edge first, and their widths (points).
    private(set) var actions: [SwipeAction] = []
    private(set) var widths: [Double] = []
    private var totalWidth = 0.0
    /// Whether the strip's outer edge (where the first action sits) is its right side.
    private(set) var outerEdgeIsRight = true
    /// Whether the row is past the full-swipe distance: the first action fills the strip.
    var showsFullSwipe = false {
        didSet { if showsFullSwipe != oldValue { setNeedsDisplay() } }
    }

    init() {
        super.init(frame: .zero)
        isHidden = true
        clipsToBounds = true
        // The row carries the actions for assistive technologies; the strip itself is pixels.
        isAccessibilityElement = false
    }

    /// Shows `actions` (with `widths`), the first against the right side when `outerEdgeIsRight`.
    func show(_ actions: [SwipeAction], widths: [Double], outerEdgeIsRight: Bool) {
        self.actions = actions
        self.widths = widths
        self.outerEdgeIsRight = outerEdgeIsRight
        totalWidth = widths.reduce(0, +)
        setNeedsDisplay()
    }

    /// Shows nothing.
    func clear() {
        actions.removeAll()
        widths.removeAll()
        totalWidth = 0
        showsFullSwipe = false
        isHidden = true
    }

    /// The index of the action under `point` (strip coordinates), or nil.
    func actionIndex(at point: Point) -> Int? {
        let b = bounds
        guard b.contains(point) else { return nil }
        let fromOuter = outerEdgeIsRight ? b.maxX - point.x : point.x - b.minX
        var start = 0.0
        for index in actions.indices {
            let share = share(ofAction: index, stripWidth: b.width)
            if fromOuter >= start && fromOuter < start + share { return index }
            start += share
        }
        return nil
    }

    private func share(ofAction index: Int, stripWidth: Double) -> Double {
        SwipePolicy.share(
            of: widths[index], isFirst: index == 0, total: totalWidth, stripWidth: stripWidth,
            fullSwipe: showsFullSwipe)
    }

    override func draw(in canvas: Canvas) {
        let b = bounds
        var start = 0.0
        for index in actions.indices {
            let share = share(ofAction: index, stripWidth: b.width)
            defer { start += share }
            guard share > 0 else { continue }
            let x = outerEdgeIsRight ? b.maxX - start - share : b.minX + start
            let rect = Rect(x: x, y: b.minY, width: share, height: b.height)
            let action = actions[index]
            canvas.fill(rect, color: action.color)
            let size = canvas.measureText(action.title, size: SwipeAction.titleFontSize)
            // The title keeps its place against the row's side of the action while the row slides, so it is
            // revealed rather than squeezed; the rectangle cuts what does not show yet.
            let natural = widths[index]
            let titleX: Double
            if share >= natural {
                titleX = rect.midX - size.width / 2
            } else if outerEdgeIsRight {
                titleX = rect.minX + (natural - size.width) / 2
            } else {
                titleX = rect.maxX - natural + (natural - size.width) / 2
            }
            canvas.withState {
                canvas.clip(to: rect)
                canvas.drawText(
                    action.title, at: Point(x: titleX, y: rect.midY - size.height / 2),
                    size: SwipeAction.titleFontSize, color: .white)
            }
        }
    }
}
