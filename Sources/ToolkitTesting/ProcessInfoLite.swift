import Glibc

/// The few facts about the process the test compositor needs, without Foundation.
enum ProcessInfoLite {
    /// `$TMPDIR` when set to an absolute path, else `/tmp`. Socket paths must fit in 108 bytes, so a very long
    /// `$TMPDIR` (over 60 bytes) is passed over for `/tmp` too.
    static var temporaryDirectory: String {
        if let raw = getenv("TMPDIR") {
            let value = String(cString: raw)
            if value.hasPrefix("/") && value.utf8.count <= 60 {
                return value.hasSuffix("/") && value.count > 1 ? String(value.dropLast()) : value
            }
        }
        return "/tmp"
    }
}
