/// Where `ListContainer.scrollToRow(_:at:animated:)` puts the row in the visible rect.
public enum ListScrollPosition: Sendable {
    /// The row's top at the visible rect's top.
    case top
    /// The row's centre at the visible rect's centre.
    case middle
    /// The row's bottom at the visible rect's bottom.
    case bottom
    /// The least scroll that shows the whole row (none when it is in view already): `.top` when it is above,
    /// `.bottom` when it is below.
    case nearest
}
