// SCROLL.md §18, rule by rule, headless. Scenes: a 400 x 800 window with a vertical list (content 4,000 pt tall)
// whose row at the top (400 x 100) carries the recognizers; numbers are worked out by hand from the rules.

import Testing

@testable import ToolkitCore

/// Records the content's touch calls.
@MainActor
private final class ContentRecorder: View {
    var calls: [String] = []
    override func touchesBegan(_ touches: [Touch]) { calls.append("began") }
    override func touchesMoved(_ touches: [Touch]) { calls.append("moved") }
    override func touchesEnded(_ touches: [Touch]) { calls.append("ended") }
    override func touchesCancelled(_ touches: [Touch]) { calls.append("cancelled") }
}

/// A list with a row, and a log of the recognizers' actions.
@MainActor
private final class GestureScene {
    let window = HeadlessWindow(size: Size(width: 400, height: 800))
    let list = ScrollContainer(frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let row = ContentRecorder(frame: Rect(x: 0, y: 0, width: 400, height: 100))
    var log: [String] = []

    init() {
        list.contentSize = Size(width: 400, height: 4_000)
        list.addSubview(row)
        window.rootView.addSubview(list)
    }

    /// A recognizer's action that logs `name` and the state it reports.
    func logger(_ name: String) -> (GestureRecognizer) -> Void {
        { [unowned self] r in self.log.append("\(name).\(r.state)") }
    }

    func ms(_ n: Int) { window.advance(by: .milliseconds(n)) }

    /// A drag of finger 1 from `from` by `delta` in `steps` moves 8 ms apart, then a lift.
    func drag(from: Point, by delta: Point, steps: Int, lift: Bool = true) {
        window.touchDown(id: 1, at: from)
        for k in 1...steps {
            ms(8)
            let f = Double(k) / Double(steps)
            window.touchMove(id: 1, to: Point(x: from.x + delta.x * f, y: from.y + delta.y * f))
        }
        if lift { window.touchUp(id: 1) }
    }
}

@MainActor
@Suite struct GestureRecognizerTests {
    // MARK: - Pan

    @Test func aHorizontalPanInAVerticalListTakesHorizontalDragsAndLeavesVerticalOnesToTheList() {
        let s = GestureScene()
        let pan = PanGestureRecognizer(action: s.logger("pan"))
        pan.axes = .horizontal
        s.row.addGestureRecognizer(pan)
        s.drag(from: Point(x: 100, y: 50), by: Point(x: 60, y: 5), steps: 6)
        #expect(s.log.first == "pan.began")
        #expect(s.log.last == "pan.ended")
        #expect(s.list.contentOffset == .zero)
        #expect(!s.list.isDragging)
        #expect(pan.state == .possible)

        s.log.removeAll()
        s.ms(500)
        s.drag(from: Point(x: 100, y: 90), by: Point(x: 5, y: -60), steps: 6, lift: false)
        #expect(s.log.isEmpty)
        #expect(pan.state == .failed)
        #expect(s.list.isDragging)
        // The list follows from the slop crossing (10 pt of the 60): 50 pt, give or take the crossing's x part.
        #expect(abs(s.list.contentOffset.y - 50.04) < 0.1)
        s.window.touchUp(id: 1)
        #expect(pan.state == .possible)
    }

    @Test func aVerticalPanInAHorizontalPagerIsTheConverse() {
        let s = GestureScene()
        s.list.contentSize = Size(width: 4_000, height: 800)
        s.row.frame.size.width = 4_000
        let pan = PanGestureRecognizer(action: s.logger("pan"))
        pan.axes = .vertical
        s.row.addGestureRecognizer(pan)
        s.drag(from: Point(x: 200, y: 50), by: Point(x: -60, y: 2), steps: 6, lift: false)
        #expect(pan.state == .failed)
        #expect(s.list.isDragging)
        s.window.touchUp(id: 1)
        s.ms(2_000)
        s.drag(from: Point(x: 200, y: 20), by: Point(x: 3, y: 60), steps: 6, lift: false)
        #expect(pan.state == .changed)
        #expect(!s.list.isDragging)
        s.window.touchUp(id: 1)
    }

