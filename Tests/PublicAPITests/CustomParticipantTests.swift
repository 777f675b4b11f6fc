// An app's own arbiter, written outside ToolkitCore against its public API only: a "swipe to dismiss" card that
// holds its finger back from the card's content until it knows whether the finger swipes sideways (then it
// claims it and moves the card) or lifts (then the content gets the tap). It competes in the same arena as the
// recognizers and the scroll containers.

import Testing
import ToolkitCore

@MainActor
private final class DismissCard: View, TouchParticipant {
    private var finger: Int?
    private var start = Point.zero
    private var latest = Point.zero
    private var holding = false
    private(set) var swiping = false
    private(set) var gaveUp = 0
    private(set) var notified: [String] = []
    private var pending: [String] = []

    override var touchParticipant: (any TouchParticipant)? { self }

    var arbitratedView: View? { self }
    func takesPart(inTouch id: Int) -> Bool { finger == nil }
    func fingerDown(_ id: Int, at location: Point, time: Duration) -> ContentTouchDisposition {
        finger = id
        start = location
        latest = location
        holding = true
        return .hold
    }
    func fingerMoved(_ id: Int, to location: Point) { latest = location }
    func touchFrameEnded(at time: Duration) {
        let dx = latest.x - start.x
        if holding && abs(dx) >= 15 && abs(dx) > abs(latest.y - start.y) {
            holding = false
            swiping = true
            touchArena?.claimFingers(of: self, cancellingContent: true)
            queue("swipe began")
        }
        if swiping { frame.origin.x = dx }
    }
    func fingerLifted(_ id: Int, at time: Duration) {
        finger = nil
        if swiping { queue("swipe ended") }
        swiping = false
        if holding {
            holding = false
            touchArena?.releaseContent(of: self)
        }
    }
    func allFingersCancelled(at time: Duration) {
        finger = nil
        holding = false
        swiping = false
    }
    func fingersClaimed(_ claim: TouchClaim, at time: Duration) {
        switch claim.kind {
        case .gesture:
            // Another participant's gesture won the finger: the card gives it up and lets the content have it.
            gaveUp += 1
            if holding {
                holding = false
                touchArena?.releaseContent(of: self)
            }
        case .content, .caughtMotion:
            // The content keeps it, or a moving container caught it: the card may still swipe.
            break
        }
    }
    func leaveArena(at time: Duration) {
        finger = nil
        holding = false
        swiping = false
    }
    func tracksFinger(_ id: Int) -> Bool { finger == id }
    var tracksAnyFinger: Bool { finger != nil }
    var holdsContentBack: Bool { holding }
    func runQueuedEffects() {
        notified += pending
        pending.removeAll()
    }

    private func queue(_ note: String) {
        pending.append(note)
        if let arena = touchArena { arena.queueEffects(of: self) } else { runQueuedEffects() }
    }
}

@MainActor
private final class Content: View {
    var calls: [String] = []
    override func touchesBegan(_ touches: [Touch]) { calls.append("began") }
    override func touchesEnded(_ touches: [Touch]) { calls.append("ended") }
    override func touchesCancelled(_ touches: [Touch]) { calls.append("cancelled") }
}

@MainActor
@Suite struct CustomParticipantTests {
    private func scene() -> (HeadlessWindow, ScrollContainer, DismissCard, Content) {
        let window = HeadlessWindow(size: Size(width: 400, height: 800))
        let list = ScrollContainer(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        list.contentSize = Size(width: 400, height: 4_000)
        let card = DismissCard(frame: Rect(x: 0, y: 100, width: 400, height: 120))
        let content = Content(frame: Rect(x: 0, y: 0, width: 400, height: 120))
        card.addSubview(content)
        list.addSubview(card)
        window.rootView.addSubview(list)
        return (window, list, card, content)
    }

    private func drag(_ window: HeadlessWindow, from: Point, by delta: Point) {
        window.touchDown(id: 1, at: from)
        for k in 1...5 {
            window.advance(by: .milliseconds(8))
            window.touchMove(id: 1, to: Point(x: from.x + delta.x * Double(k) / 5, y: from.y + delta.y * Double(k) / 5))
        }
        window.touchUp(id: 1)
    }

    @Test func aSidewaysSwipeIsTheCardsAndTheListDeclinesIt() {
        let (window, list, card, content) = scene()
        drag(window, from: Point(x: 100, y: 150), by: Point(x: 100, y: 0))
        #expect(card.frame.origin.x == 100)
        #expect(card.notified == ["swipe began", "swipe ended"])
        #expect(list.contentOffset == .zero)
        #expect(content.calls.isEmpty)
    }

    @Test func aVerticalDragIsTheListsAndTheCardGivesItUp() {
        let (window, list, card, content) = scene()
        drag(window, from: Point(x: 100, y: 200), by: Point(x: 0, y: -100))
        #expect(list.contentOffset.y > 80)
        #expect(card.gaveUp == 1)
        #expect(card.frame.origin.x == 0)
        #expect(content.calls.isEmpty)
    }

    @Test func aTapReachesTheContentAtTheLift() {
        let (window, _, card, content) = scene()
        window.touchDown(id: 1, at: Point(x: 100, y: 150))
        #expect(card.holdsContentBack)
        window.advance(by: .milliseconds(40))
        window.touchUp(id: 1)
        #expect(content.calls == ["began", "ended"])
    }

    @Test func aRecognizerOnTheContentCompetesWithTheCardInnermostFirst() {
        let (window, _, card, content) = scene()
        var panned = 0
        let pan = PanGestureRecognizer { r in if r.state == .began { panned += 1 } }
        content.addGestureRecognizer(pan)
        drag(window, from: Point(x: 100, y: 150), by: Point(x: 100, y: 0))
        // The pan (inner) crossed its 10 pt slop before the card's 15: it won, the card gave up.
        #expect(panned == 1)
        #expect(card.gaveUp == 1)
        #expect(card.frame.origin.x == 0)
    }
}
