// The window's keyboard focus and the view focus inside it (<doc:ScrollBehaviour> §19), as a GTK container moves the
// focus into its focusable child and UIKit keeps a first responder: when the window (or a GTK host widget) gains the
// keyboard focus with no view focused, the view that had it when the focus left gets it back, else the first list or
// grid in tree order (depth first), else none (keys then go to the outermost scroll container). A view `setFocus` chose meanwhile is kept. While the window lacks the keyboard
// focus no view is focused (assistive technologies follow the focus elsewhere) and no focus ring is drawn.

extension WindowCore {
    /// The backend says the window gained or lost the keyboard focus.
    func keyboardFocusChanged(_ focused: Bool) {
        guard focused != hasKeyboardFocus else { return }
        hasKeyboardFocus = focused
        if focused {
            if focusedView == nil {
                let kept = focusBeforeLeaving.flatMap { $0.hostWindow === self ? $0 : nil }
                focusedView = kept ?? WindowCore.firstLazyContainer(in: rootView)
            }
            focusBeforeLeaving = nil
        } else {
            focusBeforeLeaving = focusedView
            focusedView = nil
        }
        // Focus rings appear or go: a rare event, so the whole window is drawn again rather than each ring tracked.
        addDamage(Rect(origin: .zero, size: size))
    }

    /// The first visible list or grid under `view` in tree order (depth first), if any.
    static func firstLazyContainer(in view: View) -> View? {
        guard !view.isHidden else { return nil }
        if view is LazyContainer, view.acceptsKeyboardFocus { return view }
        for subview in view.subviews {
            if let found = firstLazyContainer(in: subview) { return found }
        }
        return nil
    }
}