    @Test func translationCountsFromTheSlopCrossingSoTheFirstChangeHasNoJump() {
        let s = GestureScene()
        var translations: [Double] = []
        let pan = PanGestureRecognizer { r in
            translations.append((r as! PanGestureRecognizer).translation(in: nil).x)
        }
        s.row.addGestureRecognizer(pan)
        s.window.touchDown(id: 1, at: Point(x: 100, y: 50))
        s.ms(8)
        s.window.touchMove(id: 1, to: Point(x: 106, y: 50))
        #expect(pan.state == .possible)
        s.ms(8)
        // From 6 to 14: the slop circle (10 pt) is crossed at 10, so 4 pt read at `began`.
        s.window.touchMove(id: 1, to: Point(x: 114, y: 50))
        s.ms(8)
        s.window.touchMove(id: 1, to: Point(x: 122, y: 50))
        s.window.touchUp(id: 1)
        #expect(translations.count == 3)
        #expect(abs(translations[0] - 4) < 1e-9)
        #expect(abs(translations[1] - 12) < 1e-9)
        #expect(abs(translations[2] - 12) < 1e-9)
    }

    @Test func setTranslationRebasesAndVelocityIsTheFlingEstimate() {
        let s = GestureScene()
        let pan = PanGestureRecognizer()
        s.row.addGestureRecognizer(pan)
        // 1,000 pt/s to the right: 8 pt every 8 ms.
        s.window.touchDown(id: 1, at: Point(x: 50, y: 50))
        for k in 1...10 {
            s.ms(8)
            s.window.touchMove(id: 1, to: Point(x: 50 + Double(k) * 8, y: 50))
        }
        #expect(pan.state == .changed)
        #expect(abs(pan.velocity(in: nil).x - 1_000) < 1)
        pan.setTranslation(Point(x: 100, y: 0), in: nil)
        #expect(pan.translation(in: nil) == Point(x: 100, y: 0))
        s.ms(8)
        s.window.touchMove(id: 1, to: Point(x: 138, y: 50))
        #expect(pan.translation(in: nil) == Point(x: 108, y: 0))
        s.window.touchUp(id: 1)
        // At the lift: the release velocity a fling would use.
        #expect(abs(pan.velocity(in: nil).x - 1_000) < 1)
    }

    @Test func tooFewFingersDecideNothingUntilTheSecondComes() {
        let s = GestureScene()
        let pan = PanGestureRecognizer(action: s.logger("pan"))
        pan.minimumNumberOfTouches = 2
        pan.axes = .horizontal
        s.row.addGestureRecognizer(pan)
        s.window.touchDown(id: 1, at: Point(x: 100, y: 50))
        s.ms(8)
        s.window.touchMove(id: 1, to: Point(x: 130, y: 50))
        #expect(pan.state == .possible)
        s.window.touchDown(id: 2, at: Point(x: 200, y: 50))
        s.ms(8)
        s.window.touchMove([(id: 1, point: Point(x: 150, y: 50)), (id: 2, point: Point(x: 220, y: 50))])
        #expect(pan.state == .began)
        #expect(pan.numberOfTouches == 2)
        #expect(pan.location(in: nil) == Point(x: 185, y: 50))
        s.window.touchUp(id: 1)
        s.window.touchUp(id: 2)
        #expect(s.log == ["pan.began", "pan.ended"])
    }

    // MARK: - Who wins

    @Test func aPanThatBeginsCancelsTheContentsTouchOnceAndTheListDeclines() {
        let s = GestureScene()
        s.list.delaysContentTouches = false
        let pan = PanGestureRecognizer()
        s.row.addGestureRecognizer(pan)
        s.drag(from: Point(x: 100, y: 50), by: Point(x: 40, y: 0), steps: 4)
        #expect(s.row.calls == ["began", "moved", "cancelled"])
        #expect(s.list.panGestureRecognizer.state == .possible)
        #expect(s.list.contentOffset == .zero)
    }

