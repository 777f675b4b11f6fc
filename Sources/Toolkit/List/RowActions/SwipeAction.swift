/// One button revealed beside a list row by a horizontal swipe (<doc:ScrollBehaviour> §21): a rectangle of `color`
/// with `title` in white, at least `SwipeAction.minimumWidth` wide (wider when its title needs it). The data
/// source gives them per row (`ListDataSource.list(_:trailingSwipeActionsForRow:)` and the leading one), the
/// first one nearest the row's edge.
///
/// `handler` runs once per activation (a tap on the action, a full swipe for the first one, or an assistive
/// technology's action of the row), after the input is handled; the row closes. For a destructive action the
/// list then expects the data source to count one row fewer: when it does, the list deletes the row itself with
/// the batch-update animation (the handler only removes the item from the app's model). A handler that keeps the
/// row (the count unchanged, say to ask first) leaves it in place, closed; one that already deleted the row itself
/// (`deleteRows(at:)`) is not deleted twice.
public struct SwipeAction {
    /// The narrowest an action is, points (*fixed*).
    public static let minimumWidth = 74.0
    /// The space on either side of the title, points (*fixed*).
    public static let titlePadding = 16.0
    /// The title's font size, points (*fixed*).
    public static let titleFontSize = 15.0

    /// The words on the action, and its accessible name.
    public var title: String
    /// The rectangle's fill.
    public var color: Color
    /// Whether it deletes the row (see above).
    public var isDestructive: Bool
    /// What the action does.
    public var handler: @MainActor () -> Void

    /// An action titled `title`, filled with `color`, destructive or not, running `handler`.
    public init(title: String, color: Color, isDestructive: Bool = false, handler: @escaping @MainActor () -> Void) {
        self.title = title
        self.color = color
        self.isDestructive = isDestructive
        self.handler = handler
    }
}
