// <doc:ScrollBehaviour> §22, touch resampling: a frame shows the finger at its presentation time minus 5 ms,
// interpolated between the samples around that instant or extrapolated from the last two by at most 8 ms; raw
// samples apply at each event, the last one exactly at the lift; velocity, taps and slop see the raw samples.
// HeadlessWindow presents frame k at exactly k/60 s. The scene's finger starts at y 700 and moves up: the content
// offset is the finger's travel less the 10 pt slop.

import TestSupport
import Testing

@testable import ToolkitCore

@MainActor @Suite struct TouchResamplingTests {
    let start = Point(x: 200, y: 700)

    /// Advances `window` to `ms` milliseconds after its creation.
    static func at(_ window: HeadlessWindow, _ ms: Double) {
        at(window, Duration.nanoseconds(Int64((ms * 1_000_000).rounded())))
    }

    static func at(_ window: HeadlessWindow, _ time: Duration) {
        if time > window.now { window.advance(by: time - window.now) }
    }

    /// Finger 1 moves to `travel` points above `start`, at `ms`.
    func move(_ s: ScrollScene, at ms: Double, travel: Double) {
        Self.at(s.window, ms)
        s.window.touchMove(id: 1, to: start - Point(x: 0, y: travel))
    }

    @Test func aFrameShowsTheFingerFiveMillisecondsBeforeItInterpolated() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: start)
        move(s, at: 10, travel: 20)  // crosses the slop: the drag begins
        move(s, at: 40, travel: 60)
        move(s, at: 48, travel: 100)
        #expect(s.container.contentOffset.y == 90)  // the sample applies raw as it comes
        Self.at(s.window, 50)  // frame 3 presents at 50 ms: the finger at 45 ms is 60 + 40 * 5/8 = 85 up
        #expect(s.container.contentOffset.y == 75)
        move(s, at: 56, travel: 120)
        #expect(s.container.contentOffset.y == 110)
    }

    @Test func pastTheNewestSampleTheFingerIsExtrapolatedByAtMostEightMilliseconds() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: start)
        move(s, at: 10, travel: 20)
        move(s, at: 20, travel: 40)  // 2 pt/ms
        // Frame 2 presents at 33.3 ms: the instant 28.3 ms is 8.3 ms past the newest sample, capped at 8.
        Self.at(s.window, 100.0 / 3)
        #expect(s.container.contentOffset.y == 40 + 16 - 10)
        Self.at(s.window, 50)  // 25 ms past the newest: still the cap
        #expect(s.container.contentOffset.y == 46)
        // Over 40 ms past the newest sample, the finger rests there: the raw sample.
        Self.at(s.window, 200.0 / 3)
        #expect(s.container.contentOffset.y == 30)
    }

    @Test func aShortLastIntervalDoesNotCutTheExtrapolationShort() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: start)
        move(s, at: 10, travel: 20)
        move(s, at: 20, travel: 40)
        move(s, at: 23, travel: 46)  // 3 ms after the previous one, 2 pt/ms
        Self.at(s.window, 100.0 / 3)
        // 5.33 ms past the newest along 2 pt/ms: 46 + 10.67 (on the 1/256 pt grid). Capping at half the last
        // interval (1.5 ms) would show 39, a step short of the finger every time the timestamps bunch up.
        #expect(s.container.contentOffset.y == (56.0 + 2.0 / 3 - 10).roundedToTouchGrid)
    }

    /// The same script with resampling on and off: a frame shows a resampled finger just before the lift.
    func liftScript(resampling: Bool) -> (beforeLift: Double, atLift: Double, velocity: [Point], rest: Double) {
        let s = ScrollScene()
        s.window.core.resamplesTouches = resampling
        s.window.touchDown(id: 1, at: start)
        var ms = 0.0
        for k in 1...11 {
            ms = Double(k) * 8.5
            move(s, at: ms, travel: Double(k) * 17)  // 2,000 pt/s
        }
        Self.at(s.window, 100)  // frame 6: the finger at 95 ms, 1.5 ms past the newest sample
        let beforeLift = s.container.contentOffset.y
        Self.at(s.window, 101)
        s.window.touchUp(id: 1)
        let atLift = s.container.contentOffset.y
        s.window.advance(ms: 3000)
        return (beforeLift, atLift, s.delegate.releaseVelocities, s.container.contentOffset.y)
    }

    @Test func theLiftAppliesTheLastSampleExactlyAndFlingsAsWithoutResampling() {
        let on = liftScript(resampling: true)
        let off = liftScript(resampling: false)
        #expect(off.beforeLift == 187 - 10)
        #expect(on.beforeLift == (2 * 95 - 10 + 0.0).roundedToTouchGrid)
        #expect(on.atLift == 177)
        #expect(off.atLift == 177)
        #expect(on.velocity == off.velocity)
        #expect(on.velocity.count == 1)
        #expect(on.rest == off.rest)
        #expect(on.rest > 177)  // it flung
    }

    /// A tap, a wiggle inside the slop, then a drag, each over several frames; what the content and the delegate saw.
    func contentScript(resampling: Bool) -> (calls: [TouchCall], milestones: [String], dragBeganAt: Int?) {
        let s = ScrollScene()
        s.window.core.resamplesTouches = resampling
        s.window.touchDown(id: 1, at: start)
        s.window.advance(ms: 30)
        s.window.touchUp(id: 1)
        s.window.advance(ms: 500)
        s.window.touchDown(id: 1, at: start)
        for k in 1...12 {
            s.window.advance(ms: 9)
            s.window.touchMove(id: 1, to: start + Point(x: 0, y: k % 2 == 0 ? 4 : -4))
        }
        s.window.touchUp(id: 1)
        s.window.advance(ms: 500)
        s.window.touchDown(id: 1, at: start)
        var began: Int?
        for k in 1...12 {
            s.window.advance(ms: 9)
            s.window.touchMove(id: 1, to: start - Point(x: 0, y: Double(k) * 3))
            if began == nil && s.container.isDragging { began = k }
        }
        s.window.advance(ms: 60)
        s.window.touchUp(id: 1)
        s.window.advance(ms: 2000)
        return (s.content.calls, s.delegate.milestones, began)
    }

    @Test func tapsSlopAndArbitrationSeeTheRawSamples() {
        let on = contentScript(resampling: true)
        let off = contentScript(resampling: false)
        #expect(on.calls == off.calls)
        #expect(on.calls.filter { $0.kind == .ended }.count == 2)  // the tap and the wiggle
        #expect(on.milestones == off.milestones)
        #expect(on.dragBeganAt == 4)  // 12 pt: past the 10 pt slop
        #expect(off.dragBeganAt == 4)
    }

    /// A finger at 1,000 pt/s reported at 120 Hz with ±3 ms of irregularity in its sample times (the position is
    /// the finger's at each stamped time), drawn at 60 Hz: the offset each frame shows from 100 ms to 480 ms, and
    /// the finger's travel at the lift less the offset then (the slop).
    func steadyFinger(resampling: Bool, seed: UInt64) -> (shown: [(time: Double, offset: Double)], slop: Double) {
        let s = ScrollScene(contentSize: Size(width: 400, height: 40_000))
        s.window.core.resamplesTouches = resampling
        var rng = SplitMix64(seed: seed)
        s.window.touchDown(id: 1, at: start)
        var shown: [(time: Double, offset: Double)] = []
        var frame = 6  // 100 ms
        var last = Duration.zero
        for i in 1...60 {
            let time = Duration.nanoseconds(Int64((Double(i) / 120 + rng.uniform(-0.003, 0.003)) * 1e9))
            while Duration.nanoseconds(Int64(frame) * 1_000_000_000 / 60) < time && frame <= 29 {
                let frameTime = Duration.nanoseconds(Int64(frame) * 1_000_000_000 / 60)
                Self.at(s.window, frameTime)
                shown.append((Double(frameTime / .seconds(1)), s.container.contentOffset.y))
                frame += 1
            }
            Self.at(s.window, time)
            s.window.touchMove(id: 1, to: start - Point(x: 0, y: 1000 * (time / .seconds(1))))
            last = time
        }
        s.window.touchUp(id: 1)
        return (shown, 1000 * (last / .seconds(1)) - s.container.contentOffset.y)
    }

    static func standardDeviationOfSteps(_ offsets: [Double]) -> Double {
        let steps = zip(offsets, offsets.dropFirst()).map { $1 - $0 }
        let mean = steps.reduce(0, +) / Double(steps.count)
        return (steps.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(steps.count)).squareRoot()
    }

    @Test func aSteadyFingerMovesTheContentByEvenStepsAtMostTenMillisecondsBehind() {
        let seed: UInt64 = 7
        let on = steadyFinger(resampling: true, seed: seed)
        let off = steadyFinger(resampling: false, seed: seed)
        #expect(near(on.slop, 10, 1e-9) && near(off.slop, 10, 1e-9))
        #expect(on.shown.count == 24)
        let deviationOn = Self.standardDeviationOfSteps(on.shown.map(\.offset))
        let deviationOff = Self.standardDeviationOfSteps(off.shown.map(\.offset))
        // Lag: how long ago the finger was where the frame shows it (the offset plus the slop, at 1,000 pt/s).
        let lagOn = on.shown.map { $0.time - ($0.offset + on.slop) / 1000 }
        let lagOff = off.shown.map { $0.time - ($0.offset + off.slop) / 1000 }
        #expect(deviationOn < 0.5)
        #expect(deviationOff > 1.5)
        // The one answer for this seed in each case: resampled, only the 1/256 pt grid's rounding is left.
        #expect(near(deviationOn, 0.0019, 0.0001))
        #expect(near(deviationOff, 4.465, 0.001))
        #expect(lagOff.max()! > 0.009)  // up to a whole sample interval behind, unevenly
        #expect(lagOn.allSatisfy { $0 <= 0.010 })
        #expect(lagOn.allSatisfy { abs($0 - 0.005) < 0.000_01 })  // exactly the 5 ms, up to the 1/256 pt grid
    }

    @Test func offEverySampleAppliesAsItComes() {
        let s = ScrollScene()
        s.window.core.resamplesTouches = false
        s.window.touchDown(id: 1, at: start)
        move(s, at: 10, travel: 20)
        move(s, at: 40, travel: 60)
        move(s, at: 48, travel: 100)
        Self.at(s.window, 50)
        #expect(s.container.contentOffset.y == 90)
        Self.at(s.window, 100.0 / 3 * 2)
        #expect(s.container.contentOffset.y == 90)
    }

    @Test func turnedOffDuringADragTheNextFrameShowsTheRawSample() {
        let s = ScrollScene()
        s.window.touchDown(id: 1, at: start)
        move(s, at: 10, travel: 20)
        move(s, at: 40, travel: 60)
        move(s, at: 48, travel: 100)
        Self.at(s.window, 50)
        #expect(s.container.contentOffset.y == 75)
        s.window.core.resamplesTouches = false
        Self.at(s.window, 100.0 / 3 * 2)
        #expect(s.container.contentOffset.y == 90)
    }

    @Test func aPointerDragIsNotResampled() {
        let s = ScrollScene()
        s.container.pointerDragScrolls = true
        s.window.pointerMove(to: start)
        s.window.pointerButton(.left, pressed: true)
        for (ms, travel) in [(10.0, 20.0), (40, 60), (48, 100)] {
            Self.at(s.window, ms)
            s.window.pointerMove(to: start - Point(x: 0, y: travel))
        }
        #expect(s.container.isDragging)
        let raw = s.container.contentOffset.y
        Self.at(s.window, 50)
        #expect(s.container.contentOffset.y == raw)
        s.window.pointerButton(.left, pressed: false)
    }

    @Test func observersHearEachSampleAndEachFrameWithTheValueShownThen() {
        let s = ScrollScene()
        var seen: [Double] = []
        let token = s.container.observe(\.contentOffset) { _, change in seen.append(change.newValue.y) }
        s.window.touchDown(id: 1, at: start)
        move(s, at: 10, travel: 20)
        move(s, at: 40, travel: 60)
        move(s, at: 48, travel: 100)
        Self.at(s.window, 50)
        #expect(seen == [10, 50, 90, 75])
        s.window.touchUp(id: 1)
        #expect(seen.last == 90)  // the lift shows the last sample again
        token.invalidate()
    }

    @Test func theResamplerInterpolatesExtrapolatesAndWrapsAround() {
        var r = TouchResampler()
        #expect(r.position(at: .zero) == nil)
        for k in 0..<40 {
            r.add(Point(x: Double(k) * 3, y: -Double(k)), at: .milliseconds(k * 4))
        }
        #expect(r.count == TouchResampler.capacity)
        #expect(r.position(at: .milliseconds(150)) == Point(x: 112.5, y: -37.5))
        #expect(r.position(at: .milliseconds(161)) == Point(x: 117 + 3.75, y: -39 - 1.25))  // 5 ms past
        #expect(r.position(at: .milliseconds(172)) == Point(x: 117 + 6, y: -39 - 2))  // capped at 8 ms
        #expect(r.position(at: .milliseconds(199)) == Point(x: 117, y: -39))  // resting
        #expect(r.position(at: .zero) == Point(x: 72, y: -24))  // before the oldest kept: the oldest
        r.add(Point(x: 200, y: 0), at: .milliseconds(156))  // same time: replaces the newest
        #expect(r.newest?.position == Point(x: 200, y: 0))
        #expect(r.count == TouchResampler.capacity)
    }
}

extension Double {
    /// On the 1/256 pt grid a resampled translation is rounded to.
    var roundedToTouchGrid: Double { (self * 256).rounded() / 256 }
}
