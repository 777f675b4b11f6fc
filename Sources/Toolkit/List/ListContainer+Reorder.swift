// Moving a row by hand (<doc:ScrollBehaviour> §21): the list's side of drag to reorder. The gesture that lifts and
// drags the row is `ReorderGesture` (on the public API, like an app's own); here is what it calls, public so that an
// app can drive a movement from its own gesture (UIKit's interactive movement): lift a row, follow the finger,
// drop or cancel. The lifted row is drawn above the others with a shadow, the others slide apart where it would drop
// (`RowMovement`); the drop calls the data source once and moves the row as `moveRow(_:to:)` in an animated batch,
// so the row keeps its view, height and selection, and settles into place.
//
// The drop target: with the lifted row's top at L and the other rows closed up (as if the lifted row were gone),
// the row drops before the first of them whose middle is at or below L. So it passes a neighbour when it covers
// half of it, going down as going up.

extension ListContainer {
    /// The row whose place holds `point` (content coordinates), or nil above, below or beside the rows.
    public func row(at point: Point) -> Int? { item(at: point) }

    /// The row being moved by hand (lifted), or nil.
    public var movingRow: Int? { movement?.row }

    /// Where the lifted row would drop now: its index after the move (its own index: where it started), or nil.
    public var movingRowDestination: Int? { movement?.target }

    /// Lifts `row` to move it by hand, held at `point` (content coordinates: where the finger is): the row is drawn
    /// above the others with a shadow until `endInteractiveMovement()` or `cancelInteractiveMovement()`. Returns
    /// false, doing nothing, when the row is out of range, not in view, a sticky header, or a row is already
    /// lifted.
    @discardableResult
    public func beginInteractiveMovement(ofRow row: Int, at point: Point) -> Bool {
        guard movement == nil, row >= 0, row < heights.count, point.isFinite, let view = items.view(at: row),
            !items.marks[row - items.first], pinned?.view !== view
        else { return false }
        if itemAnimation.isActive || !itemAnimation.leaving.isEmpty { stopItemAnimation() }
        let top = heights.origin(of: row)
        movement = RowMovement(
            row: row, view: view, height: heights.height(of: row), grab: point.y - top, top: top,
            now: attachedWindow?.now ?? .zero)
        if liftShadow.superview !== self { addSubview(liftShadow) }
        updateInteractiveMovement(to: point)
        return true
    }

    /// The finger holding the lifted row is at `point` (content coordinates): the row follows it vertically (its
    /// middle kept inside the visible rect and the content), the drop target follows the row, and the rows whose
    /// place changes slide over 0.2 s.
    public func updateInteractiveMovement(to point: Point) {
        // Fields, not a copy of the movement: a copy would share the slides' storage, copied at the first change.
        guard movement?.isDropping == false, point.isFinite, let row = movement?.row, let height = movement?.height,
            let grab = movement?.grab, let then = movement?.now
        else { return }
        let half = height / 2
        var middle = point.y - grab + half
        middle = min(max(middle, bounds.minY), bounds.maxY)
        middle = min(max(middle, half), max(half, heights.totalHeight - half))
        let top = middle - half
        let target = dropTarget(forTop: top, lifted: row, height: height)
        let now = attachedWindow?.now ?? then
        movement!.top = top
        movement!.retarget(to: target, at: now, alive: items.first..<items.end)
        if !movement!.slides.isEmpty { attachedWindow?.addAnimator(movementDriver) }
        layoutItems()
        setNeedsDisplay()
    }

    /// Drops the lifted row where it is over: the data source's `list(_:moveRow:to:)` is called once, unless the
    /// row is back where it started, and the list moves the row (an animated `moveRow(_:to:)`), which settles into
    /// place.
    public func endInteractiveMovement() {
        guard let moving = movement, !moving.isDropping else { return }
        let from = moving.row
        let to = moving.target
        guard from != to else {
            settleMovement()
            return
        }
        movement?.isDropping = true
        attachedWindow?.removeAnimator(movementDriver)
        dataSource?.list(self, moveRow: from, to: to)
        // The drop's own batch: `apply` keeps the movement (its shifts are where the rows are drawn) while it runs.
        performBatchUpdates(animated: true) { moveRow(from, to: to) }
        finishMovement()
    }

    /// Puts the lifted row back where it started, with no call to the data source.
    public func cancelInteractiveMovement() {
        guard let moving = movement, !moving.isDropping else { return }
        settleMovement()
    }

