// A bottom sheet written as an app would, against ToolkitCore's public API only: a participant that is a link of
// the same-axis chain of the list inside it (SCROLL.md 14). Pulling the list down past its top lowers the sheet with
// the rest of the finger's motion; a release or a fling the list cannot use goes to the sheet. The sheet never
// drags on its own: everything it does comes through the chain.

import Testing
import ToolkitCore

@MainActor
private final class BottomSheet: View, TouchParticipant {
    /// How far the sheet is pulled down, 0...300 pt. As a chain sees it, the sheet's content offset is `-lowered`.
    private(set) var lowered = 0.0
    static let travel = 300.0
    private var fingers: Set<Int> = []
    private(set) var joined: [String] = []
    private(set) var releaseVelocity: Double?
    private(set) var fling: (velocity: Double, time: Duration, onward: Int)?
    private(set) var pointerGestureEnded = 0
    private(set) var finished = 0

    override var touchParticipant: (any TouchParticipant)? { self }

    var arbitratedView: View? { self }
    func takesPart(inTouch id: Int) -> Bool { true }
    func fingerDown(_ id: Int, at location: Point, time: Duration) -> ContentTouchDisposition {
        fingers.insert(id)
        return .deliver
    }
    func fingerMoved(_ id: Int, to location: Point) {}
    func touchFrameEnded(at time: Duration) {}
    func fingerLifted(_ id: Int, at time: Duration) { fingers.remove(id) }
    func allFingersCancelled(at time: Duration) { fingers.removeAll() }
    // Another participant's gesture (the list's drag) does not end the sheet's part: it stays a link of the chain.
    func fingersClaimed(_ claim: TouchClaim, at time: Duration) {}
    func leaveArena(at time: Duration) { fingers.removeAll() }
    func tracksFinger(_ id: Int) -> Bool { fingers.contains(id) }
    var tracksAnyFinger: Bool { !fingers.isEmpty }

    // MARK: The chain

    func movesContent(along axis: Axis) -> Bool { axis == .vertical }
    func canMoveContent(along axis: Axis, direction: Double) -> Bool {
        guard axis == .vertical else { return false }
        return direction < 0 ? lowered < BottomSheet.travel : direction > 0 && lowered > 0
    }
    var acceptsChainedDrag: Bool { !fingers.isEmpty }
    var containsChainedMotion: Bool { true }
    func takeChainedMotion(_ delta: Double, along axis: Axis, pointer: Bool) -> Double {
        guard axis == .vertical else { return delta }
        let next = min(max(lowered - delta, 0), BottomSheet.travel)
        guard next != lowered else { return delta }
        if joined.isEmpty { joined.append(pointer ? "touchpad" : "drag") }
        let used = lowered - next
        lowered = next
        return delta - used
    }
    func chainedMotionFinished() { finished += 1 }
    func takeChainedRelease(velocity: Double, along axis: Axis, pointer: Bool) -> Bool {
        releaseVelocity = velocity
        return true
    }
    func chainedPointerGestureEnded(at time: Duration) { pointerGestureEnded += 1 }
    func takeChainedFling(
        velocity: Double, along axis: Axis, at time: Duration, onward: ArraySlice<any TouchParticipant>
    ) -> Bool {
        fling = (velocity, time, onward.count)
        return true
    }
    var chainedContentOffset: Point {
        get { Point(x: 0, y: -lowered) }
        set { lowered = -newValue.y }
    }
}

