import Foundation

/// A `ScrollContainer` whose rows come from a data source and exist only near the visible rect: lists of any
/// length, from 0 to 10,000,000 rows, at the cost of the rows in view. Behaviour: <doc:ScrollBehaviour> §16.
///
/// - Rows are vertical, full width, in order. Heights come from `ListDataSource.list(_:heightForRow:)`, asked
///   only for rows being laid out; rows not asked yet count `estimatedRowHeight`. `contentSize` follows as rows
///   are measured, and scroll anchoring (`maintainsVisibleContentPosition`, true here) keeps the visible rows
///   still meanwhile: the scroll indicator may move, the content never jumps.
/// - Views are made (`list(_:viewForRow:)`) for the rows meeting the visible rect, kept while they are within one
///   visible height of it, then removed and kept for `dequeueReusableView(kind:)` by their `reuseKind`
///   (`prepareForReuse()` is called then). At most the visible rows plus two visible heights of rows are alive.
/// - Sticky headers (`list(_:isHeaderRow:)`): pinned at the top of the visible rect while their rows scroll under
///   them, pushed up by the next header.
/// - Updates (`reloadData()`, `insertRows(at:)`, `deleteRows(at:)`, `reloadRows(at:)`) keep the visible rows
///   still, also during a drag or a fling, and never ask the data source about rows far from view.
///
/// Cost: the heights are a balanced tree of runs of estimated rows and single measured rows (`RowHeights`):
/// O(log n) from an offset to a row and back, and per inserted or deleted row; no memory per unmeasured row. Scrolling over rows whose views are reused allocates
/// nothing per frame (the app's own configuration of a view aside).
///
/// - Swipe actions (`ListDataSource.list(_:trailingSwipeActionsForRow:)` and the leading one, <doc:ScrollBehaviour>
///   §21): a horizontal drag on a row slides it over its actions. They are one `.horizontal` pan and one tap
///   recognizer of the list's own, listed in its `gestureRecognizers`.
///
/// Everything of `ScrollContainer` works on it (delays, flings, paging, keys, observers, nesting); zoom is not
/// meant for lists. Other subviews an app adds are drawn but not laid out by the list.
@MainActor
open class ListContainer: LazyContainer {
    /// Gives the rows. Setting it reloads the list. Not retained.
    public weak var dataSource: (any ListDataSource)? {
        didSet { if dataSource !== oldValue { reloadData() } }
    }

    /// The height of a row the data source has not measured yet, in points. Values that are not positive and
    /// finite are ignored. Default 44.
    public var estimatedRowHeight: Double = 44 {
        didSet {
            guard estimatedRowHeight > 0, estimatedRowHeight.isFinite else {
                estimatedRowHeight = oldValue
                return
            }
            guard estimatedRowHeight != oldValue else { return }
            updateKeepingVisibleItemsStill { heights.setEstimate(estimatedRowHeight) }
        }
    }

    /// The number of rows the list shows (the data source's count when last asked).
    public var numberOfRows: Int { heights.count }

    // MARK: - Storage (used by the extensions)

    /// The heights of all rows: measured near view, estimated elsewhere.
    @exclusivity(unchecked) var heights = RowHeights()
    /// The pinned header's view when its row is outside the live range.
    @exclusivity(unchecked) var pinned: (row: Int, view: View)?
    /// The header rows known so far, for the sticky header of any top row (`HeaderIndex`).
    @exclusivity(unchecked) var headerIndex = HeaderIndex()
    /// Set when the data source's `isHeaderRow` is the protocol's default (it says so when called): no row is a
    /// header, and the header search is skipped. Cleared by `reloadData` (the data source may have changed).
    @exclusivity(unchecked) var dataSourceHasNoHeaders = false
    /// Set while rows are laid out: offset changes made by the layout (anchoring) do not start another.
    @exclusivity(unchecked) var isLayingOut = false
    /// An animated `scrollToRow`: the row, where it goes, and the offset the motion goes to (retargeted as rows
    /// are measured on the way; corrected at rest only if the last frame still moved the row).
    @exclusivity(unchecked) var pendingRowTarget: (row: Int, position: ListScrollPosition, planned: Double)?
    /// The rows' swipe actions (`RowActions/`): its recognizers are on the list from the start.
    var rowActions: RowSwipeController!
    /// The row the user lifted to move it, while it is lifted (`ListContainer+Reorder.swift`).
    @exclusivity(unchecked) var movement: RowMovement?
    /// The frame animator of `movement`'s slides, made once.
    lazy var movementDriver = RowMovementDriver(list: self)
    /// The shadow under the lifted row, made once.
    lazy var liftShadow = LiftShadowView(frame: .zero)
    /// The long press and handle drag that lift rows, made when reordering is first enabled.
    var reorderGesture: ReorderGesture?

