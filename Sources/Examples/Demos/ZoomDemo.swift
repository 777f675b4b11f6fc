import Toolkit

/// A floor plan to pinch: two fingers (or a touchpad pinch, Ctrl + wheel, Ctrl + plus / minus / 0) zoom it between
/// 0.5x and 6x around the fingers, bouncing back from the limits; text and lines are drawn again at each scale, so
/// they stay sharp.
enum ZoomDemo {
    @MainActor static let demo = Demo(
        id: "zoom", title: "Zoom",
        caption: "Pinch with two fingers or a touchpad, or Ctrl + wheel: past a limit the plan bounces back.",
        make: { context in
            // The plan starts at offset (0, 0), scale 1, right under the bar: GalleryZoomEndToEndTests reads the
            // kitchen's pixels at (360, 40, 180, 200) of the plan.
            let plan = PlanView(frame: Rect(x: 0, y: 0, width: 800, height: 560))
            let container = ZoomingContainer(frame: context.frame, zooming: plan)
            container.minimumZoomScale = 0.5
            container.maximumZoomScale = 6
            container.backgroundColor = Color(argb: 0xFFE4_E7EC)
            let readout = TouchStateReadout(container: container, label: context.status) { c in
                "scale \(String(format2: c.zoomScale))x"
            }
            let scale = container.observe(\.zoomScale) { [weak readout] _, _ in readout?.update() }
            return DemoBuild(
                view: container,
                settings: [
                    DemoSetting(title: "Zoom limits", choices: ["0.5-6x", "1-3x", "off (1x)"]) {
                        let limits = [(0.5, 6.0), (1.0, 3.0), (1.0, 1.0)][$0]
                        container.minimumZoomScale = limits.0
                        container.maximumZoomScale = limits.1
                        readout.update()
                    },
                    .toggle("Bounce zoom", isOn: container.bouncesZoom) { container.bouncesZoom = $0 },
                    .toggle("Bounce", isOn: container.bounces) { container.bounces = $0 }
                ],
                keep: [readout, scale] + readout.observe())
        },
        script: { window, frame in
            // Two fingers spread from 120 to 216 pt apart around the studio's name: 1.8x around it.
            let c = Point(x: frame.minX + 60, y: frame.minY + 280)
            Snapshots.take(window)
            window.touchDown(id: 1, at: Point(x: c.x - 60, y: c.y))
            window.touchDown(id: 2, at: Point(x: c.x + 60, y: c.y))
            for i in 1...12 {
                window.advance(by: .milliseconds(16))
                let d = 60 + Double(i) * 4
                window.touchMove([(id: 1, point: Point(x: c.x - d, y: c.y)), (id: 2, point: Point(x: c.x + d, y: c.y))])
                if i == 6 { Snapshots.take(window) }
            }
            window.advance(by: .milliseconds(100))
            window.touchUp(id: 1)
            window.touchUp(id: 2)
            window.advance(by: .milliseconds(600))
            Snapshots.take(window)
        })
}

/// A scroll container that zooms one subview: its own delegate, naming that view for zooming.
final class ZoomingContainer: ScrollContainer, ScrollContainerDelegate {
    let zoomingView: View

    init(frame: Rect, zooming view: View) {
        zoomingView = view
        super.init(frame: frame)
        addSubview(view)
        contentSize = view.bounds.size
        delegate = self
    }

    func viewForZooming(in container: ScrollContainer) -> View? { zoomingView }
}

/// A floor plan: rooms with names, a 50 pt grid and fine print, to see zoomed edges and text stay sharp.
final class PlanView: View {
    private struct Room {
        let rect: Rect
        let name: String
        let color: Color
    }

    private let rooms = [
        Room(rect: Rect(x: 40, y: 40, width: 300, height: 200), name: "Living room", color: Color(argb: 0xFFF6_D8AE)),
        Room(rect: Rect(x: 360, y: 40, width: 180, height: 200), name: "Kitchen", color: Color(argb: 0xFFCD_E7B0)),
        Room(rect: Rect(x: 560, y: 40, width: 200, height: 120), name: "Bath", color: Color(argb: 0xFFB8_DBF0)),
        Room(rect: Rect(x: 560, y: 180, width: 200, height: 340), name: "Bedroom", color: Color(argb: 0xFFE2_C8F0)),
        Room(rect: Rect(x: 40, y: 260, width: 500, height: 260), name: "Studio", color: Color(argb: 0xFFF3_E5AB))
    ]

    override init(frame: Rect) {
        super.init(frame: frame)
        backgroundColor = Color(argb: 0xFFFF_FFFF)
    }

    override func draw(in canvas: Canvas) {
        let grid = Color(argb: 0xFFE6_E9EE)
        var x = 0.0
        while x <= bounds.width {
            canvas.fill(Rect(x: x, y: 0, width: 0.5, height: bounds.height), color: grid)
            x += 50
        }
        var y = 0.0
        while y <= bounds.height {
            canvas.fill(Rect(x: 0, y: y, width: bounds.width, height: 0.5), color: grid)
            y += 50
        }
        for room in rooms {
            canvas.fill(room.rect, color: room.color)
            canvas.stroke(room.rect, color: Color(argb: 0xFF3A_3F4B), lineWidth: 2)
            canvas.drawText(
                room.name, at: Point(x: room.rect.minX + 12, y: room.rect.minY + 12), size: 18,
                color: Theme.text)
            let area = Int(room.rect.width * room.rect.height / 2500)
            canvas.drawText(
                "\(area) m², pinch to read the fine print",
                at: Point(
                    x: room.rect.minX + 12,
                    y: room.rect.minY + 36), size: 7, color: Theme.secondaryText)
        }
        canvas.drawText(
            "two fingers, a touchpad pinch, Ctrl + wheel or Ctrl + plus / minus / 0 zoom (0.5x to 6x)",
            at: Point(x: 40, y: 532), size: 12, color: Theme.secondaryText)
    }
}
