import Glibc

/// How a `WaylandWindow` presents its frames, where tests and comparisons choose: the environment's switches are
/// read here and nowhere else (once per process), and a window's own options can be changed after it was made
/// (`WaylandWindow+Testing.swift`).
struct PresentationOptions: Equatable, Sendable {
    /// Whether a scrolled list between a title bar and a toolbar may be shown in a band surface of its own
    /// (`TOOLKIT_NO_BAND=1` turns it off: the window's buffers then show every row).
    var usesBand = true
    /// Frames each of the window's buffer pools holds: 3 (ring buffers that scroll by moving their start, with
    /// room to go on while the compositor holds the presented frame); 1 scrolls by copying pixels
    /// (`TOOLKIT_SCROLL_BY_COPY=1`, for comparison).
    var ringFrames = 3

    /// The options the process's environment asks for.
    static let environment = PresentationOptions(environment: { getenv($0).map { String(cString: $0) } })

    /// The options `lookup` (an environment variable's value by name, nil when unset) asks for.
    init(environment lookup: (String) -> String?) {
        usesBand = lookup("TOOLKIT_NO_BAND") != "1"
        ringFrames = lookup("TOOLKIT_SCROLL_BY_COPY") == "1" ? 1 : 3
    }

    /// The defaults: bands on, pools of three frames.
    init() {}
}
