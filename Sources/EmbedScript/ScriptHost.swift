import ToolkitCore

/// A host with no window: it owns a `WindowCore`, plays a gesture script into it on the script's own clock, and
/// runs what a real host runs between events (timers at their deadlines, frames at 60 Hz while the core needs
/// them). It is the smallest complete example of driving the core from one's own loop.
///
/// Behaviour only: it never draws. After each frame's `prepareFrame(at:)` it drops the damage
/// (`discardDamage()`); a host that draws the content itself reads `contentOffset` (here through a key-path
/// observer) instead of calling `draw(into:)`.
@MainActor
final class ScriptHost {
    /// 1/60 s: frames happen at multiples of this on the script clock, as a 60 Hz display's vsync would.
    static let frameInterval: Duration = .nanoseconds(1_000_000_000 / 60)

    let core: WindowCore
    let container: ScrollContainer
    private var observation: Observation?
    /// Whether the pointer is in the window (a `pointer` command entered it).
    private var pointerInside = false
    /// The script clock: the time of the last thing that happened.
    private(set) var now: Duration = .zero
    /// The next vsync at or after `now` at which a frame may run.
    private var nextFrame: Duration = .zero

    /// A window of `size` points filled by one scroll container with `contentSize`; `report` gets every change of
    /// `contentOffset`.
    init(size: Size, contentSize: Size, report: @escaping @MainActor (Point) -> Void) {
        core = WindowCore(size: size)
        container = ScrollContainer(frame: Rect(origin: .zero, size: size))
        container.contentSize = contentSize
        core.rootView.addSubview(container)
        observation = container.observe(\.contentOffset) { _, change in report(change.newValue) }
    }

    /// Applies one script command.
    func run(_ command: GestureCommand) {
        if let ms = command.time { advance(to: .nanoseconds(Int64((ms * 1_000_000).rounded()))) }
        switch command {
        case .size(let width, let height):
            core.resize(to: Size(width: width, height: height))
            container.frame = Rect(x: 0, y: 0, width: width, height: height)
        case .content(let width, let height):
            container.contentSize = Size(width: width, height: height)
        case .set(let setting, let value):
            switch setting {
            case .paging: container.isPagingEnabled = value
            case .lock: container.isDirectionalLockEnabled = value
            case .bounces: container.bounces = value
            case .delays: container.delaysContentTouches = value
            }
        case .down(let id, let x, let y, _):
            core.handle(.touchDown(id: id, location: Point(x: x, y: y), timestamp: now))
            core.handle(.touchFrame(timestamp: now))
        case .move(let id, let x, let y, _):
            core.handle(.touchMotion(id: id, location: Point(x: x, y: y), timestamp: now))
            core.handle(.touchFrame(timestamp: now))
        case .up(let id, _):
            core.handle(.touchUp(id: id, timestamp: now))
            core.handle(.touchFrame(timestamp: now))
        case .cancel:
            core.handle(.touchCancel(timestamp: now))
        case .pointer(let x, let y, _):
            let location = Point(x: x, y: y)
            core.handle(
                pointerInside
                    ? .pointerMotion(location: location, timestamp: now)
                    : .pointerEnter(location: location, timestamp: now))
            pointerInside = true
        case .axis(let source, let dx, let dy, _):
            let kind: AxisSource =
                switch source {
                case .wheel: .wheel
                case .finger: .finger
                case .continuous: .continuous
                }
            core.handle(.axis(AxisEvent(source: kind, dx: dx, dy: dy, timestamp: now)))
        case .axisStop:
            core.handle(
                .axis(
                    AxisEvent(
                        source: .finger, dx: 0, dy: 0, stopHorizontal: true, stopVertical: true,
                        timestamp: now)))
        case .wait:
            break
        }
    }

    /// Lets time run until everything has come to rest (at most `limit` more): the end of a script.
    func settle(limit: Duration = .seconds(10)) {
        let end = now + limit
        while now < end, core.needsFrame || core.nextTimerDeadline != nil {
            advance(to: min(end, max(nextFrame, core.nextTimerDeadline ?? nextFrame)))
            if now < nextFrame, !core.needsFrame, core.nextTimerDeadline == nil { break }
        }
    }

    /// Runs timers and frames in time order up to `time`, then sets the clock there. Earlier times are ignored.
    func advance(to time: Duration) {
        while true {
            let timer = core.nextTimerDeadline
            let frame: Duration? = core.needsFrame ? max(nextFrame, now) : nil
            let next = [timer, frame].compactMap { $0 }.min()
            guard let next, next <= time else { break }
            if let timer, timer == next {
                core.fireTimers(upTo: timer)
                now = max(now, timer)
            } else {
                now = max(now, next)
                core.prepareFrame(at: now)
                core.discardDamage()
                nextFrame = now + ScriptHost.frameInterval
            }
        }
        if time > now { now = time }
        // The next vsync on the 60 Hz grid at or after `now`.
        let interval = ScriptHost.frameInterval
        if nextFrame < now {
            let periods = ((now - nextFrame) / interval).rounded(.up)
            nextFrame += interval * periods
        }
    }
}
