import Toolkit

/// One live setting of a demo: a title and a few choices, the first `selected`; `apply` changes the demo's
/// container when the choice changes (and once when the demo is built, with the choice kept from before).
struct DemoSetting {
    let title: String
    let choices: [String]
    var selected: Int = 0
    let apply: @MainActor (Int) -> Void

    /// An on/off setting; `isOn` is the initial state.
    static func toggle(_ title: String, isOn: Bool, _ apply: @escaping @MainActor (Bool) -> Void) -> DemoSetting {
        DemoSetting(title: title, choices: ["on", "off"], selected: isOn ? 0 : 1) { apply($0 == 0) }
    }
}

/// A segmented control drawn with the toolkit's own pieces: a title in small print, then one rounded segment per
/// choice, the selected one filled with the accent color. A touch (or a pointer click) lifting on a segment selects
/// it and runs `onChange`. Being a `Control`, a scroll container never takes a touch away from it.
final class SegmentedControl: Control {
    static let fontSize = 12.0
    static let height = 26.0
    /// Room around a choice's text, and between the title and the first segment, in points.
    static let padding = 10.0

    let title: String
    let choices: [String]
    /// The chosen segment; setting it redraws but does not run `onChange`.
    var selectedIndex: Int {
        didSet { if selectedIndex != oldValue { setNeedsDisplay() } }
    }
    var onChange: (@MainActor (Int) -> Void)?
    private var trackedID: Int?
    private var pressedIndex: Int?

    /// The width the title and choices need at `fontSize` (laid out from text measurements).
    static func width(title: String, choices: [String]) -> Double {
        let titleWidth = title.isEmpty ? 0 : Font.measure(title, size: fontSize).width + padding / 2
        return titleWidth + choices.reduce(0) { $0 + Font.measure($1, size: fontSize).width + 2 * padding }
    }

    init(origin: Point, title: String, choices: [String], selectedIndex: Int) {
        self.title = title
        self.choices = choices
        self.selectedIndex = selectedIndex
        super.init(
            frame: Rect(
                origin: origin,
                size: Size(
                    width: SegmentedControl.width(title: title, choices: choices),
                    height: SegmentedControl.height)))
    }

    /// The segments' rects, in the control's coordinates.
    func segmentRects() -> [Rect] {
        var x = title.isEmpty ? 0 : Font.measure(title, size: Self.fontSize).width + Self.padding / 2
        return choices.map { choice in
            let w = Font.measure(choice, size: Self.fontSize).width + 2 * Self.padding
            defer { x += w }
            return Rect(x: x, y: 0, width: w, height: bounds.height)
        }
    }

    private func segment(at windowPoint: Point) -> Int? {
        let p = convert(windowPoint, from: nil)
        return segmentRects().firstIndex { $0.insetBy(dx: 0, dy: -8).contains(p) }
    }

    // A group named by its title and choice. Its segments are drawn, not views: a screen reader reads the choice
    // and `click` taps the middle (the keyboard or a real tap picks another segment).
    override var defaultAccessibilityRole: AccessibilityRole { .group }
    override var defaultAccessibilityLabel: String? {
        "\(title): \(choices.indices.contains(selectedIndex) ? choices[selectedIndex] : "")"
    }

    override func touchesBegan(_ touches: [Touch]) {
        guard trackedID == nil, let touch = touches.first else { return }
        trackedID = touch.id
        pressedIndex = segment(at: touch.location)
        isHighlighted = pressedIndex != nil
    }

    override func touchesMoved(_ touches: [Touch]) {
        guard let id = trackedID, let touch = touches.first(where: { $0.id == id }) else { return }
        let index = segment(at: touch.location)
        if index != pressedIndex {
            pressedIndex = index
            setNeedsDisplay()
        }
        isHighlighted = index != nil
    }

    override func touchesEnded(_ touches: [Touch]) {
        guard let id = trackedID, let touch = touches.first(where: { $0.id == id }) else { return }
        trackedID = nil
        pressedIndex = nil
        isHighlighted = false
        guard let index = segment(at: touch.location), index != selectedIndex else {
            setNeedsDisplay()
            return
        }
        selectedIndex = index
        onChange?(index)
        GalleryEvents.report?("setting \(title) \(choices[index])")
    }

