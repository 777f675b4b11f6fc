import Testing

@testable import ToolkitCore

@MainActor @Suite struct TimerQueueTests {
    @Test func firesInDeadlineThenSchedulingOrder() {
        let q = TimerQueue()
        var log: [String] = []
        q.schedule(at: .milliseconds(20)) { log.append("b") }
        q.schedule(at: .milliseconds(10)) { log.append("a") }
        q.schedule(at: .milliseconds(20)) { log.append("c") }
        q.fire(upTo: .milliseconds(15))
        #expect(log == ["a"])
        q.fire(upTo: .milliseconds(20))
        #expect(log == ["a", "b", "c"])
        #expect(q.nextDeadline == nil)
    }

    @Test func cancelAndReentrantScheduling() {
        let q = TimerQueue()
        var log: [Int] = []
        let id = q.schedule(at: .milliseconds(5)) { log.append(0) }
        q.cancel(id)
        q.schedule(at: .milliseconds(5)) {
            log.append(1)
            q.schedule(at: .milliseconds(5)) { log.append(2) }  // due already: fires in the same call
        }
        q.fire(upTo: .milliseconds(5))
        #expect(log == [1, 2])
        #expect(!q.isScheduled(id))
    }
}

@MainActor @Suite struct ViewTreeTests {
    @Test func hitTestAndConversionFollowBoundsOrigin() {
        let window = WindowCore(size: Size(width: 200, height: 200))
        let container = View(frame: Rect(x: 10, y: 20, width: 100, height: 100))
        container.bounds.origin = Point(x: 0, y: 50)  // scrolled down by 50
        let child = View(frame: Rect(x: 0, y: 60, width: 50, height: 20))
        container.addSubview(child)
        window.rootView.addSubview(container)
        #expect(child.convert(Point.zero, to: nil) == Point(x: 10, y: 30))
        #expect(window.rootView.hitTest(Point(x: 15, y: 35)) === child)
        #expect(window.rootView.hitTest(Point(x: 15, y: 25)) === container)
        #expect(child.convert(Point(x: 10, y: 30), from: nil) == .zero)
    }

    @Test func addingAViewToItsDescendantIsIgnored() {
        let a = View(frame: .zero)
        let b = View(frame: .zero)
        a.addSubview(b)
        b.addSubview(a)
        #expect(a.superview == nil && b.superview === a)
    }

    @Test func removedViewGetsOneCancel() {
        final class Recorder: View {
            var log: [String] = []
            override func touchesBegan(_ t: [Touch]) { log.append("began") }
            override func touchesCancelled(_ t: [Touch]) { log.append("cancelled") }
            override func touchesEnded(_ t: [Touch]) { log.append("ended") }
        }
        let window = WindowCore(size: Size(width: 100, height: 100))
        let v = Recorder(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.rootView.addSubview(v)
        window.handle(.touchDown(id: 1, location: Point(x: 5, y: 5), timestamp: .zero))
        v.removeFromSuperview()
        window.handle(.touchUp(id: 1, timestamp: .milliseconds(5)))
        #expect(v.log == ["began", "cancelled"])
    }
}
