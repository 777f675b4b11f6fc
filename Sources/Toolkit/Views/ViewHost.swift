/// What a view needs from the window that shows it: views never name `WindowCore` or its routers (<doc:Design>).
/// All times are on the window clock; a view reads no clock of its own.
@MainActor
protocol ViewHost: AnyObject {
    /// The latest time the window was told (events, timers, frames), on the window clock.
    var now: Duration { get }
    /// Timers on the window clock (touch delays, indicator fades); the window fires them at their deadlines.
    var timers: TimerQueue { get }
    /// Marks a rectangle (window coordinates, points) to draw again in the next frame.
    func addDamage(_ rect: Rect)
    /// A clipped view's content scrolled by `change` points from `origin`: the window may move pixels instead.
    func contentDidScroll(in view: View, by change: Point, from origin: Point)
    /// `view` is about to leave the tree: whatever the window tracks for it ends.
    func viewWillLeaveWindow(_ view: View)
    /// Calls `animator` at every frame until it answers false.
    func addAnimator(_ animator: FrameAnimator)
    func removeAnimator(_ animator: FrameAnimator)
    /// Calls `animator` at every frame until it answers false, is removed, or `view` leaves the window.
    func addAnimator(_ animator: FrameAnimator, heldBy view: View)
    var focusedView: View? { get }
    /// Whether the window has the keyboard focus (focus rings are drawn only then).
    var hasKeyboardFocus: Bool { get }
    /// Something the accessible tree shows changed at `view`.
    func accessibilityDidChange(_ view: View, _ change: AccessibilityChange)
    /// The same window as a scroll host, when it is one: a requirement, since a dynamic cast to a protocol on
    /// every event walks the runtime's conformance tables.
    var scrollHost: (any ScrollHost)? { get }
    /// Whether animations finish in one frame and indicators do not fade (`WindowCore.reducesMotion`).
    var reducesMotion: Bool { get }
    /// The scheme the toolkit's own colours follow (`WindowCore.colorScheme`).
    var colorScheme: ColorScheme { get }
}
