import Toolkit

/// A long vertical list of rows: drag, fling, rubber band at the ends, rows that highlight on a held press and
/// un-highlight when the finger starts scrolling.
enum ListDemo {
    @MainActor static let demo = Demo(
        id: "list", title: "List",
        make: { frame in Lists.verticalList(frame: frame, count: 200, greetings: true) },
        script: { window, frame in
            // A 300 pt upward drag over 100 ms, released while moving: the list keeps going after lift-off.
            let start = Point(x: frame.midX, y: frame.maxY - 100)
            window.drag(from: start, by: Point(x: 0, y: -300), duration: .milliseconds(100))
            window.advance(by: .milliseconds(400))
        })
}
