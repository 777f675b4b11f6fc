// Scrolling by copying pixels, the window's side: a view's offset changes make one move per frame, which at draw
// time becomes a pixel copy plus the damage a copy cannot produce, or, when a copy cannot give exactly the picture
// a full drawing would, damage of the whole rectangle.

extension WindowCore {
    /// `view` (scrolling by copying pixels, clipped, shown) moved its `bounds.origin` by `change` points: the first
    /// change in a frame starts a move, the same view's later ones add up, another view's is drawn in full.
    func contentDidScroll(in view: View, by change: Point, from origin: Point) {
        // A move resolved for a frame that was not drawn cannot take another.
        if deferredMove != nil {
            if let rect = deferredMove?.move?.rect { damage.add(rect) }
            deferredMove = nil
        }
        // In place: the move holds half a kilobyte of region, which a copy per scroll step would move about.
        if let movingView = pendingMove?.viewID {
            if movingView == ObjectIdentifier(view) {
                pendingMove?.delta += change
            } else {
                view.damageInWindow()
            }
            return
        }
        guard var edges = view.visibleEdgesInWindow() else { return }
        edges.intersect(x0: 0, y0: 0, x1: size.width, y1: size.height)
        let rect = edges.wholeRect()
        guard !rect.isEmpty, !damage.contains(rect) else { return }
        var inside = DamageRegion()
        damage.forEachRectangle { damaged in
            let overlap = damaged.intersection(rect)
            if !overlap.isEmpty { inside.add(overlap) }
        }
        pendingMove = ScrollMove(
            viewID: ObjectIdentifier(view), edges: edges, rect: rect, delta: change,
            startOrigin: origin, damageInside: inside)
        pendingMoveView = view
        requestFrame()
    }

    /// Damage inside a pending move's rectangle, kept where its pixels were in the presented frame.
    func recordDamageInsideMove(_ rect: Rect) {
        let inside = rect.intersection(pendingMove!.rect)
        guard !inside.isEmpty else { return }
        pendingMove!.damageInside.add(inside.offsetBy(pendingMove!.delta))
    }

    /// A move ready to copy: the box in pixels, and the offset (pixels) of each destination pixel's source.
    struct PixelMove {
        var box: PixelBox
        var dx: Int
        var dy: Int
        /// The moved rectangle in window points (damage to report).
        var rect: Rect
        /// The strips of `rect` whose pixels come from outside it, window points at exact whole pixels (`.zero`: none).
        var rowStrip = Rect.zero
        var columnStrip = Rect.zero

        /// Adds the strips to `damage` (rounded out to whole points).
        func addStrips(to damage: inout DamageRegion) {
            if !rowStrip.isEmpty { damage.add(rowStrip) }
            if !columnStrip.isEmpty { damage.add(columnStrip) }
        }
    }

    /// A resolved move kept for the next draw (its damage already pending), with its view and pixels per point.
    struct DeferredMove {
        var move: PixelMove?
        var view: View?
        var pixelsPerPoint: Double
    }

    var movedViewForFrame: View? { pendingMoveView ?? deferredMove?.view }

