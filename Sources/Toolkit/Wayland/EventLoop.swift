import CWayland
import Glibc

/// One thread's Wayland event loop step, the libwayland way for a single-threaded client that also waits on
/// timers: announce the read (`prepare_read`, dispatching what is already queued until it succeeds), flush
/// requests, `poll` the socket with a timeout, then `read_events` (or `cancel_read` when nothing came) and
/// dispatch.
///
/// - EINTR from `poll` (a signal) ends the step early; the caller simply steps again.
/// - EAGAIN from `flush` (the socket buffer is full) makes the step also wait for POLLOUT, so the rest is
///   sent as soon as the compositor reads; nothing is dropped.
/// - Any other failure (the compositor closed the socket, a protocol error) throws
///   `WaylandError.connectionLost` with the reason.
@MainActor
final class WaylandEventLoop {
    private let display: WaylandDisplay

    init(display: WaylandDisplay) {
        self.display = display
    }

    /// Waits at most `timeout` (nil: until something arrives) for events and dispatches them.
    func step(timeout: Duration?) throws {
        let handle = display.display
        while wl_display_prepare_read(handle) != 0 {
            try display.dispatchPending()
        }
        let flushed: Bool
        do {
            flushed = try display.flush()
        } catch {
            wl_display_cancel_read(handle)
            throw error
        }
        var descriptor = pollfd(fd: display.fileDescriptor, events: Int16(POLLIN) | (flushed ? 0 : Int16(POLLOUT)),
                                revents: 0)
        let result = poll(&descriptor, 1, WaylandEventLoop.milliseconds(timeout))
        if result < 0 {
            let code = errno
            wl_display_cancel_read(handle)
            if code == EINTR || code == EAGAIN { return }
            throw WaylandError.connectionLost("poll: \(WaylandDisplay.errnoText(code))")
        }
        if descriptor.revents & Int16(POLLIN) != 0 {
            if wl_display_read_events(handle) < 0 { throw display.lostError() }
        } else if descriptor.revents & (Int16(POLLERR) | Int16(POLLHUP) | Int16(POLLNVAL)) != 0 {
            wl_display_cancel_read(handle)
            throw WaylandError.connectionLost("the compositor closed the connection")
        } else {
            wl_display_cancel_read(handle)
        }
        try display.dispatchPending()
    }

    /// A poll timeout: whole milliseconds rounded up (waking early would only spin), -1 for none, 0 for
    /// negative durations, clamped to `Int32.max`.
    nonisolated static func milliseconds(_ timeout: Duration?) -> Int32 {
        guard let timeout else { return -1 }
        guard timeout > .zero else { return 0 }
        let (seconds, attoseconds) = timeout.components
        let attosecondsPerMillisecond: Int64 = 1_000_000_000_000_000
        let fraction = (attoseconds + attosecondsPerMillisecond - 1) / attosecondsPerMillisecond
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        guard !overflow else { return Int32.max }
        return Int32(clamping: product.addingReportingOverflow(fraction).overflow ? Int64.max : product + fraction)
    }
}
