import Toolkit

/// `live`, edge auto-scroll (SCROLL.md 21) in the `lists` window:
/// - `auto-scroll with a lifted row, frames`: a list of 10,000 rows with reordering on; a finger lifts a row (a
///   0.5 s long press) and holds still 20 pt above the list's bottom edge, so the list scrolls at 875 pt/s and the
///   drop target follows the rows under it; after 180 frames (the alive rows reused from then on), the operation
///   is one frame (`prepareFrame` and `draw(into:)`) while that goes on. Budget: no allocation.
/// - `auto-scroll with a mouse drag selecting, frames`: the same with the mouse dragging a selection in `.multiple`
///   mode; the selected range grows by a row about every other frame, and each change is a new `IndexSet` handed to
///   the app (`onSelectionChange`): those allocations are the selection's, not the scroll's.
extension LiveListBench {
    static func autoScrollCases(_ options: Options) -> [Measurement] {
        let bottom = 1080.0 - 20
        let lifted = Scene(ids: Array(0..<10_000))
        lifted.list.reorderingEnabled = true
        let reorder = Measurement.measure("auto-scroll with a lifted row, frames", runs: options.runs,
                                          operationsPerRun: 16, options: options, setUp: { run in
            guard run == 0 else { return }
            let window = lifted.window
            window.handle(.touchDown(id: 1, location: Point(x: 400, y: 300), timestamp: lifted.clock))
            window.handle(.touchFrame(timestamp: lifted.clock))
            lifted.clock += .milliseconds(500)
            window.fireTimers(upTo: lifted.clock)
            window.handle(.touchMotion(id: 1, location: Point(x: 400, y: bottom), timestamp: lifted.clock))
            window.handle(.touchFrame(timestamp: lifted.clock))
            // Past the first two visible heights: rows are trimmed and reused from then on.
            for _ in 0..<180 { lifted.frame() }
        }) { _ in
            for _ in 0..<16 { lifted.frame() }
        }
        let selecting = Scene(ids: Array(0..<10_000))
        selecting.list.selectionMode = .multiple
        selecting.list.onSelectionChange = { _ in }
        let select = Measurement.measure("auto-scroll with a mouse drag selecting, frames", runs: options.runs,
                                         operationsPerRun: 16, options: options, setUp: { run in
            guard run == 0 else { return }
            let window = selecting.window
            window.handle(.pointerEnter(location: Point(x: 400, y: 300), timestamp: selecting.clock))
            window.handle(.pointerButton(.left, pressed: true, timestamp: selecting.clock))
            selecting.clock += .milliseconds(16)
            window.handle(.pointerMotion(location: Point(x: 400, y: 400), timestamp: selecting.clock))
            window.handle(.pointerMotion(location: Point(x: 400, y: bottom), timestamp: selecting.clock))
            for _ in 0..<180 { selecting.frame() }
        }) { _ in
            for _ in 0..<16 { selecting.frame() }
        }
        return [reorder, select]
    }
}