    /// Whether the user may move rows (<doc:ScrollBehaviour> §21): a long press (0.5 s) on a row, or a mouse press
    /// on its reorder handle (the row's trailing 44 pt, where the list draws three short lines), lifts the row; it
    /// follows the finger, the other rows slide apart where it would drop, the list scrolls when the finger nears
    /// an edge, and on release the data source's `list(_:moveRow:to:)` is called once (not when dropped where it
    /// started) and the list moves the row. Escape or a touch cancel puts it back with no call. Turning it off
    /// puts a lifted row back. Default false.
    public var reorderingEnabled = false {
        didSet {
            guard reorderingEnabled != oldValue else { return }
            if reorderingEnabled && reorderGesture == nil { reorderGesture = ReorderGesture(list: self) }
            if !reorderingEnabled { reorderGesture?.cancel() }
            setNeedsDisplay()
        }
    }

    /// An empty list in `frame` (superview coordinates, points); set `dataSource` to fill it.
    public init(frame: Rect) {
        super.init(shapeFrame: frame)
        engine = self
        rowActions = RowSwipeController(list: self)
    }

    // MARK: - Hooks of ScrollContainer

    /// A row's swipe actions, for assistive technologies: each one an action of the row named by its title
    /// (<doc:ScrollBehaviour> §21), trailing ones first; performing one is a tap on it.
    open override func accessibilityCustomActions(forSubview subview: View) -> [AccessibilityCustomAction] {
        guard let row = item(showing: subview) else { return [] }
        return rowActions.accessibilityActions(ofRow: row).map { action in
            AccessibilityCustomAction(name: action.title) { [weak self] in
                // Asked later: the row may have moved or gone meanwhile.
                guard let self, let row = self.item(showing: subview) else { return false }
                self.rowActions.perform(action, ofRow: row)
                return true
            }
        }
    }

    /// The reorder handles over the rows, below the lazy engine's fades, focus ring and the indicators.
    open override func drawOverlay(in canvas: Canvas) {
        if reorderingEnabled { drawReorderHandles(in: canvas) }
        super.drawOverlay(in: canvas)
    }

    /// A press on a reorder handle lifts the row rather than starting a drag selection.
    override func dragSelectionInstalled(_ gesture: DragSelectGesture) {
        reorderGesture?.yieldHandlePresses(of: gesture.pan)
    }

    /// Escape puts a lifted row back with no call (<doc:ScrollBehaviour> §21); other keys as in any lazy container.
    open override func keyPressed(_ key: Key, modifiers: KeyModifiers, timestamp: Duration) -> Bool {
        if key == .escape, movement != nil {
            if reorderGesture?.isHolding == true { reorderGesture?.cancel() } else { cancelInteractiveMovement() }
            return true
        }
        return super.keyPressed(key, modifiers: modifiers, timestamp: timestamp)
    }

    /// The reorder handles' column (drawn over the rows, not moved with them by a pixel copy), besides the rest.
    override func forEachOverlayRect(_ body: (Rect) -> Void) {
        super.forEachOverlayRect(body)
        guard reorderingEnabled else { return }
        let width = ReorderGesture.handleWidth
        let x = layoutDirection == .rightToLeft ? bounds.minX : bounds.maxX - width
        body(Rect(x: x, y: bounds.minY, width: width, height: bounds.height))
    }

    /// Leaving the window closes a swiped row and puts a lifted row back (the batch animation ends in the lazy
    /// engine's hook).
    override func hostWindowDidChange(from old: (any ViewHost)?) {
        rowActions.drop()
        if movement != nil {
            old?.removeAnimator(movementDriver)
            dropMovement()
        }
        super.hostWindowDidChange(from: old)
    }

    /// An animated `scrollToRow` came to rest on the offset it planned from estimates: measured rows may have
    /// moved the row, which is put exactly where it was asked.
    override func contentDidComeToRest() {
        guard let target = pendingRowTarget else { return }
        pendingRowTarget = nil
        guard !isTracking, abs(contentOffset.y - target.planned) < 0.5 else { return }
        settle(onItem: target.row, at: target.position)
    }

    // MARK: - Rows

