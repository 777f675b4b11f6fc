import Toolkit

/// Key-path observers at work: the panel on top is driven only by `observe(...)` on the list below.
enum ObserversDemo {
    @MainActor static let demo = Demo(
        id: "observers", title: "Observers",
        make: { frame in
            let root = View(frame: frame)
            let offset = Label(frame: Rect(x: 12, y: 8, width: frame.width - 24, height: 20), text: "offset")
            let direction = Label(frame: Rect(x: 12, y: 30, width: frame.width - 24, height: 20), text: "direction")
            let state = Label(frame: Rect(x: 12, y: 52, width: frame.width - 24, height: 20), text: "state")
            let list = Lists.verticalList(frame: Rect(x: 0, y: 80, width: frame.width, height: frame.height - 80),
                                          count: 100)
            let tokens = [
                list.observe(\.contentOffset, options: [.initial]) { _, change in
                    offset.text = "contentOffset: y = \(Int(change.newValue.y.rounded()))"
                    if change.oldValue != nil {
                        direction.text = "direction: \(change.direction.vertical)"
                    }
                },
                list.observe(\.isDragging, options: [.initial]) { container, _ in
                    state.text = "isDragging: \(container.isDragging)  isDecelerating: \(container.isDecelerating)"
                },
                list.observe(\.isDecelerating) { container, _ in
                    state.text = "isDragging: \(container.isDragging)  isDecelerating: \(container.isDecelerating)"
                },
            ]
            root.addSubview(offset)
            root.addSubview(direction)
            root.addSubview(state)
            root.addSubview(list)
            ObserversDemo.tokens = tokens   // observations last while their tokens live
            return root
        },
        script: { window, frame in
            window.drag(from: Point(x: frame.midX, y: frame.maxY - 80), by: Point(x: 0, y: -200),
                        duration: .milliseconds(120), steps: 8)
            window.advance(by: .milliseconds(150))
        })

    @MainActor static var tokens: [Observation] = []
}
