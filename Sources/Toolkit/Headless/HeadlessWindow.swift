/// A window with no compositor: a manual clock, injected input and rendering into an `Image`.
///
/// It drives the same `WindowCore` the Wayland window uses, the way a compositor would, so a test reads like
/// a script (like NIO's `EmbeddedChannel`): `touchDown`, `advance(by:)`, check, `touchMove`, check.
/// - The clock starts at `.zero` and moves only in `advance(by:)`. Every injected event is stamped with `now`.
/// - Each touch event is followed by a `touchFrame`, as a compositor groups them.
/// - `advance(by:)` fires timers at their exact deadlines and runs a frame at every multiple of 1/60 s, in
///   time order (a timer due at a frame's time fires first), up to and including `now + duration`.
/// - `render()` draws the whole window through `Canvas`, as the Wayland window does, within the limits its
///   buffers have: sides of at most `maximumRenderSide` (16384) pixels and at most `maximumRenderPixels` (2^25,
///   128 MiB) pixels in all. A larger window (any size is accepted, even 1e300 points) renders its top-left part:
///   each side cut to 16384, then, when the area is still too large, the width kept and the height reduced to
///   fit. Nothing traps on a huge size.
@MainActor
public final class HeadlessWindow {
    /// The longest side, in pixels, of the picture `render()` makes (the Wayland window's buffer limit).
    public static let maximumRenderSide = 16384
    /// The largest area, in pixels, of the picture `render()` makes: 2^25 (128 MiB of ARGB), which holds a
    /// full 8K UHD frame.
    public static let maximumRenderPixels = 1 << 25

    /// The window core being driven (input routing, timers, animators, damage).
    public let core: WindowCore

    /// The view filling the window; add views to it.
    public var rootView: View { core.rootView }

    /// The window size, in points.
    public var size: Size { core.size }

    /// The virtual clock: `.zero` at creation, moved only by `advance(by:)`.
    public private(set) var now: Duration = .zero

    /// How many frames ran so far (one per 1/60 s of advanced time).
    public private(set) var frameCount = 0

    // Frames run at k/60 s for k = 1, 2, ...; this is the next k.
    private var nextFrameIndex: Int64 = 1

    /// A window of `size` points. Non-finite or negative sizes are treated as zero.
    public init(size: Size) {
        core = WindowCore(size: size)
    }

    /// The time of frame `k`, `k/60` s, exact to the nanosecond.
    private static func frameTime(_ k: Int64) -> Duration {
        .nanoseconds(k * 1_000_000_000 / 60)
    }

    /// Moves the clock forward by `duration`, firing every timer at its deadline and running a frame
    /// (`prepareFrame`, animations sampled at that time) at every 1/60 s on the way. A negative duration
    /// does nothing.
    public func advance(by duration: Duration) {
        guard duration >= .zero else { return }
        let end = now + duration
        while true {
            let frame = HeadlessWindow.frameTime(nextFrameIndex)
            let timer = core.nextTimerDeadline
            // Timers already due (scheduled for a time not after `now`) fire right away.
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
        // Nothing is presented: the damage would only pile up. `render()` draws everything anyway.
        core.discardDamage()
    }

    // MARK: - Touch

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

    // MARK: - Pointer and keyboard

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

    /// A pointer button changes state. The primary button reaches content views as touch
    /// `WindowCore.pointerTouchID`; a press gives the keyboard focus to the innermost scroll container under it.
    public func pointerButton(_ button: PointerButton, pressed: Bool) {
        core.handle(.pointerButton(button, pressed: pressed, timestamp: now))
    }

    /// A scroll step, as one pointer frame: for `.wheel` in 1/120 detents (120 = one notch, 48 pt), otherwise in
    /// points (`.finger`: a touchpad, ended by `pointerAxisStop()`). Positive values scroll down or right. It goes
    /// to the innermost scroll container under the pointer that can scroll along each axis.
    public func pointerAxis(dx: Double, dy: Double, source: AxisSource) {
        core.handle(.axis(AxisEvent(source: source, dx: dx, dy: dy, timestamp: now)))
    }

    /// The fingers left the touchpad (`axis_stop` on both axes).
    public func pointerAxisStop() {
        core.handle(.axis(AxisEvent(source: .finger, dx: 0, dy: 0, stopHorizontal: true, stopVertical: true,
                                    timestamp: now)))
    }

    /// A key is pressed or released, with no modifiers.
    public func key(_ key: Key, pressed: Bool) {
        core.handle(.key(key, pressed: pressed, modifiers: [], isRepeat: false, timestamp: now))
    }

    /// A key event with `modifiers`; `isRepeat` for a key repeat (a press the seat's repeat_info generated).
    public func key(_ key: Key, pressed: Bool, modifiers: KeyModifiers, isRepeat: Bool = false) {
        core.handle(.key(key, pressed: pressed, modifiers: modifiers, isRepeat: isRepeat, timestamp: now))
    }

    /// The modifier keys held from now on (`wl_keyboard.modifiers`): wheel events see them (Ctrl + wheel zooms).
    public func setKeyboardModifiers(_ modifiers: KeyModifiers) {
        core.handle(.keyboardModifiers(modifiers))
    }

    /// A touchpad pinch with `fingers` fingers begins at the pointer's location
    /// (`zwp_pointer_gesture_pinch_v1.begin`); it goes to the innermost zoomable scroll container there.
    public func pointerPinchBegin(fingers: Int) {
        core.handle(.pointerPinchBegin(fingers: fingers, timestamp: now))
    }

    /// The pinch changes: `dx`, `dy` the centroid's motion in points since the last update, `scale` the
    /// cumulative scale since the begin, `rotation` in degrees since the last update.
    public func pointerPinchUpdate(dx: Double, dy: Double, scale: Double, rotation: Double) {
        core.handle(.pointerPinchUpdate(dx: dx, dy: dy, scale: scale, rotation: rotation, timestamp: now))
    }

    /// The pinch ends (`cancelled`: it was cancelled, and the zoom returns to where it began).
    public func pointerPinchEnd(cancelled: Bool) {
        core.handle(.pointerPinchEnd(cancelled: cancelled, timestamp: now))
    }

    // MARK: - Output

    /// Draws the whole window at scale 1 and returns the pixels (premultiplied ARGB): `size` rounded up to whole
    /// pixels, within `maximumRenderSide` and `maximumRenderPixels` (see `renderSize(for:)`).
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

    /// The picture `render()` makes for a window of `size` points, in pixels: each side rounded up, at most
    /// `maximumRenderSide` (zero for a side that is not positive and finite); then, when the area exceeds
    /// `maximumRenderPixels`, the width kept and the height reduced to the largest that fits.
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
