import Toolkit

/// A drawing surface inside a container that needs two fingers to scroll (`minimumNumberOfTouches = 2`):
/// one finger draws at once, two fingers pan; a second finger landing within the touch delay turns a fresh
/// one-finger stroke into a pan (the stroke is cancelled and removed).
enum CanvasDemo {
    @MainActor static let demo = Demo(
        id: "canvas", title: "Canvas",
        make: { frame in
            let container = ScrollContainer(frame: frame)
            container.minimumNumberOfTouches = 2
            container.delaysContentTouches = false
            container.contentSize = Size(width: 2000, height: 2000)
            container.backgroundColor = Color(argb: 0xFFFF_FBEA)
            container.addSubview(SketchView(frame: Rect(x: 0, y: 0, width: 2000, height: 2000)))
            return container
        },
        script: { window, frame in
            // One finger draws a zig-zag.
            let origin = Point(x: frame.minX + 80, y: frame.minY + 120)
            window.touchDown(id: 1, at: origin)
            for i in 1...12 {
                window.advance(by: .milliseconds(16))
                window.touchMove(id: 1, to: Point(x: origin.x + Double(i) * 25, y: origin.y + (i % 2 == 0 ? 0 : 60)))
            }
            window.touchUp(id: 1)
            window.advance(by: .milliseconds(300))
            // Two fingers pan the sheet up and left by 80 pt.
            let a = Point(x: frame.midX - 40, y: frame.midY), b = Point(x: frame.midX + 40, y: frame.midY)
            window.touchDown(id: 2, at: a)
            window.touchDown(id: 3, at: b)
            for i in 1...10 {
                window.advance(by: .milliseconds(20))
                let d = Double(i) * 8
                window.touchMove(id: 2, to: Point(x: a.x - d, y: a.y - d))
                window.touchMove(id: 3, to: Point(x: b.x - d, y: b.y - d))
            }
            window.advance(by: .milliseconds(100))
            window.touchUp(id: 2)
            window.touchUp(id: 3)
            window.advance(by: .milliseconds(600))
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
        setNeedsDisplay(Rect(x: min(previous.x, p.x) - 4, y: min(previous.y, p.y) - 4,
                             width: abs(p.x - previous.x) + 8, height: abs(p.y - previous.y) + 8))
    }

    override func touchesEnded(_ touches: [Touch]) {
        if !current.isEmpty { strokes.append(current) }
        current = []
        setNeedsDisplay()
    }

    override func touchesCancelled(_ touches: [Touch]) {
        current = []   // a stroke turned into a pan leaves no mark
        setNeedsDisplay()
    }

    override func draw(in canvas: Canvas) {
        let inkColor = Color(argb: 0xFF1C_3D5A)
        func ink(_ stroke: [Point]) {
            for p in stroke { canvas.fill(Rect(x: p.x - 2, y: p.y - 2, width: 4, height: 4), color: inkColor) }
        }
        for stroke in strokes { ink(stroke) }
        ink(current)
        canvas.drawText("one finger draws, two fingers pan", at: Point(x: 16, y: 16), size: 14, color: Theme.secondaryText)
    }
}
