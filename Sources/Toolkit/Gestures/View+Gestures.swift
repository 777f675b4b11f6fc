// A view's gesture recognizers (<doc:ScrollBehaviour> §18): the view owns them, each refers back to it without
// owning it. The window's arena meets them at every touch down on the view's subtree.

extension View {
    /// Attaches `recognizer`: it sees every finger landing on this view or its subviews. One attached elsewhere moves
    /// here; a scroll container's own `panGestureRecognizer` cannot be added elsewhere (ignored).
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        if let pan = recognizer as? PanGestureRecognizer, pan.driver != nil {
            Diagnostics.report("addGestureRecognizer ignored: a scroll container's panGestureRecognizer stays with it")
            return
        }
        if let previous = recognizer.attachedView {
            guard previous !== self else { return }
            previous.removeGestureRecognizer(recognizer)
        }
        recognizers.append(recognizer)
        recognizer.attach(to: self)
    }

    /// Detaches `recognizer` (its `view` becomes nil); a gesture it was tracking is cancelled or failed. Ignored if
    /// it is not attached here.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard let index = recognizers.firstIndex(where: { $0 === recognizer }) else { return }
        recognizer.attach(to: nil)
        recognizers.remove(at: index)
    }

    /// The recognizers attached to this view, in the order they were added (a scroll container's own
    /// `panGestureRecognizer` is not among them).
    public var gestureRecognizers: [GestureRecognizer] { recognizers }

    /// The touch arena of the window this view is in: what a `TouchParticipant` tells and asks (nil outside a
    /// window).
    public var touchArena: (any TouchArena)? { hostWindow?.scrollHost?.touchArena }

    /// An enabled tap recognizer an assistive technology's `click` can recognize (one tap of one finger first).
    var accessibilityTapRecognizer: TapGestureRecognizer? {
        var best: TapGestureRecognizer?
        for case let tap as TapGestureRecognizer in recognizers where tap.isEnabled {
            if best == nil
                || (tap.numberOfTapsRequired, tap.numberOfTouchesRequired)
                    < (best!.numberOfTapsRequired, best!.numberOfTouchesRequired)
            {
                best = tap
            }
        }
        return best
    }
}

extension GestureRecognizer {
    /// The view moved to another window (or out of one): a wait without fingers is dropped.
    func windowDidChange() {
        guard fingers.isEmpty else { return }
        leaveArena(at: .zero)
    }
}
