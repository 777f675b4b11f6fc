import Testing

@testable import Toolkit
@testable import ToolkitCore

/// Recorded `wl_pointer` sequences through `PointerFrameAccumulator`.
@Suite struct PointerFrameAccumulatorTests {
    private func ms(_ value: Int) -> Duration { .milliseconds(value) }
    private func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    private func axisEvents(_ events: [InputEvent]) -> [AxisEvent] {
        events.compactMap { if case .axis(let e) = $0 { return e } else { return nil } }
    }

    @Test func eventsWaitForTheFrameAndKeepTheirOrder() {
        var pointer = PointerFrameAccumulator(framesEvents: true)
        var out: [InputEvent] = []
        pointer.enter(location: p(1, 2), timestamp: ms(0)) { out.append($0) }
        pointer.motion(location: p(3, 4), timestamp: ms(1)) { out.append($0) }
        pointer.axisSource(1)
        pointer.axis(.vertical, value: 2.5, timestamp: ms(1)) { out.append($0) }
        pointer.button(code: 0x110, pressed: true, timestamp: ms(1)) { out.append($0) }
        #expect(out.isEmpty)
        pointer.frame { out.append($0) }
        #expect(
            out == [
                .pointerEnter(location: p(1, 2), timestamp: ms(0)),
                .pointerMotion(location: p(3, 4), timestamp: ms(1)),
                .axis(AxisEvent(source: .finger, dx: 0, dy: 2.5, timestamp: ms(1))),
                .pointerButton(.left, pressed: true, timestamp: ms(1))
            ])
    }

    @Test func beforeVersion5EveryEventIsItsOwnFrame() {
        var pointer = PointerFrameAccumulator(framesEvents: false)
        var out: [InputEvent] = []
        pointer.motion(location: p(1, 1), timestamp: ms(1)) { out.append($0) }
        pointer.motion(location: p(2, 2), timestamp: ms(2)) { out.append($0) }
        #expect(out.count == 2)
        pointer.axis(.vertical, value: 15, timestamp: ms(3)) { out.append($0) }
        #expect(axisEvents(out) == [AxisEvent(source: .continuous, dx: 0, dy: 15, timestamp: ms(3))])
    }

    @Test func consecutiveMotionsCoalesce() {
        var pointer = PointerFrameAccumulator(framesEvents: true)
        var out: [InputEvent] = []
        pointer.motion(location: p(1, 1), timestamp: ms(1)) { out.append($0) }
        pointer.motion(location: p(5, 6), timestamp: ms(2)) { out.append($0) }
        pointer.frame { out.append($0) }
        #expect(out == [.pointerMotion(location: p(5, 6), timestamp: ms(2))])
    }

    /// A high-resolution wheel (v8): fractions pass through, the scroll container accumulates them.
    @Test func value120FractionsPassThroughFramePerFrame() {
        var pointer = PointerFrameAccumulator(framesEvents: true)
        var out: [InputEvent] = []
        pointer.axisSource(0)
        pointer.axisValue120(.vertical, value: 40)
        pointer.axis(.vertical, value: 5, timestamp: ms(10)) { out.append($0) }
        pointer.frame { out.append($0) }
        pointer.axisSource(0)
        pointer.axisValue120(.vertical, value: 80)
        pointer.axis(.vertical, value: 10, timestamp: ms(20)) { out.append($0) }
        pointer.frame { out.append($0) }
        #expect(
            axisEvents(out) == [
                AxisEvent(source: .wheel, dx: 0, dy: 40, timestamp: ms(10)),
                AxisEvent(source: .wheel, dx: 0, dy: 80, timestamp: ms(20))
            ])
    }

    @Test func value120WithinOneFrameAdds() {
        var pointer = PointerFrameAccumulator(framesEvents: true)
        var out: [InputEvent] = []
        pointer.axisSource(0)
        pointer.axisValue120(.horizontal, value: -40)
        pointer.axisValue120(.horizontal, value: -80)
        pointer.axis(.horizontal, value: -15, timestamp: ms(1)) { out.append($0) }
        pointer.frame { out.append($0) }
        #expect(axisEvents(out) == [AxisEvent(source: .wheel, dx: -120, dy: 0, timestamp: ms(1))])
    }

    /// Seats v5 to v7: `axis_discrete` counts whole detents.
    @Test func axisDiscreteFallsBackToWholeDetents() {
        var pointer = PointerFrameAccumulator(framesEvents: true)
        var out: [InputEvent] = []
        pointer.axisSource(0)
        pointer.axisDiscrete(.vertical, steps: 2)
        pointer.axis(.vertical, value: 30, timestamp: ms(4)) { out.append($0) }
        pointer.frame { out.append($0) }
        #expect(axisEvents(out) == [AxisEvent(source: .wheel, dx: 0, dy: 240, timestamp: ms(4))])
    }

    /// No discrete information: 15 axis units (libinput degrees) per detent.
    @Test func wheelValueAloneUsesFifteenPerDetent() {
        var pointer = PointerFrameAccumulator(framesEvents: true)
        var out: [InputEvent] = []
        pointer.axisSource(0)
        pointer.axis(.vertical, value: 7.5, timestamp: ms(4)) { out.append($0) }
        pointer.frame { out.append($0) }
        #expect(axisEvents(out) == [AxisEvent(source: .wheel, dx: 0, dy: 60, timestamp: ms(4))])
    }

    @Test func unknownSourceIsWheelWithStepsAndContinuousWithout() {
        var pointer = PointerFrameAccumulator(framesEvents: true)
        var out: [InputEvent] = []
        pointer.axisDiscrete(.vertical, steps: -1)
        pointer.axis(.vertical, value: -15, timestamp: ms(1)) { out.append($0) }
        pointer.frame { out.append($0) }
        pointer.axis(.vertical, value: 4, timestamp: ms(2)) { out.append($0) }
        pointer.frame { out.append($0) }
        #expect(
            axisEvents(out) == [
                AxisEvent(source: .wheel, dx: 0, dy: -120, timestamp: ms(1)),
                AxisEvent(source: .continuous, dx: 0, dy: 4, timestamp: ms(2))
            ])
    }

    @Test func fingerValuesArePointsAndStopsAreReported() {
        var pointer = PointerFrameAccumulator(framesEvents: true)
        var out: [InputEvent] = []
        pointer.axisSource(1)
        pointer.axis(.horizontal, value: 1.5, timestamp: ms(1)) { out.append($0) }
        pointer.axis(.vertical, value: -3.25, timestamp: ms(1)) { out.append($0) }
        pointer.frame { out.append($0) }
        pointer.axisSource(1)
        pointer.axisStop(.vertical, timestamp: ms(9)) { out.append($0) }
        pointer.frame { out.append($0) }
        #expect(
            axisEvents(out) == [
                AxisEvent(source: .finger, dx: 1.5, dy: -3.25, timestamp: ms(1)),
                AxisEvent(source: .finger, dx: 0, dy: 0, stopHorizontal: false, stopVertical: true, timestamp: ms(9))
            ])
    }

    /// Some compositors send the stop frame without repeating `axis_source`.
    @Test func aStopWithoutASourceIsAFingerStop() {
        var pointer = PointerFrameAccumulator(framesEvents: true)
        var out: [InputEvent] = []
        pointer.axisStop(.vertical, timestamp: ms(3)) { out.append($0) }
        pointer.axisStop(.horizontal, timestamp: ms(3)) { out.append($0) }
        pointer.frame { out.append($0) }
        #expect(
            axisEvents(out) == [
                AxisEvent(
                    source: .finger, dx: 0, dy: 0, stopHorizontal: true,
                    stopVertical: true, timestamp: ms(3))
            ])
    }

    @Test func wheelTiltCountsAsWheel() {
        var pointer = PointerFrameAccumulator(framesEvents: true)
        var out: [InputEvent] = []
        pointer.axisSource(3)
        pointer.axisValue120(.horizontal, value: 120)
        pointer.axis(.horizontal, value: 15, timestamp: ms(1)) { out.append($0) }
        pointer.frame { out.append($0) }
        #expect(axisEvents(out).first?.source == .wheel)
    }

    @Test func aFrameWithOnlyASourceEmitsNothing() {
        var pointer = PointerFrameAccumulator(framesEvents: true)
        var out: [InputEvent] = []
        pointer.axisSource(1)
        pointer.frame { out.append($0) }
        #expect(out.isEmpty)
    }

    @Test func unnamedButtonsAndNonFiniteValuesAreDropped() {
        var pointer = PointerFrameAccumulator(framesEvents: true)
        var out: [InputEvent] = []
        pointer.button(code: 0x113, pressed: true, timestamp: ms(1)) { out.append($0) }
        pointer.axis(.vertical, value: .infinity, timestamp: ms(1)) { out.append($0) }
        pointer.motion(location: Point(x: .nan, y: 1), timestamp: ms(1)) { out.append($0) }
        pointer.frame { out.append($0) }
        #expect(out.isEmpty)
        pointer.button(code: 0x111, pressed: false, timestamp: ms(2)) { out.append($0) }
        pointer.frame { out.append($0) }
        #expect(out == [.pointerButton(.right, pressed: false, timestamp: ms(2))])
    }
}
