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

    /// File descriptors an app added to the loop (`WaylandWindow.addFileDescriptor`), polled with the display.
    /// `descriptors[0]` is the display's; the rest match `watches` one to one. Kept between steps so that a step
    /// allocates nothing.
    private var descriptors: [pollfd]
    private var watches: [Watch] = []
    private var nextWatchID = 0

    /// One added file descriptor and what to call when it is ready.
    private struct Watch {
        var id: Int
        var handler: @MainActor (Int16) -> Void
    }

    /// Whether the last flush left requests in libwayland's buffer (the socket was full): the next step also
    /// waits for POLLOUT, and an app running the window in its own loop should poll for writing too.
    private(set) var hasUnflushedRequests = false

    init(display: WaylandDisplay) {
        self.display = display
        descriptors = [pollfd(fd: display.fileDescriptor, events: Int16(POLLIN), revents: 0)]
        descriptors.reserveCapacity(8)
        watches.reserveCapacity(7)
    }

    /// Adds `fd` to the poll set; `handler` runs with the returned events (POLLIN, POLLOUT, POLLHUP ...) after
    /// the step's Wayland dispatch. Returns an id for `removeWatch`.
    func addWatch(_ fd: Int32, events: Int16, handler: @escaping @MainActor (Int16) -> Void) -> Int {
        nextWatchID += 1
        descriptors.append(pollfd(fd: fd, events: events, revents: 0))
        watches.append(Watch(id: nextWatchID, handler: handler))
        return nextWatchID
    }

    /// Removes a watch; unknown ids are ignored.
    func removeWatch(_ id: Int) {
        guard let index = watches.firstIndex(where: { $0.id == id }) else { return }
        watches.remove(at: index)
        descriptors.remove(at: index + 1)
    }

    /// Records the outcome of a flush made outside `step` (see `hasUnflushedRequests`).
    func noteFlush(complete: Bool) {
        hasUnflushedRequests = !complete
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
        hasUnflushedRequests = !flushed
        descriptors[0].events = Int16(POLLIN) | (flushed ? 0 : Int16(POLLOUT))
        for i in descriptors.indices { descriptors[i].revents = 0 }
        let result = descriptors.withUnsafeMutableBufferPointer {
            poll($0.baseAddress, nfds_t($0.count), WaylandEventLoop.milliseconds(timeout))
        }
        let descriptor = descriptors[0]
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
        runReadyWatches()
    }

    /// Calls the handlers of the added descriptors that poll found ready. A handler may add or remove watches:
    /// the walk goes by id, so a removed watch is not called and one added now waits for the next step.
    private func runReadyWatches() {
        guard !watches.isEmpty else { return }
        var i = 0
        while i < watches.count {
            let revents = descriptors[i + 1].revents
            let id = watches[i].id
            if revents != 0 {
                descriptors[i + 1].revents = 0
                watches[i].handler(revents)
            }
            // The handler may have removed this watch (or others before it): continue after `id`.
            if i < watches.count, watches[i].id == id {
                i += 1
            } else {
                i = watches.firstIndex(where: { $0.id > id }) ?? watches.count
            }
        }
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
