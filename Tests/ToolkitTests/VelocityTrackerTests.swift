import TestSupport
import Testing

@testable import ToolkitCore

#if canImport(Glibc)
    import Glibc
#endif

/// Release velocity from touch samples (<doc:ScrollBehaviour> §5).
@Suite struct VelocityTrackerTests {
    /// A time in seconds as a Duration (nanosecond resolution).
    static func at(_ seconds: Double) -> Duration { .nanoseconds(Int64((seconds * 1e9).rounded())) }

    /// Plain (unweighted) least-squares line slope, the estimator <doc:ScrollBehaviour> §5 says reads real flicks
    /// 40-60% low.
    static func lineSlope(_ samples: [(t: Double, x: Double)]) -> Double {
        let n = Double(samples.count)
        let mt = samples.map(\.t).reduce(0, +) / n
        let mx = samples.map(\.x).reduce(0, +) / n
        let num = samples.map { ($0.t - mt) * ($0.x - mx) }.reduce(0, +)
        let den = samples.map { ($0.t - mt) * ($0.t - mt) }.reduce(0, +)
        return num / den
    }

    @Test func flickOf300PointsIn50MillisecondsReads6000() {
        // A short fast flick (four events, 300 pt in 50 ms) must read as about 6000 pt/s, not less.
        var tracker = VelocityTracker()
        for i in 0..<4 {
            tracker.addSample(Point(x: 0, y: Double(i) * 100), at: VelocityTrackerTests.at(1.0 + Double(i) * 0.05 / 3))
        }
        let v = tracker.velocity(at: VelocityTrackerTests.at(1.06))
        #expect(abs(v.y - 6000) <= 300)
        #expect(abs(v.x) < 1e-6)
        // The same flick with millisecond timestamps (as wl_touch delivers them) and whole-pixel positions.
        var rounded = VelocityTracker()
        for (ms, y) in [(1000, 0.0), (1017, 100), (1033, 200), (1050, 300)] {
            rounded.addSample(Point(x: 0, y: y), at: .milliseconds(ms))
        }
        #expect(abs(rounded.velocity().y - 6000) <= 300)
    }

    @Test func exactParabolaIsReadExactly() {
        // x = 20000 t^2 (an accelerating finger) sampled at irregular times: the fit recovers 2 * 20000 * t_end.
        var tracker = VelocityTracker()
        for t in [0.0, 0.011, 0.019, 0.034, 0.041, 0.055, 0.07, 0.08] {
            tracker.addSample(Point(x: 20000 * t * t, y: -5000 * t), at: VelocityTrackerTests.at(t))
        }
        let v = tracker.velocity()
        #expect(abs(v.x - 3200) < 1e-6 * 3200)
        #expect(abs(v.y + 5000) < 1e-6 * 5000)
    }

