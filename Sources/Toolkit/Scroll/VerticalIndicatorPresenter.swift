/// Whoever shows a scroll container's vertical indicator outside the window's pixels: while one is set, the
/// container neither draws nor damages it and says when the knob changed without damage, so a frame is drawn.
@MainActor
protocol VerticalIndicatorPresenter: AnyObject {
    /// `container`'s vertical indicator (position or opacity) changed without damage: it needs a frame.
    func verticalIndicatorChanged(_ container: ScrollContainer)
}