    @Test func withoutCancelsTouchesInViewTheContentKeepsItsTouch() {
        let s = GestureScene()
        s.list.delaysContentTouches = false
        let pan = PanGestureRecognizer()
        pan.cancelsTouchesInView = false
        s.row.addGestureRecognizer(pan)
        s.drag(from: Point(x: 100, y: 50), by: Point(x: 40, y: 0), steps: 4)
        #expect(s.row.calls == ["began", "moved", "moved", "moved", "moved", "ended"])
    }

    @Test func twoPansOnTheSamePathFailTheOuterUnlessTheyRecognizeSimultaneously() {
        for simultaneous in [false, true] {
            let s = GestureScene()
            let inner = PanGestureRecognizer(action: s.logger("inner"))
            let outer = PanGestureRecognizer(action: s.logger("outer"))
            if simultaneous { inner.recognizesSimultaneously = { _, _ in true } }
            s.row.addGestureRecognizer(inner)
            s.list.addGestureRecognizer(outer)
            s.drag(from: Point(x: 100, y: 50), by: Point(x: 30, y: 0), steps: 3)
            if simultaneous {
                #expect(
                    s.log == [
                        "inner.began", "outer.began", "inner.changed", "outer.changed", "inner.ended",
                        "outer.ended"
                    ])
            } else {
                #expect(s.log == ["inner.began", "inner.changed", "inner.ended"])
            }
        }
    }

    @Test func aDraggingContainerMakesTheRecognizersOnItsFingersFail() {
        let s = GestureScene()
        let tap = TapGestureRecognizer(action: s.logger("tap"))
        let outer = PanGestureRecognizer(action: s.logger("outer"))
        s.row.addGestureRecognizer(tap)
        s.window.rootView.addGestureRecognizer(outer)
        s.drag(from: Point(x: 100, y: 90), by: Point(x: 0, y: -50), steps: 5)
        #expect(s.list.contentOffset.y > 0)
        #expect(s.log.isEmpty)
    }

    // MARK: - Tap

    @Test func aQuickTapIsRecognizedAtTheLiftThoughTheListDelaysItsContent() {
        let s = GestureScene()
        let tap = TapGestureRecognizer(action: s.logger("tap"))
        s.row.addGestureRecognizer(tap)
        s.window.touchDown(id: 1, at: Point(x: 100, y: 50))
        s.ms(50)
        s.window.touchUp(id: 1)
        #expect(s.log == ["tap.ended"])
        #expect(tap.state == .possible)
        #expect(tap.location(in: s.row) == Point(x: 100, y: 50))
        // The tap won the finger: the content's quick tap never reached it.
        #expect(s.row.calls.isEmpty)
    }

    @Test func aTapThatMovesTenPointsOrLastsPastPoint35SecondsIsNoTap() {
        let s = GestureScene()
        let tap = TapGestureRecognizer(action: s.logger("tap"))
        s.row.addGestureRecognizer(tap)
        s.window.touchDown(id: 1, at: Point(x: 100, y: 50))
        s.ms(8)
        s.window.touchMove(id: 1, to: Point(x: 109.9, y: 50))
        s.window.touchUp(id: 1)
        #expect(s.log == ["tap.ended"])
        s.log.removeAll()
        s.ms(1_000)
        s.window.touchDown(id: 1, at: Point(x: 100, y: 50))
        s.ms(8)
        s.window.touchMove(id: 1, to: Point(x: 110, y: 50))
        s.window.touchUp(id: 1)
        s.ms(1_000)
        s.window.touchDown(id: 1, at: Point(x: 100, y: 50))
        s.ms(351)
        #expect(tap.state == .failed)
        s.window.touchUp(id: 1)
        #expect(s.log.isEmpty)
    }

