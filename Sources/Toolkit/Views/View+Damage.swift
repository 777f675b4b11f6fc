extension View {
    /// How far (window points) this view's drawing may lie from where `convert(_:to:)` puts it: half a point for
    /// each ancestor drawn at a rounded, not whole, origin.
    private var damageSlack: Double {
        var slack = 0.0
        var current = superview
        while let view = current {
            if view.snapsContentToPixels,
                view.boundsOrigin.x != view.boundsOrigin.x.rounded()
                    || view.boundsOrigin.y != view.boundsOrigin.y.rounded()
            {
                slack += 0.5
            }
            current = view.superview
        }
        return slack
    }

    /// `rect` (own coordinates) in window points, widened by `damageSlack`.
    private func damageRectInWindow(_ rect: Rect) -> Rect {
        let converted = convert(rect, to: nil)
        let slack = damageSlack
        return slack == 0 ? converted : converted.insetBy(dx: -slack, dy: -slack)
    }

    /// Marks the whole view as needing to be drawn again in the next frame.
    public func setNeedsDisplay() {
        damageInWindow()
    }

    /// Marks a rectangle of the view (own coordinates, points) as needing to be drawn again.
    public func setNeedsDisplay(_ rect: Rect) {
        guard let window = hostWindow, !isHidden else { return }
        window.addDamage(damageRectInWindow(rect))
    }

    func damageInWindow() {
        guard let window = hostWindow, !isHidden else { return }
        window.addDamage(damageRectInWindow(bounds))
    }
}
