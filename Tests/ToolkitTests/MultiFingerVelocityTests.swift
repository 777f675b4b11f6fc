import Testing

@testable import ToolkitCore

/// Release velocity with several fingers is measured per finger and averaged (FingerSet), so that a compositor
/// sending one `wl_touch.frame` per finger (mutter's RemoteDesktop does) gives the same fling as one frame for all.
@MainActor
@Suite struct MultiFingerVelocityTests {
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

    enum Framing { case oneFinger, twoFingersOneFrame, twoFingersFramePerFinger, twoFingersStaggered }

    /// A 300 pt upward flick in 15 steps of 16 ms (about 1,250 pt/s), with one or two fingers framed as given.
    func flick(_ framing: Framing) -> Point? {
        let window = HeadlessWindow(size: Size(width: 400, height: 800))
        let list = ScrollContainer(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        list.contentSize = Size(width: 400, height: 10_000)
        window.rootView.addSubview(list)
        let release = Release()
        list.delegate = release
        let a = Point(x: 150, y: 600)
        let b = Point(x: 250, y: 600)
        window.touchDown(id: 1, at: a)
        if framing != .oneFinger { window.touchDown(id: 2, at: b) }
        for step in 1...15 {
            window.advance(by: .milliseconds(16))
            let dy = -20.0 * Double(step)
            let pa = Point(x: a.x, y: a.y + dy)
            let pb = Point(x: b.x, y: b.y + dy)
            switch framing {
            case .oneFinger:
                window.touchMove(id: 1, to: pa)
            case .twoFingersOneFrame:
                window.touchMove([(id: 1, point: pa), (id: 2, point: pb)])
            case .twoFingersFramePerFinger:
                window.touchMove(id: 1, to: pa)  // each with its own frame, at the same time
                window.touchMove(id: 2, to: pb)
            case .twoFingersStaggered:
                window.touchMove(id: 1, to: pa)  // the second finger's frame 4 ms later
                window.advance(by: .milliseconds(4))
                window.touchMove(id: 2, to: pb)
            }
        }
        window.touchUp(id: 1)
        if framing != .oneFinger { window.touchUp(id: 2) }
        return release.velocity
    }

    @Test func twoFingersFramedPerFingerFlingAsFastAsOne() throws {
        let one = try #require(flick(.oneFinger))
        #expect(one.y > 1200 && one.y < 1300, "one finger: \(one)")
        for framing in [Framing.twoFingersOneFrame, .twoFingersFramePerFinger] {
            let two = try #require(flick(framing))
            #expect(abs(two.y - one.y) < 1e-6, "\(framing): \(two.y) pt/s against \(one.y)")
            #expect(two.x == 0)
        }
        // The second finger's frame 4 ms after the first's: each finger moves 20 pt every 20 ms, 1,000 pt/s, and
        // so does the release (a centroid would read half steps at uneven times).
        let staggered = try #require(flick(.twoFingersStaggered))
        #expect(abs(staggered.y - 1000) < 1, "staggered: \(staggered.y)")
    }

    @Test func aFingerLiftedLongBeforeTheLastDoesNotCount() throws {
        // Two fingers drag; one lifts, the other drags on for 200 ms and flicks: the release is that finger's.
        let window = HeadlessWindow(size: Size(width: 400, height: 800))
        let list = ScrollContainer(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        list.contentSize = Size(width: 400, height: 10_000)
        window.rootView.addSubview(list)
        let release = Release()
        list.delegate = release
        window.touchDown(id: 1, at: Point(x: 150, y: 600))
        window.touchDown(id: 2, at: Point(x: 250, y: 600))
        for step in 1...5 {
            window.advance(by: .milliseconds(16))
            window.touchMove([
                (id: 1, point: Point(x: 150, y: 600 - 40.0 * Double(step))),
                (id: 2, point: Point(x: 250, y: 600 - 40.0 * Double(step)))
            ])
        }
        window.touchUp(id: 2)  // lifted while moving at 2,500 pt/s
        for step in 1...12 {
            window.advance(by: .milliseconds(16))
            window.touchMove(id: 1, to: Point(x: 150, y: 400 - 10.0 * Double(step)))
        }
        window.touchUp(id: 1)
        let v = try #require(release.velocity)
        // 10 pt per 16 ms: 625 pt/s, the last finger alone.
        #expect(abs(v.y - 625) < 1, "\(v)")
    }
}
