import Testing

@testable import ToolkitCore

/// Deceleration inside a range, bouncing or stopping at its edges, springing back from outside
/// (<doc:ScrollBehaviour> §5).
@Suite struct BounceSimulationTests {
    /// Positions every millisecond from 0 to a little past the end.
    static func positions(_ sim: BounceSimulation) -> [Double] {
        (0...Int((sim.duration + 0.05) * 1000)).map { sim.position(at: Double($0) / 1000) }
    }

    @Test func insideTheRangeItIsThePlainDeceleration() {
        let sim = BounceSimulation(
            position: 100, velocity: 800, rate: .normal, minPosition: 0, maxPosition: 5000,
            bounces: true, dimension: 800)
        let glide = DecelerationSimulation(position: 100, velocity: 800, rate: .normal)
        #expect(sim.edgeContactTime == nil)
        #expect(sim.finalPosition == glide.finalPosition && sim.duration == glide.duration)
        for t in [0.0, 0.3, 1, 2] {
            #expect(sim.position(at: t) == glide.position(at: t))
        }
    }

    @Test func hittingAnEdgeWithBouncesGoesPastAndReturnsToTheEdgeAtRest() {
        let sim = BounceSimulation(
            position: 1700, velocity: 3000, rate: .normal, minPosition: 0, maxPosition: 2000,
            bounces: true, dimension: 800)
        let contact = try! #require(sim.edgeContactTime)
        #expect(abs(sim.position(at: contact) - 2000) < 1e-6)
        // Velocity is continuous through the contact: v = v0 - k (E - x0).
        let expected = 3000 - DecelerationRate.normal.decayConstant * 300
        #expect(abs(sim.velocity(at: contact - 1e-9) - expected) < 1e-3)
        #expect(abs(sim.velocity(at: contact) - expected) < 1e-3)
        let xs = BounceSimulationTests.positions(sim)
        let peak = xs.max()!
        #expect(peak > 2010)  // it does go past the edge
        #expect(peak - 2000 <= RubberBand.displayed(overscroll: 800, dimension: 800))
        #expect(xs.allSatisfy { $0 >= 1700 })  // and never back into the content below the edge
        #expect(sim.finalPosition == 2000 && sim.position(at: sim.duration) == 2000)
        #expect(sim.velocity(at: sim.duration) == 0 && sim.isDone(at: sim.duration))
        #expect(sim.duration - contact < 0.8)
    }

    @Test func bounceAtTheLowerEdge() {
        let sim = BounceSimulation(
            position: 200, velocity: -5000, rate: .fast, minPosition: 0, maxPosition: 9000,
            bounces: true, dimension: 600)
        #expect(sim.edgeContactTime != nil)
        let xs = BounceSimulationTests.positions(sim)
        #expect(xs.min()! < -5)
        #expect(xs.min()! >= -RubberBand.displayed(overscroll: 600, dimension: 600))
        #expect(xs.allSatisfy { $0 <= 200 })
        #expect(sim.finalPosition == 0)
    }

    @Test func overshootIsCappedInASmallContainer() {
        let sim = BounceSimulation(
            position: 0, velocity: 8000, rate: .normal, minPosition: 0, maxPosition: 300,
            bounces: true, dimension: 60)
        let cap = RubberBand.displayed(overscroll: 60, dimension: 60)
        let peak = BounceSimulationTests.positions(sim).max()!
        #expect(peak > 300 && peak - 300 <= cap + 1e-6)
        #expect(sim.finalPosition == 300)
    }

