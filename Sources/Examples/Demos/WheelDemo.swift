import Toolkit

/// A list for wheels and touchpads: 48 pt per wheel detent, touchpad scrolling 1:1 with a kinetic tail.
enum WheelDemo {
    @MainActor static let demo = Demo(
        id: "wheel", title: "Wheel",
        make: { frame in
            let root = View(frame: frame)
            root.addSubview(Label(frame: Rect(x: 12, y: 8, width: frame.width - 24, height: 20),
                                     text: "Scroll with a mouse wheel or a touchpad", fontSize: 14,
                                 textColor: Theme.secondaryText))
            root.addSubview(Lists.verticalList(frame: Rect(x: 0, y: 36, width: frame.width, height: frame.height - 36),
                                               count: 300))
            return root
        },
        script: { window, frame in
            window.pointerMove(to: Point(x: frame.midX, y: frame.midY))
            for _ in 0..<3 {
                window.pointerAxis(dx: 0, dy: 120, source: .wheel)
                window.advance(by: .milliseconds(50))
            }
            window.advance(by: .milliseconds(300))
        })
}
