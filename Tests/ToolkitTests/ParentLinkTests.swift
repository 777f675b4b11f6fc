// The links up the tree neither own nor are weak (`View.superview`, `View.hostWindow`): they are cleared on every
// way a parent or a window stops holding a view (removal, a move elsewhere, the parent's or window's deinit), so a
// removed or freed parent is never reached. The window's own references to views (touches, hover, focus) let go of
// a view that leaves it. These tests free things at the awkward moments; the suite also runs under ASan, which
// turns any read of a freed parent into a report.

import Testing

@testable import ToolkitCore

/// A view that runs `onBegan` / `onMoved` from its touch calls (app code that removes views mid-gesture).
@MainActor
private final class ActingView: View {
    var onBegan: (() -> Void)?
    var onMoved: (() -> Void)?
    var onCancelled: (() -> Void)?
    override func touchesBegan(_ touches: [Touch]) { onBegan?() }
    override func touchesMoved(_ touches: [Touch]) { onMoved?() }
    override func touchesCancelled(_ touches: [Touch]) { onCancelled?() }
}

@MainActor
@Suite struct ParentLinkTests {
    private let frame = Rect(x: 0, y: 0, width: 100, height: 100)

    // MARK: - Superview

    @Test func aRemovedViewHasNoSuperview() {
        let parent = View(frame: frame)
        let child = View(frame: frame)
        parent.addSubview(child)
        #expect(child.superview === parent)
        child.removeFromSuperview()
        #expect(child.superview == nil)
        #expect(parent.subviews.isEmpty)
        #expect(!child.isDescendant(of: parent))
    }

    @Test func addingAViewElsewhereMovesItsLink() {
        let a = View(frame: frame)
        let b = View(frame: Rect(x: 50, y: 0, width: 100, height: 100))
        let child = View(frame: Rect(x: 10, y: 10, width: 10, height: 10))
        a.addSubview(child)
        b.addSubview(child)
        #expect(child.superview === b)
        #expect(a.subviews.isEmpty)
        #expect(b.subviews.count == 1 && b.subviews[0] === child)
        #expect(child.convert(Point.zero, to: nil) == Point(x: 60, y: 10))
    }

    @Test func aFreedParentLeavesItsChildDetached() {
        weak var gone: View?
        let child = View(frame: Rect(x: 10, y: 20, width: 10, height: 10))
        let grandchild = View(frame: Rect(x: 1, y: 2, width: 5, height: 5))
        child.addSubview(grandchild)
        do {
            let parent = View(frame: Rect(x: 100, y: 100, width: 100, height: 100))
            gone = parent
            parent.addSubview(child)
            #expect(child.convert(Point.zero, to: nil) == Point(x: 110, y: 120))
        }
        #expect(gone == nil)
        #expect(child.superview == nil)
        // Everything that walks up stops at the child now: nothing reads the freed parent.
        #expect(grandchild.superview === child)
        #expect(grandchild.convert(Point.zero, to: nil) == Point(x: 11, y: 22))
        #expect(child.convert(Point.zero, to: nil) == Point(x: 10, y: 20))
        child.setNeedsDisplay()
        child.removeFromSuperview()
        // It can join another parent.
        let other = View(frame: frame)
        other.addSubview(child)
        #expect(child.superview === other)
    }

    @Test func aFreedViewDropsAChainOfAncestorsOneByOne() {
        weak var goneTop: View?
        weak var goneMiddle: View?
        let leaf = View(frame: frame)
        do {
            let top = View(frame: frame)
            let middle = View(frame: frame)
            goneTop = top
            goneMiddle = middle
            top.addSubview(middle)
            middle.addSubview(leaf)
        }
        #expect(goneTop == nil && goneMiddle == nil)
        #expect(leaf.superview == nil)
    }

    // MARK: - Window

