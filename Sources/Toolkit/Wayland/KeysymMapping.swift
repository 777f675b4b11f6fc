import CWayland

/// Translates XKB keysyms (and, without a keymap, Linux key codes) into `Key`.
///
/// Keypad navigation keys map like the main ones (with NumLock off, the keypad yields `KP_Up` and friends),
/// and Shift+Tab (`ISO_Left_Tab`) is still `.tab`: the modifiers travel with the event.
enum KeysymMapping {
    /// The key for an XKB keysym; keysyms the toolkit does not name come back as `.other(keysym)`.
    static func key(forKeysym keysym: UInt32) -> Key {
        switch Int32(bitPattern: keysym) {
        case XKB_KEY_Up, XKB_KEY_KP_Up: return .up
        case XKB_KEY_Down, XKB_KEY_KP_Down: return .down
        case XKB_KEY_Left, XKB_KEY_KP_Left: return .left
        case XKB_KEY_Right, XKB_KEY_KP_Right: return .right
        case XKB_KEY_Page_Up, XKB_KEY_KP_Page_Up: return .pageUp
        case XKB_KEY_Page_Down, XKB_KEY_KP_Page_Down: return .pageDown
        case XKB_KEY_Home, XKB_KEY_KP_Home: return .home
        case XKB_KEY_End, XKB_KEY_KP_End: return .end
        case XKB_KEY_space, XKB_KEY_KP_Space: return .space
        case XKB_KEY_Tab, XKB_KEY_KP_Tab, XKB_KEY_ISO_Left_Tab: return .tab
        case XKB_KEY_Return, XKB_KEY_KP_Enter, XKB_KEY_ISO_Enter: return .enter
        case XKB_KEY_Escape: return .escape
        case XKB_KEY_BackSpace: return .backspace
        default: return .other(keysym)
        }
    }

    /// The key for a Linux input key code (`wl_keyboard.key` without an XKB keymap), or nil when the code
    /// means nothing without a keymap. Codes are the evdev KEY_* values (KEY_UP = 103).
    static func key(forEvdevCode code: UInt32) -> Key? {
        switch code {
        case 103: return .up
        case 108: return .down
        case 105: return .left
        case 106: return .right
        case 104: return .pageUp
        case 109: return .pageDown
        case 102: return .home
        case 107: return .end
        case 57: return .space
        case 15: return .tab
        case 28, 96: return .enter
        case 1: return .escape
        case 14: return .backspace
        default: return nil
        }
    }
}
