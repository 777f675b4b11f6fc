extension Diagnostics {
    /// Reports as the toolkit's own code does, for the backends built on the core (the Wayland window, the GTK
    /// host): one `Toolkit:` line on standard error, and `onReport`.
    @_spi(Backends) public static func reportFromBackend(_ message: String) {
        report(message)
    }
}