    @Test func theTapThatStopsAFlingIsNotATap() {
        let s = GestureScene()
        let tap = TapGestureRecognizer(action: s.logger("tap"))
        s.row.addGestureRecognizer(tap)
        s.row.frame.origin.y = 1_200
        s.list.contentOffset = Point(x: 0, y: 1_000)
        // A flick up at 2,000 pt/s.
        s.window.touchDown(id: 1, at: Point(x: 200, y: 700))
        for k in 1...5 {
            s.ms(8)
            s.window.touchMove(id: 1, to: Point(x: 200, y: 700 - Double(k) * 16))
        }
        s.window.touchUp(id: 1)
        s.ms(50)
        #expect(s.list.isDecelerating)
        let rowNow = s.row.convert(Point(x: 100, y: 50), to: nil)
        s.window.touchDown(id: 2, at: rowNow)
        s.window.touchUp(id: 2)
        #expect(!s.list.isDecelerating)
        #expect(s.log.isEmpty)
        // The next tap is one again.
        s.ms(100)
        s.window.touchDown(id: 3, at: s.row.convert(Point(x: 100, y: 50), to: nil))
        s.window.touchUp(id: 3)
        #expect(s.log == ["tap.ended"])
    }

    @Test func aSingleTapRequiringADoubleTapToFailWaitsPoint35SecondsAfterTheLift() {
        let s = GestureScene()
        let single = TapGestureRecognizer(action: s.logger("single"))
        let double = TapGestureRecognizer(action: s.logger("double"))
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        s.row.addGestureRecognizer(single)
        s.row.addGestureRecognizer(double)
        s.window.touchDown(id: 1, at: Point(x: 100, y: 50))
        s.ms(40)
        s.window.touchUp(id: 1)
        s.ms(349)
        #expect(s.log.isEmpty)
        s.ms(2)
        #expect(s.log == ["single.ended"])

        // Two taps 0.2 s apart, 20 pt apart: the double tap only.
        s.log.removeAll()
        s.ms(1_000)
        s.window.touchDown(id: 1, at: Point(x: 100, y: 50))
        s.ms(40)
        s.window.touchUp(id: 1)
        s.ms(200)
        s.window.touchDown(id: 1, at: Point(x: 120, y: 50))
        s.ms(40)
        s.window.touchUp(id: 1)
        s.ms(1_000)
        #expect(s.log == ["double.ended"])

        // The second tap 41 pt from the first: no double tap; the single tap is recognized for the first.
        s.log.removeAll()
        s.window.touchDown(id: 1, at: Point(x: 100, y: 50))
        s.ms(40)
        s.window.touchUp(id: 1)
        s.ms(100)
        s.window.touchDown(id: 1, at: Point(x: 141, y: 50))
        #expect(s.log == ["single.ended"])
        s.window.touchUp(id: 1)
        s.ms(1_000)
    }

    @Test func aTwoFingerTapNeedsBothFingers() {
        let s = GestureScene()
        let tap = TapGestureRecognizer(action: s.logger("tap"))
        tap.numberOfTouchesRequired = 2
        s.row.addGestureRecognizer(tap)
        s.window.touchDown(id: 1, at: Point(x: 100, y: 50))
        s.window.touchUp(id: 1)
        #expect(s.log.isEmpty)
        s.window.touchDown(id: 1, at: Point(x: 100, y: 50))
        s.window.touchDown(id: 2, at: Point(x: 140, y: 50))
        s.ms(30)
        s.window.touchUp(id: 1)
        s.window.touchUp(id: 2)
        #expect(s.log == ["tap.ended"])
    }

    // MARK: - Long press

