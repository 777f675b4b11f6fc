// Selecting a range by dragging the mouse over a lazy list or grid in `.multiple` mode (<doc:ScrollBehaviour> §21).
// Written only against the public API (a `PanGestureRecognizer` for the pointer alone, the container's `item(at:)`,
// `selectedItems`, `focusedItem`, and the shared `EdgeAutoScroller`), as an app could write it.
//
// A press on an item and a drag past the pan's slop select the items from the pressed one to the one under the
// pointer (in item order: a grid's rows read across), replacing the selection; the focus and the Shift anchor go
// to the pressed item. The pointer's place is clamped into the visible rect, so past an edge the item at that edge
// counts, and the content scrolls (edge auto-scroll); every frame that scrolls re-reads the item under the pointer,
// so the range grows as items pass under a still pointer. A pointer over a gap keeps the last item. Touch drags are
// not taken (they scroll), nor mouse drags in a container whose `pointerDragScrolls` is set; a click without a drag
// stays a click (the pan never begins).

import Foundation

/// The mouse drag that selects a range of a lazy container's items; see above.
@MainActor
final class DragSelectGesture {
    /// The container. Not owned: it owns this gesture.
    unowned(unsafe) let container: LazyContainer
    /// The pan, on the container, for the pointer only.
    private(set) var pan: PanGestureRecognizer!
    /// The edge auto-scroll while the drag goes on.
    let scroller: EdgeAutoScroller
    /// The item the drag started on, while it goes on.
    private var pressed: Int?
    /// The item the range reaches now.
    private var reached: Int?

    init(container: LazyContainer) {
        self.container = container
        scroller = EdgeAutoScroller(container: container)
        pan = PanGestureRecognizer { [unowned self] _ in self.panned() }
        pan.allowedTouchTypes = .pointer
        pan.shouldBegin = { [unowned self] recognizer in
            // A container whose mouse drags scroll keeps them for scrolling.
            self.container.selectionMode == .multiple && !self.container.pointerDragScrolls
                && self.container.item(at: recognizer.startLocation(in: self.container)) != nil
        }
        scroller.onScroll = { [unowned self] in self.follow() }
        container.addGestureRecognizer(pan)
    }

    private func panned() {
        switch pan.state {
        case .began:
            guard let item = container.item(at: pan.startLocation(in: container)) else { return }
            pressed = item
            reached = nil
            container.focusedItem = item
            follow()
            scroller.track(pan.location(in: container))
        case .changed:
            guard pressed != nil else { return }
            follow()
            scroller.track(pan.location(in: container))
        case .ended, .cancelled, .failed, .possible:
            pressed = nil
            reached = nil
            scroller.stop()
        }
    }

    /// Selects from the pressed item to the one under the pointer (clamped into the visible rect).
    private func follow() {
        guard let pressed, let item = container.item(at: clampedPointer()), item != reached else { return }
        reached = item
        container.selectedItems = IndexSet(integersIn: min(pressed, item)...max(pressed, item))
    }

    /// The pointer over the content, moved into the visible rect and the content when outside them.
    private func clampedPointer() -> Point {
        let point = pan.location(in: container)
        let visible = container.bounds
        let size = container.contentSize
        let right = min(visible.maxX, size.width) - 0.5
        let bottom = min(visible.maxY, size.height) - 0.5
        return Point(
            x: max(min(point.x, right), max(visible.minX, 0)),
            y: max(min(point.y, bottom), max(visible.minY, 0)))
    }
}
