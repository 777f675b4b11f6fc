// Animating a batch (<doc:ScrollBehaviour> §19): the rows as drawn before the batch (`presentedScreenFrames`) become
// displacements from the layout after it (`RowAnimation`), which the layout adds while placing the rows until the
// 0.3 s are over. A second batch during one starts from the rows as drawn then.

extension ListContainer {
    /// A row as drawn: its row (-1 for a leaving one), its view, its top on screen (content y minus the offset),
    /// its height and opacity.
    typealias ShownRow = (row: Int, view: ObjectIdentifier, top: Double, height: Double, opacity: Double)

    /// The alive rows and the leaving ones as drawn now (the pinned header aside: it is drawn where it is pinned).
    func presentedScreenFrames() -> [ShownRow] {
        var shown: [ShownRow] = []
        shown.reserveCapacity(items.views.count + rowAnimation.leaving.count + 1)
        let offset = contentOffset.y
        for index in items.views.indices {
            guard let view = items.views[index] else { continue }
            let row = items.first + index
            if let pinned, pinned.view === view { continue }
            shown.append(
                (
                    row, ObjectIdentifier(view), view.frame.minY - offset, view.frame.height,
                    rowAnimation.opacity(ofRow: row)
                ))
        }
        // A lifted row whose own place left the alive run is drawn all the same.
        if let movement, items.item(showing: movement.view) == nil {
            let frame = movement.view.frame
            shown.append((movement.row, ObjectIdentifier(movement.view), frame.minY - offset, frame.height, 1))
        }
        for leaving in rowAnimation.leaving {
            let frame = leaving.view.frame
            shown.append(
                (
                    -1, ObjectIdentifier(leaving.view), frame.minY - offset, frame.height,
                    leaving.startOpacity * (1 - rowAnimation.progress)
                ))
        }
        return shown
    }

    /// The top of `row` as drawn now, content coordinates: its layout place plus its displacement.
    func presentedTop(ofItem row: Int) -> Double {
        heights.origin(of: row) + rowAnimation.offset(ofRow: row) + movementShift(ofRow: row)
    }

    /// Starts animating the rows laid out after `change` from `shown` (as drawn before it); `removed` are the
    /// deleted rows' views (old rows), kept aside to shrink and fade.
    func animateRows(from shown: [ShownRow], through change: ItemChange, disappearing removed: [(row: Int, view: View)])
    {
        guard let window = attachedWindow else {
            for item in removed { recycle(item.view) }
            stopRowAnimation()
            return
        }
        let offset = contentOffset.y
        // A view as drawn before, when it showed `row` then (-1: leaving): a view put back and given out again
        // for another row starts afresh.
        func find(_ view: View, row: Int) -> ShownRow? {
            let id = ObjectIdentifier(view)
            for item in shown where item.view == id { return item.row == row ? item : nil }
            return nil
        }
        // The rows alive now: from the rows as drawn where known.
        var animation = rowAnimation
        animation.first = items.first
        animation.displacement.removeAll(keepingCapacity: true)
        animation.startHeight.removeAll(keepingCapacity: true)
        animation.startOpacity.removeAll(keepingCapacity: true)
        var known: [Bool] = []
        known.reserveCapacity(items.views.count)
        for index in items.views.indices {
            let row = items.first + index
            let height = heights.height(of: row)
            if let view = items.views[index], pinned?.view !== view, let old = change.oldIndex(ofNew: row),
                let was = find(view, row: old)
            {
                animation.displacement.append(was.top - (heights.origin(of: row) - offset))
                animation.startHeight.append(abs(was.height - height) < 1e-9 ? .nan : was.height)
                animation.startOpacity.append(was.opacity)
                known.append(true)
            } else {
                // New here: inserted (or moved in from far) rows grow and fade in; others just follow their neighbours.
                let old = change.oldIndex(ofNew: row)
                let arrives = old == nil || change.destination(ofMoved: old!) != nil
                animation.displacement.append(0)
                animation.startHeight.append(arrives ? 0 : .nan)
                animation.startOpacity.append(arrives ? 0 : 1)
                known.append(false)
            }
        }
        // Rows without a place before take the displacement that keeps them against their neighbours:
        // dy(b) = dy(a) + h0(a) − h(a) for consecutive rows a, b.
        if let firstKnown = known.firstIndex(of: true) {
            func grows(_ index: Int) -> Double {
                let from = animation.startHeight[index]
                return from.isNaN ? 0 : from - heights.height(of: items.first + index)
            }
            var index = firstKnown - 1
            while index >= 0 {
                animation.displacement[index] = animation.displacement[index + 1] - grows(index)
                index -= 1
            }
            index = firstKnown + 1
            while index < known.count {
                if !known[index] {
                    animation.displacement[index] = animation.displacement[index - 1] + grows(index - 1)
                }
                index += 1
            }
        }
        // Leaving rows: those of an earlier batch still on their way, then the ones this batch deletes.
        let total = heights.count
        var leaving: [RowAnimation.Leaving] = []
        leaving.reserveCapacity(animation.leaving.count + removed.count)
        func leave(_ view: View, closingRow: Int, oldRow: Int) {
            let was =
                find(view, row: oldRow) ?? (
                    oldRow, ObjectIdentifier(view), view.frame.minY - offset,
                    view.frame.height, 1
                )
            let top = heights.origin(of: min(closingRow, total)) - offset
            leaving.append(
                .init(
                    view: view, closingRow: closingRow, displacement: was.top - top,
                    startHeight: was.height, startOpacity: was.opacity))
        }
        for item in animation.leaving {
            let closing =
                item.closingRow >= change.oldCount
                ? total
                : (ItemSelection.follow(item.closingRow, through: change) ?? total)
            leave(item.view, closingRow: closing, oldRow: -1)
        }
        for item in removed {
            let rank = item.row - ItemBatch.firstIndex(atOrAfter: item.row, in: change.removed)
            leave(item.view, closingRow: min(ItemChange.kth(notIn: change.added, rank: rank), total), oldRow: item.row)
        }
        animation.leaving = leaving
        animation.start = window.now
        animation.progress = 0
        rowAnimation = animation
        window.addAnimator(rowAnimationDriver)
        layoutItems()
        setNeedsDisplay()
    }

