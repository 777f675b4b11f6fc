// The routers know the views that arbitrate only through `TouchParticipant` and `PointerScrollParticipant`: a view
// that is not a `ScrollContainer` joins by conforming and answering itself. These participants are minimal on
// purpose (a swipe catcher, a wheel counter), so that what the tests see is the router's side of the contract.

import Testing

@testable import ToolkitCore

/// Holds its finger's content back until it moved 20 pt horizontally (then claims it for itself) or lifted
/// (then lets the content have it, as a tap).
@MainActor
private final class SwipeCatcher: View, TouchParticipant {
    var finger: Int?
    var start = Point.zero
    var latest = Point.zero
    var holding = false
    var claimed = false
    var frames = 0
    var declined = 0
    var effectsDrained = 0

    override var touchParticipant: (any TouchParticipant)? { self }

    var arbitratedView: View? { self }
    func takesPart(inTouch id: Int) -> Bool { true }
    func fingerDown(_ id: Int, at location: Point, time: Duration) -> ContentTouchDisposition {
        finger = id
        start = location
        latest = location
        holding = true
        return .hold
    }
    func fingerMoved(_ id: Int, to location: Point) { latest = location }
    func touchFrameEnded(at time: Duration) {
        frames += 1
        // Claims once the finger moved 20 pt sideways while held.
        if holding && abs(latest.x - start.x) >= 20 {
            holding = false
            claimed = true
            touchArena?.claimFingers(of: self, cancellingContent: true)
        }
    }
    func fingerLifted(_ id: Int, at time: Duration) {
        finger = nil
        if holding {
            holding = false
            touchArena?.releaseContent(of: self)
        }
    }
    func allFingersCancelled(at time: Duration) {
        finger = nil
        holding = false
    }
    func fingersClaimed(_ claim: TouchClaim, at time: Duration) {
        declined += 1
        holding = false
        touchArena?.releaseContent(of: self)
    }
    func leaveArena(at time: Duration) {
        finger = nil
        holding = false
    }
    func tracksFinger(_ id: Int) -> Bool { finger == id }
    var tracksAnyFinger: Bool { finger != nil }
    var holdsContentBack: Bool { holding }
    func runQueuedEffects() { effectsDrained += 1 }
}

/// Counts the wheel units it takes along the vertical axis.
@MainActor
private final class WheelCounter: View, PointerScrollParticipant {
    var units = 0.0
    override var pointerScrollParticipant: (any PointerScrollParticipant)? { self }
    func canStep(along axis: Axis) -> Bool { axis == .vertical }
    func canTouchpadScroll(along axis: Axis) -> Bool { false }
    func wheelScroll(_ axis: Axis, units: Double, at time: Duration) { self.units += units }
    func continuousScroll(_ axis: Axis, by distance: Double) {}
    func touchpadScroll(by delta: Point, at time: Duration) {}
    func touchpadEnded(at time: Duration) {}
    func completeStepAnimations(at time: Duration) {}
    var canZoom: Bool { false }
    func wheelZoom(units: Double, around location: Point, time: Duration) -> Bool { false }
    func touchpadPinchBegan(at location: Point, time: Duration) -> Bool { false }
    func touchpadPinchChanged(scale: Double, time: Duration) {}
    func touchpadPinchEnded(cancelled: Bool, time: Duration) {}
}

/// Records the content's touch calls.
@MainActor
private final class Recorder: View {
    var calls: [String] = []
    override func touchesBegan(_ touches: [Touch]) { calls.append("began") }
    override func touchesMoved(_ touches: [Touch]) { calls.append("moved") }
    override func touchesEnded(_ touches: [Touch]) { calls.append("ended") }
    override func touchesCancelled(_ touches: [Touch]) { calls.append("cancelled") }
}

@MainActor
@Suite struct ParticipantTests {
    private func scene() -> (HeadlessWindow, SwipeCatcher, Recorder) {
        let window = HeadlessWindow(size: Size(width: 200, height: 200))
        let catcher = SwipeCatcher(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let content = Recorder(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        catcher.addSubview(content)
        window.rootView.addSubview(catcher)
        return (window, catcher, content)
    }

    @Test func aTapOnAParticipantThatHoldsReachesTheContentAtTheLift() {
        let (window, catcher, content) = scene()
        window.touchDown(id: 1, at: Point(x: 50, y: 50))
        #expect(catcher.holdsContentBack)
        #expect(content.calls.isEmpty)
        window.touchUp(id: 1)
        #expect(content.calls == ["began", "ended"])
        #expect(!catcher.tracksAnyFinger)
    }

    @Test func aSwipeClaimedByAParticipantNeverReachesTheContent() {
        let (window, catcher, content) = scene()
        window.touchDown(id: 1, at: Point(x: 50, y: 50))
        window.touchMove(id: 1, to: Point(x: 60, y: 50))
        #expect(!catcher.claimed)
        window.touchMove(id: 1, to: Point(x: 75, y: 50))
        #expect(catcher.claimed)
        #expect(catcher.frames == 2)
        window.touchUp(id: 1)
        #expect(content.calls.isEmpty)
    }

    @Test func aScrollContainerClaimingTheFingerMakesAnInnerParticipantDecline() {
        let window = HeadlessWindow(size: Size(width: 200, height: 200))
        let outer = ScrollContainer(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        outer.contentSize = Size(width: 200, height: 2_000)
        let catcher = SwipeCatcher(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let content = Recorder(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        catcher.addSubview(content)
        outer.addSubview(catcher)
        window.rootView.addSubview(outer)
        window.touchDown(id: 1, at: Point(x: 100, y: 150))
        // A vertical drag: the catcher never claims, the container does past its 10 pt slop.
        for step in 1...5 { window.touchMove(id: 1, to: Point(x: 100, y: 150 - Double(step) * 10)) }
        #expect(outer.isDragging)
        #expect(catcher.declined == 1)
        #expect(!catcher.claimed)
        window.touchUp(id: 1)
        #expect(content.calls.isEmpty)
        #expect(outer.contentOffset.y == 40)
    }

    @Test func theWheelGoesToTheInnermostPointerParticipantThatCanTakeIt() {
        let window = HeadlessWindow(size: Size(width: 200, height: 200))
        let outer = ScrollContainer(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        outer.contentSize = Size(width: 200, height: 2_000)
        let counter = WheelCounter(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        outer.addSubview(counter)
        window.rootView.addSubview(outer)
        window.pointerMove(to: Point(x: 100, y: 50))
        window.pointerAxis(dx: 0, dy: 120, source: .wheel)
        #expect(counter.units == 120)
        #expect(outer.contentOffset.y == 0)
        // Horizontally the counter cannot take it, and neither can the container (no horizontal range).
        window.pointerAxis(dx: 120, dy: 0, source: .wheel)
        #expect(counter.units == 120)
        // Below the counter, a new wheel sequence (more than 0.5 s later: within it the counter keeps the
        // sequence, <doc:ScrollBehaviour> §14) goes to the container.
        window.pointerMove(to: Point(x: 100, y: 150))
        window.advance(by: .milliseconds(600))
        window.pointerAxis(dx: 0, dy: 120, source: .wheel)
        #expect(counter.units == 120)
        window.advance(by: .seconds(1))
        #expect(outer.contentOffset.y > 0)
    }
}
