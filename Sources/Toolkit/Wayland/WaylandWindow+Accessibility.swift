import Glibc
internal import ToolkitAccessibility

// The window's AT-SPI bridge, run as any host runs it: its descriptor is one more watch in the window's loop.

extension WaylandWindow {
    func startAccessibility(applicationName: String) {
        guard let bridge = AccessibilityBridge(window: core, applicationName: applicationName, windowTitle: title)
        else { return }
        accessibilityBridge = bridge
        accessibilityWatch = loop.addWatch(bridge.fileDescriptor, events: Int16(POLLIN)) { [unowned self] _ in
            // No accessibility bus after all, or it went away: nothing more to do for this window.
            if self.accessibilityBridge?.dispatch() == false { self.stopAccessibility() }
        }
    }

    /// Takes the descriptor out of the loop, then leaves the bus.
    func stopAccessibility() {
        if let accessibilityWatch { loop.removeWatch(accessibilityWatch) }
        accessibilityWatch = nil
        accessibilityBridge?.stop()
        accessibilityBridge = nil
    }
}
