internal import CGtk4
internal import CToolkitGTK
internal import ToolkitAccessibility
import ToolkitCore

/// An AT-SPI bridge (`ToolkitAccessibility`) driven from GLib's main context: its descriptor is a `g_unix_fd_add`
/// source whose callback dispatches it, so requests are answered on GTK's thread between its events.
@MainActor
final class GtkAccessibilityBridgeSource {
    /// The bridge, or nil when none could start (`NO_AT_BRIDGE=1`, no session bus) or it gave up.
    private(set) var bridge: AccessibilityBridge?
    private var sourceID: guint = 0

    init(window: WindowCore, applicationName: String, windowTitle: String) {
        guard
            let bridge = AccessibilityBridge(
                window: window, applicationName: applicationName,
                windowTitle: windowTitle)
        else { return }
        self.bridge = bridge
        sourceID = tgtk_unix_fd_add(
            bridge.fileDescriptor, G_IO_IN,
            { _, _, data in
                let address = UInt(bitPattern: data)
                return MainActor.assumeIsolated {
                    let source = Unmanaged<GtkAccessibilityBridgeSource>
                        .fromOpaque(UnsafeRawPointer(bitPattern: address)!).takeUnretainedValue()
                    return source.dispatch() ? 1 : 0  // G_SOURCE_CONTINUE : G_SOURCE_REMOVE
                }
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    isolated deinit {
        stop()
    }

    /// Dispatches the bridge; false (the source goes) once it gave up, which frees it.
    private func dispatch() -> Bool {
        if bridge?.dispatch() == true { return true }
        sourceID = 0
        bridge?.stop()
        bridge = nil
        return false
    }

    /// Removes the source, then leaves the bus.
    func stop() {
        if sourceID != 0 { g_source_remove(sourceID) }
        sourceID = 0
        bridge?.stop()
        bridge = nil
    }
}
