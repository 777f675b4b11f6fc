import Toolkit

/// One page of the gallery: a capability shown live, and a scripted gesture for the headless mode.
struct Demo {
    /// The id used by `--demo` and for the headless screenshot name.
    let id: String
    /// The title on the demo's button.
    let title: String
    /// Builds the demo's content to fill `bounds` (in the content area's coordinates).
    let make: @MainActor (Rect) -> View
    /// The gesture the headless mode plays; `frame` is where the demo's content lies in window coordinates.
    let script: @MainActor (HeadlessWindow, Rect) -> Void

    @MainActor static let all: [Demo] = [
        ListDemo.demo, PagingDemo.demo, LockDemo.demo, CanvasDemo.demo, FlingDemo.demo, ObserversDemo.demo,
        WheelDemo.demo, ZoomDemo.demo,
    ]

    @MainActor static func named(_ id: String) -> Demo? { all.first { $0.id == id } }
}

/// Gesture helpers for the scripts: timestamps come from the window's manual clock.
@MainActor
extension HeadlessWindow {
    /// A one-finger drag from `start` by `delta` over `duration`, in `steps` moves, then lift-off.
    func drag(from start: Point, by delta: Point, duration: Duration, steps: Int = 10, lift: Bool = true) {
        touchDown(id: 1, at: start)
        let step = duration / steps
        for i in 1...steps {
            advance(by: step)
            let f = Double(i) / Double(steps)
            touchMove(id: 1, to: Point(x: start.x + delta.x * f, y: start.y + delta.y * f))
        }
        if lift { touchUp(id: 1) }
    }
}
