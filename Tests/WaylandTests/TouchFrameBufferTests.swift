import Testing

@testable import Toolkit
@testable import ToolkitCore

/// Recorded `wl_touch` sequences through `TouchFrameBuffer`.
@Suite struct TouchFrameBufferTests {
    private func ms(_ value: Int) -> Duration { .milliseconds(value) }
    private func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    @Test func eventsWaitForTheFrameThenComeInOrderWithOneTouchFrame() {
        var buffer = TouchFrameBuffer()
        var out: [InputEvent] = []
        buffer.down(id: 1, location: p(10, 20), timestamp: ms(5)) { out.append($0) }
        buffer.down(id: 2, location: p(30, 40), timestamp: ms(5)) { out.append($0) }
        #expect(out.isEmpty)
        buffer.frame { out.append($0) }
        #expect(
            out == [
                .touchDown(id: 1, location: p(10, 20), timestamp: ms(5)),
                .touchDown(id: 2, location: p(30, 40), timestamp: ms(5)),
                .touchFrame(timestamp: ms(5))
            ])
    }

    @Test func motionsOfOneIdCoalesceWithinAFrame() {
        var buffer = TouchFrameBuffer()
        var out: [InputEvent] = []
        buffer.down(id: 0, location: p(0, 0), timestamp: ms(0)) { out.append($0) }
        buffer.frame { out.append($0) }
        out.removeAll()
        buffer.motion(id: 0, location: p(1, 1), timestamp: ms(8)) { out.append($0) }
        buffer.motion(id: 0, location: p(2, 3), timestamp: ms(9)) { out.append($0) }
        buffer.frame { out.append($0) }
        #expect(out == [.touchMotion(id: 0, location: p(2, 3), timestamp: ms(9)), .touchFrame(timestamp: ms(9))])
    }

    @Test func cancelDropsTheBufferAndEmitsTouchCancel() {
        var buffer = TouchFrameBuffer()
        var out: [InputEvent] = []
        buffer.down(id: 3, location: p(5, 5), timestamp: ms(1)) { out.append($0) }
        buffer.frame { out.append($0) }
        out.removeAll()
        buffer.motion(id: 3, location: p(6, 6), timestamp: ms(2)) { out.append($0) }
        buffer.cancel(timestamp: ms(3)) { out.append($0) }
        #expect(out == [.touchCancel(timestamp: ms(3))])
        #expect(!buffer.hasActiveTouches)
        // The frame that may follow a cancel has nothing left to emit; later motions of the id are dropped.
        buffer.frame { out.append($0) }
        buffer.motion(id: 3, location: p(7, 7), timestamp: ms(4)) { out.append($0) }
        buffer.frame { out.append($0) }
        #expect(out == [.touchCancel(timestamp: ms(3))])
    }

    /// Weston 10: no `wl_touch.frame` after the last up.
    @Test func lastUpIsAFrameBoundaryAndALaterFrameEmitsNothing() {
        var buffer = TouchFrameBuffer()
        var out: [InputEvent] = []
        buffer.down(id: 0, location: p(1, 2), timestamp: ms(10)) { out.append($0) }
        buffer.frame { out.append($0) }
        out.removeAll()
        buffer.up(id: 0, timestamp: ms(20)) { out.append($0) }
        #expect(out == [.touchUp(id: 0, timestamp: ms(20)), .touchFrame(timestamp: ms(20))])
        buffer.frame { out.append($0) }
        #expect(out.count == 2)
    }

    @Test func upOfOneOfTwoFingersWaitsForTheFrame() {
        var buffer = TouchFrameBuffer()
        var out: [InputEvent] = []
        buffer.down(id: 0, location: p(1, 1), timestamp: ms(0)) { out.append($0) }
        buffer.down(id: 1, location: p(2, 2), timestamp: ms(0)) { out.append($0) }
        buffer.frame { out.append($0) }
        out.removeAll()
        buffer.up(id: 0, timestamp: ms(5)) { out.append($0) }
        #expect(out.isEmpty)
        buffer.frame { out.append($0) }
        #expect(out == [.touchUp(id: 0, timestamp: ms(5)), .touchFrame(timestamp: ms(5))])
    }

    @Test func eventsForFingersThatAreNotDownAreDropped() {
        var buffer = TouchFrameBuffer()
        var out: [InputEvent] = []
        buffer.motion(id: 9, location: p(1, 1), timestamp: ms(0)) { out.append($0) }
        buffer.up(id: 9, timestamp: ms(0)) { out.append($0) }
        buffer.down(id: 1, location: Point(x: .nan, y: 0), timestamp: ms(0)) { out.append($0) }
        buffer.frame { out.append($0) }
        #expect(out.isEmpty)
    }

    @Test func removingTheDeviceMidTouchCancels() {
        var buffer = TouchFrameBuffer()
        var out: [InputEvent] = []
        buffer.deviceRemoved(timestamp: ms(0)) { out.append($0) }
        #expect(out.isEmpty)
        buffer.down(id: 0, location: p(1, 1), timestamp: ms(1)) { out.append($0) }
        buffer.frame { out.append($0) }
        out.removeAll()
        buffer.deviceRemoved(timestamp: ms(7)) { out.append($0) }
        #expect(out == [.touchCancel(timestamp: ms(7))])
    }

    @Test func aFrameThatNeverEndsIsFlushedAtCapacity() {
        var buffer = TouchFrameBuffer()
        var out: [InputEvent] = []
        buffer.down(id: 0, location: p(0, 0), timestamp: ms(0)) { out.append($0) }
        // Finger 1 taps again and again while finger 0 stays down, and no frame ever comes.
        for i in 0..<TouchFrameBuffer.capacity {
            buffer.down(id: 1, location: p(1, 1), timestamp: ms(i)) { out.append($0) }
            buffer.up(id: 1, timestamp: ms(i)) { out.append($0) }
        }
        buffer.frame { out.append($0) }
        // Nothing is lost, and no frame holds more than `capacity` events.
        var groupSize = 0
        var largestGroup = 0
        var delivered = 0
        for event in out {
            if case .touchFrame = event {
                largestGroup = max(largestGroup, groupSize)
                groupSize = 0
            } else {
                groupSize += 1
                delivered += 1
            }
        }
        #expect(delivered == 1 + 2 * TouchFrameBuffer.capacity)
        #expect(largestGroup == TouchFrameBuffer.capacity)
        #expect(groupSize == 0)
    }

    @Test func tooManyFingersAreIgnoredUntilOneLifts() {
        var buffer = TouchFrameBuffer()
        var out: [InputEvent] = []
        for id in 0...TouchFrameBuffer.maximumActiveTouches {
            buffer.down(id: id, location: p(1, 1), timestamp: ms(0)) { out.append($0) }
        }
        buffer.frame { out.append($0) }
        #expect(out.count == TouchFrameBuffer.maximumActiveTouches + 1)
    }
}