    /// One frame of the batch animation: the rows move to where `time` puts them; false once it is over.
    func rowAnimationFrame(at time: Duration) -> Bool {
        guard let start = rowAnimation.start else { return false }
        let elapsed = ScrollbarState.seconds(time - start)
        rowAnimation.progress = RowAnimation.eased(max(0, elapsed))
        guard elapsed < RowAnimation.duration else {
            stopRowAnimation()
            return false
        }
        layoutItems()
        setNeedsDisplay()
        return true
    }

    /// Ends the batch animation at once: the rows at their places (laid out again unless `layout` is false: the
    /// caller lays out), the leaving views put back.
    func stopRowAnimation(layout: Bool = true) {
        guard rowAnimation.isActive || !rowAnimation.leaving.isEmpty else { return }
        attachedWindow?.removeAnimator(rowAnimationDriver)
        rowAnimation.start = nil
        rowAnimation.progress = 1
        for item in rowAnimation.leaving { recycle(item.view) }
        rowAnimation.leaving.removeAll(keepingCapacity: true)
        rowAnimation.displacement.removeAll(keepingCapacity: true)
        rowAnimation.startHeight.removeAll(keepingCapacity: true)
        rowAnimation.startOpacity.removeAll(keepingCapacity: true)
        setNeedsDisplay()
        if layout { layoutItems() }
    }

    /// Places the leaving rows: at the top of the row closing their gap plus their displacement, shrinking.
    func placeLeavingRows() {
        let remaining = 1 - rowAnimation.progress
        let total = heights.count
        let width = bounds.width
        for item in rowAnimation.leaving {
            let y = heights.origin(of: min(item.closingRow, total)) + item.displacement * remaining
            item.view.frame = Rect(x: 0, y: y, width: width, height: item.startHeight * remaining)
        }
    }

    /// Lays the list's background over rows fading in or out, at the complement of their opacity (no background:
    /// no fade).
    func drawRowFades(in canvas: Canvas) {
        guard rowAnimation.isActive, let background = backgroundColor, background.alpha > 0 else { return }
        for index in items.views.indices {
            guard let view = items.views[index] else { continue }
            let opacity = rowAnimation.opacity(ofRow: items.first + index)
            if opacity < 1 { canvas.fill(view.frame, color: veil(background, 1 - opacity)) }
        }
        let remaining = 1 - rowAnimation.progress
        for item in rowAnimation.leaving {
            let opacity = item.startOpacity * remaining
            if opacity < 1 { canvas.fill(item.view.frame, color: veil(background, 1 - opacity)) }
        }
    }

    /// `color` at `fraction` of its opacity.
    private func veil(_ color: Color, _ fraction: Double) -> Color {
        Color(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha * fraction)
    }
}
