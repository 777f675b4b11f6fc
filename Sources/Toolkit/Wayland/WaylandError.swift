/// Why a Wayland window could not start or had to stop. The description is a one-line message fit for a
/// user (it says what was tried and what the system answered).
public enum WaylandError: Error, CustomStringConvertible, Equatable {
    /// Nothing to connect to: no socket, no compositor listening. Says what was tried.
    case noDisplay(String)
    /// The connection broke: the compositor went away (errno text) or closed it over a protocol error
    /// (interface, object id and error code).
    case connectionLost(String)
    /// The compositor does not offer a global the window needs (`wl_compositor`, `wl_shm`, `xdg_wm_base`).
    case missingGlobal(String)
    /// Shared memory for a buffer could not be made (memfd, mmap, or the size is impossible).
    case bufferAllocationFailed(String)

    /// A one-line message: what failed and why.
    public var description: String {
        switch self {
        case .noDisplay(let detail): return "no Wayland display: \(detail)"
        case .connectionLost(let detail): return "Wayland connection lost: \(detail)"
        case .missingGlobal(let name): return "the compositor does not offer \(name)"
        case .bufferAllocationFailed(let detail): return "could not allocate a Wayland buffer: \(detail)"
        }
    }
}
