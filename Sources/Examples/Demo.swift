import Toolkit

/// One page of the gallery: a capability shown live, its settings, and a scripted gesture for the headless mode.
struct Demo {
    /// The id used by `--demo` and for the headless screenshot name.
    let id: String
    /// The title on the demo's button (and in the window title).
    let title: String
    /// One line under the demo: what to try, what to notice.
    let caption: String
    /// Builds the demo to fill `context.frame` (in the content area's coordinates).
    let make: @MainActor (DemoContext) -> DemoBuild
    /// The gesture the headless mode plays; `frame` is where the demo lies in window coordinates. Calling
    /// `Snapshots.take(window)` at moments worth seeing makes a strip of frames for `--headless`.
    let script: @MainActor (HeadlessWindow, Rect) -> Void

    @MainActor static let all: [Demo] = [
        ListDemo.demo, PagingDemo.demo, LockDemo.demo, CanvasDemo.demo, FlingDemo.demo, ObserversDemo.demo,
        WheelDemo.demo, ZoomDemo.demo, ContactsDemo.demo, TerminalDemo.demo, NestedDemo.demo,
        GesturesDemo.demo, PhotosDemo.demo, MailDemo.demo
    ]

    @MainActor static func named(_ id: String) -> Demo? { all.first { $0.id == id } }
}

/// What a demo is built with.
struct DemoContext {
    /// Where the demo lies, in the gallery's coordinates (above the settings panel).
    let frame: Rect
    /// The window clock (for plots): the time of the frame or event being handled.
    let now: @MainActor () -> Duration
    /// The settings panel's status line, for the demo's live readout (`TouchStateReadout`).
    let status: Label
    /// Runs an action after a delay on the window clock (the window's timers; at once when the gallery is in no
    /// window, which has no clock to wait on).
    let after: @MainActor (Duration, @escaping @MainActor () -> Void) -> Void
}

/// A built demo: its view, the settings the panel shows, and what must live as long as the demo does.
@MainActor
struct DemoBuild {
    var view: View
    var settings: [DemoSetting] = []
    /// Delegates and observation tokens (the container holds its delegate weakly; observations last while their
    /// tokens live).
    var keep: [AnyObject] = []
    /// Lines `--stats` prints (each after `stats: `) when the window closes, for what the generic lines do not
    /// show (the nested demo's inner lists, by post).
    var stats: (@MainActor () -> [String])?
}

/// Live text for the arbitration state of a container's current touch, from its public state only.
@MainActor
final class TouchStateReadout {
    private(set) weak var container: ScrollContainer?
    private let label: Label
    private let extra: @MainActor (ScrollContainer) -> String
    /// Whether the content shows a press (a list row): the touch went to the content.
    var contentHasTouch = false {
        didSet { update() }
    }

    init(
        container: ScrollContainer, label: Label, extra: @escaping @MainActor (ScrollContainer) -> String = { _ in "" }
    ) {
        self.container = container
        self.label = label
        self.extra = extra
    }

    /// The state's name: idle, pending (the container has not decided yet), content (the content tracks the
    /// touch), dragging, decelerating.
    static func state(of c: ScrollContainer, contentHasTouch: Bool) -> String {
        if c.isDragging { return "dragging" }
        if c.isDecelerating { return "decelerating" }
        if c.isTracking { return contentHasTouch ? "content" : "pending" }
        return "idle"
    }

    func update() {
        guard let c = container else { return }
        let more = extra(c)
        label.text =
            "touch: \(Self.state(of: c, contentHasTouch: contentHasTouch))" + (more.isEmpty ? "" : "  ·  \(more)")
    }

    /// Shows the state of `container` from now on.
    func follow(_ container: ScrollContainer) {
        self.container = container
        update()
    }

    /// Observes the state the text shows, of `containers` (default: the one given at init), following whichever
    /// changed last; the tokens keep it live. Callers add tokens for what `extra` reads.
    func observe(_ containers: [ScrollContainer]? = nil) -> [Observation] {
        let watched = containers ?? (container.map { [$0] } ?? [])
        var tokens: [Observation] = []
        for c in watched {
            tokens.append(c.observe(\.isTracking) { [weak self] c, _ in self?.follow(c) })
            tokens.append(c.observe(\.isDragging) { [weak self] c, _ in self?.follow(c) })
            tokens.append(c.observe(\.isDecelerating) { [weak self] c, _ in self?.follow(c) })
        }
        update()
        return tokens
    }
}

/// Frames worth seeing while a script plays: `--headless` collects them into a strip (`ID-strip.png`).
@MainActor
enum Snapshots {
    /// Collected frames; nil when nobody collects (the scripts' calls then do nothing).
    static var frames: [Image]?

    static func take(_ window: HeadlessWindow) {
        guard frames != nil else { return }
        frames?.append(window.render())
    }
}

/// Gesture helpers for the scripts: timestamps come from the window's manual clock.
@MainActor
extension HeadlessWindow {
    /// A one-finger drag from `start` by `delta` over `duration`, in `steps` moves, then lift-off.
    func drag(
        from start: Point, by delta: Point, duration: Duration, steps: Int = 10, lift: Bool = true,
        id: Int = 1
    ) {
        touchDown(id: id, at: start)
        let step = duration / steps
        for i in 1...steps {
            advance(by: step)
            let f = Double(i) / Double(steps)
            touchMove(id: id, to: Point(x: start.x + delta.x * f, y: start.y + delta.y * f))
        }
        if lift { touchUp(id: id) }
    }

    /// A tap (down, 40 ms, up) at `point`.
    func tap(_ point: Point, id: Int = 9) {
        touchDown(id: id, at: point)
        advance(by: .milliseconds(40))
        touchUp(id: id)
        advance(by: .milliseconds(16))
    }
}
