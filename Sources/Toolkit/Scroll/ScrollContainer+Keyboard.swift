// Keyboard scrolling (<doc:ScrollBehaviour> §7). The window sends a pressed key (and each key repeat) to the focused
// view and up its superview chain until one handles it; with no focus, to the outermost scroll container.
//
// Keys and distances:
// - Up / Down scroll 40 pt vertically, Left / Right 40 pt horizontally.
// - Page Up / Page Down scroll the container's height minus 40 pt (never less than half the height, so a very
//   small container still moves forward); Space and Shift-Space do the same as Page Down and Page Up.
// - Home / End go to the start / end of the range.
// - Page keys, Space, Home and End act vertically; on a container that can only scroll horizontally they act
//   along x with its width.
// - With paging on the key's axis, arrows and page keys move one page; Home / End go to the first / last page.
// - Motion: the wheel's path (`ScrollContainer+Pointer.swift`): a 0.1 s step (the page snap spring when paging)
//   when `smoothWheelScrolling`, at once otherwise. A key during a running step extends its target, so a held
//   key (repeats at the seat's `repeat_info` rate) scrolls steadily: 40 pt x 25 repeats/s = 1000 pt/s.
// - A key along an axis the container cannot scroll (no range, or scrolling disabled) is not handled: it goes
//   on to the superview chain, so a focused horizontal pager inside a vertical list passes Up / Down to the
//   list. A key the container could take while fingers track it is swallowed without scrolling.

extension ScrollContainer {
    /// Points an arrow key scrolls. Fixed.
    public static let arrowKeyDistance = 40.0
    /// Points of the current view still shown after Page Up / Page Down (<doc:ScrollBehaviour> §7: a height
    /// minus 40 pt). A page key always moves at least half the container's height, so on a container under 80 pt
    /// tall less than this stays shown. Fixed.
    public static let pageKeyOverlap = 40.0

    /// What a key (or an accessibility scroll action) asks for along its axis.
    enum KeyMove: Equatable {
        /// Arrows: a line (40 pt) or one page when paging, in the sign's direction.
        case line(Int)
        /// Page keys and space: a screenful minus the overlap, or one page when paging.
        case page(Int)
        /// Home.
        case start
        /// End.
        case end
    }

    /// Scrolls for `key`; returns whether the container used it.
    func scroll(for key: Key, modifiers: KeyModifiers, at time: Duration) -> Bool {
        let primary: Axis = canStep(along: .vertical) || !canStep(along: .horizontal) ? .vertical : .horizontal
        let axis: Axis
        let move: KeyMove
        switch key {
        case .up: (axis, move) = (.vertical, .line(-1))
        case .down: (axis, move) = (.vertical, .line(1))
        case .left: (axis, move) = (.horizontal, .line(-1))
        case .right: (axis, move) = (.horizontal, .line(1))
        case .pageUp: (axis, move) = (primary, .page(-1))
        case .pageDown: (axis, move) = (primary, .page(1))
        case .space: (axis, move) = (primary, .page(modifiers.contains(.shift) ? -1 : 1))
        case .home: (axis, move) = (primary, .start)
        case .end: (axis, move) = (primary, .end)
        case .tab, .enter, .escape, .backspace, .other: return false
        }
        return scroll(move, along: axis, at: time)
    }

    /// Scrolls by `move` along `axis` as a key does (the wheel's step, paging-aware); returns whether the container
    /// used it: false when it cannot scroll along `axis`. Keys and the accessibility scroll actions come here.
    func scroll(_ move: KeyMove, along axis: Axis, at time: Duration) -> Bool {
        guard canStep(along: axis) else { return false }
        guard !arbitration.isTracking else { return true }
        let policy = makePolicy()
        var run = currentStepRun(axis, policy: policy)
        let lower = policy.minOffset[axis], upper = policy.maxOffset[axis]
        if policy.pagingAxes.contains(axis) {
            switch move {
            case .line(let n), .page(let n):
                stepPages(axis, by: n, run: run, policy: policy, at: time)
            case .start, .end:
                let target = move == .start ? lower : upper
                run.move(to: target)
                pointerScroll.stepTargets[axis] = run
                step(axis, to: target, paged: true, policy: policy, at: time)
            }
            return true
        }
        var target: Double
        switch move {
        case .line(let n):
            target = policy.clamp(run.target + Double(n) * ScrollContainer.arrowKeyDistance, axis)
        case .page(let n):
            let size = policy.viewport[axis]
            let distance = max(size - ScrollContainer.pageKeyOverlap, size / 2)
            target = policy.clamp(run.target + Double(n) * distance, axis)
        case .start:
            target = lower
        case .end:
            target = upper
        }
        // Snap points (<doc:ScrollBehaviour> §15): the key's target moves to the snap offset not behind it in the
        // key's direction.
        if let snapped = policy.snapTarget(axis, natural: target, direction: target - run.target) {
            target = snapped
        }
        run.move(to: target)
        pointerScroll.stepTargets[axis] = run
        step(axis, to: target, paged: false, policy: policy, at: time)
        return true
    }

    /// The outermost scroll container under `root`: the first one, not hidden (nor under a hidden view), in
    /// breadth-first order (the shallowest, and among those the first in subview order). Keys go there when no
    /// view has the keyboard focus.
    ///
    /// Found by iterative deepening rather than with a queue: level by level, a depth-first walk limited to
    /// that level meets the level's views in breadth-first order, and needs no storage (this runs for every
    /// key press while nothing has the focus). The cost, views times depth, is small for a view tree.
    static func outermost(in root: View) -> ScrollContainer? {
        var depth = 0
        while true {
            var deeperLevelExists = false
            if let found = firstContainer(in: root, atDepth: depth, deeperLevelExists: &deeperLevelExists) {
                return found
            }
            guard deeperLevelExists else { return nil }
            depth += 1
        }
    }

    /// The first scroll container exactly `depth` levels below `view` (0: `view` itself), depth-first in
    /// subview order, not entering hidden views. Sets `deeperLevelExists` when a visible view at that depth has
    /// subviews.
    private static func firstContainer(in view: View, atDepth depth: Int,
                                       deeperLevelExists: inout Bool) -> ScrollContainer? {
        guard !view.isHidden else { return nil }
        guard depth > 0 else {
            if !view.subviews.isEmpty { deeperLevelExists = true }
            return view as? ScrollContainer
        }
        for subview in view.subviews {
            if let found = firstContainer(in: subview, atDepth: depth - 1, deeperLevelExists: &deeperLevelExists) {
                return found
            }
        }
        return nil
    }
}
