// Drag to reorder (<doc:ScrollBehaviour> §21): the gestures that lift a list's row and drag it. Written only against
// the public API (`LongPressGestureRecognizer`, `View.addGestureRecognizer`, the list's `row(at:)` and interactive
// movement, the shared `EdgeAutoScroller`), as an app could write it.
//
// Two long presses on the list, both lifting the row under the finger:
// - any finger (or the mouse) held still 0.5 s on a row; once it has begun, no scroll container takes the finger;
// - a mouse press on a row's reorder handle (its trailing 44 pt; leading right to left): a long press of no
//   duration, for the pointer alone, so the row lifts at once and the press beats the mouse's drag selection.
// The lifted row follows the finger (`updateInteractiveMovement`), the list scrolls near its edges (the drop
// target follows the rows passing under a still finger, at every frame), the lift drops the row
// (`endInteractiveMovement`), and a touch cancel, Escape (the list forwards it to `cancel()`) or turning
// reordering off puts it back (`cancelInteractiveMovement`).

/// The gestures that move a list's rows by hand; see above.
@MainActor
final class ReorderGesture {
    /// The width of a row's reorder handle, at its trailing edge, points.
    static let handleWidth = 44.0

    /// The list. Not owned: it owns this gesture.
    unowned(unsafe) let list: ListContainer
    /// The long press anywhere on a row.
    private(set) var longPress: LongPressGestureRecognizer!
    /// The mouse press on a row's handle.
    private(set) var handlePress: LongPressGestureRecognizer!
    /// The edge auto-scroll while a row is lifted.
    let scroller: EdgeAutoScroller
    /// The recognizer holding the lifted row, while one is.
    private var holder: GestureRecognizer?

    init(list: ListContainer) {
        self.list = list
        scroller = EdgeAutoScroller(container: list)
        longPress = LongPressGestureRecognizer { [unowned self] in self.pressed($0) }
        longPress.shouldBegin = { [unowned self] in self.mayLift(at: $0.startLocation(in: self.list)) }
        handlePress = LongPressGestureRecognizer { [unowned self] in self.pressed($0) }
        handlePress.minimumPressDuration = .zero
        // Motion before its timer runs (the same input batch) does not make it fail: the press is on the handle.
        handlePress.allowableMovement = .greatestFiniteMagnitude
        handlePress.allowedTouchTypes = .pointer
        handlePress.shouldBegin = { [unowned self] recognizer in
            let point = recognizer.startLocation(in: self.list)
            return self.isOnHandle(point) && self.mayLift(at: point)
        }
        scroller.onScroll = { [unowned self] in self.follow() }
        list.addGestureRecognizer(handlePress)
        list.addGestureRecognizer(longPress)
        // A mouse-only pan already on the list is its drag selection (made when it went `.multiple`).
        for case let pan as PanGestureRecognizer in list.gestureRecognizers where pan.allowedTouchTypes == .pointer {
            yieldHandlePresses(of: pan)
        }
    }

    /// Makes `pan` (the mouse's drag selection) wait for the handle press to fail: a press on a handle lifts the
    /// row even when the pointer crossed the pan's slop before the press's timer ran.
    func yieldHandlePresses(of pan: PanGestureRecognizer) {
        pan.require(toFail: handlePress)
    }

    /// Whether a row is lifted by these gestures now.
    var isHolding: Bool { holder != nil }

    /// Puts a lifted row back with no call (Escape, reordering turned off).
    func cancel() {
        guard holder != nil else { return }
        holder = nil
        scroller.stop()
        list.cancelInteractiveMovement()
    }

    /// Whether a press at `point` (list coordinates) may lift a row.
    private func mayLift(at point: Point) -> Bool {
        list.reorderingEnabled && list.movingRow == nil && list.row(at: point) != nil
    }

    /// Whether `point` (list coordinates) is on a row's reorder handle.
    private func isOnHandle(_ point: Point) -> Bool {
        let width = list.bounds.width
        let handle = ReorderGesture.handleWidth
        return list.layoutDirection == .rightToLeft ? point.x < handle : point.x >= width - handle
    }

    private func pressed(_ recognizer: GestureRecognizer) {
        switch recognizer.state {
        case .began:
            // The row pressed, held where the press landed; then to where the finger is now.
            let start = recognizer.startLocation(in: list)
            guard holder == nil, let row = list.row(at: start), list.beginInteractiveMovement(ofRow: row, at: start)
            else { return }
            holder = recognizer
            follow()
            scroller.track(recognizer.location(in: list))
        case .changed:
            guard holder === recognizer else { return }
            follow()
            scroller.track(recognizer.location(in: list))
        case .ended:
            guard holder === recognizer else { return }
            holder = nil
            scroller.stop()
            list.endInteractiveMovement()
        case .cancelled:
            guard holder === recognizer else { return }
            cancel()
        case .possible, .failed:
            break
        }
    }

    /// The lifted row follows the finger over the content (which moves under a still finger while it scrolls).
    private func follow() {
        guard let holder else { return }
        list.updateInteractiveMovement(to: holder.location(in: list))
    }
}
