/// Where a `WaylandWindow` connects.
public enum WaylandConnectionTarget: Sendable, Equatable {
    /// `WAYLAND_SOCKET` (an inherited, connected fd) when set; else `WAYLAND_DISPLAY` (default `wayland-0`),
    /// a socket name inside `XDG_RUNTIME_DIR`, or an absolute socket path.
    case environment
    /// The socket `name` inside `runtimeDirectory`; an absolute `name` is used as the path itself.
    case socket(name: String, runtimeDirectory: String)
    /// An already connected socket (one end of a `socketpair`, for in-process tests). The connection takes
    /// ownership: the descriptor is closed when the window goes away.
    case fileDescriptor(Int32)
}