    /// Simulated flings, kept as a second check besides the recordings (VelocityRecordingTests): the unweighted
    /// quadratic fit reads every one within 20% (AOSP's tolerance for its recordings) of the lift-off speed and
    /// 5% off on average, where a straight line over the same 0.1 s reads about 40% low. Until the estimator was
    /// held to real recordings this test asked 15% of a recency-weighted parabola tuned on these very
    /// simulations; that estimator turned Swordfish's recorded fling around, and the unweighted fit reads the
    /// growing-acceleration shape (v ~ t^2) up to 19% low.
    @Test func simulatedFlingsReadWithin20PercentWhileALineReadsFarLower() {
        let seed: UInt64 = 0x5EED_F11C
        print("VelocityTrackerTests.simulatedFlings seed: 0x\(String(seed, radix: 16))")
        var random = SplitMix64(seed: seed)
        var errors: [Double] = []
        var lineErrors: [Double] = []
        for fling in 0..<90 {
            // Finger motion with lift-off after `lift` seconds at speed `speed`, accelerating up to the lift.
            let lift = random.uniform(0.08, 0.2)
            let speed = random.uniform(1500, 8000)
            let shape = fling % 3
            let position: (Double) -> Double
            let velocity: (Double) -> Double
            switch shape {
            case 0:  // constant acceleration: v ~ t
                position = { speed * $0 * $0 / (2 * lift) }
                velocity = { speed * $0 / lift }
            case 1:  // growing acceleration: v ~ t^2
                position = { speed * $0 * $0 * $0 / (3 * lift * lift) }
                velocity = { speed * $0 * $0 / (lift * lift) }
            default:  // smooth ramp v ~ sin^2, lifted between 70% of the ramp and its peak
                let ramp = lift / random.uniform(0.7, 1.0)
                let peak = speed / pow(sin(Double.pi * lift / (2 * ramp)), 2)
                position = { peak * ($0 / 2 - ramp / (2 * Double.pi) * sin(Double.pi * $0 / ramp)) }
                velocity = { peak * pow(sin(Double.pi * $0 / (2 * ramp)), 2) }
            }
            // Events 7-17 ms apart, whole-pixel positions, millisecond timestamps, an angle of motion.
            var tracker = VelocityTracker()
            var samples: [(t: Double, x: Double)] = []
            var t = 0.0
            var times: [Double] = []
            while t < lift {
                times.append(t)
                t += random.uniform(0.007, 0.017)
            }
            times.append(lift)
            for time in times {
                let along = position(time)
                let x = (along * 0.8).rounded()
                let y = (along * -0.6).rounded()
                let stamp = (time * 1000).rounded(.down) / 1000
                tracker.addSample(Point(x: x, y: y), at: VelocityTrackerTests.at(5 + stamp))
                samples.append((stamp, x))
            }
            // Sometimes the up event comes after a short pause (under 0.04 s), which must not zero the velocity.
            let pause = fling % 4 == 0 ? random.uniform(0.005, 0.035) : 0
            let v = tracker.velocity(at: VelocityTrackerTests.at(5 + lift + pause))
            let truth = velocity(lift)
            let error = (v.x / 0.8 - truth) / truth
            #expect(abs(error) <= 0.2, "fling \(fling) shape \(shape) speed \(speed) lift \(lift): error \(error)")
            #expect(abs(v.y / -0.6 - truth) / truth <= 0.2, "fling \(fling)")
            errors.append(abs(error))
            let window = samples.filter { $0.t >= samples.last!.t - 0.1 }
            lineErrors.append((VelocityTrackerTests.lineSlope(window) / 0.8 - truth) / truth)
        }
        let meanError = errors.reduce(0, +) / Double(errors.count)
        let meanLineError = lineErrors.reduce(0, +) / Double(lineErrors.count)
        print("VelocityTrackerTests.simulatedFlings mean |error| \(meanError), line fit mean error \(meanLineError)")
        #expect(meanError < 0.06)
        // For contrast: a straight line over the same 0.1 s reads far too low.
        #expect(meanLineError < -0.25)
    }

    @Test func fingerThatStopsBeforeLiftingHasZeroVelocity() {
        var tracker = VelocityTracker()
        for i in 0...6 {
            tracker.addSample(Point(x: Double(i) * 30, y: 0), at: .milliseconds(100 + i * 10))
        }
        #expect(abs(tracker.velocity(at: .milliseconds(160)).x - 3000) < 1)
        #expect(abs(tracker.velocity(at: .milliseconds(200)).x - 3000) < 1)  // 40 ms: still moving
        #expect(tracker.velocity(at: .milliseconds(201)) == .zero)  // more than 40 ms: stopped
        #expect(VelocityTracker().velocity(at: .seconds(1)) == .zero)
    }

