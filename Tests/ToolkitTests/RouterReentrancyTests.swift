// <doc:ScrollBehaviour> §2.7 and §2.9 under re-entrant app code: a delegate or a container override that disables
// scrolling or removes a container while the router walks its containers must not leave another container with a finger
// that is gone (a phantom finger: `isTracking` stuck true, the next gesture ignored).

import Testing
@testable import ToolkitCore

/// A delegate that runs `action` from `willEndDragging` (a question asked during the lift).
@MainActor
private final class ActingDelegate: ScrollContainerDelegate {
    var action: ((ScrollContainer) -> Void)?
    func scrollContainerWillEndDragging(_ container: ScrollContainer, velocity: Point,
                                        targetContentOffset: inout Point) {
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
