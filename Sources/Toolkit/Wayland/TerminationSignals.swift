import CTerminationSignals
import Glibc

/// SIGINT and SIGTERM for the duration of `WaylandWindow.run()`: a signalfd in the window's poll, so that either
/// signal ends the loop cleanly (the window closes, `run` returns) whatever signal mask the process inherited.
///
/// A program started with the signals blocked (a Foundation `Process` child, some session managers) would
/// otherwise never see them, and one started with them unblocked would die on the default action without
/// tearing anything down. Rules (after foot's signalfd loop):
/// - Only a signal whose action is the default one is taken. One the process ignores (a shell starts background
///   jobs with SIGINT ignored; `nohup`-style launchers) or handles itself stays as it is.
/// - The signals are blocked in the loop's thread and read from the signalfd; a handler forwards one that the
///   kernel delivers to another thread (where the inherited mask leaves it unblocked) to the loop's thread.
/// - When `run` returns the actions and the thread's mask are put back as they were, and whatever is still
///   pending is read first: a signal that ended the loop is not delivered again.
@MainActor
final class TerminationSignals {
    private let state: UnsafeMutablePointer<termination_signals>
    private let fd: Int32
    private var watch: WaylandWindow.FileDescriptorWatch?

    /// Starts taking the signals for `window`'s loop; nil when neither can be taken (both ignored or handled,
    /// or no signalfd could be made: then `run` simply works without).
    init?(window: WaylandWindow) {
        state = .allocate(capacity: 1)
        let fd = termination_signals_begin(state)
        guard fd >= 0 else {
            state.deallocate()
            return nil
        }
        self.fd = fd
        watch = window.addFileDescriptor(fd) { [weak window] _ in
            let signal = termination_signals_read(fd)
            guard signal != 0, let window else { return }
            window.endRun(signal: signal)
        }
    }

    /// Stops taking the signals and restores what `init` changed. Call once, from `run` on its way out.
    func end(window: WaylandWindow) {
        if let watch { window.removeFileDescriptor(watch) }
        watch = nil
        termination_signals_end(state)
        state.deallocate()
    }
}
