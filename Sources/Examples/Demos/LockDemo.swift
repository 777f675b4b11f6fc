import Toolkit

#if canImport(Glibc)
    import Glibc
#endif

/// Seed 000 side by side: two large 2-D grids. On the right, this container's strict directional lock: a drag
/// moves along one axis only, diagonals included, and stays on it through the deceleration. On the left, UIKit's
/// rule emulated by a delegate on an unlocked container (`UIKitLikeLock`): a drag that starts diagonally moves
/// both ways, the leak people work around in UIScrollView.
enum LockDemo {
    static let headerHeight = 24.0

    @MainActor static let demo = Demo(
        id: "lock", title: "Lock",
        caption:
            "Drag diagonally on both grids: the left one (UIKit's rule, emulated) leaks, the right one keeps to an axis.",
        make: { context in
            let frame = context.frame
            let root = View(frame: frame)
            root.backgroundColor = Theme.background
            let half = (frame.width / 2).rounded()
            let gridTop = headerHeight
            // The strict grid is added first: `--stats` prints the first container's offset ("lock offset"), and
            // the tests (MutterTouchTests) drag on the right half, at x 550.
            let strict = makeGrid(
                Rect(
                    x: half + 1, y: gridTop, width: frame.width - half - 1,
                    height: max(0, frame.height - gridTop)))
            strict.isDirectionalLockEnabled = true
            let leaky = makeGrid(Rect(x: 0, y: gridTop, width: half, height: max(0, frame.height - gridTop)))
            let emulation = UIKitLikeLock()
            leaky.delegate = emulation
            root.addSubview(strict)
            root.addSubview(leaky)
            let font = 13.0
            root.addSubview(
                Label(
                    frame: Rect(x: 8, y: 2, width: half - 16, height: 20),
                    text: "UIKit-like lock (emulated): diagonals leak", fontSize: font,
                    textColor: Theme.text))
            root.addSubview(
                Label(
                    frame: Rect(x: half + 8, y: 2, width: frame.width - half - 16, height: 20),
                    text: "This container: strict lock, one axis", fontSize: font, textColor: Theme.text))

            let readout = TouchStateReadout(container: strict, label: context.status) { _ in
                @MainActor func moved(_ c: ScrollContainer) -> String {
                    "x \(Int(c.contentOffset.x.rounded())) y \(Int(c.contentOffset.y.rounded()))"
                }
                return "left \(moved(leaky))  ·  right \(moved(strict))"
            }
            let tokens = [strict, leaky].map { c in
                c.observe(\.contentOffset) { [weak readout] _, _ in readout?.update() }
            }
            return DemoBuild(
                view: root,
                settings: [
                    .toggle("Lock", isOn: true) {
                        strict.isDirectionalLockEnabled = $0
                        emulation.isEnabled = $0
                    },
                    .toggle("Bounce", isOn: true) {
                        strict.bounces = $0
                        leaky.bounces = $0
                    },
                    DemoSetting(title: "Rate", choices: ["normal", "fast"]) {
                        strict.decelerationRate = $0 == 0 ? .normal : .fast
                        leaky.decelerationRate = strict.decelerationRate
                    }
                ],
                keep: [readout, emulation] + tokens + readout.observe([strict, leaky]))
        },
        script: { window, frame in
            // The same diagonal drag, mostly horizontal (37 degrees up), on each grid: the strict one moves only
            // horizontally; the UIKit-like one decides "diagonal" and moves both ways.
            window.drag(
                from: Point(x: frame.midX + 150, y: frame.midY + 100), by: Point(x: -260, y: -200),
                duration: .milliseconds(150), steps: 10)
            window.advance(by: .milliseconds(600))
            window.drag(
                from: Point(x: frame.midX - 100, y: frame.midY + 100), by: Point(x: -260, y: -200),
                duration: .milliseconds(150), steps: 10)
            window.advance(by: .milliseconds(600))
        })

    @MainActor static func makeGrid(_ frame: Rect) -> ScrollContainer {
        let grid = ScrollContainer(frame: frame)
        grid.backgroundColor = Color.white
        grid.contentSize = Size(width: 3000, height: 3000)
        grid.addSubview(GridView(frame: Rect(x: 0, y: 0, width: 3000, height: 3000)))
        return grid
    }
}

/// UIScrollView's directional lock, emulated on a container whose own (strict) lock is off, to show the
/// difference: the axis is decided once, from the first movement of a drag. A start within 30 degrees of an axis
/// locks to it (the other axis is put back whenever it moves, and the fling's target keeps it); a start in
/// between is "diagonal" and moves both axes freely for the whole drag and its fling.
final class UIKitLikeLock: ScrollContainerDelegate {
    /// Off: the container pans freely.
    var isEnabled = true
    private var start = Point.zero
    private var decided = false
    private var locked: Axis?

    func scrollContainerWillBeginDragging(_ container: ScrollContainer) {
        start = container.contentOffset
        decided = false
        locked = nil
    }

    func scrollContainerDidScroll(_ container: ScrollContainer) {
        guard isEnabled, container.isDragging else { return }
        let moved = container.contentOffset - start
        if !decided {
            guard moved.length > 0 else { return }
            decided = true
            let degrees = atan2(abs(moved.y), abs(moved.x)) * 180 / Double.pi
            locked = degrees <= 30 ? .horizontal : degrees >= 60 ? .vertical : nil
        }
        guard let axis = locked else { return }
        var kept = container.contentOffset
        kept[axis.other] = start[axis.other]
        if kept != container.contentOffset { container.contentOffset = kept }
    }

    func scrollContainerWillEndDragging(
        _ container: ScrollContainer, velocity: Point,
        targetContentOffset: inout Point
    ) {
        guard isEnabled, let axis = locked else { return }
        targetContentOffset[axis.other] = start[axis.other]
    }
}

/// A checkerboard of labelled cells, drawn only where it is visible (cost independent of its size).
final class GridView: View {
    static let cell = 100.0

    override func draw(in canvas: Canvas) {
        // The canvas clip is the dirty area; draw just the cells of the visible part of the superview.
        let visible = superview.map { $0.convert($0.bounds, to: self) } ?? bounds
        let c = GridView.cell
        let x0 = max(0, Int(visible.minX / c))
        let x1 = min(Int(bounds.width / c) - 1, Int(visible.maxX / c))
        let y0 = max(0, Int(visible.minY / c))
        let y1 = min(Int(bounds.height / c) - 1, Int(visible.maxY / c))
        guard x0 <= x1, y0 <= y1 else { return }
        for row in y0...y1 {
            for col in x0...x1 {
                let r = Rect(x: Double(col) * c, y: Double(row) * c, width: c, height: c)
                let light = (row + col) % 2 == 0
                canvas.fill(r, color: light ? Color(argb: 0xFFE7_F5FF) : Color(argb: 0xFFD0_EBFF))
                canvas.drawText(
                    "\(col),\(row)", at: Point(x: r.minX + 8, y: r.minY + 8), size: 13,
                    color: Theme.secondaryText)
            }
        }
    }
}
