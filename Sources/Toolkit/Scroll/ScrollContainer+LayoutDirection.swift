// Right-to-left layout (<doc:ScrollBehaviour> §13): where the container's own furniture goes when the content reads
// from the right.

extension ScrollContainer {
    /// `layoutDirection` changed: the vertical bar moves to the other edge.
    func layoutDirectionChanged() {
        if let rect = drawnIndicatorRects.vertical { setNeedsDisplay(rect) }
        scrollbarSettingsChanged()
    }
}
