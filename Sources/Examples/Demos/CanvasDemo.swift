import Toolkit

/// A drawing surface inside a container that needs two fingers to scroll (`minimumNumberOfTouches = 2`):
/// one finger draws at once, two fingers pan and zoom (seed 001); a second finger landing within the touch delay
/// turns a fresh one-finger stroke into a pan (the stroke is cancelled and removed). The settings let one finger
/// scroll instead (then nothing draws), change the zoom limits and the content touch delay.
enum CanvasDemo {
    @MainActor static let demo = Demo(
        id: "canvas", title: "Canvas",
        caption:
            "One finger draws. Two fingers pan and pinch; a second finger within 150 ms turns a stroke into a pan.",
        make: { context in
            let sketch = SketchView(frame: Rect(x: 0, y: 0, width: 2000, height: 2000))
            let container = ZoomingContainer(frame: context.frame, zooming: sketch)
            container.minimumNumberOfTouches = 2
            container.delaysContentTouches = false
            container.minimumZoomScale = 0.25
            container.maximumZoomScale = 4
            container.backgroundColor = Color(argb: 0xFFFF_FBEA)
            let readout = TouchStateReadout(container: container, label: context.status) { c in
                "scale \(String(format2: c.zoomScale))x"
            }
            let scale = container.observe(\.zoomScale) { [weak readout] _, _ in readout?.update() }
            return DemoBuild(
                view: container,
                settings: [
                    DemoSetting(title: "Scroll with", choices: ["2 fingers", "1 finger"]) {
                        container.minimumNumberOfTouches = $0 == 0 ? 2 : 1
                    },
                    DemoSetting(title: "Zoom", choices: ["0.25-4x", "1-2x", "off"]) {
                        let limits = [(0.25, 4.0), (1.0, 2.0), (1.0, 1.0)][$0]
                        container.minimumZoomScale = limits.0
                        container.maximumZoomScale = limits.1
                    },
                    .toggle("Delay", isOn: container.delaysContentTouches) {
                        container.delaysContentTouches = $0
                    }
                ],
                keep: [readout, scale] + readout.observe())
        },
        script: { window, frame in
            // One finger draws a zig-zag.
            let origin = Point(x: frame.minX + 200, y: frame.minY + 200)
            window.touchDown(id: 1, at: origin)
            for i in 1...12 {
                window.advance(by: .milliseconds(16))
                window.touchMove(id: 1, to: Point(x: origin.x + Double(i) * 25, y: origin.y + (i % 2 == 0 ? 0 : 60)))
            }
            window.touchUp(id: 1)
            window.advance(by: .milliseconds(300))
            Snapshots.take(window)
            // Two fingers pan the sheet up and left by 40 pt...
            var a = Point(x: frame.minX + 120, y: frame.minY + 230)
            var b = Point(x: frame.minX + 200, y: frame.minY + 230)
            window.touchDown(id: 2, at: a)
            window.touchDown(id: 3, at: b)
            for _ in 1...8 {
                window.advance(by: .milliseconds(16))
                a = a - Point(x: 5, y: 5)
                b = b - Point(x: 5, y: 5)
                window.touchMove([(id: 2, point: a), (id: 3, point: b)])
            }
            // ...then spread apart: the sheet zooms 1.5x around them.
            for _ in 1...8 {
                window.advance(by: .milliseconds(16))
                a = a - Point(x: 2.5, y: 0)
                b = b + Point(x: 2.5, y: 0)
                window.touchMove([(id: 2, point: a), (id: 3, point: b)])
            }
            window.advance(by: .milliseconds(100))
            window.touchUp(id: 2)
            window.touchUp(id: 3)
            window.advance(by: .milliseconds(600))
            Snapshots.take(window)
        })
}

/// Records one-finger strokes and draws them as chains of small squares.
final class SketchView: View {
    private var strokes: [[Point]] = []
    private var current: [Point] = []

    override func touchesBegan(_ touches: [Touch]) {
        guard let t = touches.first else { return }
        current = [t.location(in: self)]
    }

    override func touchesMoved(_ touches: [Touch]) {
        guard let t = touches.first else { return }
        let p = t.location(in: self)
        let previous = current.last ?? p
        // Fill the gap between samples so fast strokes stay continuous.
        let steps = max(1, Int((p - previous).length / 3))
        for i in 1...steps { current.append(previous + (p - previous) * (Double(i) / Double(steps))) }
        // Only the new segment needs drawing again (with room for the 4 pt squares).
        setNeedsDisplay(
            Rect(
                x: min(previous.x, p.x) - 4, y: min(previous.y, p.y) - 4,
                width: abs(p.x - previous.x) + 8, height: abs(p.y - previous.y) + 8))
    }

    override func touchesEnded(_ touches: [Touch]) {
        if !current.isEmpty {
            strokes.append(current)
            GalleryEvents.report?("stroke drawn \(current.count) points")
        }
        current = []
        setNeedsDisplay()
    }

    override func touchesCancelled(_ touches: [Touch]) {
        current = []  // a stroke turned into a pan leaves no mark
        GalleryEvents.report?("stroke cancelled")
        setNeedsDisplay()
    }

    override func draw(in canvas: Canvas) {
        let inkColor = Color(argb: 0xFF1C_3D5A)
        func ink(_ stroke: [Point]) {
            for p in stroke { canvas.fill(Rect(x: p.x - 2, y: p.y - 2, width: 4, height: 4), color: inkColor) }
        }
        for stroke in strokes { ink(stroke) }
        ink(current)
        canvas.drawText(
            "one finger draws, two fingers pan and zoom", at: Point(x: 16, y: 16), size: 14, color: Theme.secondaryText)
    }
}
