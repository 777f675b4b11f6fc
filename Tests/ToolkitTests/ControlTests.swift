// Button and Label.

import Testing

@testable import ToolkitCore

@MainActor @Suite struct ControlTests {
    func scene() -> (HeadlessWindow, Button, () -> Int) {
        let w = HeadlessWindow(size: Size(width: 300, height: 300))
        var count = 0
        let b = Button(frame: Rect(x: 100, y: 100, width: 100, height: 50), title: "Go") { _ in count += 1 }
        w.rootView.addSubview(b)
        return (w, b, { count })
    }

    @Test func buttonHighlightsWhileDownAndActsOnTouchUpInside() {
        let (w, b, count) = scene()
        w.touchDown(id: 1, at: Point(x: 150, y: 125))
        #expect(b.isHighlighted)
        w.touchMove(id: 1, to: Point(x: 210, y: 125))  // outside, within the slop
        #expect(b.isHighlighted)
        w.touchUp(id: 1)
        #expect(!b.isHighlighted)
        #expect(count() == 1)
    }

    @Test func buttonDoesNothingWhenLiftedFarAwayOrCancelled() {
        let (w, b, count) = scene()
        w.touchDown(id: 1, at: Point(x: 150, y: 125))
        w.touchMove(id: 1, to: Point(x: 290, y: 290))
        #expect(!b.isHighlighted)
        w.touchUp(id: 1)
        w.touchDown(id: 2, at: Point(x: 150, y: 125))
        w.touchCancel()
        #expect(!b.isHighlighted)
        #expect(count() == 0)
    }

    @Test func disabledButtonIgnoresTouches() {
        let (w, b, count) = scene()
        b.isEnabled = false
        w.touchDown(id: 1, at: Point(x: 150, y: 125))
        w.touchUp(id: 1)
        #expect(count() == 0)
    }

    @Test func buttonAndLabelDraw() {
        let w = HeadlessWindow(size: Size(width: 300, height: 300))
        let b = Button(frame: Rect(x: 0, y: 0, width: 100, height: 50), title: "Go")
        let l = Label(
            frame: Rect(x: 0, y: 100, width: 200, height: 40), text: "Hello", fontSize: 20,
            textColor: Color(red: 0, green: 0.5, blue: 0))
        w.rootView.addSubview(b)
        w.rootView.addSubview(l)
        let image = w.render()
        #expect(image.pixel(x: 50, y: 5) == b.tintColor.premultipliedARGB)
        var labelInk = 0
        for y in 100..<140 { for x in 0..<200 where image.pixel(x: x, y: y) != 0 { labelInk += 1 } }
        #expect(labelInk > 20)
        #expect(!l.isUserInteractionEnabled)
    }
}
