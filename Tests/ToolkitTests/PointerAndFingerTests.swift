// The pointer's primary button (touch `WindowCore.pointerTouchID`) and the fingers are separate sequences
// (<doc:ScrollBehaviour> §2.9, §3 multi-touch, §7):
// - `wl_touch.cancel` takes the compositor's touches away, the fingers: the pointer's press goes on.
// - A container tracks one device at a time: while fingers are on it, a pointer press does not join them (it
//   reaches the content as a click would on a container that does not drag with the pointer), and while the
//   pointer is on it, fingers do not join (no container holds them back there). The two never share a centroid.

import Testing

@testable import ToolkitCore

@MainActor @Suite struct PointerAndFingerTests {
    let p = Point(x: 200, y: 400)
    let pointer = WindowCore.pointerTouchID

    /// The default scene with primary-button drags scrolling.
    private func dragScene() -> ScrollScene {
        let s = ScrollScene()
        s.container.pointerDragScrolls = true
        return s
    }

    /// Moves the pointer from `from` to `to` in `steps` moves, 16 ms apart.
    private func movePointer(_ s: ScrollScene, from: Point, to: Point, steps: Int = 8) {
        for k in 1...steps {
            s.window.advance(ms: 16)
            s.window.pointerMove(to: from + (to - from) * (Double(k) / Double(steps)))
        }
    }

    @Test func aPointerDragGoesOnThroughATouchCancel() {
        let s = dragScene()
        s.window.pointerMove(to: p)
        s.window.pointerButton(.left, pressed: true)
        movePointer(s, from: p, to: p - Point(x: 0, y: 100))
        #expect(s.container.isDragging)
        let before = s.container.contentOffset.y
        s.window.touchCancel()
        #expect(s.container.isDragging)
        movePointer(s, from: p - Point(x: 0, y: 100), to: p - Point(x: 0, y: 200))
        #expect(near(s.container.contentOffset.y, before + 100))
        s.window.advance(ms: 100)  // the pointer rests: no fling
        s.window.pointerButton(.left, pressed: false)
        s.window.settle(s.container)
        #expect(!s.container.isTracking)
        #expect(s.content.calls.isEmpty)
    }

    @Test func aPointerPressOnTheContentGoesOnThroughATouchCancel() {
        let s = ScrollScene()  // the pointer does not drag here: the press reaches the content at once
        s.window.pointerMove(to: p)
        s.window.pointerButton(.left, pressed: true)
        #expect(s.content.calls.map(\.kind) == [.began])
        s.window.touchCancel()
        #expect(s.content.calls.map(\.kind) == [.began])
        s.window.pointerButton(.left, pressed: false)
        #expect(s.content.calls.map(\.kind) == [.began, .ended])
        #expect(s.content.calls.allSatisfy { $0.id == pointer })
        #expect(s.window.core.touchRouter.activeTouchCount == 0)
    }

    @Test func aTouchCancelCancelsTheFingersButNotThePointer() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: p)
        s.window.advance(ms: 200)
        s.window.pointerMove(to: p + Point(x: 50, y: 0))
        s.window.pointerButton(.left, pressed: true)
        #expect(s.content.calls.map(\.kind) == [.began, .began])
        s.window.touchCancel()
        #expect(s.content.calls.map(\.kind) == [.began, .began, .cancelled])
        #expect(s.content.calls.last?.id == 1)
        #expect(!s.container.isTracking)
        s.window.pointerButton(.left, pressed: false)
        #expect(s.content.calls.last?.kind == .ended)
        #expect(s.content.calls.last?.id == pointer)
        #expect(s.content.grammarViolation(requireEnded: true) == nil)
    }

    @Test func aPointerPressDoesNotJoinAFingerDrag() {
        let s = dragScene()
        s.window.touchDown(id: 1, at: p)
        s.window.moveLinearly(id: 1, from: p, to: p - Point(x: 0, y: 100), steps: 5, durationMS: 80)
        #expect(s.container.isDragging)
        let offset = s.container.contentOffset
        let q = p + Point(x: 50, y: 0)
        s.window.pointerMove(to: q)
        s.window.pointerButton(.left, pressed: true)
        movePointer(s, from: q, to: q - Point(x: 0, y: 200))
        // The finger stays still: so does the content (the pointer is not part of the finger's centroid).
        #expect(s.container.contentOffset == offset)
        #expect(s.container.isDragging)
        // The press went to the content, as a click on a container that does not drag with the pointer.
        #expect(s.content.calls.map(\.kind).first == .began)
        #expect(s.content.calls.allSatisfy { $0.id == pointer })
        s.window.pointerButton(.left, pressed: false)
        s.window.advance(ms: 100)
        s.window.touchUp(id: 1)
        s.window.settle(s.container)
        #expect(!s.container.isTracking)
        #expect(s.content.grammarViolation(requireEnded: true) == nil)
    }

    @Test func aFingerDoesNotJoinAPointerDrag() {
        let s = dragScene()
        s.window.pointerMove(to: p)
        s.window.pointerButton(.left, pressed: true)
        movePointer(s, from: p, to: p - Point(x: 0, y: 100))
        #expect(s.container.isDragging)
        let offset = s.container.contentOffset
        let f = p + Point(x: 50, y: 0)
        s.window.touchDown(id: 1, at: f)
        s.window.moveLinearly(id: 1, from: f, to: f - Point(x: 0, y: 200), steps: 8, durationMS: 128)
        #expect(s.container.contentOffset == offset)
        #expect(s.container.isDragging)
        s.window.touchUp(id: 1)
        // The finger reached the content (no container held it back), and ended.
        #expect(s.content.calls.filter { $0.id == 1 }.map(\.kind).first == .began)
        #expect(s.content.calls.filter { $0.id == 1 }.last?.kind == .ended)
        s.window.advance(ms: 100)
        s.window.pointerButton(.left, pressed: false)
        s.window.settle(s.container)
        #expect(!s.container.isTracking)
        #expect(s.content.grammarViolation(requireEnded: true) == nil)
    }
}