    // MARK: - Inside the list

    /// The row goes back to its own place (a drop where it started, a cancel): the rows slide from where they are
    /// drawn to their places.
    private func settleMovement() {
        let shown = attachedWindow != nil ? presentedScreenFrames() : nil
        finishMovement()
        if let shown {
            let unchanged = ItemChange(oldCount: heights.count, removed: [], added: [], moves: [], reloads: [])
            animateItems(from: shown, through: unchanged, disappearing: [])
        } else {
            layoutItems()
        }
    }

    /// Ends the movement at once, with no call and no animation (a reload, an update, leaving the window).
    func dropMovement() {
        finishMovement()
        layoutItems()
    }

    /// Forgets the movement: the shadow goes, a lifted view whose row left the alive run is put back.
    func finishMovement() {
        guard let moving = movement else { return }
        movement = nil
        attachedWindow?.removeAnimator(movementDriver)
        liftShadow.removeFromSuperview()
        if moving.view.superview === self, items.item(showing: moving.view) == nil { recycle(moving.view) }
        setNeedsDisplay()
    }

    /// One frame of the slides: false once they are over.
    func rowMovementFrame(at time: Duration) -> Bool {
        guard movement != nil, movement?.isDropping == false else { return false }
        let going = movement!.advance(to: time)
        layoutItems()
        setNeedsDisplay()
        return going
    }

    /// The drop target for the lifted row (`lifted`, `height` tall) with its top at `top` (see the rule above).
    private func dropTarget(forTop top: Double, lifted: Int, height: Double) -> Int {
        let count = heights.count
        guard count > 1 else { return 0 }
        let liftedTop = heights.origin(of: lifted)
        // The other row at closed-up y `y`, by its index among the others (0 ..< count − 1).
        let other: Int
        let otherTop: Double
        if top < liftedTop {
            other = heights.row(at: max(top, 0))
            otherTop = heights.origin(of: other)
        } else {
            let row = min(max(heights.row(at: top + height), lifted + 1), count - 1)
            guard row > lifted else { return count - 1 }
            other = row - 1
            otherTop = heights.origin(of: row) - height
        }
        let original = other < lifted ? other : other + 1
        let middle = otherTop + heights.height(of: original) / 2
        return min(top > middle ? other + 1 : other, count - 1)
    }

    /// The shift `row` is drawn with while a row is lifted (0 otherwise), points.
    func movementShift(ofRow row: Int) -> Double {
        guard let movement else { return 0 }
        return movement.shift(ofRow: row)
    }

    /// During a movement (not its drop): the lifted view and its shadow are placed, on top of every other row.
    func placeLiftedRow() {
        guard let movement, !movement.isDropping else { return }
        let frame = Rect(x: 0, y: movement.top, width: bounds.width, height: movement.height)
        if movement.view.frame != frame { movement.view.frame = frame }
        liftShadow.surround(frame)
        let count = subviews.count
        if count < 2 || subviews[count - 2] !== liftShadow || subviews[count - 1] !== movement.view {
            addSubview(liftShadow)
            addSubview(movement.view)
        }
    }

    /// Three short lines in each row's trailing 44 pt (the leading side right to left), where a mouse press lifts
    /// the row.
    func drawReorderHandles(in canvas: Canvas) {
        let color = Color(white: 0.55)
        let width = ReorderGesture.handleWidth
        let lineWidth = 18.0
        let x = layoutDirection == .rightToLeft ? (width - lineWidth) / 2 : bounds.width - (width + lineWidth) / 2
        // The lifted row hides the handles of the rows under it.
        let lifted = movement.map { $0.isDropping ? Rect.zero : $0.view.frame } ?? .zero
        func draw(_ frame: Rect, under: Bool) {
            guard frame.height >= 12, frame.maxY > bounds.minY, frame.minY < bounds.maxY else { return }
            let glyph = Rect(x: x, y: frame.midY - 6, width: lineWidth, height: 12)
            if under && glyph.intersects(lifted) { return }
            for step in -1...1 {
                canvas.fill(Rect(x: x, y: glyph.midY + Double(step) * 5 - 1, width: lineWidth, height: 2), color: color)
            }
        }
        for view in items.views {
            if let view, view !== movement?.view { draw(view.frame, under: true) }
        }
        if let movement { draw(movement.view.frame, under: false) }
    }
}
