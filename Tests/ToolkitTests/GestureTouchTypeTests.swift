// `GestureRecognizer.allowedTouchTypes` and `startLocation(in:)` (<doc:ScrollBehaviour> §18, §21): a recognizer for
// the mouse alone, and where a pan's fingers landed before its slop.

import Testing

@testable import ToolkitCore

@MainActor @Suite struct GestureTouchTypeTests {
    @Test func aPointerOnlyPanIgnoresFingersAndTakesTheMouse() {
        let window = HeadlessWindow(size: Size(width: 400, height: 400))
        let view = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        window.rootView.addSubview(view)
        var states: [GestureRecognizer.State] = []
        let pan = PanGestureRecognizer { states.append($0.state) }
        pan.allowedTouchTypes = .pointer
        view.addGestureRecognizer(pan)
        #expect(PanGestureRecognizer().allowedTouchTypes == .all)
        window.drag(from: Point(x: 100, y: 100), to: Point(x: 100, y: 300), steps: 10, durationMS: 160)
        #expect(states.isEmpty)
        window.pointerMove(to: Point(x: 100, y: 100))
        window.pointerButton(.left, pressed: true)
        window.advance(ms: 16)
        window.pointerMove(to: Point(x: 100, y: 104))
        window.advance(ms: 16)
        window.pointerMove(to: Point(x: 130, y: 140))
        #expect(states == [.began])
        // Where the press landed, not where the slop was crossed.
        #expect(pan.startLocation(in: nil) == Point(x: 100, y: 100))
        #expect(pan.startLocation(in: view) == Point(x: 100, y: 100))
        window.pointerButton(.left, pressed: false)
        #expect(states == [.began, .ended])
    }

    @Test func aTouchOnlyRecognizerIgnoresTheMouse() {
        let window = HeadlessWindow(size: Size(width: 400, height: 400))
        let view = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        window.rootView.addSubview(view)
        var taps = 0
        let tap = TapGestureRecognizer { _ in taps += 1 }
        tap.allowedTouchTypes = .direct
        view.addGestureRecognizer(tap)
        window.pointerMove(to: Point(x: 100, y: 100))
        window.pointerButton(.left, pressed: true)
        window.pointerButton(.left, pressed: false)
        window.advance(ms: 500)
        #expect(taps == 0)
        window.touchDown(id: 1, at: Point(x: 100, y: 100))
        window.touchUp(id: 1)
        window.advance(ms: 500)
        #expect(taps == 1)
    }
}