    /// Reloads everything from the data source: the row count, and every row in view (their views are put back
    /// for reuse and asked again). Measurements are forgotten. The first visible row stays where it is on screen
    /// when it still exists.
    public func reloadData() {
        if movement != nil { dropMovement() }
        let anchor = visibleAnchor()
        stopItemAnimation(layout: false)
        rowActions?.drop()
        recycleAllRows()
        items.prefetcher.forget()
        let count = dataSource.map { $0.numberOfRows(in: self) } ?? 0
        heights.reset(count: count, estimate: estimatedRowHeight)
        headerIndex.reset()
        dataSourceHasNoHeaders = false
        pendingRowTarget = nil
        clampSelection()
        updateContentSize()
        if let anchor, anchor.item < heights.count {
            restoreAnchor(item: anchor.item, screenY: anchor.screenY)
        }
        layoutItems()
    }

    /// The rows meeting the visible rect (`bounds`), in order; empty when none does.
    public var visibleRows: Range<Int> { visibleItemRange }

    /// The view shown for `row`, or nil when the row is not alive (out of view, or out of range).
    public func view(forRow row: Int) -> View? { aliveView(forItem: row) }

    /// The place of `row` in content coordinates, points: full width, at its measured height, or its estimated
    /// one where not measured (a sticky header's own place, not where it is pinned). `.zero` for a row out of
    /// range.
    public func frameForRow(_ row: Int) -> Rect {
        guard row >= 0, row < heights.count else { return .zero }
        return Rect(x: 0, y: heights.origin(of: row), width: bounds.width, height: heights.height(of: row))
    }

    /// Scrolls so that `row` is at `position` in the visible rect (clamped into the scroll range), at once or
    /// animated as `setContentOffset(_:animated:)`. Rows measured on the way may move it: it ends exactly there
    /// all the same. A row out of range is ignored.
    public func scrollToRow(_ row: Int, at position: ListScrollPosition, animated: Bool) {
        guard row >= 0, row < heights.count else { return }
        pendingRowTarget = nil
        guard animated, attachedWindow != nil else {
            settle(onItem: row, at: position)
            return
        }
        // The rows around the destination are measured first (they will be laid out there), so that the last
        // frames of the motion, when they come into view, move the target no more.
        measureRows(around: row, at: position)
        let planned = targetOffset(forItem: row, at: position)
        setContentOffset(Point(x: contentOffset.x, y: planned), animated: true)
        if arbitration.isAnimating { pendingRowTarget = (row, position, planned) }
    }

    /// Asks the heights of the rows within one visible height of where `row` at `position` puts the visible rect
    /// (from the heights known now; again while that moves the place, a few rounds at most), keeping the visible
    /// rows still.
    func measureRows(around row: Int, at position: ListScrollPosition) {
        guard let source = dataSource, bounds.height > 0 else { return }
        let anchor = visibleAnchor()
        for _ in 0..<4 {
            let target = targetOffset(forItem: row, at: position)
            let first = heights.row(at: max(0, target - bounds.height))
            let last = heights.row(at: target + 2 * bounds.height)
            var changed = false
            for near in first...last where !isMade(near) {
                let height = source.list(self, heightForRow: near)
                if heights.setHeight(height.flatMap { $0 >= 0 && $0.isFinite ? $0 : nil }, for: near) != 0 {
                    changed = true
                }
            }
            if !changed { break }
        }
        updateContentSize()
        if let anchor { restoreAnchor(item: anchor.item, screenY: anchor.screenY) }
    }

    /// During an animated `scrollToRow`: rows measured on the way moved the row, so the motion goes on to the
    /// row's new place over the time it has left, from where it is now (the same ease-out curve restarted:
    /// its speed changes in proportion to the distance left, the content does not jump, and it ends on the row
    /// exactly).
    func retargetRowAnimation() {
        guard let target = pendingRowTarget, arbitration.isAnimatingProgrammatically, !isTracking,
            case .ease(let ease) = motion.vertical, let now = attachedWindow?.now,
            let planned = motion.finalPosition(.vertical)
        else { return }
        let wanted = targetOffset(forItem: target.row, at: target.position)
        guard abs(wanted - planned) > 1e-9 else { return }
        let remaining = ease.duration - motion.elapsed(.vertical, at: now)
        guard remaining > 0 else { return }
        motion.replace(
            .vertical, with: .ease(EaseOutAnimation(from: contentOffset.y, to: wanted, duration: remaining)),
            startingAt: now)
        pendingRowTarget?.planned = wanted
    }
}