@MainActor
@Suite struct CustomChainLinkTests {
    /// A 400 x 600 list of 6,000 pt inside the sheet, scrolled to `offset`.
    private func scene(offset: Double, resampling: Bool = true) -> (HeadlessWindow, BottomSheet, ScrollContainer) {
        let window = HeadlessWindow(size: Size(width: 400, height: 800))
        window.core.resamplesTouches = resampling
        let sheet = BottomSheet(frame: Rect(x: 0, y: 200, width: 400, height: 600))
        let list = ScrollContainer(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        list.contentSize = Size(width: 400, height: 6_000)
        list.contentOffset = Point(x: 0, y: offset)
        sheet.addSubview(list)
        window.rootView.addSubview(sheet)
        return (window, sheet, list)
    }

    /// A finger from y 300 down by `distance` pt in `steps` moves 8 ms apart, then (with `lift`) lifted.
    private func pull(_ window: HeadlessWindow, by distance: Double, steps: Int, lift: Bool = true) {
        window.touchDown(id: 1, at: Point(x: 200, y: 300))
        for k in 1...steps {
            window.advance(by: .milliseconds(8))
            window.touchMove(id: 1, to: Point(x: 200, y: 300 + distance * Double(k) / Double(steps)))
        }
        if lift { window.touchUp(id: 1) }
    }

    /// With resampling, frames between the samples hand a resampled motion out from where the raw samples left the
    /// chain (`chainedContentOffset`); the resting finger shows the raw state exactly.
    @Test(arguments: [true, false]) func whatTheListCannotUseLowersTheSheet(resampling: Bool) {
        let (window, sheet, list) = scene(offset: 100, resampling: resampling)
        pull(window, by: 300, steps: 10, lift: false)
        // 10 pt of slop, 100 pt to the list's top, the other 190 pt to the sheet: nothing lost, nothing twice.
        #expect(list.contentOffset.y == 0)
        #expect(sheet.lowered == 190)
        window.advance(by: .milliseconds(100))
        #expect(list.contentOffset.y == 0)
        #expect(sheet.lowered == 190)
        #expect(sheet.joined == ["drag"])
        #expect(sheet.finished > 0)
        // Back up by 250 pt: the latched list moves first (SCROLL.md 14), the sheet stays where it is.
        for k in 1...5 {
            window.advance(by: .milliseconds(8))
            window.touchMove(id: 1, to: Point(x: 200, y: 600 - 250 * Double(k) / 5))
        }
        window.advance(by: .milliseconds(100))
        #expect(list.contentOffset.y == 250)
        #expect(sheet.lowered == 190)
        window.touchUp(id: 1)
    }

    @Test func theSheetStopsAtItsEndAndTheRestRubberBands() {
        let (window, sheet, list) = scene(offset: 0)
        list.contentOffset = Point(x: 0, y: 20)
        pull(window, by: 400, steps: 10, lift: false)
        // 20 pt to the list, 300 to the sheet, and 70 pt that nobody can use: the list (the only one that bounces)
        // shows them beyond its top through the rubber band b(x) = (1 - 1 / (x * 0.55 / d + 1)) * d, d = 600.
        #expect(sheet.lowered == 300)
        let band = (1 - 1 / (70 * 0.55 / 600 + 1)) * 600
        #expect(abs(list.contentOffset.y + band) < 1e-9)
        window.touchUp(id: 1)
    }

    @Test func aReleaseTheListCannotUseGoesToTheSheet() {
        let (window, sheet, list) = scene(offset: 50)
        pull(window, by: 200, steps: 5, lift: false)
        let velocity = list.panGestureRecognizer.velocity(in: nil).y
        window.touchUp(id: 1)
        // The finger moves down: the content's velocity is its opposite, in content points per second.
        #expect(velocity > 0)
        #expect(sheet.releaseVelocity == -velocity)
        #expect(list.contentOffset.y == 0)
        #expect(!list.isDecelerating)
    }

    @Test func aFlingThatReachesTheListsTopIsHandedToTheSheet() throws {
        let (window, sheet, list) = scene(offset: 400)
        // A fast flick down: the list decelerates toward its top and reaches it.
        pull(window, by: 160, steps: 4)
        #expect(list.isDecelerating)
        #expect(sheet.fling == nil)
        for _ in 0..<200 where sheet.fling == nil { window.advance(by: .milliseconds(8)) }
        let fling = try #require(sheet.fling)
        #expect(fling.velocity < 0)
        #expect(fling.onward == 0)
        // The list stops at its top without a bounce.
        #expect(list.contentOffset.y == 0)
        #expect(!list.isDecelerating)
    }

    @Test func aTouchpadSwipeChainsToTheSheetAndEndsWithItsStop() {
        let (window, sheet, list) = scene(offset: 30)
        window.pointerMove(to: Point(x: 200, y: 400))
        for _ in 0..<10 {
            window.advance(by: .milliseconds(8))
            window.pointerAxis(dx: 0, dy: -10, source: .finger)
        }
        // 30 pt to the list's top, the other 70 to the sheet.
        #expect(list.contentOffset.y == 0)
        #expect(sheet.lowered == 70)
        #expect(sheet.joined == ["touchpad"])
        window.pointerAxisStop()
        #expect(sheet.pointerGestureEnded == 1)
    }
}
