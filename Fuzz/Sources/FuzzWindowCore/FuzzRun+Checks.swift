import ToolkitCore

extension FuzzRun {
    /// The scroll range of `container`: from minus the top-left insets to the content's far edge plus the
    /// bottom-right insets minus the visible size, never below the start.
    func range(of container: ScrollContainer) -> (lower: Point, upper: Point) {
        let inset = container.contentInset, bounds = container.bounds
        let lower = Point(x: -inset.left, y: -inset.top)
        let width = bounds.width.isFinite ? max(0, bounds.width) : 0
        let height = bounds.height.isFinite ? max(0, bounds.height) : 0
        let upper = Point(x: max(lower.x, container.contentSize.width + inset.right - width),
                          y: max(lower.y, container.contentSize.height + inset.bottom - height))
        return (lower, upper)
    }

    func checkAnyTime() {
        for container in containers {
            let offset = container.contentOffset
            check(offset.x.isFinite && offset.y.isFinite, "non-finite contentOffset \(offset)")
            check(container.zoomScale.isFinite && container.zoomScale > 0, "zoom scale \(container.zoomScale)")
            let size = container.contentSize
            check(size.width.isFinite && size.height.isFinite, "non-finite contentSize \(size)")
        }
    }

    /// Lifts everything that is held, then lets time run (frames every 16 ms, up to a minute) until nothing is
    /// left to animate and no timer is due.
    func settle() {
        if FuzzRun.traces { trace("settle: lifting \(down.sorted()), buttons \(buttons.sorted()), pinching \(pinching)") }
        for id in down.sorted() {
            now += .milliseconds(8)
            send(.touchUp(id: id, timestamp: now))
            send(.touchFrame(timestamp: now))
        }
        down.removeAll()
        for index in buttons.sorted() {
            let button: PointerButton = index == 0 ? .left : index == 1 ? .right : .middle
            send(.pointerButton(button, pressed: false, timestamp: now))
        }
        buttons.removeAll()
        if pinching { send(.pointerPinchEnd(cancelled: false, timestamp: now)) }
        send(.axis(AxisEvent(source: .finger, dx: 0, dy: 0, stopHorizontal: true, stopVertical: true,
                                    timestamp: now)))
        let end = now + .seconds(60)
        while now < end && (core.needsFrame || core.nextTimerDeadline != nil) {
            now += .milliseconds(16)
            frame(draw: false)
        }
        check(!core.needsFrame, "still animating a minute after everything was lifted")
    }

    func checkAtRest() {
        for (index, recorder) in recorders.enumerated() {
            check(recorder.rules.active.isEmpty,
                  "content view \(index) still holds touches \(recorder.rules.active.sorted()) at rest")
        }
        for (index, container) in containers.enumerated() {
            let name = index == 0 ? "outer" : "inner"
            check(!container.isTracking && !container.isDragging && !container.isDecelerating,
                  "\(name) container not at rest: tracking \(container.isTracking), dragging "
                  + "\(container.isDragging), decelerating \(container.isDecelerating)")
            check(!container.isZooming && !container.isZoomBouncing, "\(name) container still zooming")
            let (lower, upper) = range(of: container), offset = container.contentOffset
            let tolerance = 1e-6
            check(!moved.contains(ObjectIdentifier(container)) || offset.x >= lower.x - tolerance && offset.x <= upper.x + tolerance
                  && offset.y >= lower.y - tolerance && offset.y <= upper.y + tolerance,
                  "\(name) offset \(offset) at rest outside \(lower)...\(upper)")
            if container.maximumZoomScale > container.minimumZoomScale {
                let scale = container.zoomScale
                check(scale >= container.minimumZoomScale - tolerance
                      && scale <= container.maximumZoomScale + tolerance,
                      "\(name) zoom scale \(scale) at rest outside its limits")
            }
        }
    }
}
