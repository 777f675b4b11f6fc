import CWayland
import Glibc

// Two ways to share a thread with an app's own event loop (GLib, libuv, a game loop, another toolkit's):
//
// 1. The window inside the app's loop. Poll `displayFileDescriptor` for `pollEvents` (POLLIN, plus POLLOUT while
//    requests wait to be sent) and wake up no later than `nextDeadline` (on the window clock, `now`); then call
//    `dispatchPending()`, which never blocks: it reads and dispatches what the compositor sent, fires the due
//    timers, draws and commits the frames the compositor asked for, and flushes. Stop when it returns false
//    (the window was closed). `run()` must not be called meanwhile.
//
// 2. The app's sources inside the window's loop. `addFileDescriptor(_:events:_:)` and `addTimer(at:_:)` /
//    `addTimer(after:_:)` put them into the poll that `run()` (and `dispatchOnce`) makes; their handlers run on
//    the main thread between Wayland dispatches. Remove them with `removeFileDescriptor(_:)` / `cancelTimer(_:)`.
//
// Either way everything runs on the main actor, in one thread; nothing here allocates per iteration (adding a
// source allocates once).

extension WaylandWindow {
    /// An app file descriptor added to the window's loop.
    public struct FileDescriptorWatch: Hashable, Sendable {
        fileprivate let id: Int
    }

    // MARK: - The window inside the app's loop

    /// The Wayland connection's file descriptor: poll it (for `pollEvents`) in the app's loop and call
    /// `dispatchPending()` when it is ready. Owned by the window: never read from it, close it or change its flags.
    public var displayFileDescriptor: Int32 { display.fileDescriptor }

    /// The poll events to wait for on `displayFileDescriptor`: POLLIN, and POLLOUT while requests are waiting
    /// for room in the socket (a busy compositor); `dispatchPending()` sends them once it is writable.
    public var pollEvents: Int16 { Int16(POLLIN) | (loop.hasUnflushedRequests ? Int16(POLLOUT) : 0) }

    /// The window clock: CLOCK_MONOTONIC, counted from the moment the window was made. `nextDeadline` and
    /// `addTimer(at:_:)` are on this clock.
    public var now: Duration { clock.now }

    /// When the window must run again even if its descriptor stays quiet (key repeat, the container's touch delay,
    /// indicator fades, timers added with `addTimer`), on the window clock (`now`); nil when nothing is scheduled.
    /// A deadline already past means "call `dispatchPending()` now".
    public var nextDeadline: Duration? { core.nextTimerDeadline }

    /// The time from `now` until `nextDeadline` (zero when it is past), or nil: a ready-made timeout for the
    /// app's poll, epoll_wait or g_source (round up to whole milliseconds).
    public var timeUntilNextDeadline: Duration? {
        guard let deadline = nextDeadline else { return nil }
        return max(.zero, deadline - now)
    }

    /// Runs one iteration without blocking: reads and dispatches what the compositor sent, fires due timers,
    /// draws and commits the frames due, flushes requests. Returns false once the window is closed.
    /// - Throws: `WaylandError` when the connection broke (then every later call throws it again).
    @discardableResult
    public func dispatchPending() throws -> Bool {
        try dispatchOnce(timeout: .zero)
    }

    // MARK: - The app's sources inside the window's loop

    /// Adds `fd` to the window's poll: `handler` runs with the events that occurred (a mix of `events`, POLLHUP,
    /// POLLERR, POLLNVAL) after the compositor's events of the same iteration were dispatched. The descriptor
    /// stays the app's: remove the watch before closing it (a closed descriptor reports POLLNVAL at every poll).
    /// - Parameter events: what to wait for, as in `poll(2)`; default POLLIN.
    @discardableResult
    public func addFileDescriptor(
        _ fd: Int32, events: Int16 = Int16(POLLIN),
        _ handler: @escaping @MainActor (_ revents: Int16) -> Void
    ) -> FileDescriptorWatch {
        FileDescriptorWatch(id: loop.addWatch(fd, events: events, handler: handler))
    }

    /// Takes a descriptor added with `addFileDescriptor` out of the poll. Unknown or removed watches are ignored.
    public func removeFileDescriptor(_ watch: FileDescriptorWatch) {
        loop.removeWatch(watch.id)
    }

    /// Runs `action` once, when the window clock (`now`) reaches `deadline`: the loop wakes up for it.
    @discardableResult
    public func addTimer(at deadline: Duration, _ action: @escaping @MainActor () -> Void) -> TimerQueue.ID {
        core.timers.schedule(at: deadline, action)
    }

    /// Runs `action` once, `delay` from now.
    @discardableResult
    public func addTimer(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> TimerQueue.ID {
        core.timers.schedule(at: now + max(.zero, delay), action)
    }

    /// Cancels a timer added with `addTimer`; a fired or unknown one is ignored.
    public func cancelTimer(_ id: TimerQueue.ID) {
        core.timers.cancel(id)
    }
}
