import Toolkit

/// The gallery window's content: a bar of demo buttons on top, the selected demo, and under it a panel with the
/// demo's caption, live status and settings. Keys 1-9 and 0 switch demos, Escape asks to quit (`onQuit`).
final class GalleryView: View {
    static let barHeight = 44.0
    /// Where the demo buttons end at the latest (x, points): the bar's spot at (780, 22) stays empty.
    static let buttonsEnd = 740.0

    /// The bar's buttons for `titles`, 6 pt apart from x 8: the largest font size of 14, 13, 12, 11 and 10 pt at
    /// which every button, as wide as its title plus 6 pt each side, ends by `buttonsEnd` (when none does, at 10 pt
    /// the buttons share the room evenly), and each button's width.
    static func buttonLayout(titles: [String]) -> (fontSize: Double, widths: [Double]) {
        let room = buttonsEnd - 8 - 6 * Double(max(titles.count - 1, 0))
        for size in [14.0, 13, 12, 11, 10] {
            let widths = titles.map { (Font.measure($0, size: size).width + 12).rounded(.up) }
            if widths.reduce(0, +) <= room { return (size, widths) }
        }
        let even = (room / Double(max(titles.count, 1))).rounded(.down)
        return (10, titles.map { _ in even })
    }
    /// The demo tabs, in a strip that scrolls sideways when the window is narrower than they are.
    let tabStrip: ButtonStrip
    private(set) var buttons: [Button] = []
    private var content: View?
    private(set) var panel: DemoPanel?
    /// What the current demo keeps alive (delegates, observation tokens).
    private var kept: [AnyObject] = []
    /// The choices made in each demo's settings, by demo id: kept across rebuilds (a resize, a demo switch).
    private var choices: [String: [Int]] = [:]
    private let now: @MainActor () -> Duration
    /// The window's timers, for demos that wait (nil: no window; delayed actions run at once).
    private let timers: TimerQueue?
    /// The current demo's `--stats` lines.
    private var statsLines: (@MainActor () -> [String])?
    private(set) var selected: String
    /// Called after a demo is shown (the window title names it).
    var onShow: ((Demo) -> Void)?
    /// Called when Escape is pressed (the window closes).
    var onQuit: (() -> Void)?

    /// A gallery in `frame` showing demo `selected`; `now` reads the window clock (for the plots), `timers` are the
    /// window's (for demos that wait, such as a refresh that takes a moment).
    init(
        frame: Rect, selected: String, now: @escaping @MainActor () -> Duration = { .zero },
        timers: TimerQueue? = nil
    ) {
        self.selected = selected
        self.now = now
        self.timers = timers
        tabStrip = ButtonStrip(frame: Rect(x: 0, y: 0, width: frame.width, height: GalleryView.barHeight), inset: 8)
        super.init(frame: frame)
        backgroundColor = Theme.background
        tabStrip.backgroundColor = Theme.bar
        // The buttons end at `buttonsEnd` at most; GallerySoakTests aims at them by the same rule.
        let (fontSize, widths) = GalleryView.buttonLayout(titles: Demo.all.map(\.title))
        for (demo, width) in zip(Demo.all, widths) {
            let button = Button(
                frame: Rect(x: 0, y: 0, width: width, height: GalleryView.barHeight - 12),
                title: demo.title
            ) { [weak self] _ in self?.show(demo.id) }
            button.fontSize = fontSize
            buttons.append(button)
        }
        tabStrip.setItems(buttons, spacing: 6, y: 6)
        tabStrip.keyTarget = { [weak self] key, modifiers, time in
            self?.demoKeyPressed(key, modifiers: modifiers, timestamp: time) ?? false
        }
        addSubview(tabStrip)
        show(selected)
    }

    /// The content area, in window coordinates (the gallery fills the window): the demo and its panel.
    var contentFrame: Rect {
        Rect(x: 0, y: GalleryView.barHeight, width: bounds.width, height: max(0, bounds.height - GalleryView.barHeight))
    }

    /// Where the demo itself lies (the content area above the panel), in window coordinates.
    var demoFrame: Rect {
        let c = contentFrame
        return Rect(x: 0, y: c.minY, width: c.width, height: max(0, c.height - DemoPanel.height))
    }

    /// The window title naming demo `id`: "Gallery · List".
    static func windowTitle(for id: String) -> String {
        "Gallery · " + (Demo.named(id)?.title ?? id)
    }

