internal import CGtk4
internal import CToolkitGTK

/// Process signals for GTK applications.
public enum GtkSignals {
    /// SIGINT and SIGTERM quit the application (`g_application_quit`) whatever signal mask the process
    /// inherited: a program started with the signals blocked (a Foundation `Process` child, some session
    /// managers) still sees them, and so does one that has them unblocked (it no longer dies on the default
    /// action before tearing down). Call once, before `g_application_run`; undone at the application's
    /// `shutdown` (the signals' actions and the thread's mask are put back).
    ///
    /// A signal the program ignores (a shell's background jobs ignore SIGINT) or handles itself is left alone.
    /// - Parameter application: a `GApplication*` (a `GtkApplication*` is one).
    public static func quitOnTerminationSignals(_ application: OpaquePointer) {
        _ = tgtk_quit_on_termination_signals(UnsafeMutablePointer<GApplication>(application))
    }
}