    @Test func aLongPressBeginsAtHalfASecondAndThenKeepsTheFingerFromTheList() {
        let s = GestureScene()
        let press = LongPressGestureRecognizer(action: s.logger("press"))
        s.row.addGestureRecognizer(press)
        s.window.touchDown(id: 1, at: Point(x: 100, y: 50))
        s.ms(499)
        #expect(press.state == .possible)
        s.ms(1)
        #expect(press.state == .began)
        // The content had the touch after the list's delay; the press took it away.
        #expect(s.row.calls == ["began", "cancelled"])
        for k in 1...10 {
            s.ms(8)
            s.window.touchMove(id: 1, to: Point(x: 100, y: 50 + Double(k) * 10))
        }
        #expect(s.list.contentOffset == .zero)
        #expect(!s.list.isDragging)
        s.window.touchUp(id: 1)
        #expect(s.log.first == "press.began")
        #expect(s.log.filter { $0 == "press.changed" }.count == 10)
        #expect(s.log.last == "press.ended")
    }

    @Test func aPressThatMovesFirstFailsAndTheListDrags() {
        let s = GestureScene()
        let press = LongPressGestureRecognizer(action: s.logger("press"))
        s.row.addGestureRecognizer(press)
        s.drag(from: Point(x: 100, y: 90), by: Point(x: 0, y: -40), steps: 4, lift: false)
        #expect(press.state == .failed)
        #expect(s.list.isDragging)
        s.ms(1_000)
        #expect(s.log.isEmpty)
        s.window.touchUp(id: 1)
    }

    // MARK: - The container's drag as a recognizer

    @Test func theContainersPanFollowsItsDrag() {
        let s = GestureScene()
        var states: [GestureRecognizer.State] = []
        s.list.panGestureRecognizer.shouldBegin = { r in
            states.append(r.state)
            return true
        }
        s.drag(from: Point(x: 100, y: 700), by: Point(x: 0, y: -50), steps: 5, lift: false)
        #expect(s.list.panGestureRecognizer.state == .changed)
        #expect(states == [.possible])
        // 50 pt down the finger went, 10 of them inside the slop: the pan reads 40 (up).
        #expect(abs(s.list.panGestureRecognizer.translation(in: nil).y + 40) < 1e-9)
        s.window.touchUp(id: 1)
        #expect(s.list.panGestureRecognizer.state == .possible)
        #expect(s.list.gestureRecognizers.isEmpty)
        #expect(s.list.panGestureRecognizer.view === s.list)
    }

    @Test func shouldBeginFalseOnTheContainersPanLeavesTheFingerToTheContent() {
        let s = GestureScene()
        s.list.panGestureRecognizer.shouldBegin = { _ in false }
        s.drag(from: Point(x: 100, y: 90), by: Point(x: 0, y: -50), steps: 5, lift: false)
        #expect(s.list.contentOffset == .zero)
        // The list had held the touch back: declining released it to the content with its moves.
        #expect(s.row.calls.first == "began")
        s.window.touchUp(id: 1)
        #expect(s.row.calls.last == "ended")
    }

    @Test func aContainerRequiringAPressToFailDragsOnlyOnceItFailedAndCatchesUp() {
        let s = GestureScene()
        let press = LongPressGestureRecognizer()
        press.allowableMovement = 30
        s.row.addGestureRecognizer(press)
        s.list.panGestureRecognizer.require(toFail: press)
        // 8 pt every 8 ms: past the list's slop at 16 pt, past the press's allowance at 32.
        s.window.touchDown(id: 1, at: Point(x: 100, y: 90))
        for k in 1...3 {
            s.ms(8)
            s.window.touchMove(id: 1, to: Point(x: 100, y: 90 - Double(k) * 8))
        }
        #expect(!s.list.isDragging)
        #expect(s.list.contentOffset == .zero)
        s.ms(8)
        s.window.touchMove(id: 1, to: Point(x: 100, y: 58))
        #expect(press.state == .failed)
        #expect(s.list.isDragging)
        // Counted from the list's own slop crossing (10 pt): 32 - 10 = 22, nothing lost while it waited.
        #expect(abs(s.list.contentOffset.y - 22) < 1e-9)
        s.window.touchUp(id: 1)
    }

