// Swipe actions on a list's rows (<doc:ScrollBehaviour> §21).
//
// Written only against public API, as an app could have written it: the gesture recognizers
// (`PanGestureRecognizer` with `axes = .horizontal`, `TapGestureRecognizer`, `shouldBegin`,
// `View.addGestureRecognizer`), the list's public API (`dataSource`, `visibleRows`, `frameForRow`,
// `view(forRow:)`, `numberOfRows`, `performBatchUpdates`, `deleteRows`, `layoutDirection`, `observe`),
// `View.addFrameAnimator` and the public ease-out curve. Nothing internal of ToolkitCore is used in this folder:
// scripts/row-actions-public type-checks it as a module of its own that imports ToolkitCore. The list tells it
// the two things an app knows from its own code: the rows were renumbered by an update (`rowsDidChange`) and laid
// out (`listDidLayout`); and it reads `offset(ofRow:)` when it places a row.
//
// The state belongs to a row index, not to a view: views are reused, and a view given to another row is placed
// at rest by the list. One row at most is slid at a time.

/// The swipe actions of one list: one horizontal pan and one tap on the list, the strip of actions, the slid row.
@MainActor
final class RowSwipeController: FrameAnimator {
    /// The list (which owns the controller; weak because a running animation keeps the controller in its window).
    private weak var list: ListContainer?
    /// The horizontal drag of a row.
    private(set) lazy var pan = PanGestureRecognizer { [weak self] _ in self?.panChanged() }
    /// While a row is slid: a tap on an action performs it, a tap elsewhere in the list closes the row.
    private(set) lazy var tap = TapGestureRecognizer { [weak self] _ in self?.tapped() }
    /// While a row is slid, on the top view of the list's window: a tap outside the list closes the row too. It
    /// leaves the touch to whatever it lands on (a button outside still works) and to every other recognizer.
    private(set) lazy var outsideTap = TapGestureRecognizer { [weak self] _ in self?.tappedOutside() }
    /// The actions beside the slid row.
    let strip = SwipeActionsStrip()
    private var scrollObservation: Observation?

    /// The row shown slid (dragged, open or sliding to rest), or nil.
    private(set) var row: Int?
    /// How far that row is slid along x, points (negative: to the left, uncovering the actions on the right).
    private(set) var displacement = 0.0
    /// The slid row's actions on its left and right sides (physical sides: the layout direction is applied).
    private var leftActions: [SwipeAction] = []
    private var rightActions: [SwipeAction] = []
    private var leftWidths: [Double] = []
    private var rightWidths: [Double] = []
    private var phase = Phase.resting
    /// The side the strip shows now (true: right), nil when it shows nothing.
    private var stripShowsRight: Bool?
    /// A deleted row's view while it shrinks away slid, the strip beside it (nil otherwise).
    private var leaving: View?

    private enum Phase {
        /// Still: closed (no row) or open.
        case resting
        /// Following the finger from `base` (the displacement when the drag began).
        case tracking(base: Double)
        /// Sliding to rest; `start` is the window time the slide began (nil: at its first frame).
        case settling(EaseOutAnimation, start: Duration?)
    }

    init(list: ListContainer) {
        self.list = list
        pan.axes = .horizontal
        // Weak: a recognizer may outlive the list (its queued effects run after the list went away).
        pan.shouldBegin = { [weak self] _ in self?.shouldBeginSwipe() ?? false }
        tap.isEnabled = false
        outsideTap.cancelsTouchesInView = false
        outsideTap.recognizesSimultaneously = { _, _ in true }
        list.addGestureRecognizer(pan)
        list.addGestureRecognizer(tap)
        scrollObservation = list.observe(\.contentOffset) { [weak self] _, _ in self?.listScrolled() }
    }

    // MARK: - What the list asks and tells

    /// Where `row`'s view goes along x: its displacement when it is the slid row, else 0.
    func offset(ofRow row: Int) -> Double {
        row == self.row ? displacement : 0
    }

