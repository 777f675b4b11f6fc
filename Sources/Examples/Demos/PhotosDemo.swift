import Foundation
import Toolkit

/// A million photos in a `GridContainer`: thumbnails made on background tasks as they come near (prefetching), a
/// placeholder until each is ready, two fingers pinching to change the column count (the photo under them stays
/// under them), multiple selection with taps, clicks and keys. The status line counts the items, the live views,
/// the selection and the thumbnails asked ahead.
enum PhotosDemo {
    @MainActor static let demo = Demo(
        id: "photos", title: "Photos",
        caption: "1,000,000 photos made as they come near. Pinch for columns; tap, Shift/Ctrl-click, keys select.",
        make: { context in
            let library = PhotoLibrary(after: context.after)
            let holder = PinchColumnsView(frame: context.frame)
            let grid = GridContainer(frame: Rect(origin: .zero, size: context.frame.size))
            grid.backgroundColor = .white
            grid.contentInset = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
            grid.spacing = 4
            grid.selectionMode = .multiple
            // Two fingers are the pinch's: the grid scrolls with one.
            grid.maximumNumberOfTouches = 1
            grid.dataSource = library
            holder.grid = grid
            holder.addSubview(grid)
            let readout = TouchStateReadout(container: grid, label: context.status) { container in
                guard let grid = container as? GridContainer else { return "" }
                return "columns \(grid.numberOfColumns) · live views \(grid.numberOfLiveViews) · selected "
                    + "\(grid.selectedItems.count) · prefetched \(library.prefetchedCount)"
            }
            grid.onSelectionChange = { _ in readout.update() }
            holder.onColumns = { readout.update() }
            let token = grid.observe(\.contentOffset) { _, _ in readout.update() }
            return DemoBuild(
                view: holder,
                settings: [
                    DemoSetting(title: "Columns", choices: ["auto", "2", "5", "9"]) { index in
                        holder.setColumns(index == 0 ? nil : [2, 5, 9][index - 1], keeping: nil)
                    },
                    DemoSetting(title: "Jump", choices: ["top", "middle", "end"]) { index in
                        let item = [0, PhotoLibrary.count / 2, PhotoLibrary.count - 1][index]
                        grid.scrollToItem(item, at: .middle, animated: false)
                    }
                ],
                keep: [library, token, readout] + readout.observe())
        },
        script: { window, frame in
            // Scroll a little (thumbnails ahead are made meanwhile), select three photos, move the focus with the
            // keys, then pinch two fingers apart: fewer, larger columns around the photo under the fingers.
            let library = PhotoLibrary.current
            let start = Point(x: frame.midX, y: frame.maxY - 60)
            window.drag(from: start, by: Point(x: 0, y: -200), duration: .milliseconds(700), steps: 20)
            waitForThumbnails(library, window)
            Snapshots.take(window)
            for point in [Point(x: frame.minX + 60, y: frame.minY + 60), Point(x: frame.minX + 180, y: frame.minY + 60)]
            {
                window.tap(point)
            }
            window.setKeyboardModifiers(.shift)
            window.pointerMove(to: Point(x: frame.minX + 300, y: frame.minY + 200))
            window.pointerButton(.left, pressed: true)
            window.pointerButton(.left, pressed: false)
            window.setKeyboardModifiers([])
            window.key(.right, pressed: true, modifiers: [])
            window.key(.right, pressed: false, modifiers: [])
            window.advance(by: .milliseconds(50))
            Snapshots.take(window)
            let center = Point(x: frame.midX, y: frame.midY)
            window.touchDown(id: 1, at: Point(x: center.x - 40, y: center.y))
            window.touchDown(id: 2, at: Point(x: center.x + 40, y: center.y))
            for step in 1...10 {
                window.advance(by: .milliseconds(16))
                let spread = 40 + Double(step) * 12
                window.touchMove(id: 1, to: Point(x: center.x - spread, y: center.y))
                window.touchMove(id: 2, to: Point(x: center.x + spread, y: center.y))
            }
            window.touchUp(id: 1)
            window.touchUp(id: 2)
            waitForThumbnails(library, window)
            Snapshots.take(window)
        })

