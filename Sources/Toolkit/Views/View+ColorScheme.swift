// How a change of the window's colour scheme reaches the views (<doc:ScrollBehaviour> §22): the window walks its
// tree once. The toolkit's views damage what follows the scheme by their kind (a cast per view, on a rare change),
// not through the public hook, which an app's subclass may override without calling super.

extension View {
    /// The window's colour scheme, `.light` while the view is in no window. Drawing reads it, so a view that joins a
    /// window is drawn in that window's scheme.
    public var colorScheme: ColorScheme { hostWindow?.colorScheme ?? .light }

    /// Whether the window asks for reduced motion (false while in no window).
    var reducesMotion: Bool { hostWindow?.reducesMotion ?? false }

    /// The window's scheme changed: this view and its subtree redraw what follows it, then hear it.
    func windowColorSchemeDidChange() {
        if let container = self as? ScrollContainer { container.colorSchemeChanged() }
        if self is RefreshControl { setNeedsDisplay() }
        colorSchemeDidChange()
        for subview in subviews { subview.windowColorSchemeDidChange() }
    }
}