    /// The rows were renumbered: the slid row follows its row (`newIndex` of its old index), and is dropped, at once
    /// and closed, when that row was deleted or reloaded (nil).
    func rowsDidChange(_ newIndex: (Int) -> Int?) {
        guard let row else { return }
        if let new = newIndex(row) {
            self.row = new
        } else {
            drop()
        }
    }

    /// The list placed its rows: the strip follows the slid row's line.
    func listDidLayout() {
        if leaving != nil {
            layoutLeavingStrip()
        } else if row != nil {
            layoutStrip()
        }
    }

    /// Closes the slid row at once, with no animation (the list left its window, or was reloaded).
    func drop() {
        if let list { list.removeFrameAnimator(self) }
        if case .tracking = phase {
            // The finger's drag ends with the row it moved.
            pan.isEnabled = false
            pan.isEnabled = true
        }
        let old = row
        row = nil
        displacement = 0
        phase = .resting
        strip.clear()
        stripShowsRight = nil
        tap.isEnabled = false
        outsideTap.view?.removeGestureRecognizer(outsideTap)
        if let old, let view = list?.view(forRow: old) { view.frame.origin.x = 0 }
    }

    /// The actions of `row`: trailing ones first (the edge a swipe toward the leading edge reveals), then leading.
    func accessibilityActions(ofRow row: Int) -> [SwipeAction] {
        guard let list, let source = list.dataSource, row >= 0, row < list.numberOfRows else { return [] }
        return source.list(list, trailingSwipeActionsForRow: row) + source.list(list, leadingSwipeActionsForRow: row)
    }

    /// Performs `action` of `row` as a tap on it would: the row closes, the handler runs, and a destructive action
    /// deletes the row (animated) when the data source counts one row fewer (its row stays slid until then, and
    /// closes when the row stays). A slid row that is deleted leaves slid, the action's colour beside it.
    func perform(_ action: SwipeAction, ofRow row: Int) {
        guard let list else { return }
        let count = list.numberOfRows
        let slid = row == self.row ? list.view(forRow: row) : nil
        // A destructive action's row stays slid until it is known whether it goes.
        if slid != nil && !action.isDestructive { settle(to: 0) }
        action.handler()
        // The handler may have deleted the row itself: then the list already counts one fewer.
        if action.isDestructive, list.numberOfRows == count, let source = list.dataSource,
            source.numberOfRows(in: list) == count - 1, row < count
        {
            list.performBatchUpdates(animated: true) { list.deleteRows(at: [row]) }
        } else if action.isDestructive && slid != nil && row == self.row {
            settle(to: 0)
        }
        // A row deleted (by the list or by the handler) shrinks away where it was slid (the list keeps a leaving
        // row's x), the action's colour beside it.
        if let slid, self.row == nil, slid.superview === list, slid.frame.minX != 0 {
            leaving = slid
            strip.show([action], widths: [1], outerEdgeIsRight: slid.frame.minX < 0)
            stripShowsRight = nil
            layoutLeavingStrip()
        }
    }

    // MARK: - The drag

    /// A horizontal drag is the row's when it starts on the slid row, or toward a side where the row under the
    /// finger has actions; otherwise it fails and the containers above may take it (a pager around the list).
    private func shouldBeginSwipe() -> Bool {
        guard let list, let source = list.dataSource else { return false }
        // Where the drag crossed the slop: the finger landed within that distance of it.
        let start = pan.location(in: list) - pan.translation(in: list)
        guard let row = row(at: start) else { return false }
        if row == self.row { return true }
        var direction = pan.velocity(in: list).x
        if direction == 0 { direction = pan.translation(in: list).x }
        guard direction != 0, !source.list(list, isHeaderRow: row) else { return false }
        let revealsRight = direction < 0
        let actions =
            revealsRight == (list.layoutDirection == .leftToRight)
            ? source.list(list, trailingSwipeActionsForRow: row)
            : source.list(list, leadingSwipeActionsForRow: row)
        return !actions.isEmpty
    }

