/// A keyboard key, after the keymap (xkbcommon keysyms on Wayland).
public enum Key: Sendable, Hashable {
    case up, down, left, right
    case pageUp, pageDown, home, end
    case space, tab, enter, escape, backspace
    /// Any other key, by its XKB keysym value.
    case other(UInt32)
}

/// Modifier keys held while a key event happened.
public struct KeyModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let shift = KeyModifiers(rawValue: 1)
    public static let control = KeyModifiers(rawValue: 2)
    public static let alt = KeyModifiers(rawValue: 4)
    public static let `super` = KeyModifiers(rawValue: 8)
}