    /// The current demo's own `--stats` lines (without the `stats: ` prefix); none for most demos.
    func demoStats() -> [String] { statsLines?() ?? [] }

    /// The current demo's view (below the tabs, above the panel).
    var demoView: View? { content }

    /// The current demo's setting controls, left to right.
    var settingControls: [SegmentedControl] { panel?.controls ?? [] }

    /// Replaces the content with the demo `id`, its settings as last chosen.
    func show(_ id: String) {
        guard let demo = Demo.named(id) else { return }
        selected = id
        content?.removeFromSuperview()
        panel?.removeFromSuperview()
        kept = []
        statsLines = nil
        let area = demoFrame
        let panel = DemoPanel(
            frame: Rect(x: 0, y: area.maxY, width: area.width, height: DemoPanel.height),
            caption: demo.caption)
        let timers = self.timers
        let now = self.now
        let after: @MainActor (Duration, @escaping @MainActor () -> Void) -> Void = { delay, action in
            guard let timers else { return action() }
            timers.schedule(at: now() + max(.zero, delay), action)
        }
        let build = demo.make(DemoContext(frame: area, now: now, status: panel.status, after: after))
        var settings = build.settings
        if let chosen = choices[id] {
            for (i, choice) in chosen.enumerated() where i < settings.count && choice != settings[i].selected {
                settings[i].selected = choice
                settings[i].apply(choice)
            }
        } else {
            choices[id] = settings.map(\.selected)
        }
        panel.show(settings) { [weak self] n, index in self?.choices[id]?[n] = index }
        panel.strip.keyTarget = tabStrip.keyTarget
        content = build.view
        kept = build.keep
        statsLines = build.stats
        self.panel = panel
        addSubview(build.view)
        addSubview(panel)
        for (button, d) in zip(buttons, Demo.all) {
            button.tintColor = d.id == id ? Theme.accent : Color(argb: 0xFF3A_3F4B)
        }
        // Chosen by a key, a tap or a screen reader, the tab comes whole into view.
        if let index = Demo.all.firstIndex(where: { $0.id == id }) { tabStrip.reveal(buttons[index], animated: true) }
        setNeedsDisplay()
        onShow?(demo)
    }

    /// The demo (index in `Demo.all`) digit key `keysym` shows: 1-9 the first nine, 0 the tenth (as the digit row
    /// reads); nil for other keys and digits past the last demo. XKB keysyms of the digits are their ASCII codes.
    static func demoIndex(forKeysym keysym: UInt32) -> Int? {
        let index: Int
        switch keysym {
        case 0x31...0x39: index = Int(keysym - 0x31)
        case 0x30: index = 9
        default: return nil
        }
        return index < Demo.all.count ? index : nil
    }

    /// Keys 1-9 and 0 (no modifier) show the demos in the bar's order; Escape calls `onQuit`. Other keys go on.
    override func keyPressed(_ key: Key, modifiers: KeyModifiers, timestamp: Duration) -> Bool {
        switch key {
        case .escape:
            guard let onQuit else { return false }
            onQuit()
            return true
        case .other(let keysym) where modifiers.isEmpty:
            guard let index = GalleryView.demoIndex(forKeysym: keysym) else { return false }
            show(Demo.all[index].id)
            return true
        default:
            return false
        }
    }

    /// A key the window gave one of the strips (with nothing focused, the tab strip is the window's outermost
    /// container): it goes to the demo's outermost container and up from there, as it would without the strips.
    private func demoKeyPressed(_ key: Key, modifiers: KeyModifiers, timestamp: Duration) -> Bool {
        var view: View? = content.flatMap { firstScrollContainer(in: $0) }
        while let current = view, current !== self {
            if current.keyPressed(key, modifiers: modifiers, timestamp: timestamp) { return true }
            view = current.superview
        }
        return false
    }

    override func boundsSizeDidChange() {
        tabStrip.frame = Rect(x: 0, y: 0, width: bounds.width, height: GalleryView.barHeight)
        // Demos lay out for their size when built: rebuild (settings are kept), keeping where the first list was
        // scrolled to (the container clamps it into the new range when it next settles).
        let offset = content.flatMap { firstScrollContainer(in: $0) }?.contentOffset
        show(selected)
        if let offset, let list = content.flatMap({ firstScrollContainer(in: $0) }) {
            list.contentOffset = offset
        }
    }

    override func draw(in canvas: Canvas) {
        canvas.fill(Rect(x: 0, y: 0, width: bounds.width, height: GalleryView.barHeight), color: Theme.bar)
    }
}
