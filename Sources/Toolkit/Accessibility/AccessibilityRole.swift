/// What a view is to assistive technologies (a screen reader says it: "button", "list item").
///
/// `.none` means the view itself is not exposed: its exposed descendants take its place under its exposed
/// ancestor (the way an unnamed layout box is skipped). See <doc:Accessibility>.
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
