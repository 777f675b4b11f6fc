// Release velocity held to real recorded flings (<doc:ScrollBehaviour> §5): the recordings of AOSP's and Flutter's
// velocity-tracker suites (Support/RecordedFlings.swift) replayed with their own timestamps, 1 px = 1 pt, through
// the tracker and through a HeadlessWindow's touches. The expected figures are those the source suites assert for
// their least-squares strategy, within their tolerance.

import Testing

@testable import ToolkitCore

extension RecordedFling: CustomTestStringConvertible {
    var testDescription: String { name }
}

extension RecordedFling {
    /// The fling's samples fed to a fresh tracker; the velocity read at the lift, in px/s (finger motion).
    func trackerVelocity(samples: [(ns: Int64, x: Double, y: Double)]? = nil) -> Point {
        var tracker = VelocityTracker()
        for s in samples ?? self.samples {
            tracker.addSample(Point(x: s.x, y: s.y), at: .nanoseconds(s.ns))
        }
        return tracker.velocity(at: .nanoseconds(liftNS))
    }

    /// The asserted (axis, velocity) pairs.
    var expectations: [(axis: Axis, value: Double)] {
        var result: [(axis: Axis, value: Double)] = []
        if let expectedX { result.append((.horizontal, expectedX)) }
        if let expectedY { result.append((.vertical, expectedY)) }
        return result
    }

    /// The axis the finger mostly moved along: the one with the larger asserted speed.
    var mainAxis: (axis: Axis, value: Double) {
        expectations.max { abs($0.value) < abs($1.value) }!
    }
}

/// A delegate noting what the release looked like.
@MainActor
private final class ReleaseProbe: ScrollContainerDelegate {
    var velocities: [Point] = []
    var releaseOffsets: [Point] = []
    func scrollContainerWillEndDragging(
        _ container: ScrollContainer, velocity: Point,
        targetContentOffset: inout Point
    ) {
        velocities.append(velocity)
        releaseOffsets.append(container.contentOffset)
    }
}

@MainActor
@Suite struct VelocityRecordingTests {
    // MARK: the tracker

