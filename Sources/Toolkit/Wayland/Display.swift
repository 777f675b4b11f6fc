import CWayland
import Glibc

/// The connection to the compositor (`wl_display`): connecting, flushing, dispatching, and turning a broken
/// connection into a `WaylandError` that says why.
///
/// Sockets are opened here (`socket` + `connect`, then `wl_display_connect_to_fd`) rather than through
/// `wl_display_connect(name)`: an explicit runtime directory then needs no change to the process environment
/// (`XDG_RUNTIME_DIR` is process-wide and not thread-safe to set), and a failure can name the path tried.
@MainActor
final class WaylandDisplay {
    /// The `wl_display`. Valid until `disconnect()`.
    let display: OpaquePointer
    private(set) var isConnected = true

    private init(display: OpaquePointer) {
        self.display = display
    }

    /// Connects to `target`.
    static func connect(_ target: WaylandConnectionTarget) throws -> WaylandDisplay {
        switch target {
        case .environment:
            return try connectFromEnvironment()
        case .socket(let name, let runtimeDirectory):
            return try connect(name: name, runtimeDirectory: runtimeDirectory)
        case .fileDescriptor(let fd):
            return try connect(fd: fd)
        }
    }

    /// `WAYLAND_SOCKET`, else `WAYLAND_DISPLAY` (default `wayland-0`) in `XDG_RUNTIME_DIR`, as libwayland
    /// reads them.
    static func connectFromEnvironment() throws -> WaylandDisplay {
        if let inherited = environment("WAYLAND_SOCKET") {
            // libwayland parses and consumes WAYLAND_SOCKET itself.
            guard let display = wl_display_connect(nil) else {
                throw WaylandError.noDisplay("WAYLAND_SOCKET=\(inherited): \(errnoText())")
            }
            return WaylandDisplay(display: display)
        }
        let name = environment("WAYLAND_DISPLAY") ?? "wayland-0"
        if name.hasPrefix("/") {
            return try connect(path: name)
        }
        guard let runtime = environment("XDG_RUNTIME_DIR") else {
            throw WaylandError.noDisplay("XDG_RUNTIME_DIR is not set (WAYLAND_DISPLAY=\(name))")
        }
        return try connect(name: name, runtimeDirectory: runtime)
    }

    /// The socket `name` in `runtimeDirectory`; an absolute `name` is the path itself.
    static func connect(name: String, runtimeDirectory: String) throws -> WaylandDisplay {
        if name.hasPrefix("/") { return try connect(path: name) }
        guard !runtimeDirectory.isEmpty else {
            throw WaylandError.noDisplay("no runtime directory for socket \(name)")
        }
        let separator = runtimeDirectory.hasSuffix("/") ? "" : "/"
        return try connect(path: runtimeDirectory + separator + name)
    }

    /// An already connected socket; the connection owns it from now on (even when this throws).
    static func connect(fd: Int32) throws -> WaylandDisplay {
        guard fd >= 0 else { throw WaylandError.noDisplay("invalid file descriptor \(fd)") }
        guard let display = wl_display_connect_to_fd(fd) else {
            let text = errnoText()
            close(fd)
            throw WaylandError.noDisplay("file descriptor \(fd): \(text)")
        }
        return WaylandDisplay(display: display)
    }

    private static func connect(path: String) throws -> WaylandDisplay {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        let bytes = Array(path.utf8)
        guard bytes.count < capacity else {
            throw WaylandError.noDisplay("socket path too long (\(bytes.count) bytes, limit \(capacity - 1)): \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        // CLOEXEC: a child process (a launched helper) must not inherit the compositor connection.
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw WaylandError.noDisplay("socket() for \(path): \(errnoText())") }
        var result: Int32
        repeat {
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
        } while result < 0 && errno == EINTR
        guard result == 0 else {
            let text = errnoText()
            close(fd)
            throw WaylandError.noDisplay("tried \(path): \(text)")
        }
        return try connect(fd: fd)
    }

    private static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }

    /// `strerror(errno)`.
    static func errnoText(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }

    // MARK: - I/O

    /// The socket to poll.
    var fileDescriptor: Int32 { wl_display_get_fd(display) }

    /// Sends and receives until the compositor processed everything sent so far (startup only: it blocks).
    func roundtrip() throws {
        if wl_display_roundtrip(display) < 0 { throw lostError() }
    }

    /// Sends buffered requests. Returns false when the socket is full (EAGAIN): poll for POLLOUT, try again.
    func flush() throws -> Bool {
        while true {
            if wl_display_flush(display) >= 0 { return true }
            switch errno {
            case EINTR: continue
            case EAGAIN: return false
            default: throw lostError()
            }
        }
    }

    /// Runs the listeners of events already read.
    func dispatchPending() throws {
        if wl_display_dispatch_pending(display) < 0 { throw lostError() }
    }

    /// The error that broke the connection, as a `WaylandError.connectionLost`.
    func lostError() -> WaylandError {
        // EPROTO means the compositor posted a protocol error and closed the connection: name the object
        // and the code (libwayland also prints the compositor's message on stderr).
        let code = wl_display_get_error(display)
        if code == EPROTO {
            var interface: UnsafePointer<wl_interface>?
            var id: UInt32 = 0
            let protocolCode = wl_display_get_protocol_error(display, &interface, &id)
            let name = interface.map { String(cString: $0.pointee.name) } ?? "unknown interface"
            return .connectionLost("protocol error \(protocolCode) on \(name)@\(id)")
        }
        let text = WaylandDisplay.errnoText(code == 0 ? errno : code)
        if code == EPIPE || code == ECONNRESET || peerHasClosed() {
            return .connectionLost("the compositor closed the connection (\(text))")
        }
        guard code != 0 else { return .connectionLost(text) }
        // The socket is fine, yet libwayland put the display in an error state: it could not process a message
        // (an event for an opcode the interface lacks, arguments cut short, an object that does not exist). Its
        // errno says nothing then (libwayland sets none for an unknown opcode: it is stale), so it is left out.
        return .connectionLost("the compositor sent a malformed message (libwayland printed what on stderr)")
    }

    /// Whether the compositor closed its end: the socket reads end-of-file (peeked, never consumed) or has
    /// hung up.
    private func peerHasClosed() -> Bool {
        var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) > 0 else { return false }
        if descriptor.revents & (Int16(POLLHUP) | Int16(POLLERR)) != 0 { return true }
        var byte: UInt8 = 0
        return recv(fileDescriptor, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT)) == 0
    }

    /// Closes the connection. Every proxy must have been destroyed before.
    func disconnect() {
        guard isConnected else { return }
        isConnected = false
        wl_display_disconnect(display)
    }
}