    @Test func aViewThatOutlivesItsWindowHasNoHostAndItsCallsDoNothing() {
        weak var goneWindow: WindowCore?
        let container = ScrollContainer(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        container.contentSize = Size(width: 100, height: 1000)
        let row = View(frame: Rect(x: 0, y: 0, width: 100, height: 44))
        container.addSubview(row)
        var root: View?
        do {
            let window = WindowCore(size: Size(width: 100, height: 100))
            goneWindow = window
            root = window.rootView
            window.rootView.addSubview(container)
            #expect(row.hostWindow === window)
            // A timer and an animator in the window: an animated scroll.
            container.setContentOffset(Point(x: 0, y: 300), animated: true)
            #expect(window.needsFrame)
        }
        #expect(goneWindow == nil)
        #expect(container.hostWindow == nil && row.hostWindow == nil && root?.hostWindow == nil)
        // Whatever would reach the window does nothing, and the tree keeps working without it.
        row.setNeedsDisplay()
        container.contentOffset = Point(x: 0, y: 120)
        #expect(container.contentOffset == Point(x: 0, y: 120))
        container.setContentOffset(Point(x: 0, y: 200), animated: true)
        #expect(container.contentOffset == Point(x: 0, y: 200))
        container.removeFromSuperview()
        #expect(container.superview == nil)
        // It joins another window and scrolls there.
        let window = HeadlessWindow(size: Size(width: 100, height: 100))
        window.rootView.addSubview(container)
        #expect(row.hostWindow === window.core)
        window.touchDown(id: 1, at: Point(x: 50, y: 80))
        window.advance(by: .milliseconds(10))
        window.touchMove(id: 1, to: Point(x: 50, y: 40))
        window.advance(by: .milliseconds(10))
        window.touchMove(id: 1, to: Point(x: 50, y: 20))
        #expect(container.isDragging)
        window.touchUp(id: 1)
        #expect(container.isDecelerating)
        window.advance(by: .seconds(10))
        #expect(!container.isDecelerating)
        #expect(container.contentOffset.y >= 0 && container.contentOffset.y <= 900)
    }

    @Test func aWindowFreedWhileATouchIsHeldBackLeavesNoTimerBehind() {
        weak var goneWindow: WindowCore?
        weak var goneContainer: ScrollContainer?
        var timers: TimerQueue?
        do {
            let container = ScrollContainer(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            container.contentSize = Size(width: 100, height: 1000)
            container.addSubview(RecordingView(frame: frame))
            goneContainer = container
            let window = HeadlessWindow(size: Size(width: 100, height: 100))
            goneWindow = window.core
            timers = window.core.timers
            window.rootView.addSubview(container)
            // The container holds the touch back: its delay timer runs in the window.
            window.touchDown(id: 1, at: Point(x: 50, y: 80))
            #expect(window.core.timers.count == 1)
        }
        #expect(goneWindow == nil)
        #expect(goneContainer == nil)
        // The app kept the window's timer queue: no timer in it reaches the freed container.
        #expect(timers?.count == 0)
        timers?.fire(upTo: .seconds(100))
    }

    @Test func aRootViewThatOutlivesItsWindowTakesNoHostToNewSubviews() {
        var root: View?
        do {
            let window = WindowCore(size: Size(width: 100, height: 100))
            root = window.rootView
        }
        let view = View(frame: frame)
        root?.addSubview(view)
        #expect(view.hostWindow == nil)
        #expect(view.superview === root)
    }

    // MARK: - The window's references to views

    @Test func aContentViewRemovedAndFreedMidGestureIsNotKeptAndGetsOneCancel() {
        let window = HeadlessWindow(size: Size(width: 100, height: 100))
        weak var gone: ActingView?
        var cancels = 0
        do {
            let view = ActingView(frame: frame)
            gone = view
            window.rootView.addSubview(view)
            // The view removes itself at its first move: it gets its cancel, and the router lets go of it.
            view.onMoved = { [unowned view] in view.removeFromSuperview() }
            view.onCancelled = { cancels += 1 }
            window.touchDown(id: 1, at: Point(x: 50, y: 50))
            window.touchMove(id: 1, to: Point(x: 50, y: 60))
        }
        #expect(cancels == 1)
        #expect(gone == nil)
        window.touchMove(id: 1, to: Point(x: 50, y: 70))
        window.touchUp(id: 1)
        window.touchDown(id: 2, at: Point(x: 50, y: 50))
        #expect(window.core.touchRouter.activeTouchCount == 1)
        window.touchUp(id: 2)
    }

    @Test func aContainerRemovedAndFreedFromAnObserverMidDragIsNotReached() {
        weak var goneContainer: ScrollContainer?
        weak var goneContent: View?
        let window = HeadlessWindow(size: Size(width: 400, height: 800))
        var token: Observation?
        do {
            let container = ScrollContainer(frame: Rect(x: 0, y: 0, width: 400, height: 800))
            container.contentSize = Size(width: 400, height: 4000)
            let content = RecordingView(frame: Rect(x: 0, y: 0, width: 400, height: 4000))
            container.addSubview(content)
            window.rootView.addSubview(container)
            goneContainer = container
            goneContent = content
            // The observer takes the container out of the window in the middle of the drag and drops the last
            // reference the test holds: the router's walk, the effect queue and the frame go on without it.
            token = container.observe(\.contentOffset) { c, change in
                if change.newValue.y > 30 { c.removeFromSuperview() }
            }
        }
        window.touchDown(id: 1, at: Point(x: 200, y: 600))
        for step in 1...10 {
            window.advance(by: .milliseconds(8))
            window.touchMove(id: 1, to: Point(x: 200, y: 600 - Double(step) * 10))
        }
        #expect(window.rootView.subviews.isEmpty)
        token?.invalidate()
        token = nil
        #expect(goneContainer == nil)
        #expect(goneContent == nil)
        window.touchUp(id: 1)
        window.advance(by: .seconds(1))
        #expect(window.core.touchRouter.activeTouchCount == 0)
    }

    @Test func aContainerRemovedFromItsOwnContentsTouchIsFreedAndTheGestureEnds() {
        let window = HeadlessWindow(size: Size(width: 400, height: 800))
        weak var goneContainer: ScrollContainer?
        weak var goneRow: ActingView?
        do {
            let container = ScrollContainer(frame: Rect(x: 0, y: 0, width: 400, height: 800))
            container.contentSize = Size(width: 400, height: 4000)
            container.delaysContentTouches = false
            let row = ActingView(frame: Rect(x: 0, y: 0, width: 400, height: 800))
            container.addSubview(row)
            window.rootView.addSubview(container)
            goneContainer = container
            goneRow = row
            // The row's began (delivered at once) takes the whole list away, as a "close" button would.
            row.onBegan = { [unowned container] in container.removeFromSuperview() }
        }
        window.touchDown(id: 1, at: Point(x: 200, y: 400))
        #expect(goneContainer == nil)
        #expect(goneRow == nil)
        window.touchMove(id: 1, to: Point(x: 200, y: 300))
        window.touchUp(id: 1)
        window.advance(by: .seconds(1))
        #expect(window.core.touchRouter.activeTouchCount == 0)
    }

    @Test func aHoveredViewThatLeavesIsFreedAndHoverGoesToItsSuperview() {
        let window = HeadlessWindow(size: Size(width: 100, height: 100))
        weak var gone: View?
        let holder = View(frame: frame)
        window.rootView.addSubview(holder)
        do {
            let view = View(frame: frame)
            gone = view
            holder.addSubview(view)
            window.pointerMove(to: Point(x: 50, y: 50))
            #expect(window.core.hoveredView === view)
            view.removeFromSuperview()
        }
        #expect(gone == nil)
        #expect(window.core.hoveredView === holder)
        window.pointerMove(to: Point(x: 60, y: 60))
        #expect(window.core.hoveredView === holder)
    }

    @Test func aFocusedViewThatLeavesIsFreedAndAViewOutsideTheWindowTakesNoFocus() {
        let window = HeadlessWindow(size: Size(width: 100, height: 100))
        weak var gone: ScrollContainer?
        do {
            let container = ScrollContainer(frame: frame)
            container.contentSize = Size(width: 100, height: 1000)
            gone = container
            window.rootView.addSubview(container)
            window.core.setFocus(container)
            #expect(window.core.focusedView === container)
            container.removeFromSuperview()
            #expect(window.core.focusedView == nil)
        }
        #expect(gone == nil)
        let outside = View(frame: frame)
        window.core.setFocus(outside)
        #expect(window.core.focusedView == nil)
        window.key(.pageDown, pressed: true)
    }

    @Test func aTouchpadTargetThatLeavesMidGestureIsFreed() {
        let window = HeadlessWindow(size: Size(width: 100, height: 100))
        weak var gone: ScrollContainer?
        do {
            let container = ScrollContainer(frame: frame)
            container.contentSize = Size(width: 100, height: 1000)
            gone = container
            window.rootView.addSubview(container)
            window.pointerMove(to: Point(x: 50, y: 50))
            window.pointerAxis(dx: 0, dy: 10, source: .finger)
            #expect(container.contentOffset.y > 0)
            container.removeFromSuperview()
            window.pointerLeave()
        }
        #expect(gone == nil)
        window.pointerMove(to: Point(x: 50, y: 50))
        window.pointerAxis(dx: 0, dy: 10, source: .finger)
        window.pointerAxisStop()
    }

    @Test func aContainerWithADelayedTouchLeavesNoTimerWhenRemovedAndFreed() {
        let window = HeadlessWindow(size: Size(width: 100, height: 100))
        weak var gone: ScrollContainer?
        do {
            let container = ScrollContainer(frame: frame)
            container.contentSize = Size(width: 100, height: 1000)
            container.addSubview(RecordingView(frame: frame))
            gone = container
            window.rootView.addSubview(container)
            window.touchDown(id: 1, at: Point(x: 50, y: 50))
            #expect(window.core.timers.count == 1)  // the content delay
            container.removeFromSuperview()
            #expect(window.core.timers.count == 0)
        }
        #expect(gone == nil)
        window.advance(by: .seconds(1))
        window.touchUp(id: 1)
    }
}

/// A drag handed along a chain of same-axis containers (<doc:ScrollBehaviour> §14) holds the containers around the
/// latched one; a window that goes away mid-drag must free them all (a kept chain is a reference cycle).
@MainActor
@Suite struct ChainLinkLifetimeTests {
    @Test func aWindowFreedMidChainedDragFreesItsContainers() {
        weak var outerRef: ScrollContainer?
        weak var innerRef: ScrollContainer?
        do {
            let window = HeadlessWindow(size: Size(width: 200, height: 400))
            let outer = ScrollContainer(frame: Rect(x: 0, y: 0, width: 200, height: 400))
            outer.contentSize = Size(width: 200, height: 2_000)
            let inner = ScrollContainer(frame: Rect(x: 0, y: 0, width: 200, height: 200))
            inner.contentSize = Size(width: 200, height: 300)
            outer.addSubview(inner)
            window.rootView.addSubview(outer)
            outerRef = outer
            innerRef = inner
            // Up 200 pt from inside the inner list: it reaches its end (100) and hands the rest to the outer one.
            window.touchDown(id: 1, at: Point(x: 100, y: 190))
            for step in 1...10 { window.touchMove(id: 1, to: Point(x: 100, y: 190 - Double(step) * 20)) }
            #expect(inner.contentOffset.y == 100)
            #expect(outer.contentOffset.y > 0)
        }
        #expect(innerRef == nil)
        #expect(outerRef == nil)
    }
}
