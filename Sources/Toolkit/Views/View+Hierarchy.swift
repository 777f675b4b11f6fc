extension View {
    /// The window core this view is shown in; set on the root view, inherited by the tree, which is told
    /// (`hostWindowDidChange(from:)`). Neither owning nor weak: see `hostLink`.
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
