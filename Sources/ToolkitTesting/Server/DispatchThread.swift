import CWaylandServer
import Glibc
import ToolkitCore

/// The compositor's own thread: waits for client traffic or the next refresh tick, and dispatches with the
/// monitor held.
///
/// It polls the event loop's epoll fd (and a wake-up eventfd) *without* the lock, with a timeout that ends at
/// the next refresh tick while frame callbacks wait for one; then it takes the lock only to dispatch what is
/// ready, run the tick (`tick`, which completes due frame callbacks and names the next deadline) and flush the
/// replies, then broadcasts so that waiters re-check their conditions. Public methods therefore never wait
/// longer than one dispatch batch for the lock, and every libwayland call is serialized by that one lock. The
/// eventfd serves `stop()` and `wake()` (a public method that changed what the tick does).
final class DispatchThread: @unchecked Sendable {
    private let monitor: Lock
    /// The `wl_display`; owned by `TestCompositor`, which destroys it after `stop()`.
    private let display: OpaquePointer
    private let wakeFD: Int32
    /// Runs with the monitor held after every batch; returns the monotonic instant to wake up at, or nil.
    private let tick: () -> Duration?
    /// Guarded by `monitor`.
    private var stopRequested = false
    private var thread = pthread_t()
    private var running = false

    init(display: OpaquePointer, monitor: Lock, tick: @escaping () -> Duration?) throws(TestCompositorError) {
        self.display = display
        self.monitor = monitor
        self.tick = tick
        wakeFD = cws_eventfd()
        if wakeFD < 0 { throw .setupFailed("eventfd: \(String(cString: strerror(errno)))") }
    }

    deinit { close(wakeFD) }

    /// Starts the thread; call once.
    func start() throws(TestCompositorError) {
        let context = Unmanaged.passRetained(self).toOpaque()
        let result = pthread_create(
            &thread, nil,
            { context in
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

    /// Makes the thread run its tick again soon (after a public method changed the frame callback switches).
    func wake() {
        cws_eventfd_signal(wakeFD)
    }

    private func run() {
        let loop = wl_display_get_event_loop(display)
        var fds = [
            pollfd(fd: wl_event_loop_get_fd(loop), events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0)
        ]
        var deadline: Duration?
        while true {
            // Traffic, stop(), wake() or the next refresh tick (only while frame callbacks wait for one).
            let timeout = FrameTicks.pollTimeoutNanoseconds(until: deadline, now: FrameTicks.monotonicNow())
            if cws_poll_ns(&fds, 2, timeout) < 0 && errno != EINTR { break }
            monitor.lock()
            if stopRequested {
                monitor.unlock()
                return
            }
            _ = cws_eventfd_drain(wakeFD)
            wl_event_loop_dispatch(loop, 0)
            deadline = tick()
            wl_display_flush_clients(display)
            monitor.broadcast()
            monitor.unlock()
        }
    }
}