    private func panChanged() {
        guard let list else { return }
        switch pan.state {
        case .began:
            let start = pan.location(in: list) - pan.translation(in: list)
            guard let touched = row(at: start) else { return }
            if touched != row {
                // One row at a time: the open one closes as another begins to slide.
                drop()
                adopt(touched)
            }
            list.removeFrameAnimator(self)
            phase = .tracking(base: displacement)
            tap.isEnabled = true
            watchTapsOutside()
            follow()
        case .changed:
            follow()
        case .ended:
            release()
        case .cancelled:
            if case .tracking = phase { settle(to: 0) }
        case .possible, .failed:
            break
        }
    }

    /// Takes `row` as the slid row, reading its actions.
    private func adopt(_ row: Int) {
        guard let list, let source = list.dataSource else { return }
        if leaving != nil {
            leaving = nil
            strip.clear()
        }
        self.row = row
        displacement = 0
        let trailing = source.list(list, trailingSwipeActionsForRow: row)
        let leading = source.list(list, leadingSwipeActionsForRow: row)
        let leftToRight = list.layoutDirection == .leftToRight
        leftActions = leftToRight ? leading : trailing
        rightActions = leftToRight ? trailing : leading
        leftWidths = SwipePolicy.widths(of: leftActions)
        rightWidths = SwipePolicy.widths(of: rightActions)
    }

    /// The row follows the finger, never toward a side without actions, at most its width.
    private func follow() {
        guard case .tracking(let base) = phase, let list else { return }
        let width = list.bounds.width
        var x = base + pan.translation(in: list).x
        if x < 0 && rightActions.isEmpty || x > 0 && leftActions.isEmpty { x = 0 }
        x = min(max(x, -width), width)
        setDisplacement(x)
    }

    /// The finger lifted: the row rests open or closed, or performs its first action.
    private func release() {
        guard case .tracking = phase, let list, let row else { return }
        let x = displacement
        let revealsRight = x < 0
        let actions = revealsRight ? rightActions : leftActions
        let total = (revealsRight ? rightWidths : leftWidths).reduce(0, +)
        // Positive: toward more of the revealed side.
        let velocity = revealsRight ? -pan.velocity(in: list).x : pan.velocity(in: list).x
        let rest =
            x == 0
            ? SwipeRest.closed
            : SwipePolicy.rest(distance: abs(x), velocity: velocity, openWidth: total, rowWidth: list.bounds.width)
        switch rest {
        case .closed:
            settle(to: 0)
        case .open:
            settle(to: revealsRight ? -total : total)
        case .performFirst:
            if let first = actions.first { perform(first, ofRow: row) }
        }
    }

    // MARK: - Taps and scrolling

    private func tapped() {
        guard tap.state == .ended, let row else { return }
        if case .tracking = phase { return }
        if !strip.isHidden, let index = strip.actionIndex(at: tap.location(in: strip)) {
            perform(strip.actions[index], ofRow: row)
        } else {
            settle(to: 0)
        }
    }

    /// Puts `outsideTap` on the top view above the list (nothing when the list is the top view itself).
    private func watchTapsOutside() {
        guard let list, outsideTap.view == nil else { return }
        var top: View = list
        while let parent = top.superview { top = parent }
        if top !== list { top.addGestureRecognizer(outsideTap) }
    }

    /// A tap landed somewhere in the window: outside the list it closes the slid row (inside, `tap` decides).
    private func tappedOutside() {
        guard outsideTap.state == .ended, let list, row != nil else { return }
        if list.bounds.contains(outsideTap.location(in: list)) { return }
        if case .tracking = phase { return }
        settle(to: 0)
    }

