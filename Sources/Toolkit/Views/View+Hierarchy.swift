extension View {
    /// The window core this view is shown in; set on the root view, inherited by the tree. Setting it tells
    /// the subtree (`hostWindowDidChange(from:)`, then `didMoveToWindow()`).
    ///
    /// Neither owning nor weak, as `superview` (the host owns the root view, which owns the tree): cleared when
    /// the view leaves the tree (`removeFromSuperview`), when a root view goes away (its deinit clears its
    /// subtree's links) and when the host goes away (it calls `hostWillGoAway(_:)` on its root view), so it never
    /// reaches a freed host.
    var hostWindow: (any ViewHost)? {
        get { hostLink }
        set {
            let old = hostLink
            guard newValue !== old else { return }
            hostLink = newValue
            for subview in subviews { subview.hostWindow = newValue }
            hostWindowDidChange(from: old)
        }
    }

    /// Whether this view is `view` or lies somewhere below it.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }
}