    override func touchesCancelled(_ touches: [Touch]) {
        trackedID = nil
        pressedIndex = nil
        isHighlighted = false
        setNeedsDisplay()
    }

    override func draw(in canvas: Canvas) {
        let b = bounds
        let size = Self.fontSize
        if !title.isEmpty {
            let m = Font.measure(title, size: size)
            canvas.drawText(title, at: Point(x: 0, y: b.midY - m.height / 2), size: size, color: Theme.secondaryText)
        }
        let rects = segmentRects()
        guard let first = rects.first, let last = rects.last else { return }
        canvas.fillRoundedRect(
            Rect(x: first.minX, y: 0, width: last.maxX - first.minX, height: b.height), radius: 7,
            color: Theme.segment)
        for (i, rect) in rects.enumerated() {
            let selected = i == selectedIndex
            if selected {
                canvas.fillRoundedRect(rect.insetBy(dx: 2, dy: 2), radius: 5, color: Theme.accent)
            } else if i == pressedIndex {
                canvas.fillRoundedRect(rect.insetBy(dx: 2, dy: 2), radius: 5, color: Theme.segmentPressed)
            }
            let m = Font.measure(choices[i], size: size)
            canvas.drawText(
                choices[i], at: Point(x: rect.midX - m.width / 2, y: rect.midY - m.height / 2), size: size,
                color: selected ? Color.white : Theme.segmentText)
        }
    }
}

/// The strip under each demo: a one-line caption (what to try) and a status on the right (the arbitration state
/// of the current touch, the page, the scale), then the demo's settings as segmented controls, in a strip that
/// scrolls sideways when the panel is too narrow for them.
final class DemoPanel: View {
    static let height = 58.0
    /// The settings end at least this far (points) from the panel's right edge, where the status line is.
    static let statusRoom = 60.0
    /// When the settings need more room than that, they scroll and leave this much to the status (points): enough
    /// for "touch: decelerating".
    static let scrollingStatusRoom = 140.0
    let caption: Label
    let status: Label
    /// The settings' row.
    let strip: ButtonStrip
    private(set) var controls: [SegmentedControl] = []

    init(frame: Rect, caption text: String) {
        caption = Label(
            frame: Rect(x: 12, y: 4, width: frame.width - 24, height: 20), text: text, fontSize: 13,
            textColor: Theme.captionText)
        status = Label(
            frame: Rect(x: frame.width - 312, y: 28, width: 300, height: SegmentedControl.height),
            text: "", fontSize: 12, textColor: Theme.captionText)
        status.alignment = .trailing
        status.clipsToBounds = true
        // From under the caption to the panel's bottom: the controls at y 28 as before, room to drag around them.
        strip = ButtonStrip(frame: Rect(x: 0, y: 24, width: frame.width, height: frame.height - 24), inset: 12)
        super.init(frame: frame)
        backgroundColor = Theme.background
        strip.backgroundColor = Theme.background
        addSubview(caption)
        addSubview(strip)
        addSubview(status)
    }

    /// Adds one control per setting, left to right; each runs its setting's `apply` and then `changed`.
    func show(_ settings: [DemoSetting], changed: @escaping @MainActor (Int, Int) -> Void) {
        for (n, setting) in settings.enumerated() {
            let control = SegmentedControl(
                origin: .zero, title: setting.title, choices: setting.choices,
                selectedIndex: setting.selected)
            control.onChange = { index in
                setting.apply(index)
                changed(n, index)
            }
            controls.append(control)
        }
        strip.setItems(controls, spacing: 12, y: 28 - strip.frame.minY)
        // The status takes the rest of the line; the settings scroll when they would leave it too little.
        let fits = strip.fittingWidth <= bounds.width - DemoPanel.statusRoom
        let end = fits ? strip.fittingWidth : max(0, bounds.width - DemoPanel.scrollingStatusRoom)
        strip.frame = Rect(x: 0, y: strip.frame.minY, width: end, height: strip.frame.height)
        status.frame = Rect(x: end, y: 28, width: max(0, bounds.width - 12 - end), height: SegmentedControl.height)
    }

    override func draw(in canvas: Canvas) {
        canvas.fill(Rect(x: 0, y: 0, width: bounds.width, height: 1), color: Theme.separator)
    }
}
