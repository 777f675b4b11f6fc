import Toolkit

/// Scroll bars over dark content (<doc:ScrollBehaviour> §13): a terminal's build log, light text on near-black. The
/// default bar style (a dark thumb with a light rim, over a light trough when widened) stays readable there; the
/// settings switch to `.dark` (made for light pages: it all but disappears) and `.light` for comparison, and the
/// page itself to light, where `.default` still reads.
enum TerminalDemo {
    static let lineHeight = 22.0
    static let lineCount = 160
    /// The page's colours: near-black with light grey text, or white with near-black text.
    static let darkPage = Color(argb: 0xFF16_181D)
    static let lightPage = Color(argb: 0xFFFF_FFFF)

    @MainActor static let demo = Demo(
        id: "terminal", title: "Terminal",
        caption: "A dark page: hover the right edge or drag the bar. Style std stays readable; dark all but vanishes.",
        make: { context in
            let page = ScrollContainer(frame: context.frame)
            page.backgroundColor = darkPage
            page.contentSize = Size(width: context.frame.width, height: Double(lineCount) * lineHeight + 16)
            var lines: [LogLineView] = []
            for i in 0..<lineCount {
                let line = LogLineView(
                    frame: Rect(
                        x: 0, y: 8 + Double(i) * lineHeight, width: context.frame.width,
                        height: lineHeight), index: i)
                page.addSubview(line)
                lines.append(line)
            }
            let readout = TouchStateReadout(container: page, label: context.status)
            return DemoBuild(
                view: page,
                settings: [
                    // .default ("std"), .dark, .light: the names of `ScrollIndicatorStyle`.
                    DemoSetting(title: "Style", choices: ["std", "dark", "light"]) {
                        page.indicatorStyle = [ScrollIndicatorStyle.default, .dark, .light][$0]
                    },
                    DemoSetting(title: "Bars", choices: ["auto", "on", "off"]) {
                        page.scrollbarVisibility = [ScrollbarVisibility.automatic, .always, .never][$0]
                    },
                    DemoSetting(title: "Page", choices: ["dark", "light"]) { choice in
                        page.backgroundColor = choice == 0 ? darkPage : lightPage
                        for line in lines { line.isOnDarkPage = choice == 0 }
                    }
                ],
                keep: [readout] + readout.observe())
        },
        script: { window, frame in
            var view = window.rootView.hitTest(Point(x: frame.midX, y: frame.midY))
            while let current = view, !(current is ScrollContainer) { view = current.superview }
            guard let page = view as? ScrollContainer else { return }
            // A flick up: the bar appears thin (3 pt) while the log moves.
            window.drag(
                from: Point(x: frame.midX, y: frame.maxY - 60), by: Point(x: 0, y: -240),
                duration: .milliseconds(90))
            window.advance(by: .milliseconds(120))
            Snapshots.take(window)
            // At rest, the pointer comes within the bar's 16 pt zone: it widens to 8 pt over its trough, in each
            // style in turn (chosen by tapping the Style setting, as a user would).
            window.advance(by: .seconds(3))
            window.pointerMove(to: Point(x: frame.maxX - 40, y: frame.midY))
            window.pointerMove(to: Point(x: frame.maxX - 10, y: frame.midY))
            window.advance(by: .milliseconds(250))
            Snapshots.take(window)
            for choice in [1, 2, 0] {
                tapSetting("Style", choice: choice, in: window)
                window.advance(by: .milliseconds(50))
                if choice != 0 { Snapshots.take(window) }
            }
            // The thumb dragged 120 pt down with the primary button, in the default style.
            guard let thumb = page.scrollbarThumbFrame(for: .vertical) else { return }
            window.pointerMove(to: Point(x: thumb.midX, y: thumb.midY))
            window.pointerButton(.left, pressed: true)
            for k in 1...8 {
                window.advance(by: .milliseconds(16))
                window.pointerMove(to: Point(x: thumb.midX, y: thumb.midY + 15 * Double(k)))
            }
            window.advance(by: .milliseconds(16))
            Snapshots.take(window)
            window.pointerButton(.left, pressed: false)
        })

    /// Taps choice `choice` of the gallery's setting titled `title` with a finger (the pointer stays where it is).
    @MainActor static func tapSetting(_ title: String, choice: Int, in window: HeadlessWindow) {
        var queue: [View] = [window.rootView]
        var index = 0
        while index < queue.count {
            if let control = queue[index] as? SegmentedControl, control.title == title {
                let rect = control.segmentRects()[choice]
                window.tap(control.convert(Point(x: rect.midX, y: rect.midY), to: nil))
                return
            }
            queue += queue[index].subviews
            index += 1
        }
    }
}

/// One line of the log: a time, a level in its colour, a message. Long messages run under the bar.
final class LogLineView: View {
    let index: Int
    var isOnDarkPage = true {
        didSet { if isOnDarkPage != oldValue { setNeedsDisplay() } }
    }

    private static let messages = [
        "build: compiling ToolkitCore (86 files)",
        "link: libToolkit.so 4.2 MiB",
        "test: RingScrollTests passed (37 cases)",
        "cache: 1,024 shaped lines kept, 12 evicted",
        "scroll: fling of 2,400 pt/s decelerating at 0.998 per ms, resting after 1.6 s at offset 3,182.5",
        "wayland: wl_buffer 0x7f3a released by the compositor",
        "gallery: demo terminal shown, 160 lines, bars automatic, style default",
        "fetch: 3 packages up to date",
        "warning: frame 1841 took 19.2 ms (budget 16.7 ms): shaping a new line of Japanese text 日本語のテキスト",
        "bench: group bars measured, figures written to Benchmarks/README.md (shown, widened, fading)"
    ]
    private static let levels = [
        ("INFO", Color(argb: 0xFF5A_C8FA)), ("OK", Color(argb: 0xFF69_DB7C)),
        ("WARN", Color(argb: 0xFFFF_D43B)), ("DEBUG", Color(argb: 0xFF9C_A3AF))
    ]

    init(frame: Rect, index: Int) {
        self.index = index
        super.init(frame: frame)
    }

    override func draw(in canvas: Canvas) {
        let b = bounds
        let seconds = 7 + index * 3
        let time = "12:\(pad(4 + seconds / 3600 % 60)):\(pad(seconds / 60 % 60)).\(pad(seconds % 60))"
        let message = Self.messages[(index * 7) % Self.messages.count]
        let level =
            message.hasPrefix("warning")
            ? Self.levels[2]
            : message.hasPrefix("test") ? Self.levels[1] : Self.levels[index % 5 == 4 ? 3 : 0]
        let text = isOnDarkPage ? Color(argb: 0xFFD4_D8DE) : Color(argb: 0xFF1C_1C1E)
        let dim = isOnDarkPage ? Color(argb: 0xFF6B_7280) : Color(argb: 0xFF8E_8E93)
        canvas.drawText(time, at: Point(x: b.minX + 12, y: b.minY + 3), size: 13, color: dim)
        canvas.drawText(level.0, at: Point(x: b.minX + 102, y: b.minY + 3), size: 13, color: level.1)
        canvas.drawText(message, at: Point(x: b.minX + 154, y: b.minY + 3), size: 13, color: text)
    }

    private func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
