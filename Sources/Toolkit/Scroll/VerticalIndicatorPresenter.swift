/// Whoever shows a scroll container's vertical indicator outside the window's pixels (a presenter's overlay
/// surface): while one is set (`ScrollContainer.verticalIndicatorPresenter`), the container neither draws nor
/// damages that indicator in the window, and tells it when the knob changed without any damage (a fade step), so
/// that a frame is drawn for it.
///
/// The container names only this protocol, never the presenter's type (the presentation layer sits above the
/// window, <doc:Design>).
@MainActor
protocol VerticalIndicatorPresenter: AnyObject {
    /// `container`'s vertical indicator (position or opacity) changed without damage: it needs a frame.
    func verticalIndicatorChanged(_ container: ScrollContainer)
}
