import Testing
import ToolkitTesting

@testable import Toolkit
@testable import ToolkitCore

/// What mutter's real touch showed: RemoteDesktop sends one `wl_touch.frame` per finger, so two fingers
/// moving together arrive as two frames. The test compositor sends them the same way here, and the release velocity
/// must be the mean of each finger's own velocity (measured from that finger's samples as the window received them),
/// not a tracker of the centroid, which sees half steps.
@MainActor
@Suite struct PerFingerFrameTests {
    /// Records the release velocity the delegate sees.
    final class Release: ScrollContainerDelegate {
        var velocity: Point?
        func scrollContainerWillEndDragging(
            _ container: ScrollContainer, velocity: Point,
            targetContentOffset: inout Point
        ) {
            self.velocity = velocity
        }
    }

    @Test func twoFingersFramedPerFingerReleaseWithTheMeanOfTheirOwnVelocities() throws {
        let compositor = try TestCompositor()
        let client = try HostileClient(compositor: compositor, size: Size(width: 300, height: 400))
        let release = Release()
        client.container.delegate = release
        var routed: [InputEvent] = []
        client.window?.onInputEvent = { routed.append($0) }
        let xs = [100.0, 180.0]
        // Stamped times, sent no faster than stamped (a window never maps an event later than it reads it): the
        // window sees the script's spacing however late a loaded machine delivers the events, so the fingers'
        // velocities are the script's too.
        let start = compositor.clock
        for (id, x) in xs.enumerated() {
            compositor.touchDown(id: id, at: Point(x: x, y: 350), time: start)
            compositor.touchFrame()
        }
        var time = start
        for step in 1...12 {
            try client.settle(for: .milliseconds(16))
            for (id, x) in xs.enumerated() {
                // The second finger's frame a few milliseconds after the first's, as mutter's often are: a
                // centroid would move half a step, then the other half at another time.
                if id == 1 { try client.settle(for: .milliseconds(5)) }
                time = start + .milliseconds(21 * step - 5 + 5 * id)
                compositor.touchMotion(id: id, to: Point(x: x, y: 350 - 20 * Double(step)), time: time)
                compositor.touchFrame()
            }
        }
        for id in xs.indices {
            compositor.touchUp(id: id, time: time)
            compositor.touchFrame()
        }
        try client.pump { release.velocity != nil }
        let measured = try #require(release.velocity, "no release")

        // The frames arrived one per finger, as sent.
        var framesAfterMotion = 0
        for (event, next) in zip(routed, routed.dropFirst()) {
            if case .touchMotion = event, case .touchFrame = next { framesAfterMotion += 1 }
        }
        #expect(framesAfterMotion == 24, "expected a frame after each of the 24 motions")

        // The oracle: each finger's samples (down and its motions, at the times the window gave them), one tracker
        // per finger, read at that finger's lift; the mean of the two, against the content (negated).
        var trackers = [VelocityTracker(), VelocityTracker()]
        var lifts: [Int: Duration] = [:]
        for event in routed {
            switch event {
            case .touchDown(let id, let location, let time), .touchMotion(let id, let location, let time):
                if id < 2 { trackers[id].addSample(location, at: time) }
            case .touchUp(let id, let time):
                if id < 2 { lifts[id] = time }
            default:
                break
            }
        }
        let v0 = trackers[0].velocity(at: try #require(lifts[0]))
        let v1 = trackers[1].velocity(at: try #require(lifts[1]))
        let expected = Point(x: 0, y: 0) - (v0 + v1) * 0.5
        // A flick of 20 pt per 21 ms (about 950 pt/s) upward: the content moves down the list (positive y).
        #expect(expected.y > 500, "the fingers' own velocities: \(v0), \(v1)")
        #expect(
            abs(measured.y - min(expected.y, 8000)) < 1e-6 * max(1, abs(expected.y)),
            "release \(measured.y) pt/s against the mean of the fingers' own \(expected.y)")
    }
}
