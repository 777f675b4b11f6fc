import Toolkit

/// The same-axis chaining cases of `toolkit-bench events` (SCROLL.md 14, pointer part): a feed holding a list,
/// the pointer on the list. A touchpad swipe goes back and forth across the list's bottom edge, so every event is
/// handed out along the chain (the list first, the rest to the feed); a wheel sequence does the same with detents
/// 10 ms apart (one latch), applied at once. Budget: no heap allocation per event.
@MainActor
enum PointerChainBench {
    /// Events each way before turning back.
    static let swing = 100

    static func run(_ options: Options) -> [Measurement] {
        let events = options.quick ? 20_000 : 200_000
        return [swipe(options, events: events), wheel(options, events: events)]
    }

    /// A window 400 x 800: a feed over 100,000 pt holding at y 600 a list 400 x 300 over 1000 pt.
    private static func scene() -> (window: WindowCore, feed: ScrollContainer, list: ScrollContainer) {
        let window = WindowCore(size: Size(width: 400, height: 800))
        let feed = ScrollContainer(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        feed.contentSize = Size(width: 400, height: 100_000)
        let list = ScrollContainer(frame: Rect(x: 0, y: 600, width: 400, height: 300))
        list.contentSize = Size(width: 400, height: 1000)
        feed.addSubview(list)
        window.rootView.addSubview(feed)
        feed.smoothWheelScrolling = false
        list.smoothWheelScrolling = false
        return (window, feed, list)
    }

    private static func swipe(_ options: Options, events: Int) -> Measurement {
        let (window, feed, list) = scene()
        var time = Duration.seconds(1)
        return Measurement.measure("touchpad swipe handed along a 2-container chain", runs: options.runs,
                                   operationsPerRun: events, options: options, setUp: { _ in
            feed.contentOffset = Point(x: 0, y: 50_000)
            list.contentOffset = Point(x: 0, y: 650)
            window.handle(.pointerEnter(location: Point(x: 200, y: 150), timestamp: time))
        }) { _ in
            for index in 0..<events {
                time += .milliseconds(1)
                let dy: Double = (index / swing) % 2 == 0 ? 1 : -1
                window.handle(.axis(AxisEvent(source: .finger, dx: 0, dy: dy, timestamp: time)))
            }
            time += .milliseconds(100)
            window.handle(.axis(AxisEvent(source: .finger, dx: 0, dy: 0, stopHorizontal: true, stopVertical: true,
                                          timestamp: time)))
        }
    }

    private static func wheel(_ options: Options, events: Int) -> Measurement {
        let (window, feed, list) = scene()
        var time = Duration.seconds(1)
        return Measurement.measure("wheel sequence handed along a 2-container chain", runs: options.runs,
                                   operationsPerRun: events, options: options, setUp: { _ in
            feed.contentOffset = Point(x: 0, y: 50_000)
            list.contentOffset = Point(x: 0, y: 650)
            window.handle(.pointerEnter(location: Point(x: 200, y: 150), timestamp: time))
        }) { _ in
            for index in 0..<events {
                time += .milliseconds(10)
                let units: Double = (index / swing) % 2 == 0 ? 120 : -120
                window.handle(.axis(AxisEvent(source: .wheel, dx: 0, dy: units, timestamp: time)))
            }
        }
    }
}
