internal import CGtk4
internal import CToolkitGTK

/// The GTK side of accessibility: the widget's accessible label (and, for a widget the host makes, its role).
///
/// GTK 4.8 limits what a host can expose: the accessible role is a construct-only property (so an adopted
/// widget keeps the role it was made with), and GTK 4.8 has no way to give a widget accessible children that are
/// not widgets (GtkAccessible for custom objects arrives in 4.10), so the views inside are not exposed one by one.
extension GtkViewHost {
    func applyAccessibleLabel() {
        guard isAttached else { return }
        tgtk_set_accessible_label(area, accessibleLabel)
    }

    /// The widget's accessible role, as GTK reports it (for tests and diagnostics).
    var accessibleRole: GtkAccessibleRole { tgtk_accessible_role(area) }
}