    @Test func samplesBeforeAGapAreDropped() {
        var tracker = VelocityTracker()
        // Fast motion, then a 50 ms pause, then slow motion: only the slow motion counts.
        for i in 0...5 { tracker.addSample(Point(x: Double(i) * 50, y: 0), at: .milliseconds(i * 10)) }
        for i in 0...3 { tracker.addSample(Point(x: 250 + Double(i) * 2, y: 0), at: .milliseconds(100 + i * 10)) }
        #expect(tracker.sampleCount == 4)
        #expect(abs(tracker.velocity().x - 200) < 1e-6)
        // A gap of exactly 40 ms is not yet a stop.
        var edge = VelocityTracker()
        edge.addSample(Point(x: 0, y: 0), at: .milliseconds(0))
        edge.addSample(Point(x: 10, y: 0), at: .milliseconds(40))
        #expect(edge.sampleCount == 2 && abs(edge.velocity().x - 250) < 1e-6)
    }

    @Test func onlyTheLastTenthOfASecondAndAtMostTwentySamplesAreKept() {
        var tracker = VelocityTracker()
        for i in 0...30 { tracker.addSample(Point(x: Double(i), y: 0), at: .milliseconds(i * 10)) }
        #expect(tracker.sampleCount == 11)  // 0.2 s ... 0.3 s, both ends included
        var dense = VelocityTracker()
        for i in 0...60 { dense.addSample(Point(x: Double(i) * 2, y: 0), at: .milliseconds(i)) }
        #expect(dense.sampleCount == VelocityTracker.capacity)
        #expect(abs(dense.velocity().x - 2000) < 1e-6)
        // Old slow samples no longer count once they leave the window.
        var change = VelocityTracker()
        for i in 0...15 { change.addSample(Point(x: Double(i), y: 0), at: .milliseconds(i * 10)) }
        for i in 1...12 { change.addSample(Point(x: 15 + Double(i) * 40, y: 0), at: .milliseconds(150 + i * 10)) }
        #expect(abs(change.velocity().x - 4000) < 1e-6)
    }

    @Test func fewSamplesFallBackToALineThenZero() {
        var tracker = VelocityTracker()
        #expect(tracker.velocity() == .zero)
        tracker.addSample(Point(x: 5, y: 5), at: .milliseconds(10))
        #expect(tracker.velocity() == .zero)
        tracker.addSample(Point(x: 15, y: 0), at: .milliseconds(20))
        #expect(tracker.velocity() == Point(x: 1000, y: -500))
        // A second sample in the same instant replaces the first one's position (one position per instant):
        // still two samples, now 11 pt apart.
        tracker.addSample(Point(x: 16, y: 0), at: .milliseconds(20))
        #expect(tracker.sampleCount == 2)
        #expect(tracker.velocity() == Point(x: 1100, y: -500))
    }

    @Test func degenerateAndBadSamplesNeverGiveNaN() {
        var sameTime = VelocityTracker()
        for i in 0..<5 { sameTime.addSample(Point(x: Double(i) * 10, y: 3), at: .seconds(2)) }
        #expect(sameTime.sampleCount == 1 && sameTime.velocity() == .zero)
        var tracker = VelocityTracker()
        tracker.addSample(Point(x: 0, y: 0), at: .milliseconds(0))
        tracker.addSample(Point(x: .nan, y: 0), at: .milliseconds(5))
        tracker.addSample(Point(x: 10, y: .infinity), at: .milliseconds(8))
        tracker.addSample(Point(x: 10, y: 0), at: .milliseconds(10))
        #expect(tracker.sampleCount == 2)
        #expect(tracker.velocity() == Point(x: 1000, y: 0))
        // Time running backwards counts as no time passing: the position replaces the newest one's.
        tracker.addSample(Point(x: 20, y: 0), at: .milliseconds(3))
        #expect(tracker.newestSampleTime == .milliseconds(10))
        #expect(tracker.velocity() == Point(x: 2000, y: 0))
        var huge = VelocityTracker()
        for i in 0..<6 { huge.addSample(Point(x: 1e307 * Double(i % 2), y: -1e308), at: .milliseconds(i)) }
        #expect(huge.velocity().isFinite)
        tracker.reset()
        #expect(tracker.sampleCount == 0 && tracker.velocity() == .zero && tracker.newestSampleTime == nil)
    }
}
