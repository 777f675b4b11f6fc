import CWaylandServer
import Glibc

/// The keymap text every test compositor sends, compiled once per process: xkbcommon's "evdev" rules,
/// "pc105" model, "us" layout (see `cws_default_keymap_string`). Compiling it takes tens of milliseconds, so
/// it is shared; the text is immutable and therefore safe to share between threads.
enum DefaultKeymap {
    /// The keymap as XKB_KEYMAP_FORMAT_TEXT_V1, or nil when the machine has no XKB data.
    static let text: String? = {
        guard let raw = cws_default_keymap_string() else { return nil }
        defer { free(raw) }
        return String(cString: raw)
    }()
}