    /// Waits (real time, at most 5 s) for the background tasks, then lets the window's timer show what they made.
    @MainActor private static func waitForThumbnails(_ library: PhotoLibrary?, _ window: HeadlessWindow) {
        let deadline = ContinuousClock.now + .seconds(5)
        while let library, library.isLoading, ContinuousClock.now < deadline {
            window.advance(by: .milliseconds(16))
            usleep(2_000)
        }
        window.advance(by: .milliseconds(32))
    }
}

/// The grid's holder, taking part in the grid's touches: two fingers pinching change the column count, keeping the
/// photo under their centroid under it (at the same place within the photo). One finger is left to the grid.
@MainActor
final class PinchColumnsView: View, TouchParticipant {
    weak var grid: GridContainer?
    var onColumns: (() -> Void)?
    private var fingers: [(id: Int, at: Point)] = []
    private var start: (distance: Double, columns: Int)?
    private var claimed = false

    override var touchParticipant: (any TouchParticipant)? { self }
    var arbitratedView: View? { self }

    func takesPart(inTouch id: Int) -> Bool { fingers.count < 2 }

    func fingerDown(_ id: Int, at location: Point, time: Duration) -> ContentTouchDisposition {
        fingers.append((id, location))
        if fingers.count == 2, let grid { start = (spread(), grid.numberOfColumns) }
        return .deliver
    }

    func fingerMoved(_ id: Int, to location: Point) {
        if let index = fingers.firstIndex(where: { $0.id == id }) { fingers[index].at = location }
    }

    func touchFrameEnded(at time: Duration) {
        guard let start, fingers.count == 2, start.distance > 0 else { return }
        let scale = spread() / start.distance
        if !claimed {
            guard abs(scale - 1) > 0.1 else { return }
            claimed = true
            touchArena?.claimFingers(of: self, cancellingContent: true)
        }
        let columns = max(1, min(12, Int((Double(start.columns) / scale).rounded())))
        guard let grid, columns != grid.numberOfColumns else { return }
        let centroid = Point(x: (fingers[0].at.x + fingers[1].at.x) / 2, y: (fingers[0].at.y + fingers[1].at.y) / 2)
        setColumns(columns, keeping: centroid)
    }

    /// Sets the item size that gives `columns` columns (nil: the default 120 pt), keeping the photo under `point`
    /// (window coordinates) where it is.
    func setColumns(_ columns: Int?, keeping point: Point?) {
        guard let grid else { return }
        let inside = point.map { grid.convert($0, from: nil) }
        let item = inside.flatMap { grid.item(at: $0) }
        var fraction = Point.zero
        if let item, let inside {
            let frame = grid.frameForItem(item)
            fraction = Point(x: (inside.x - frame.minX) / frame.width, y: (inside.y - frame.minY) / frame.height)
        }
        let width = grid.bounds.width - grid.contentInset.left - grid.contentInset.right
        if let columns {
            let side = (width - Double(columns - 1) * grid.spacing) / Double(columns)
            grid.itemSize = Size(width: side, height: side)
        } else {
            grid.itemSize = Size(width: 120, height: 120)
        }
        if let item, let inside {
            let frame = grid.frameForItem(item)
            let y = frame.minY + fraction.y * frame.height - (inside.y - grid.contentOffset.y)
            grid.contentOffset = Point(x: grid.contentOffset.x, y: y)
        }
        onColumns?()
    }

    func fingerLifted(_ id: Int, at time: Duration) { forget(id) }
    func allFingersCancelled(at time: Duration) {
        fingers.removeAll()
        reset()
    }
    func fingersClaimed(_ claim: TouchClaim, at time: Duration) {
        if claim.kind == .gesture {
            fingers.removeAll()
            reset()
        }
    }
    func leaveArena(at time: Duration) {
        fingers.removeAll()
        reset()
    }
    func tracksFinger(_ id: Int) -> Bool { fingers.contains { $0.id == id } }
    var tracksAnyFinger: Bool { !fingers.isEmpty }

    private func forget(_ id: Int) {
        fingers.removeAll { $0.id == id }
        if fingers.count < 2 { reset() }
    }

    private func reset() {
        start = nil
        claimed = false
    }

    private func spread() -> Double {
        let dx = fingers[0].at.x - fingers[1].at.x
        let dy = fingers[0].at.y - fingers[1].at.y
        return (dx * dx + dy * dy).squareRoot()
    }
}
