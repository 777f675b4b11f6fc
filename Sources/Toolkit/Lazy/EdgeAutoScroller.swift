// Edge auto-scroll (<doc:ScrollBehaviour> §21), shared by every gesture that drags something over a lazy list or
// grid: a lifted row, a mouse selection. Written only against the public API (`ScrollContainer`'s bounds, offset,
// content size and insets, `View.addFrameAnimator`), as an app could write it.
//
// With the finger (or pointer) at y points below the visible rect's top, in a rect of height H, and the band B = 48
// pt deep: in the top band (y < B) the content scrolls up at v = V · min(1, (B − y) / B), in the bottom band
// (y > H − B) down at v = V · min(1, (y − (H − B)) / B), V = 1,500 pt/s: 0 at the band's inner edge, V at the
// rect's edge and beyond. When the bands overlap (H < 2B) the nearer edge wins. The speed is a function of where
// the finger is, not of its motion: the scroll is driven by frames, so it goes on while the finger holds still,
// advancing v · Δt between frame times (the first frame only takes the time). The offset is clamped into the
// scroll range, so it stops at the end of the content with no rubber band; a frame that cannot move stops the
// ticking until the finger moves again. After each frame's scroll the client re-reads the finger over the content
// (`onScroll`): what lies under a still finger changes as the content passes.

/// Scrolls a container while a dragged finger stays near its top or bottom edge; see the derivation above.
@MainActor
final class EdgeAutoScroller: FrameAnimator {
    /// How deep the bands at the top and bottom edges are, points.
    static let bandDepth = 48.0
    /// The speed at the edge and beyond, points per second.
    static let maximumSpeed = 1_500.0

    /// The container scrolled. Not owned: the container owns the gesture that owns this scroller.
    unowned(unsafe) let container: ScrollContainer

    /// Called after each frame that scrolled, when the content moved under the finger.
    var onScroll: (() -> Void)?

    /// The finger's y relative to the visible rect's top, points; nil when not tracking.
    private var fingerY: Double?
    /// The time of the last frame while ticking.
    private var lastFrame: Duration?
    /// Whether the window calls it at every frame.
    private(set) var isTicking = false

    init(container: ScrollContainer) {
        self.container = container
    }

    /// The scroll speed for a finger `y` points below the top of a visible rect `height` tall: negative up,
    /// positive down, points per second.
    static func speed(atY y: Double, height: Double) -> Double {
        guard y.isFinite, height > 0 else { return 0 }
        let fromTop = y
        let fromBottom = height - y
        if fromTop <= fromBottom {
            guard fromTop < bandDepth else { return 0 }
            return -maximumSpeed * min(1, (bandDepth - fromTop) / bandDepth)
        }
        guard fromBottom < bandDepth else { return 0 }
        return maximumSpeed * min(1, (bandDepth - fromBottom) / bandDepth)
    }

    /// The vertical scroll range: from minus the top inset to the content's end.
    private var range: ClosedRange<Double> {
        let low = -container.contentInset.top
        let high = container.contentSize.height + container.contentInset.bottom - container.bounds.height
        return low...max(low, high)
    }

    /// The finger is at `location` (the container's coordinates, that is content coordinates): starts or stops the
    /// ticking as the finger enters or leaves a band.
    func track(_ location: Point) {
        let bounds = container.bounds
        fingerY = location.y - bounds.minY
        let speed = EdgeAutoScroller.speed(atY: fingerY ?? 0, height: bounds.height)
        if speed != 0 && canMove(speed) {
            if !isTicking {
                // The first frame takes the time.
                lastFrame = nil
                isTicking = container.addFrameAnimator(self)
            }
        } else {
            stopTicking()
        }
    }

    /// The drag is over: no more scrolling.
    func stop() {
        fingerY = nil
        stopTicking()
    }

    private func stopTicking() {
        lastFrame = nil
        guard isTicking else { return }
        isTicking = false
        container.removeFrameAnimator(self)
    }

    /// Whether the offset can still go the way `speed` points.
    private func canMove(_ speed: Double) -> Bool {
        let y = container.contentOffset.y
        return speed < 0 ? y > range.lowerBound : y < range.upperBound
    }

    func animationFrame(at time: Duration) -> Bool {
        let speed = fingerY.map { EdgeAutoScroller.speed(atY: $0, height: container.bounds.height) } ?? 0
        guard speed != 0, canMove(speed) else {
            lastFrame = nil
            isTicking = false
            return false
        }
        guard let last = lastFrame else {
            lastFrame = time
            return true
        }
        lastFrame = time
        let parts = (time - last).components
        let elapsed = Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
        guard elapsed > 0 else { return true }
        let offset = container.contentOffset
        let range = self.range
        let y = min(max(offset.y + speed * elapsed, range.lowerBound), range.upperBound)
        if y != offset.y {
            container.contentOffset = Point(x: offset.x, y: y)
            onScroll?()
        }
        return true
    }
}
