// Acceptance tests, <doc:ScrollBehaviour> §3-§5: release velocity from irregular, phone-like samples, multi-finger
// flings, and the directional lock on an exact diagonal. Public API only.

import Testing
import ToolkitCore

@MainActor
@Suite struct AcceptanceTestsVelocity {
    /// Intervals between touch events, in ms, repeating: irregular like a phone's (7-17 ms).
    let intervals: [Double] = [8, 13, 7, 17, 11, 9, 16, 10, 12, 14]

    /// A flick at constant `speed` pt/s with irregular event times and fractional (resampled) positions, a
    /// pause of `pauseMS` before the lift.
    func irregularFlick(_ s: ScrollScene, speed: Double, events: Int, pauseMS: Double) {
        var t = 0.0
        let start = Point(x: 200, y: 750)
        s.window.touchDown(id: 1, at: start)
        for k in 0..<events {
            let dt = intervals[k % intervals.count]
            s.window.advance(ms: dt)
            t += dt
            s.window.touchMove(id: 1, to: Point(x: 200, y: start.y - speed * t / 1000))
        }
        if pauseMS > 0 { s.window.advance(ms: pauseMS) }
        s.window.touchUp(id: 1)
    }

    @Test func irregularIntervalsReadTheTrueSpeed() {
        for speed in [800.0, 2500, 6000] {
            let s = ScrollScene(contentSize: Size(width: 400, height: 40_000))
            irregularFlick(s, speed: speed, events: 8, pauseMS: 0)
            let v = s.delegate.releaseVelocities.first?.y ?? 0
            #expect(abs(v - speed) < speed * 0.02, "speed \(speed): read \(v)")
        }
    }

    @Test func aShortPauseBeforeLiftKeepsTheSpeed() {
        let s = ScrollScene(contentSize: Size(width: 400, height: 40_000))
        irregularFlick(s, speed: 3000, events: 8, pauseMS: 25)
        let v = s.delegate.releaseVelocities.first?.y ?? 0
        #expect(abs(v - 3000) < 60, "read \(v)")
    }

    @Test func aLongPauseBeforeLiftIsNoFling() {
        let s = ScrollScene(contentSize: Size(width: 400, height: 40_000))
        irregularFlick(s, speed: 3000, events: 8, pauseMS: 45)
        #expect(s.delegate.releaseVelocities.first == .zero)
        #expect(!s.container.isDecelerating)
    }

    @Test func onlyTheLast100msCount() {
        // 300 ms slow (500 pt/s) then 100 ms fast (2000 pt/s): the release reads the fast part.
        let s = ScrollScene(contentSize: Size(width: 400, height: 40_000))
        s.window.touchDown(id: 1, at: Point(x: 200, y: 750))
        var y = 750.0
        for _ in 0..<30 {
            s.window.advance(ms: 10)
            y -= 5
            s.window.touchMove(id: 1, to: Point(x: 200, y: y))
        }
        for _ in 0..<10 {
            s.window.advance(ms: 10)
            y -= 20
            s.window.touchMove(id: 1, to: Point(x: 200, y: y))
        }
        s.window.touchUp(id: 1)
        let v = s.delegate.releaseVelocities.first?.y ?? 0
        #expect(abs(v - 2000) < 100, "read \(v)")
    }

    @Test func twoFingersFlingingTogetherReadTheirCommonSpeed() {
        let s = ScrollScene(contentSize: Size(width: 400, height: 40_000))
        s.window.touchDown(id: 1, at: Point(x: 150, y: 700))
        s.window.touchDown(id: 2, at: Point(x: 250, y: 700))
        for k in 1...6 {
            s.window.advance(ms: 10)
            let y = 700 - 30 * Double(k)  // 3000 pt/s
            s.window.touchMove(id: 1, to: Point(x: 150, y: y))
            s.window.touchMove(id: 2, to: Point(x: 250, y: y))
        }
        s.window.touchUp(id: 1)
        s.window.touchUp(id: 2)
        let v = s.delegate.releaseVelocities.first?.y ?? 0
        #expect(abs(v - 3000) < 60, "read \(v)")
        #expect(s.container.isDecelerating)
    }

    @Test func lockOnAnExactDiagonalMovesOneAxisOnly() {
        let s = ScrollScene(contentSize: Size(width: 4000, height: 4000))
        s.container.isDirectionalLockEnabled = true
        s.container.contentOffset = Point(x: 1000, y: 1000)
        let start = Point(x: 300, y: 600)
        s.window.touchDown(id: 1, at: start)
        for k in 1...6 {
            s.window.advance(ms: 10)
            s.window.touchMove(id: 1, to: Point(x: start.x - 40 * Double(k), y: start.y - 40 * Double(k)))
        }
        s.window.touchUp(id: 1)
        s.window.runToRest(s.container)
        let moved = (x: s.container.contentOffset.x != 1000, y: s.container.contentOffset.y != 1000)
        #expect(moved.x != moved.y, "\(s.container.contentOffset)")
    }

    @Test func aFingerLiftingMidFlingHandsTheSpeedToTheOther() {
        let s = ScrollScene(contentSize: Size(width: 400, height: 40_000))
        s.window.touchDown(id: 1, at: Point(x: 150, y: 700))
        s.window.touchDown(id: 2, at: Point(x: 250, y: 700))
        for k in 1...3 {
            s.window.advance(ms: 10)
            s.window.touchMove(id: 1, to: Point(x: 150, y: 700 - 20 * Double(k)))
            s.window.touchMove(id: 2, to: Point(x: 250, y: 700 - 20 * Double(k)))
        }
        s.window.touchUp(id: 1)
        for k in 4...8 {
            s.window.advance(ms: 10)
            s.window.touchMove(id: 2, to: Point(x: 250, y: 700 - 20 * Double(k)))
        }
        s.window.touchUp(id: 2)
        let v = s.delegate.releaseVelocities.first?.y ?? 0
        #expect(abs(v - 2000) < 60, "read \(v)")
    }
}
