/// A window with no compositor: a manual clock, injected input (each touch event followed by a frame) and
/// rendering into an `Image`, driving the same `WindowCore` so that a test reads like a script.
@MainActor
public final class HeadlessWindow {
    /// The longest side, in pixels, of the picture `render()` makes (the Wayland window's buffer limit).
    public static let maximumRenderSide = 16384
    /// The largest area, in pixels, of the picture `render()` makes: 2^25 (128 MiB), a full 8K UHD frame.
    public static let maximumRenderPixels = 1 << 25

    /// The window core being driven.
    public let core: WindowCore

    /// The view filling the window; add views to it.
    public var rootView: View { core.rootView }

    /// The window size, in points.
    public var size: Size { core.size }

    /// The virtual clock: `.zero` at creation, moved only by `advance(by:)`.
    public private(set) var now: Duration = .zero

    /// How many frames ran so far (one per 1/60 s of advanced time).
    public private(set) var frameCount = 0

    private var nextFrameIndex: Int64 = 1

    /// A window of `size` points. Non-finite or negative sizes are treated as zero.
    public init(size: Size) {
        core = WindowCore(size: size)
    }

    private static func frameTime(_ k: Int64) -> Duration {
        .nanoseconds(k * 1_000_000_000 / 60)
    }

    /// Moves the clock forward by `duration`, firing timers at their deadlines and a frame every 1/60 s on the way.
    public func advance(by duration: Duration) {
        guard duration >= .zero else { return }
        let end = now + duration
        while true {
            let frame = HeadlessWindow.frameTime(nextFrameIndex)
            let timer = core.nextTimerDeadline
            if let timer, timer <= end, timer <= frame {
                now = max(now, timer)
                core.fireTimers(upTo: now)
                continue
            }
            guard frame <= end else { break }
            now = frame
            nextFrameIndex += 1
            runFrame()
        }
        now = end
        core.advanceClock(to: now)
    }

    private func runFrame() {
        frameCount += 1
        core.prepareFrame(at: now)
        // Nothing is presented: the damage would only pile up.
        core.discardDamage()
    }

    /// A finger touches down at `point` (window coordinates, points), stamped `now`.
    public func touchDown(id: Int, at point: Point) {
        core.handle(.touchDown(id: id, location: point, timestamp: now))
        core.handle(.touchFrame(timestamp: now))
    }

    /// A finger moves to `point` (window coordinates, points), stamped `now`.
    public func touchMove(id: Int, to point: Point) {
        core.handle(.touchMotion(id: id, location: point, timestamp: now))
        core.handle(.touchFrame(timestamp: now))
    }

    /// A finger lifts, stamped `now`.
    public func touchUp(id: Int) {
        core.handle(.touchUp(id: id, timestamp: now))
        core.handle(.touchFrame(timestamp: now))
    }

    /// The compositor cancels every touch (`wl_touch.cancel`).
    public func touchCancel() {
        core.handle(.touchCancel(timestamp: now))
    }

    /// Several fingers move in one protocol frame (one `touchFrame` after all of them).
    public func touchMove(_ moves: [(id: Int, point: Point)]) {
        for move in moves {
            core.handle(.touchMotion(id: move.id, location: move.point, timestamp: now))
        }
        core.handle(.touchFrame(timestamp: now))
    }

    /// The pointer moves to `point` (window coordinates); the first move also enters the window.
    public func pointerMove(to point: Point) {
        if core.pointerLocation == nil {
            core.handle(.pointerEnter(location: point, timestamp: now))
        } else {
            core.handle(.pointerMotion(location: point, timestamp: now))
        }
    }

    /// The pointer leaves the window (`wl_pointer.leave`).
    public func pointerLeave() {
        core.handle(.pointerLeave(timestamp: now))
    }

    /// A pointer button changes state; the primary button reaches views as touch `Touch.pointerID`.
    public func pointerButton(_ button: PointerButton, pressed: Bool) {
        core.handle(.pointerButton(button, pressed: pressed, timestamp: now))
    }

    /// A scroll step: `.wheel` in 1/120 detents, otherwise points; positive values scroll down or right.
    public func pointerAxis(dx: Double, dy: Double, source: AxisSource) {
        core.handle(.axis(AxisEvent(source: source, dx: dx, dy: dy, timestamp: now)))
    }

    /// The fingers left the touchpad (`axis_stop` on both axes).
    public func pointerAxisStop() {
        core.handle(
            .axis(
                AxisEvent(
                    source: .finger, dx: 0, dy: 0, stopHorizontal: true, stopVertical: true,
                    timestamp: now)))
    }

    /// A key is pressed or released, with no modifiers.
    public func key(_ key: Key, pressed: Bool) {
        core.handle(.key(key, pressed: pressed, modifiers: [], isRepeat: false, timestamp: now))
    }

    /// A key event with `modifiers`; `isRepeat` for a key repeat.
    public func key(_ key: Key, pressed: Bool, modifiers: KeyModifiers, isRepeat: Bool = false) {
        core.handle(.key(key, pressed: pressed, modifiers: modifiers, isRepeat: isRepeat, timestamp: now))
    }

    /// The modifier keys held from now on (Ctrl + wheel zooms).
    public func setKeyboardModifiers(_ modifiers: KeyModifiers) {
        core.handle(.keyboardModifiers(modifiers))
    }

    /// A touchpad pinch with `fingers` fingers begins at the pointer.
    public func pointerPinchBegin(fingers: Int) {
        core.handle(.pointerPinchBegin(fingers: fingers, timestamp: now))
    }

    /// The pinch changes: centroid motion `dx`, `dy` points, cumulative `scale`, `rotation` degrees.
    public func pointerPinchUpdate(dx: Double, dy: Double, scale: Double, rotation: Double) {
        core.handle(.pointerPinchUpdate(dx: dx, dy: dy, scale: scale, rotation: rotation, timestamp: now))
    }

    /// The pinch ends; when `cancelled`, the zoom returns to where it began.
    public func pointerPinchEnd(cancelled: Bool) {
        core.handle(.pointerPinchEnd(cancelled: cancelled, timestamp: now))
    }

    /// Draws the whole window at scale 1 (premultiplied ARGB), within `renderSize(for:)`.
    public func render() -> Image {
        let (width, height) = HeadlessWindow.renderSize(for: core.size)
        var image = Image(width: width, height: height)
        guard width > 0, height > 0 else { return image }
        core.addDamage(Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        Canvas.draw(into: &image) { canvas in
            core.draw(into: canvas)
        }
        return image
    }

    /// The picture size `render()` makes for `size` points, within `maximumRenderSide` and `maximumRenderPixels`.
    public static func renderSize(for size: Size) -> (width: Int, height: Int) {
        func side(_ points: Double) -> Int {
            guard points.isFinite, points > 0 else { return 0 }
            return Int(min(points.rounded(.up), Double(maximumRenderSide)))
        }
        let width = side(size.width)
        var height = side(size.height)
        if width > 0, width * height > maximumRenderPixels { height = maximumRenderPixels / width }
        return (width, height)
    }
}
