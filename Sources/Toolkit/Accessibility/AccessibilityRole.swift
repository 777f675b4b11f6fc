/// What a view is to assistive technologies ("button", "list item"). See <doc:Accessibility>.
public enum AccessibilityRole: Sendable, Hashable, CaseIterable {
    /// Not exposed; its children are.
    case none
    /// A piece of text (`Label`).
    case label
    /// Something that acts when activated (`Button`).
    case button
    /// A scrolling area (`ScrollContainer`): offers the scroll actions.
    case scrollPane
    /// A list of items (`ListContainer`).
    case list
    /// One row of a list.
    case listItem
    /// A picture.
    case image
    /// Views that belong together (a toolbar, a form section).
    case group
}
