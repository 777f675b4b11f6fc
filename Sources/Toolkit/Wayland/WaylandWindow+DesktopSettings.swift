import Glibc

// The desktop's colour scheme and motion settings (<doc:ScrollBehaviour> §22): the settings portal's descriptor is
// one more watch in the window's loop, like the AT-SPI bridge's.

extension WaylandWindow {
    /// How long the window waits at start for the portal's answers before its first frame (then they apply
    /// whenever they come).
    static let desktopSettingsStartupWait: Duration = .milliseconds(100)

    func startDesktopSettings() {
        guard let portal = DesktopSettingsPortal(core: core) else { return }
        desktopSettings = portal
        portal.awaitInitialValues(for: WaylandWindow.desktopSettingsStartupWait)
        desktopSettingsWatch = loop.addWatch(portal.fileDescriptor, events: Int16(POLLIN)) { [unowned self] _ in
            if self.desktopSettings?.dispatch() == false { self.stopDesktopSettings() }
        }
    }

    /// Takes the descriptor out of the loop, then leaves the bus.
    func stopDesktopSettings() {
        if let desktopSettingsWatch { loop.removeWatch(desktopSettingsWatch) }
        desktopSettingsWatch = nil
        desktopSettings = nil
    }
}
