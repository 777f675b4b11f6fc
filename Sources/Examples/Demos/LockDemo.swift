import Toolkit

/// A large 2-D grid with the strict directional lock: a drag moves along one axis only, diagonals included,
/// and stays on that axis through the deceleration.
enum LockDemo {
    @MainActor static let demo = Demo(
        id: "lock", title: "Lock",
        make: { frame in
            let grid = ScrollContainer(frame: frame)
            grid.isDirectionalLockEnabled = true
            grid.backgroundColor = Color.white
            grid.contentSize = Size(width: 3000, height: 3000)
            grid.addSubview(GridView(frame: Rect(x: 0, y: 0, width: 3000, height: 3000)))
            return grid
        },
        script: { window, frame in
            // A diagonal drag that starts mostly horizontal: only the horizontal offset changes.
            window.drag(from: Point(x: frame.midX + 150, y: frame.midY + 100), by: Point(x: -260, y: -200),
                        duration: .milliseconds(150), steps: 10)
            window.advance(by: .milliseconds(600))
        })
}

/// A checkerboard of labelled cells, drawn only where it is visible (cost independent of its size).
final class GridView: View {
    static let cell = 100.0

    override func draw(in canvas: Canvas) {
        // The canvas clip is the dirty area; draw just the cells of the visible part of the superview.
        let visible = superview.map { $0.convert($0.bounds, to: self) } ?? bounds
        let c = GridView.cell
        let x0 = max(0, Int(visible.minX / c)), x1 = min(Int(bounds.width / c) - 1, Int(visible.maxX / c))
        let y0 = max(0, Int(visible.minY / c)), y1 = min(Int(bounds.height / c) - 1, Int(visible.maxY / c))
        guard x0 <= x1, y0 <= y1 else { return }
        for row in y0...y1 {
            for col in x0...x1 {
                let r = Rect(x: Double(col) * c, y: Double(row) * c, width: c, height: c)
                let light = (row + col) % 2 == 0
                canvas.fill(r, color: light ? Color(argb: 0xFFE7_F5FF) : Color(argb: 0xFFD0_EBFF))
                canvas.drawText("\(col),\(row)", at: Point(x: r.minX + 8, y: r.minY + 8), size: 13,
                                color: Theme.secondaryText)
            }
        }
    }
}
