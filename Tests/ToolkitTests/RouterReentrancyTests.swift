// <doc:ScrollBehaviour> §2.7 and §2.9 under re-entrant app code: a delegate or a container override that disables
// scrolling or removes a container while the router walks its containers must not leave another container with a finger
// that is gone (a phantom finger: `isTracking` stuck true, the next gesture ignored).

import Testing

@testable import ToolkitCore

/// A delegate that runs `action` from `willEndDragging` (a question asked during the lift).
@MainActor
private final class ActingDelegate: ScrollContainerDelegate {
    var action: ((ScrollContainer) -> Void)?
    func scrollContainerWillEndDragging(
        _ container: ScrollContainer, velocity: Point,
        targetContentOffset: inout Point
    ) {
        action?(container)
    }
}

/// A list that runs `onShouldCancel` when a drag asks whether it may cancel its content's touches.
@MainActor
private final class AskingList: ScrollContainer {
    var onShouldCancel: (() -> Void)?
    override func touchesShouldCancel(in view: View) -> Bool {
        onShouldCancel?()
        return super.touchesShouldCancel(in: view)
    }
}

@MainActor @Suite struct RouterReentrancyTests {
    let start = Point(x: 200, y: 400)

    /// The inner list disables itself in `willEndDragging` while the lift walks the containers: the outer
    /// pager, which declined the finger, must still hear of the lift.
    @Test func listDisabledInWillEndDraggingLetsThePagerHearTheLift() {
        let s = NestedScene()
        let delegate = ActingDelegate()
        delegate.action = { $0.isScrollEnabled = false }
        s.lists[0].delegate = delegate
        s.window.drag(from: start, to: start - Point(x: 0, y: 200), steps: 10, durationMS: 150)
        #expect(!s.lists[0].isTracking)
        #expect(!s.pager.isTracking)
        #expect(s.window.core.touchRouter.activeTouchCount == 0)
        // The pager still pages with the next horizontal drag.
        s.window.settle(s.pager)
        s.window.drag(from: start, to: start - Point(x: 300, y: 0), steps: 15, durationMS: 300, holdMS: 60)
        s.window.settle(s.pager)
        #expect(near(s.pager.contentOffset.x, 400))
        #expect(!s.pager.isTracking)
    }

    /// The inner list removes itself from the tree in `willEndDragging`.
    @Test func listRemovedInWillEndDraggingLetsThePagerHearTheLift() {
        let s = NestedScene()
        let delegate = ActingDelegate()
        delegate.action = { $0.removeFromSuperview() }
        s.lists[0].delegate = delegate
        s.window.drag(from: start, to: start - Point(x: 0, y: 200), steps: 10, durationMS: 150)
        #expect(!s.pager.isTracking)
        #expect(s.window.core.touchRouter.activeTouchCount == 0)
    }

    /// A compositor cancel while the list's delegate disables it during the cancel's release planning.
    @Test func listDisabledDuringACancelLetsThePagerBeCancelledToo() {
        let s = NestedScene()
        let delegate = ActingDelegate()
        delegate.action = { $0.isScrollEnabled = false }
        s.lists[0].delegate = delegate
        s.window.drag(from: start, to: start - Point(x: 0, y: 200), steps: 10, durationMS: 150, lift: false)
        #expect(s.lists[0].isDragging)
        #expect(s.pager.isTracking)
        s.window.touchCancel()
        #expect(!s.pager.isTracking)
        #expect(!s.lists[0].isTracking)
    }

    /// A frame: the list's `touchesShouldCancel` disables the list while the frame walks the containers; the
    /// pager then still decides for the same frame and drags.
    @Test func listDisabledDuringAFrameLetsThePagerDecideInTheSameFrame() {
        let window = HeadlessWindow(size: Size(width: 400, height: 800))
        let pager = ScrollContainer(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        pager.contentSize = Size(width: 1200, height: 800)
        let list = AskingList(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        list.contentSize = Size(width: 400, height: 4000)
        list.delaysContentTouches = false
        pager.delaysContentTouches = false
        let row = RecordingView(frame: Rect(x: 0, y: 0, width: 400, height: 4000))
        list.addSubview(row)
        pager.addSubview(list)
        window.rootView.addSubview(pager)
        list.onShouldCancel = { [unowned list] in list.isScrollEnabled = false }
        window.touchDown(id: 1, at: start)
        #expect(row.calls.map(\.kind) == [.began])
        window.advance(ms: 16)
        // Horizontal: the list cannot scroll along it, so only the pager can claim it.
        window.touchMove(id: 1, to: start - Point(x: 40, y: 0))
        #expect(pager.isDragging)
        window.touchUp(id: 1)
        window.settle(pager)
        #expect(!pager.isTracking)
        #expect(row.grammarViolation(requireEnded: true) == nil)
    }
}

/// Logs its hover calls into a shared log; removes itself from the window when exited, if asked.
@MainActor
private final class HoverLogger: View {
    let name: String
    var log: (String) -> Void = { _ in }
    var removesItselfOnExit = false
    init(_ name: String, frame: Rect) {
        self.name = name
        super.init(frame: frame)
    }
    override func pointerEntered(_ location: Point) { log("\(name).entered") }
    override func pointerExited(_ location: Point) {
        log("\(name).exited")
        if removesItselfOnExit { removeFromSuperview() }
    }
    override func pointerMoved(_ location: Point) { log("\(name).moved") }
}

@MainActor
@Suite struct HoverReentrancyTests {
    /// outer ⊃ middle ⊃ leaf, all hovered; the leaf removes itself when it is exited.
    private func scene() -> (HeadlessWindow, HoverLogger, HoverLogger, HoverLogger, () -> [String]) {
        let window = HeadlessWindow(size: Size(width: 300, height: 300))
        let outer = HoverLogger("outer", frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let middle = HoverLogger("middle", frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let leaf = HoverLogger("leaf", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        var log: [String] = []
        for view in [outer, middle, leaf] { view.log = { log.append($0) } }
        middle.addSubview(leaf)
        outer.addSubview(middle)
        window.rootView.addSubview(outer)
        return (window, outer, middle, leaf, { log })
    }

    @Test func aViewRemovingItselfFromPointerExitedLeavesEveryAncestorExitedOnce() {
        let (window, _, _, leaf, log) = scene()
        window.pointerMove(to: Point(x: 50, y: 50))
        #expect(log() == ["outer.entered", "middle.entered", "leaf.entered"])
        leaf.removesItselfOnExit = true
        window.pointerLeave()
        #expect(Array(log().dropFirst(3)) == ["leaf.exited", "middle.exited", "outer.exited"])
        #expect(leaf.superview == nil)
        #expect(window.core.hoveredView == nil)
    }

    @Test func movingOffAViewThatRemovesItselfExitsItOnceAndKeepsItsAncestorsHovered() {
        let (window, _, middle, leaf, log) = scene()
        window.pointerMove(to: Point(x: 50, y: 50))
        leaf.removesItselfOnExit = true
        window.pointerMove(to: Point(x: 150, y: 150))
        #expect(Array(log().dropFirst(3)) == ["leaf.exited", "middle.moved", "outer.moved"])
        #expect(window.core.hoveredView === middle)
        window.pointerLeave()
        #expect(log().filter { $0 == "middle.exited" }.count == 1)
        #expect(log().filter { $0 == "leaf.exited" }.count == 1)
    }
}