    @Test func aRecognizerRequiringTheContainersPanToFailWaitsForTheLiftOrFailsOnADrag() {
        let s = GestureScene()
        let tap = TapGestureRecognizer(action: s.logger("tap"))
        tap.require(toFail: s.list.panGestureRecognizer)
        s.row.addGestureRecognizer(tap)
        s.window.touchDown(id: 1, at: Point(x: 100, y: 50))
        s.ms(30)
        s.window.touchUp(id: 1)
        #expect(s.log == ["tap.ended"])
    }

    // MARK: - Mouse, accessibility

    @Test func aPrimaryButtonDragIsOneFingerForRecognizers() {
        let s = GestureScene()
        let pan = PanGestureRecognizer(action: s.logger("pan"))
        pan.axes = .horizontal
        s.row.addGestureRecognizer(pan)
        s.window.pointerMove(to: Point(x: 100, y: 50))
        s.window.pointerButton(.left, pressed: true)
        for k in 1...4 {
            s.ms(8)
            s.window.pointerMove(to: Point(x: 100 + Double(k) * 10, y: 50))
        }
        s.window.pointerButton(.left, pressed: false)
        #expect(s.log == ["pan.began", "pan.changed", "pan.changed", "pan.ended"])
    }

    @Test func anAssistiveClickRecognizesTheViewsTap() {
        let s = GestureScene()
        let double = TapGestureRecognizer(action: s.logger("double"))
        double.numberOfTapsRequired = 2
        s.row.addGestureRecognizer(double)
        let tree = s.window.core.accessibility
        s.row.isAccessibilityElement = true
        #expect(tree.actions(of: s.row).contains(.click))
        #expect(tree.perform(.click, on: s.row))
        #expect(s.log == ["double.ended"])
        double.isEnabled = false
        #expect(!tree.actions(of: s.row).contains(.click))
    }

    // MARK: - Removal, moves and bad input

    @Test func removingARecognizerThatBeganCancelsItWithNoOtherEffect() {
        let s = GestureScene()
        let pan = PanGestureRecognizer(action: s.logger("pan"))
        s.row.addGestureRecognizer(pan)
        s.drag(from: Point(x: 100, y: 50), by: Point(x: 30, y: 0), steps: 3, lift: false)
        s.row.removeGestureRecognizer(pan)
        #expect(pan.view == nil)
        #expect(pan.state == .possible)
        #expect(s.log.last == "pan.cancelled")
        s.ms(8)
        s.window.touchMove(id: 1, to: Point(x: 160, y: 50))
        s.window.touchUp(id: 1)
        #expect(s.log.last == "pan.cancelled")
        #expect(s.list.contentOffset == .zero)
    }

    @Test func aRecognizerRemovingItsViewFromItsActionIsSafe() {
        let s = GestureScene()
        let tap = TapGestureRecognizer { r in r.view?.removeFromSuperview() }
        s.row.addGestureRecognizer(tap)
        s.window.touchDown(id: 1, at: Point(x: 100, y: 50))
        s.window.touchUp(id: 1)
        #expect(s.row.superview == nil)
        s.window.touchDown(id: 2, at: Point(x: 100, y: 50))
        s.window.touchUp(id: 2)
    }

    @Test func addingARecognizerToAnotherViewMovesIt() {
        let s = GestureScene()
        let other = View(frame: Rect(x: 0, y: 200, width: 400, height: 100))
        s.list.addSubview(other)
        let tap = TapGestureRecognizer(action: s.logger("tap"))
        s.row.addGestureRecognizer(tap)
        other.addGestureRecognizer(tap)
        #expect(s.row.gestureRecognizers.isEmpty)
        #expect(other.gestureRecognizers.count == 1)
        #expect(tap.view === other)
        s.window.touchDown(id: 1, at: Point(x: 100, y: 50))
        s.window.touchUp(id: 1)
        #expect(s.log.isEmpty)
        s.window.touchDown(id: 1, at: Point(x: 100, y: 250))
        s.window.touchUp(id: 1)
        #expect(s.log == ["tap.ended"])
    }

