internal import CGtk4
internal import CToolkitGTK

/// The GTK side of accessibility: the widget's accessible label (and, for a widget the host makes, its role), and
/// the views themselves through an AT-SPI bridge of the host's own (`ToolkitAccessibility`).
///
/// GTK 4.8 limits what a host can expose through GTK: the accessible role is a construct-only property (so an
/// adopted widget keeps the role it was made with), and GTK 4.8 has no way to give a widget accessible children
/// that are not widgets (GtkAccessible for custom objects arrives in 4.10). So the views are served by the host's
/// own bridge instead, next to GTK's.
extension GtkViewHost {
    func applyAccessibleLabel() {
        guard isAttached else { return }
        tgtk_set_accessible_label(area, accessibleLabel)
        accessibilitySource?.bridge?.windowTitle = accessibleLabel
    }

    /// The widget's accessible role, as GTK reports it (for tests and diagnostics).
    var accessibleRole: GtkAccessibleRole { tgtk_accessible_role(area) }

    /// Whether the host serves its views to screen readers through an AT-SPI bridge of its own (default true):
    /// from the widget's first map, the host is an AT-SPI application next to the app's GTK one, named like the
    /// program (`g_get_prgname`), whose one child, a frame named `accessibleLabel`, holds the views' tree
    /// (<doc:Accessibility>), with extents relative to the widget. Its descriptor is a GLib source on the main
    /// context. `NO_AT_BRIDGE=1` keeps it off as it keeps GTK's own bridge off. Set false before the widget is
    /// mapped to never start it; false later leaves the bus.
    public var isAccessibilityBridgeEnabled: Bool {
        get { accessibilityBridgeWanted }
        set {
            accessibilityBridgeWanted = newValue
            if newValue { startAccessibilityBridge() } else { stopAccessibilityBridge() }
        }
    }

    /// Starts the bridge once, when wanted and the widget is attached and mapped (so that an app can opt out after
    /// making the host); a bridge that could not start is not tried again.
    func startAccessibilityBridge() {
        guard accessibilityBridgeWanted, isAttached, accessibilitySource == nil, gtk_widget_get_mapped(area) != 0
        else { return }
        let name = g_get_prgname().map { String(cString: $0) } ?? "ToolkitGTK"
        accessibilitySource = GtkAccessibilityBridgeSource(
            window: core, applicationName: name,
            windowTitle: accessibleLabel)
    }

    func stopAccessibilityBridge() {
        accessibilitySource?.stop()
        accessibilitySource = nil
    }
}