    /// Turns the pending move into a pixel move for `canvas` plus damage (strips coming into view, moved damage,
    /// overlays), or into damage of the whole rectangle when a copy cannot give the same picture; clears it. Without
    /// `addingStrips` the caller draws a returned move's strips itself, at their exact pixels.
    func resolvePendingMove(for canvas: Canvas, addingStrips: Bool = true) -> PixelMove? {
        if let deferred = deferredMove {
            deferredMove = nil
            guard let move = deferred.move else { return nil }
            // Resolved for another pixel size: drawn in full.
            guard deferred.pixelsPerPoint == canvas.pixelsPerPoint else {
                damage.add(move.rect)
                return nil
            }
            if addingStrips { move.addStrips(to: &damage) }
            return move
        }
        guard let move = pendingMove else { return nil }
        pendingMove = nil
        let rect = move.rect
        let movedView = pendingMoveView
        pendingMoveView = nil
        let s = canvas.pixelsPerPoint
        // The edges as drawn on this canvas differ from the exact ones when a superview's content is off its place.
        guard let view = movedView, view.hostWindow === self, view.clipsToBounds, view.scrollsByCopyingPixels,
            !view.isInsideScaledView, var edges = view.visibleEdgesInWindow(pixelsPerPoint: s)
        else {
            damage.add(rect)
            return nil
        }
        edges.intersect(x0: 0, y0: 0, x1: size.width, y1: size.height)
        // The view's place changed since the move started, or a rounded origin above puts it off its place: redraw.
        guard edges.isClose(to: move.edges) else {
            damage.add(rect)
            damage.add(edges.rect)
            return nil
        }
        // The drawn content moved by the difference of the rounded origins: whole pixels, copied exactly however
        // fractional the offsets. Without rounded origins only whole-pixel moves can be copied (else resampling).
        let kx: Double
        let ky: Double
        let delta: Point
        if View.roundsOrigins(at: s) {
            let start = View.snapped(move.startOrigin, pixelsPerPoint: s)
            let end = view.drawingOrigin(pixelsPerPoint: s)
            kx = ((end.x - start.x) * s).rounded()
            ky = ((end.y - start.y) * s).rounded()
            delta = Point(x: kx / s, y: ky / s)
        } else {
            kx = move.delta.x * s
            ky = move.delta.y * s
            delta = move.delta
        }
        // Bounded so that the conversion to Int below cannot trap on absurd sizes.
        let limit = Double(PixelBox.limit)
        guard kx == kx.rounded(), ky == ky.rounded(), abs(kx) < min(rect.width * s, limit),
            abs(ky) < min(rect.height * s, limit), hasPlainBackdrop(view, under: rect)
        else {
            damage.add(rect)
            return nil
        }
        // Damage inside the rectangle, where its pixels moved to; recorded at the exact offsets, up to a pixel from
        // the drawn ones, so widened by a point when they differ.
        let slack = move.delta == delta ? 0.0 : 1.0
        move.damageInside.forEachRectangle { damaged in
            let moved = damaged.offsetBy(-delta)
                .insetBy(dx: -slack, dy: -slack).intersection(rect)
            if !moved.isEmpty { damage.add(moved) }
        }
        var resolved = PixelMove(box: .empty, dx: Int(kx), dy: Int(ky), rect: rect)
        if delta.y > 0 {
            resolved.rowStrip = Rect(x: rect.minX, y: rect.maxY - delta.y, width: rect.width, height: delta.y)
        }
        if delta.y < 0 { resolved.rowStrip = Rect(x: rect.minX, y: rect.minY, width: rect.width, height: -delta.y) }
        if delta.x > 0 {
            resolved.columnStrip = Rect(x: rect.maxX - delta.x, y: rect.minY, width: delta.x, height: rect.height)
        }
        if delta.x < 0 { resolved.columnStrip = Rect(x: rect.minX, y: rect.minY, width: -delta.x, height: rect.height) }
        guard damageOverlays(above: view, in: rect, moved: delta, slack: slack) else {
            damage.add(rect)
            return nil
        }
        var withStrips = damage
        resolved.addStrips(to: &withStrips)
        guard !withStrips.contains(rect) else {
            damage.add(rect)
            return nil
        }
        if addingStrips { resolved.addStrips(to: &damage) }
        resolved.box = PixelBox(
            x0: PixelBox.snap(edges.x0 * s), y0: PixelBox.snap(edges.y0 * s),
            x1: PixelBox.snap(edges.x1 * s), y1: PixelBox.snap(edges.y1 * s))
        guard !resolved.box.isEmpty else {
            if !addingStrips { resolved.addStrips(to: &damage) }
            return nil
        }
        return resolved
    }

    /// Whether a view's class draws only its background (content and overlay being subviews and reported rects).
    private static func drawsOnlyBackground(_ view: View) -> Bool {
        type(of: view).drawsOnlyItsBackground
    }

    /// Whether what shows through `view` in `rect` is the same everywhere, so that moving its pixels moves nothing that
    /// should stay: an opaque background, or up the tree no earlier sibling meeting it and only background-drawing
    /// superviews until an opaque one.
    private func hasPlainBackdrop(_ view: View, under rect: Rect) -> Bool {
        if view.backgroundColor?.isOpaque == true { return true }
        var child = view
        while let parent = child.superview {
            let local = Rect(origin: parent.convert(rect.origin, from: nil), size: rect.size)
            for index in parent.subviewCandidates(meeting: local) where index < parent.subviews.count {
                let sibling = parent.subviews[index]
                if sibling === child { break }
                if !sibling.isHidden && parent.convert(sibling.drawnExtent(), to: nil).intersects(rect) {
                    return false
                }
            }
            guard WindowCore.drawsOnlyBackground(parent) else { return false }
            if parent.backgroundColor?.isOpaque == true { return true }
            child = parent
        }
        return false
    }

    /// Damages what is drawn over the moved rectangle but does not move with it (overlays, later siblings), at their
    /// place and where their old pixels were copied; false when a level cannot be checked (then draw everything).
    private func damageOverlays(above view: View, in rect: Rect, moved delta: Point, slack: Double) -> Bool {
        // Damage added while drawing must not ask for another frame.
        let window = Rect(origin: .zero, size: size)
        // The overlay follows the exact origin, its old pixels the drawn one: `slack` (points) covers the difference.
        view.forEachOverlayRect {
            damage.add(view.convert($0, to: nil).insetBy(dx: -slack, dy: -slack).intersection(window))
        }
        func damageStill(_ window: Rect) {
            let overlap = window.intersection(rect)
            guard !overlap.isEmpty else { return }
            damage.add(overlap)
            let copied = overlap.offsetBy(-delta).intersection(rect)
            if !copied.isEmpty { damage.add(copied) }
        }
        var child = view
        while let parent = child.superview {
            parent.forEachOverlayRect { damageStill(parent.convert($0, to: nil)) }
            let local = Rect(origin: parent.convert(rect.origin, from: nil), size: rect.size)
            let candidates = parent.subviewCandidates(meeting: local)
            guard
                let position = candidates.first(where: { $0 < parent.subviews.count && parent.subviews[$0] === child })
            else { return false }
            for index in (position + 1)..<candidates.upperBound where index < parent.subviews.count {
                let sibling = parent.subviews[index]
                if !sibling.isHidden { damageStill(parent.convert(sibling.drawnExtent(), to: nil)) }
            }
            child = parent
        }
        return true
    }
}