    @Test func aRequirementCycleIsIgnoredAndReported() {
        let a = TapGestureRecognizer()
        let b = TapGestureRecognizer()
        let c = TapGestureRecognizer()
        var reports: [String] = []
        Diagnostics.onReport = { reports.append($0) }
        defer { Diagnostics.onReport = nil }
        a.require(toFail: b)
        b.require(toFail: c)
        c.require(toFail: a)
        a.require(toFail: a)
        #expect(reports.count == 2)
        // Nothing waits forever: a tap on a view carrying all three is recognized by c (it waits for nobody).
        let s = GestureScene()
        var fired: [String] = []
        for (name, r) in [("a", a), ("b", b), ("c", c)] {
            s.row.addGestureRecognizer(r)
            _ = name
        }
        let d = TapGestureRecognizer { _ in fired.append("d") }
        d.require(toFail: c)
        s.row.addGestureRecognizer(d)
        s.window.touchDown(id: 1, at: Point(x: 100, y: 50))
        s.window.touchUp(id: 1)
        s.ms(1_000)
        #expect(fired.isEmpty)
        #expect(a.state == .possible && b.state == .possible && c.state == .possible)
    }

    @Test func disablingMidGestureCancelsAndTheFingersAreIgnoredUntilEnabled() {
        let s = GestureScene()
        let pan = PanGestureRecognizer(action: s.logger("pan"))
        s.row.addGestureRecognizer(pan)
        s.drag(from: Point(x: 100, y: 50), by: Point(x: 30, y: 0), steps: 3, lift: false)
        pan.isEnabled = false
        #expect(s.log.last == "pan.cancelled")
        s.window.touchUp(id: 1)
        s.log.removeAll()
        s.drag(from: Point(x: 100, y: 50), by: Point(x: 30, y: 0), steps: 3)
        #expect(s.log.isEmpty)
        pan.isEnabled = true
        s.drag(from: Point(x: 100, y: 50), by: Point(x: 30, y: 0), steps: 3)
        #expect(s.log.first == "pan.began")
    }

    @Test func aRecognizerOnAViewWithNoWindowIsInert() {
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let tap = TapGestureRecognizer()
        view.addGestureRecognizer(tap)
        #expect(tap.view === view)
        #expect(tap.state == .possible)
        tap.isEnabled = false
        tap.isEnabled = true
        view.removeGestureRecognizer(tap)
        #expect(tap.view == nil)
    }

    @Test func tenFingersOnAPanEndOnceTheLastLifts() {
        let s = GestureScene()
        let pan = PanGestureRecognizer(action: s.logger("pan"))
        s.row.addGestureRecognizer(pan)
        for id in 1...10 { s.window.touchDown(id: id, at: Point(x: Double(id) * 30, y: 50)) }
        for k in 1...3 {
            s.ms(8)
            s.window.touchMove((1...10).map { (id: $0, point: Point(x: Double($0) * 30 + Double(k) * 10, y: 50)) })
        }
        #expect(pan.numberOfTouches == 10)
        for id in 1...10 { s.window.touchUp(id: id) }
        #expect(s.log == ["pan.began", "pan.changed", "pan.ended"])
        #expect(pan.state == .possible)
    }

    @Test func aCompositorCancelCancelsABegunRecognizer() {
        let s = GestureScene()
        let press = LongPressGestureRecognizer(action: s.logger("press"))
        s.row.addGestureRecognizer(press)
        s.window.touchDown(id: 1, at: Point(x: 100, y: 50))
        s.ms(600)
        s.window.touchCancel()
        #expect(s.log == ["press.began", "press.cancelled"])
        #expect(press.state == .possible)
    }
}
