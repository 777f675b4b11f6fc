/// The states assistive technologies read from an exposed view.
public struct AccessibilityStates: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Neither the view nor an ancestor is hidden.
    public static let visible = AccessibilityStates(rawValue: 1 << 0)
    /// Visible, and some of it inside the window and every clipping ancestor.
    public static let showing = AccessibilityStates(rawValue: 1 << 1)
    /// It takes input (a disabled `Control` has neither this nor `sensitive`).
    public static let enabled = AccessibilityStates(rawValue: 1 << 2)
    /// It reacts to the user (AT-SPI's separate state; set with `enabled`).
    public static let sensitive = AccessibilityStates(rawValue: 1 << 3)
    /// It can take the keyboard focus (`View.acceptsKeyboardFocus`).
    public static let focusable = AccessibilityStates(rawValue: 1 << 4)
    /// It holds the keyboard focus (a list's row: the focused row of a focused list).
    public static let focused = AccessibilityStates(rawValue: 1 << 5)
    /// It can be selected (a row of a list whose `selectionMode` is not `.none`).
    public static let selectable = AccessibilityStates(rawValue: 1 << 6)
    /// It is selected (a row in its list's `selectedRows`).
    public static let selected = AccessibilityStates(rawValue: 1 << 7)
    /// More than one of its items can be selected (a list in `.multiple` mode).
    public static let multiselectable = AccessibilityStates(rawValue: 1 << 8)
}
