/// A state a test compositor can put in `xdg_toplevel.configure` (`xdg_toplevel.state`).
public enum ToplevelState: Sendable, Hashable {
    /// The window fills the output's work area (`maximized`, 1).
    case maximized
    /// The window covers the whole output (`fullscreen`, 2).
    case fullscreen
    /// An interactive resize is under way (`resizing`, 3).
    case resizing
    /// The window has focus and is drawn as active (`activated`, 4).
    case activated

    /// The wire value of the state.
    var wireValue: UInt32 {
        switch self {
        case .maximized: return 1
        case .fullscreen: return 2
        case .resizing: return 3
        case .activated: return 4
        }
    }
}
