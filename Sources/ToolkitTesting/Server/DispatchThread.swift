import CWaylandServer
import Glibc

/// The compositor's own thread: waits for client traffic and dispatches it with the monitor held.
///
/// It polls the event loop's epoll fd (and a wake-up eventfd) *without* the lock, then takes the lock only to
/// dispatch what is ready and flush the replies, then broadcasts so that waiters re-check their conditions.
/// Public methods therefore never wait longer than one dispatch batch for the lock, and every libwayland call is
/// serialized by that one lock. The eventfd only serves `stop()`: public methods need not wake the thread.
final class DispatchThread: @unchecked Sendable {
    private let monitor: Monitor
    /// The `wl_display`; owned by `TestCompositor`, which destroys it after `stop()`.
    private let display: OpaquePointer
    private let wakeFD: Int32
    /// Guarded by `monitor`.
    private var stopRequested = false
    private var thread = pthread_t()
    private var running = false

    init(display: OpaquePointer, monitor: Monitor) throws(TestCompositorError) {
        self.display = display
        self.monitor = monitor
        wakeFD = cws_eventfd()
        if wakeFD < 0 { throw .setupFailed("eventfd: \(String(cString: strerror(errno)))") }
    }

    deinit { close(wakeFD) }

    /// Starts the thread; call once.
    func start() throws(TestCompositorError) {
        let context = Unmanaged.passRetained(self).toOpaque()
        let result = pthread_create(&thread, nil, { context in
            // The thread owns one reference to the DispatchThread for as long as it runs.
            let me = Unmanaged<DispatchThread>.fromOpaque(context!).takeRetainedValue()
            me.run()
            return nil
        }, context)
        if result != 0 {
            Unmanaged<DispatchThread>.fromOpaque(context).release()
            throw .setupFailed("pthread_create: \(String(cString: strerror(result)))")
        }
        running = true
    }

    /// Asks the thread to finish its current batch and exit, and joins it. Idempotent; not from the thread itself.
    func stop() {
        guard running else { return }
        monitor.withLock { stopRequested = true }
        cws_eventfd_signal(wakeFD)
        pthread_join(thread, nil)
        running = false
    }

    private func run() {
        let loop = wl_display_get_event_loop(display)
        var fds = [pollfd(fd: wl_event_loop_get_fd(loop), events: Int16(POLLIN), revents: 0),
                   pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0)]
        while true {
            // No timeout: traffic or stop() wakes us; nothing in the compositor is driven by wall-clock time.
            if poll(&fds, 2, -1) < 0 && errno != EINTR { break }
            monitor.lock()
            if stopRequested {
                monitor.unlock()
                return
            }
            _ = cws_eventfd_drain(wakeFD)
            wl_event_loop_dispatch(loop, 0)
            wl_display_flush_clients(display)
            monitor.broadcast()
            monitor.unlock()
        }
    }
}
