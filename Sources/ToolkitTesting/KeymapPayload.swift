/// What a hostile `wl_keyboard.keymap` carries in its file descriptor (`TestCompositor.sendKeymap`).
public enum KeymapPayload: Sendable, Hashable {
    /// A fresh memfd holding exactly these bytes (unsealed; it may be shorter or longer than the declared size,
    /// empty, or not a keymap at all).
    case bytes([UInt8])
    /// The default keymap text (with its terminating NUL), as every keyboard gets it on creation.
    case defaultKeymap
    /// The read end of a pipe: a descriptor that cannot be mapped.
    case pipe
}
