// The window's colour scheme reaching a container (<doc:ScrollBehaviour> §22): bars of the `.default` style and a
// lazy container's selection colours (unless the app set its own) follow it; both are redrawn in the next frame.

extension ScrollContainer {
    /// The window's scheme changed: damages the bars if their colours follow it, and a list's or grid's selection.
    func colorSchemeChanged() {
        if indicatorStyle == .default {
            forEachIndicatorRect { setNeedsDisplay($0) }
            verticalIndicatorPresenter?.verticalIndicatorChanged(self)
        }
        if let lazy = self as? LazyContainer, lazy.selectionColorsFollowScheme, lazy.drawsSelection {
            lazy.setNeedsDisplay()
        }
    }
}