    @Test func withoutBouncesItStopsExactlyAtTheEdge() {
        let sim = BounceSimulation(
            position: 1700, velocity: 3000, rate: .normal, minPosition: 0, maxPosition: 2000,
            bounces: false, dimension: 800)
        let contact = try! #require(sim.edgeContactTime)
        #expect(sim.duration == contact)
        let xs = BounceSimulationTests.positions(sim)
        #expect(xs.allSatisfy { $0 <= 2000 })
        #expect(sim.position(at: contact) == 2000 && sim.velocity(at: contact) == 0)
        #expect(sim.finalPosition == 2000)
        // Monotonic up to the stop.
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func startingOutsideSpringsBackWithoutOscillating() {
        for (start, velocity) in [(-300.0, 0.0), (-300, -2000), (-300, 400), (2300, 0), (2800, 6000), (2100, -100)] {
            let sim = BounceSimulation(
                position: start, velocity: velocity, rate: .normal, minPosition: 0,
                maxPosition: 2000, bounces: true, dimension: 800)
            let edge = start < 0 ? 0.0 : 2000
            let outside: Double = start < 0 ? -1 : 1
            let comment: Comment = "start \(start) v \(velocity)"
            #expect(sim.edgeContactTime == nil, comment)
            // Never crosses the edge into the range: critically damped, no swing through.
            #expect(BounceSimulationTests.positions(sim).allSatisfy { ($0 - edge) * outside >= 0 }, comment)
            #expect(sim.finalPosition == edge && sim.position(at: sim.duration) == edge, comment)
            #expect(sim.duration <= 0.6, comment)
        }
    }

    @Test func aFlickBackIntoTheRangeFromOutsideKeepsGoing() {
        let sim = BounceSimulation(
            position: -100, velocity: 3000, rate: .normal, minPosition: 0, maxPosition: 5000,
            bounces: true, dimension: 800)
        #expect(sim.finalPosition > 1000 && sim.finalPosition < 5000)
        #expect(sim.velocity(at: 0) == 3000)
        // Even when it then meets the far edge.
        let far = BounceSimulation(
            position: -100, velocity: 3000, rate: .normal, minPosition: 0, maxPosition: 600,
            bounces: true, dimension: 800)
        #expect(far.edgeContactTime != nil && far.finalPosition == 600)
    }

    @Test func startingOnTheEdgeMovingOutBouncesAtOnce() {
        let sim = BounceSimulation(
            position: 0, velocity: -1500, rate: .normal, minPosition: 0, maxPosition: 1000,
            bounces: true, dimension: 800)
        #expect(sim.edgeContactTime == 0)
        #expect(sim.position(at: 0.05) < 0)
        #expect(sim.finalPosition == 0)
    }

    @Test func degenerateRangesAndBadInput() {
        // Content shorter than the container: min == max; max below min reads as min.
        let flat = BounceSimulation(
            position: 0, velocity: 2000, rate: .normal, minPosition: 0, maxPosition: -50,
            bounces: true, dimension: 800)
        #expect(flat.maxPosition == 0 && flat.finalPosition == 0)
        // NaN edges are no edges.
        let open = BounceSimulation(
            position: 0, velocity: 2000, rate: .normal, minPosition: .nan, maxPosition: .nan,
            bounces: true, dimension: 800)
        #expect(open.finalPosition == DecelerationSimulation(position: 0, velocity: 2000, rate: .normal).finalPosition)
        let lost = BounceSimulation(
            position: .nan, velocity: 100, rate: .normal, minPosition: 10, maxPosition: 20,
            bounces: true, dimension: 800)
        #expect(lost.finalPosition == 10 && lost.duration == 0)
        let noDimension = BounceSimulation(
            position: 990, velocity: 8000, rate: .normal, minPosition: 0,
            maxPosition: 1000, bounces: true, dimension: .nan)
        for t in [0.0, 0.01, 0.1, 0.5, 1, .nan, .infinity] {
            #expect(noDimension.position(at: t).isFinite && noDimension.velocity(at: t).isFinite)
        }
        #expect(noDimension.finalPosition == 1000)
        let wild = BounceSimulation(
            position: 1e300, velocity: -.infinity, rate: DecelerationRate(rawValue: 7),
            minPosition: -1e300, maxPosition: 1e300, bounces: true, dimension: -1)
        #expect(wild.duration.isFinite && wild.finalPosition.isFinite && wild.position(at: 0.2).isFinite)
    }
}

extension BounceSimulationTests {
    /// The end snap of the deceleration (its last 1/k) never carries the content past an edge it stopped short of.
    @Test func theEndSnapLandsOnAnEdgeItWouldCross() {
        let glide = DecelerationSimulation(position: 0, velocity: 1000, rate: .normal)
        let edge = (glide.stopPosition + glide.finalPosition) / 2
        let sim = BounceSimulation(
            position: 0, velocity: 1000, rate: .normal, minPosition: 0, maxPosition: edge,
            bounces: true, dimension: 800)
        #expect(sim.edgeContactTime == nil)
        #expect(sim.finalPosition == edge)
        for i in 0...100 {
            #expect(sim.position(at: sim.duration * Double(i) / 100) <= edge)
        }
    }
}
