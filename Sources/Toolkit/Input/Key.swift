/// A keyboard key, after the keymap (xkbcommon keysyms on Wayland).
public enum Key: Sendable, Hashable {
    /// Arrow keys.
    case up, down, left, right
    /// Page Up, Page Down, Home and End.
    case pageUp, pageDown, home, end
    /// Space, Tab, Return/Enter, Escape, Backspace.
    case space, tab, enter, escape, backspace
    /// Any other key, by its XKB keysym value.
    case other(UInt32)
}

/// Modifier keys held while a key event happened.
public struct KeyModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Shift.
    public static let shift = KeyModifiers(rawValue: 1)
    /// Control.
    public static let control = KeyModifiers(rawValue: 2)
    /// Alt (Mod1).
    public static let alt = KeyModifiers(rawValue: 4)
    /// Super / logo (Mod4).
    public static let `super` = KeyModifiers(rawValue: 8)
}
