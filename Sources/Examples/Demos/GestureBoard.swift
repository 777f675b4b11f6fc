import Toolkit

/// The gestures demo's content: the list of sliders, the photo and the card table, and the status line that shows
/// the states of the recognizers under the last finger that landed.
@MainActor
final class GestureBoard {
    /// What the last finger landed on: the status line shows its recognizers.
    enum Part {
        case list(SliderView?)
        case photo
        case card
    }

    let root: GestureRootView
    let list: ScrollContainer
    let rows: [SliderRow]
    let photo: PhotoPanel
    let table: CardTable
    private let status: Label
    private let after: @MainActor (Duration, @escaping @MainActor () -> Void) -> Void
    private let watcher: FingerWatcher
    private(set) var part: Part?
    private var tokens: [Observation] = []
    private var tickPending = false
    private var scheduling = false

    init(frame: Rect, status: Label, after: @escaping @MainActor (Duration, @escaping @MainActor () -> Void) -> Void) {
        self.status = status
        self.after = after
        root = GestureRootView(frame: frame)
        root.backgroundColor = Theme.background
        let listWidth = (frame.width / 2).rounded(.down)
        list = ScrollContainer(frame: Rect(x: 0, y: 0, width: listWidth, height: frame.height))
        list.backgroundColor = Color.white
        list.contentSize = Size(width: listWidth, height: Double(GesturesDemo.rowCount) * GesturesDemo.rowHeight)
        rows = (0..<GesturesDemo.rowCount).map { i in
            SliderRow(
                frame: Rect(
                    x: 0, y: Double(i) * GesturesDemo.rowHeight, width: listWidth,
                    height: GesturesDemo.rowHeight),
                title: GesturesDemo.rowTitle(i), value: GesturesDemo.initialValue(i), name: "slider \(i + 1)")
        }
        let right = frame.width - listWidth
        photo = PhotoPanel(
            frame: Rect(
                x: listWidth + GesturesDemo.photoInset, y: GesturesDemo.photoTop,
                width: max(0, right - 2 * GesturesDemo.photoInset),
                height: GesturesDemo.photoHeight))
        table = CardTable(
            frame: Rect(
                x: listWidth, y: GesturesDemo.tableTop, width: right,
                height: max(GesturesDemo.cardSize.height, frame.height - GesturesDemo.tableTop)))
        watcher = FingerWatcher(view: root)
        // The list first: `--stats` reports the first scroll container's offset, and the tests read the list's.
        root.addSubview(list)
        root.addSubview(photo)
        root.addSubview(table)
        for row in rows { list.addSubview(row) }
        root.watcher = watcher
        root.board = self

        watcher.onInput = { [weak self] landed in self?.handleInput(landed: landed) }
        for row in rows { row.slider.onPanChange = { [weak self] _ in self?.refresh() } }
        photo.onChange = { [weak self] in self?.refresh() }
        table.onChange = { [weak self] in self?.refresh() }
        tokens.append(photo.container.observe(\.zoomScale) { [weak self] _, _ in self?.refresh() })
        tokens.append(
            list.observe(\.isDragging) { [weak self] list, change in
                self?.refresh()
                guard change.newValue == false else { return }
                GalleryEvents.report?("gestures list drag ended offset \(list.contentOffset.y)")
            })
        refresh()
    }

    /// Sets the axes of every slider's pan (the demo's "Slider" setting).
    func setSliderAxes(_ axes: PanAxes) {
        for row in rows { row.slider.pan.axes = axes }
    }

    /// The status line: the states of the recognizers of `part` (the list's own drag is a pan recognizer too).
    func statusText() -> String {
        switch part {
        case nil:
            return "touch: idle"
        case .list(let slider)?:
            let list = "touch: list \(Self.name(self.list.panGestureRecognizer.state))"
            guard let slider else { return list }
            return list + " · \(slider.name) \(Self.name(slider.pan.state))"
        case .photo?:
            return "touch: double tap \(Self.name(photo.double.state)) · single tap \(Self.name(photo.single.state))"
                + " · \(String(format2: photo.container.zoomScale))x"
        case .card?:
            return "touch: press \(Self.name(table.press.state)) · pan \(Self.name(table.pan.state))"
        }
    }

    /// A state as the status line names it (the API's case names).
    static func name(_ state: GestureRecognizer.State) -> String {
        switch state {
        case .possible: return "possible"
        case .began: return "began"
        case .changed: return "changed"
        case .ended: return "ended"
        case .cancelled: return "cancelled"
        case .failed: return "failed"
        }
    }

    /// What `--stats` prints at exit: the sliders moved, the photo's zoom and caption, where the card is.
    func statsLines() -> [String] {
        var lines: [String] = []
        for (i, row) in rows.enumerated() where row.slider.value != GesturesDemo.initialValue(i) {
            lines.append("\(row.slider.name) value \(row.slider.value)")
        }
        lines.append("photo zoom \(photo.container.zoomScale) caption \(photo.captionShown ? "shown" : "hidden")")
        lines.append("card at \(table.card.frame.minX) \(table.card.frame.minY)")
        return lines
    }

    // MARK: - Following the fingers

    private func handleInput(landed: Point?) {
        if let landed { part = self.part(at: landed) ?? part }
        refresh()
        scheduleTick()
    }

    /// The part under window point `point`.
    private func part(at point: Point) -> Part? {
        var view = root.hitTest(root.convert(point, from: nil))
        while let current = view, current !== root {
            if let slider = current as? SliderView { return .list(slider) }
            if current === list { return .list(nil) }
            if current === photo { return .photo }
            if current === table { return .card }
            view = current.superview
        }
        return nil
    }

    private func refresh() {
        status.text = statusText()
    }

    /// While a finger is down, the status is read again every 50 ms: a recognizer may fail on a timer with no input
    /// (a tap held too long).
    private func scheduleTick() {
        guard watcher.hasFingers, !tickPending else { return }
        tickPending = true
        scheduling = true
        after(.milliseconds(50)) { [weak self] in
            guard let self else { return }
            tickPending = false
            refresh()
            // A gallery with no window runs delayed actions at once: no loop then.
            if !scheduling { scheduleTick() }
        }
        scheduling = false
    }
}

/// The demo's root view: it carries the finger watcher as its touch participant.
final class GestureRootView: View {
    /// Owned here; the watcher refers back without owning the view.
    var watcher: FingerWatcher?
    /// The board that built it (owned by the gallery's demo).
    weak var board: GestureBoard?
    override var touchParticipant: (any TouchParticipant)? { watcher }
}
