// Keyboard scrolling (<doc:ScrollBehaviour> §7). Keys take the wheel's path (`ScrollContainer+Pointer.swift`), and a
// key during a running step extends its target, so a held key scrolls steadily. A key along an axis the container
// cannot scroll goes on up the superview chain; one it could take while fingers track it is swallowed.

extension ScrollContainer {
    /// Points an arrow key scrolls.
    public static let arrowKeyDistance = 40.0
    /// Points of the current view still shown after Page Up / Page Down; a page key still moves at least half the
    /// container's height.
    public static let pageKeyOverlap = 40.0

    /// What a key (or an accessibility scroll action) asks for along its axis.
    enum KeyMove: Equatable {
        /// Arrows: a line (40 pt) or one page when paging, in the sign's direction.
        case line(Int)
        /// Page keys and space: a screenful minus the overlap, or one page when paging.
        case page(Int)
        case start
        case end
    }

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

    /// Scrolls by `move` along `axis` as a key does (keys and accessibility actions); false when it cannot scroll
    /// along `axis`.
    func scroll(_ move: KeyMove, along axis: Axis, at time: Duration) -> Bool {
        guard canStep(along: axis) else { return false }
        guard !arbitration.isTracking else { return true }
        let policy = makePolicy()
        var run = currentStepRun(axis, policy: policy)
        let lower = policy.minOffset[axis]
        let upper = policy.maxOffset[axis]
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
        // Snap points (§15): the target moves to the snap offset not behind it in the key's direction.
        if let snapped = policy.snapTarget(axis, natural: target, direction: target - run.target) {
            target = snapped
        }
        run.move(to: target)
        pointerScroll.stepTargets[axis] = run
        step(axis, to: target, paged: false, policy: policy, at: time)
        return true
    }

    /// The outermost visible scroll container under `root` in breadth-first order, where keys go with no focus.
    /// Iterative deepening instead of a queue: no storage, on every key press while nothing has the focus.
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

    /// The first scroll container exactly `depth` levels below `view`, depth-first, not entering hidden views; sets
    /// `deeperLevelExists` when a visible view at that depth has subviews.
    private static func firstContainer(
        in view: View, atDepth depth: Int,
        deeperLevelExists: inout Bool
    ) -> ScrollContainer? {
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