    private func listScrolled() {
        guard row != nil else { return }
        switch phase {
        case .tracking:
            return
        case .settling(let animation, _) where animation.finalPosition == 0:
            // Already closing: every frame of a scroll would restart the slide otherwise.
            return
        case .resting, .settling:
            settle(to: 0)
        }
    }

    // MARK: - Sliding

    /// Slides the row to `target` (0: closed) over `SwipePolicy.settleDuration` on the ease-out curve.
    private func settle(to target: Double) {
        guard let list, row != nil else { return }
        if displacement == target {
            finishSettling()
            return
        }
        phase = .settling(
            EaseOutAnimation(from: displacement, to: target, duration: SwipePolicy.settleDuration),
            start: list.touchArena?.now)
        if !list.addFrameAnimator(self) {
            setDisplacement(target)
            finishSettling()
        }
    }

    func animationFrame(at time: Duration) -> Bool {
        guard case .settling(let animation, let start) = phase else { return false }
        let began = start ?? time
        if start == nil { phase = .settling(animation, start: time) }
        let parts = (time - began).components
        let t = max(0, Double(parts.seconds) + Double(parts.attoseconds) * 1e-18)
        setDisplacement(animation.position(at: t))
        guard animation.isDone(at: t) else { return true }
        finishSettling()
        return false
    }

    private func finishSettling() {
        phase = .resting
        if displacement == 0 { drop() }
    }

    private func setDisplacement(_ x: Double) {
        displacement = x
        guard let list, let row, let view = list.view(forRow: row) else { return }
        view.frame.origin.x = x
        layoutStrip()
    }

    /// The strip covers the part of the row's line the row slid out of.
    private func layoutStrip() {
        guard let list, let row, displacement != 0, let view = list.view(forRow: row) else {
            strip.isHidden = true
            return
        }
        let line = view.frame
        let width = list.bounds.width
        let revealsRight = displacement < 0
        let actions = revealsRight ? rightActions : leftActions
        if stripShowsRight != revealsRight {
            stripShowsRight = revealsRight
            strip.show(actions, widths: revealsRight ? rightWidths : leftWidths, outerEdgeIsRight: revealsRight)
        }
        strip.frame =
            revealsRight
            ? Rect(x: list.bounds.minX + width + displacement, y: line.minY, width: -displacement, height: line.height)
            : Rect(x: list.bounds.minX, y: line.minY, width: displacement, height: line.height)
        strip.showsFullSwipe = SwipePolicy.isFullSwipe(distance: abs(displacement), rowWidth: width)
        strip.isHidden = false
        if strip.superview !== list { list.addSubview(strip) }
    }

    /// The strip beside a deleted row's view as the list shrinks it; cleared once the list put the view back.
    private func layoutLeavingStrip() {
        guard let list, let view = leaving, view.superview === list, view.frame.height > 0 else {
            leaving = nil
            strip.clear()
            return
        }
        let line = view.frame
        let width = list.bounds.width
        strip.frame =
            line.minX < 0
            ? Rect(x: list.bounds.minX + width + line.minX, y: line.minY, width: -line.minX, height: line.height)
            : Rect(x: list.bounds.minX, y: line.minY, width: line.minX, height: line.height)
        strip.isHidden = false
    }

    /// The row under `point` (the list's coordinates): the row whose view the point hits (a pinned sticky header
    /// answers for its own row), the slid row on its strip of actions, nil on another view of the app's; where no
    /// view takes the touch (rows that take no touches), the row whose line holds it.
    private func row(at point: Point) -> Int? {
        guard let list else { return nil }
        var hit = list.hitTest(point)
        while let view = hit, view !== list, view.superview !== list { hit = view.superview }
        if let child = hit, child !== list {
            if child === strip { return row }
            for row in list.visibleRows where list.view(forRow: row) === child { return row }
            return nil
        }
        for row in list.visibleRows {
            let frame = list.frameForRow(row)
            if point.y >= frame.minY && point.y < frame.maxY { return row }
        }
        return nil
    }
}
