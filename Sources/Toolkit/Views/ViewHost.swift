/// What a view needs from the window that shows it, and nothing more.
///
/// Views sit below the window in the layers (<doc:Design>): they never name `WindowCore` or its routers. A view
/// reaches its window only through this protocol, which `WindowCore` implements; the tree inherits it from the
/// root view. Everything here is on the window clock (`now`, timer deadlines, animator frame times): a view
/// reads no clock of its own.
@MainActor
protocol ViewHost: AnyObject {
    /// The latest time the window was told (events, timers, frames), on the window clock.
    var now: Duration { get }
    /// Timers on the window clock (touch delays, indicator fades); the window fires them at their deadlines.
    var timers: TimerQueue { get }
    /// Marks a rectangle (window coordinates, points) to draw again in the next frame.
    func addDamage(_ rect: Rect)
    /// A clipped view's content scrolled by `change` points from `origin` (its `bounds.origin` before): the
    /// window may draw it by moving pixels.
    func contentDidScroll(in view: View, by change: Point, from origin: Point)
    /// `view` is about to leave the tree: whatever the window tracks for it (touches, hover, focus) ends.
    func viewWillLeaveWindow(_ view: View)
    /// Calls `animator` at every frame until it answers false.
    func addAnimator(_ animator: FrameAnimator)
    /// Stops calling `animator`.
    func removeAnimator(_ animator: FrameAnimator)
    /// The view holding the keyboard focus, if any.
    var focusedView: View? { get }
    /// Something the accessible tree shows changed at `view` (the window reports it when a bridge listens).
    func accessibilityDidChange(_ view: View, _ change: AccessibilityChange)
    /// The same window as a scroll host, when it is one (`WindowCore` is). A requirement rather than a cast:
    /// containers ask for it on every event, and a dynamic cast to a protocol walks the runtime's conformance
    /// tables (about 300 instructions per drag event).
    var scrollHost: (any ScrollHost)? { get }
}
