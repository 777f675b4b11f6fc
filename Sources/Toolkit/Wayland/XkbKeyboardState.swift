import CWayland
import Glibc

/// A compiled XKB keymap and its live state: key codes to keysyms, the modifier state, which keys repeat.
///
/// Built from the text the compositor shares in `wl_keyboard.keymap`. Modifier indices are looked up once
/// per keymap, so reading `modifiers` per key event passes no strings.
final class XkbKeyboardState {
    /// The largest keymap text accepted (a real one is ~60 KiB); bigger shared files are refused unread.
    static let maximumKeymapSize = 16 << 20

    private let keymap: OpaquePointer
    private let state: OpaquePointer
    private let shiftIndex: xkb_mod_index_t
    private let controlIndex: xkb_mod_index_t
    private let altIndex: xkb_mod_index_t
    private let superIndex: xkb_mod_index_t

    /// Compiles the keymap text at `text` (at most `length` bytes; it stops at the first NUL).
    /// `xkb_keymap_new_from_buffer` with the length bounded by `strnlen` is used instead of
    /// `xkb_keymap_new_from_string`: the shared file is not guaranteed to hold a terminating NUL.
    init?(context: OpaquePointer, text: UnsafePointer<CChar>, length: Int) {
        let used = strnlen(text, length)
        guard used > 0,
            let keymap = xkb_keymap_new_from_buffer(
                context, text, used, XKB_KEYMAP_FORMAT_TEXT_V1,
                XKB_KEYMAP_COMPILE_NO_FLAGS)
        else { return nil }
        guard let state = xkb_state_new(keymap) else {
            xkb_keymap_unref(keymap)
            return nil
        }
        self.keymap = keymap
        self.state = state
        shiftIndex = xkb_keymap_mod_get_index(keymap, XKB_MOD_NAME_SHIFT)
        controlIndex = xkb_keymap_mod_get_index(keymap, XKB_MOD_NAME_CTRL)
        altIndex = xkb_keymap_mod_get_index(keymap, XKB_MOD_NAME_ALT)
        superIndex = xkb_keymap_mod_get_index(keymap, XKB_MOD_NAME_LOGO)
    }

    deinit {
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
    }

    /// `wl_keyboard.modifiers`: the compositor's serialized modifier and layout state.
    func updateMask(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
    }

    /// The effective modifiers, as the toolkit names them.
    var modifiers: KeyModifiers {
        var result: KeyModifiers = []
        if isActive(shiftIndex) { result.insert(.shift) }
        if isActive(controlIndex) { result.insert(.control) }
        if isActive(altIndex) { result.insert(.alt) }
        if isActive(superIndex) { result.insert(.super) }
        return result
    }

    private func isActive(_ index: xkb_mod_index_t) -> Bool {
        index != XKB_MOD_INVALID && xkb_state_mod_index_is_active(state, index, XKB_STATE_MODS_EFFECTIVE) > 0
    }

    /// The keysym of a Linux key code (`wl_keyboard.key`; XKB codes are evdev codes + 8) in the current
    /// state; 0 (`XKB_KEY_NoSymbol`) when it has none or several.
    func keysym(evdevCode: UInt32) -> UInt32 {
        xkb_state_key_get_one_sym(state, evdevCode &+ 8)
    }

    /// Whether the keymap lets the key repeat (modifiers do not).
    func repeats(evdevCode: UInt32) -> Bool {
        xkb_keymap_key_repeats(keymap, evdevCode &+ 8) != 0
    }
}