    @Test(arguments: RecordedFlings.all)
    func eachRecordingReadsWhatItsSuiteAsserts(_ fling: RecordedFling) {
        let v = fling.trackerVelocity()
        for (axis, expected) in fling.expectations {
            let measured = v[axis]
            #expect(measured.sign == expected.sign, "\(fling.name) \(axis): \(measured) against \(expected)")
            #expect(
                abs(measured - expected) <= abs(expected) * fling.tolerance,
                "\(fling.name) \(axis): \(measured), expected \(expected) within \(fling.tolerance * 100)%")
        }
    }

    @Test func theVelocityTable() {
        // The closing note's table: recording, expected (the suite's), measured, all px/s of finger motion.
        for fling in RecordedFlings.all {
            let v = fling.trackerVelocity()
            let cells = fling.expectations.map { e in
                let axis = e.axis == .horizontal ? "x" : "y"
                let error = (v[e.axis] - e.value) / e.value * 100
                return "\(axis) \(e.value) -> \(v[e.axis]) (\(error)%)"
            }
            print("recording \(fling.name): \(cells.joined(separator: ", "))")
        }
        #expect(RecordedFlings.aosp.count == 19 && RecordedFlings.flutter.count == 14)
    }

    @Test func swordfishFlingDownFliesDownThoughTheFingerRestsBeforeLifting() {
        // The finger rests 11.3 ms on its last position (a repeated sample) before lifting. AOSP's impulse
        // strategy reads (+623.6, +5970.7) px/s; the quadratic fit reads +6068 px/s along the fling, and the
        // small sideways motion keeps its sign too.
        let fling = RecordedFlings.aosp[0]
        #expect(fling.name == "SwordfishFlingDown")
        let rest = fling.samples[fling.samples.count - 1].ns - fling.samples[fling.samples.count - 2].ns
        #expect(rest == 11_309_496)
        let v = fling.trackerVelocity()
        #expect(abs(v.y - 5970.7309) <= 5970.7309 * 0.2)
        #expect(v.x > 0)
    }

    @Test(arguments: RecordedFlings.all)
    func aFingerRestingUpTo16msBeforeLiftingKeepsTheDirection(_ fling: RecordedFling) {
        // One more sample on the last position, 3 to 16 ms (a 60 Hz frame) later, as Swordfish has: along the
        // axis the finger moved, the reading slows but never turns against the motion.
        let (axis, expected) = fling.mainAxis
        let last = fling.samples[fling.samples.count - 1]
        for ms: Int64 in [3, 5, 8, 11, 16] {
            let resting = fling.samples + [(ns: last.ns + ms * 1_000_000, x: last.x, y: last.y)]
            var tracker = VelocityTracker()
            for s in resting { tracker.addSample(Point(x: s.x, y: s.y), at: .nanoseconds(s.ns)) }
            let v = tracker.velocity(at: .nanoseconds(last.ns + ms * 1_000_000))[axis]
            #expect(v.sign == expected.sign && v != 0, "\(fling.name) resting \(ms) ms: \(v)")
        }
        // Resting longer than 40 ms with no new sample: stopped, no velocity.
        var tracker = VelocityTracker()
        for s in fling.samples { tracker.addSample(Point(x: s.x, y: s.y), at: .nanoseconds(s.ns)) }
        #expect(tracker.velocity(at: .nanoseconds(last.ns + 40_000_001)) == .zero)
    }

    @Test(arguments: RecordedFlings.aosp.dropFirst())
    func resampledSamplesAtUnevenIntervalsReadTheSameFlingAsTheRawOnes(_ fling: RecordedFling) {
        // The Sailfish recordings hold, besides the touch screen's own samples (whole microseconds), samples
        // resampled by Android at uneven times between them (nanosecond stamps, some 8 us from a raw one).
        // With or without them the fit reads the suite's value within its tolerance.
        let raw = fling.samples.filter { $0.ns % 1000 == 0 }
        #expect(raw.count < fling.samples.count, "\(fling.name) has resampled samples")
        let intervals = zip(fling.samples.dropFirst(), fling.samples).map { $0.ns - $1.ns }
        #expect(intervals.max()! > 2 * intervals.min()!, "\(fling.name): uneven intervals")
        let withRaw = fling.trackerVelocity(samples: raw)
        let withAll = fling.trackerVelocity()
        for (axis, expected) in fling.expectations {
            #expect(
                abs(withRaw[axis] - expected) <= abs(expected) * fling.tolerance,
                "\(fling.name) \(axis) raw only: \(withRaw[axis]) against \(expected)")
            #expect(abs(withAll[axis] - expected) <= abs(expected) * fling.tolerance)
        }
    }

    @Test(arguments: RecordedFlings.all)
    func aRepeatedSampleChangesNothing(_ fling: RecordedFling) {
        // Every sample delivered twice (same time, same place): one position per instant, the same reading.
        let doubled = fling.samples.flatMap { [$0, $0] }
        let v = fling.trackerVelocity(samples: doubled)
        let once = fling.trackerVelocity()
        #expect(v == once)
    }

    @Test func twoSamplesInOneInstantCountAsTheLaterPosition() {
        // wl_touch stamps in milliseconds: two frames in one millisecond keep the later position only.
        var tracker = VelocityTracker()
        for (ms, x) in [(0, 0.0), (10, 10), (20, 20), (30, 25), (30, 30)] {
            tracker.addSample(Point(x: x, y: 0), at: .milliseconds(ms))
        }
        #expect(tracker.sampleCount == 4)
        #expect(abs(tracker.velocity().x - 1000) < 1e-9)
    }

    // MARK: AOSP's hand-made least-squares cases (LSQ2 tolerance 0.001%, or 20% where it uses checkVelocity)

    @Test func aospLeastSquaresHandCases() {
        func read(_ samples: [(Int, Double)], unit: Duration = .milliseconds(1), lift: Int? = nil) -> Double {
            var tracker = VelocityTracker()
            for (t, x) in samples { tracker.addSample(Point(x: x, y: x), at: unit * t) }
            return tracker.velocity(at: unit * (lift ?? samples.last!.0)).x
        }
        #expect(abs(read([(0, 1), (1, 1), (2, 1)])) <= 1e-6)  // constant
        #expect(abs(read([(0, -2), (1, -1), (2, 0)]) - 1000) <= 1000 * 1e-5)  // line
        #expect(abs(read([(0, 1), (1, 4), (2, 8)]) - 4500) <= 4500 * 1e-5)  // parabola
        #expect(abs(read([(0, 1), (1, 4), (2, 9)]) - 6000) <= 6000 * 1e-5)  // parabola
        #expect(abs(read([(0, 4), (1, 1), (2, 0)])) <= 1e-6)  // x = t^2 at its vertex
        #expect(abs(read([(0, 0), (10, 5), (20, 10)]) - 500) <= 500 * 0.2)  // three points, linear
        #expect(read([(0, 293), (6132, 293), (11283, 293)], unit: .microseconds(1)) == 0)  // three at rest
        // A lift 10 ms after the last move keeps the speed; 3 s after it, none.
        #expect(abs(read([(0, 10), (10, 20), (20, 30)], lift: 30) - 1000) <= 1000 * 0.2)
        #expect(read([(0, 10), (10, 20), (20, 30)], lift: 3000) == 0)
    }

    // MARK: through a window's touches

    /// Replays `fling` as touches on a container that scrolls both ways from the middle of a huge content, the
    /// recording moved so that it starts in the middle of the window. Returns the velocity the delegate was
    /// handed (pt/s of content offset), the offset at the release and the offset at rest.
    func replay(_ fling: RecordedFling) -> (velocity: Point, released: Point, rest: Point)? {
        let window = HeadlessWindow(size: Size(width: 1600, height: 1600))
        let container = ScrollContainer(frame: Rect(origin: .zero, size: window.size))
        container.contentSize = Size(width: 200_000, height: 200_000)
        container.contentOffset = Point(x: 100_000, y: 100_000)
        let probe = ReleaseProbe()
        container.delegate = probe
        window.rootView.addSubview(container)
        let first = fling.samples[0]
        let shift = Point(x: 800 - first.x, y: 800 - first.y)
        window.touchDown(id: 1, at: Point(x: first.x, y: first.y) + shift)
        var now = first.ns
        for s in fling.samples.dropFirst() {
            window.advance(by: .nanoseconds(s.ns - now))
            now = s.ns
            window.touchMove(id: 1, to: Point(x: s.x, y: s.y) + shift)
        }
        window.advance(by: .nanoseconds(fling.liftNS - now))
        window.touchUp(id: 1)
        var spent = 0
        while container.isDecelerating && spent < 20_000 {
            window.advance(by: .milliseconds(16))
            spent += 16
        }
        guard let velocity = probe.velocities.first, let released = probe.releaseOffsets.first else { return nil }
        return (velocity, released, container.contentOffset)
    }

    @Test(arguments: RecordedFlings.all)
    func aRecordedFlingReplayedAsTouchesFliesTheWayTheFingerWent(_ fling: RecordedFling) throws {
        let result = try #require(replay(fling), "\(fling.name) did not drag")
        for (axis, expected) in fling.expectations {
            // The content moves against the finger: its velocity is the finger's negated, through the release
            // rules (below 50 pt/s no fling, at most 8000 pt/s).
            let handed = result.velocity[axis]
            let travel = result.rest[axis] - result.released[axis]
            if abs(expected) * (1 + fling.tolerance) < ScrollPolicy.flingThreshold {
                #expect(handed == 0, "\(fling.name) \(axis)")
                #expect(travel == 0)
            } else if abs(expected) * (1 - fling.tolerance) > ScrollPolicy.maximumVelocity {
                #expect(handed == -expected.sign.factor * ScrollPolicy.maximumVelocity, "\(fling.name) \(axis)")
                #expect(travel.sign != expected.sign && travel != 0)
            } else {
                #expect(handed.sign != expected.sign && handed != 0, "\(fling.name) \(axis): \(handed)")
                #expect(
                    abs(handed + expected) <= abs(expected) * fling.tolerance,
                    "\(fling.name) \(axis): handed \(handed) for a finger at \(expected)")
                #expect(travel.sign != expected.sign && travel != 0, "\(fling.name) \(axis): travel \(travel)")
            }
        }
    }
}

extension FloatingPointSign {
    /// +1 or -1.
    fileprivate var factor: Double { self == .minus ? -1 : 1 }
}
