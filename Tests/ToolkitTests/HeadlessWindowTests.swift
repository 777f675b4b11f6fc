// HeadlessWindow: the manual clock, timers at exact deadlines, frames at k/60 s, rendering.

import Testing

@testable import ToolkitCore

@MainActor @Suite struct HeadlessWindowTests {
    @Test func clockStartsAtZeroAndAdvancesExactly() {
        let w = HeadlessWindow(size: Size(width: 100, height: 100))
        #expect(w.now == .zero)
        w.advance(by: .milliseconds(250))
        #expect(w.now == .milliseconds(250))
        w.advance(by: .milliseconds(-5))
        #expect(w.now == .milliseconds(250))
    }

    @Test func timersFireAtTheirDeadlinesAndFramesEverySixtiethOfASecond() {
        let w = HeadlessWindow(size: Size(width: 100, height: 100))
        var fired: [Duration] = []
        w.core.timers.schedule(at: .milliseconds(37)) { fired.append(w.core.now) }
        w.core.timers.schedule(at: .milliseconds(100)) { fired.append(w.core.now) }
        w.advance(by: .milliseconds(100))
        #expect(fired == [.milliseconds(37), .milliseconds(100)])
        #expect(w.frameCount == 6)  // 1/60 ... 6/60 s
    }

    @Test func animatorsAreSampledAtFrameTimes() {
        final class Probe: FrameAnimator {
            var times: [Duration] = []
            func animationFrame(at time: Duration) -> Bool {
                times.append(time)
                return times.count < 3
            }
        }
        let w = HeadlessWindow(size: Size(width: 100, height: 100))
        let probe = Probe()
        w.core.addAnimator(probe)
        w.advance(by: .milliseconds(100))
        #expect(probe.times == [.nanoseconds(16_666_666), .nanoseconds(33_333_333), .nanoseconds(50_000_000)])
    }

    @Test func renderDrawsTheWholeWindow() {
        let w = HeadlessWindow(size: Size(width: 40, height: 30))
        let v = View(frame: Rect(x: 10, y: 10, width: 10, height: 10))
        v.backgroundColor = Color(red: 1, green: 0, blue: 0)
        w.rootView.addSubview(v)
        let image = w.render()
        #expect(image.width == 40 && image.height == 30)
        #expect(image.pixel(x: 15, y: 15) == 0xFFFF_0000)
        #expect(image.pixel(x: 5, y: 5) == 0)
        // A second render draws everything again (full damage), not only what changed.
        #expect(w.render() == image)
    }

    @Test func scrolledContentRendersAtItsOffset() {
        let s = ScrollScene(viewport: Size(width: 40, height: 40), contentSize: Size(width: 40, height: 400))
        s.container.showsVerticalScrollIndicator = false
        let marker = View(frame: Rect(x: 0, y: 100, width: 40, height: 10))
        marker.backgroundColor = Color(red: 0, green: 0, blue: 1)
        s.content.addSubview(marker)
        s.container.contentOffset = Point(x: 0, y: 90)
        let image = s.window.render()
        #expect(image.pixel(x: 20, y: 15) == 0xFF00_00FF)
        #expect(image.pixel(x: 20, y: 25) == 0)
    }
}
