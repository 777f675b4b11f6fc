internal import CGtk4
internal import CToolkitGTK

// The desktop's motion and colour settings in a GTK app (<doc:ScrollBehaviour> §22): GTK already knows them
// (GtkSettings, which GTK fills from the desktop), so the host reads the widget's settings and follows their
// notify:: signals, setting the core's `reducesMotion` and `colorScheme`:
// - reduced motion: gtk-enable-animations off, or GTK 4.22's gtk-interface-reduced-motion at "reduce";
// - dark: gtk-application-prefer-dark-theme on, or a theme whose name ends in "-dark" (Adwaita-dark).
// The handlers are the host's like any other: `detach()` disconnects them.

extension GtkViewHost {
    /// The GtkSettings properties the host follows (those the settings object has).
    static let followedSettings = [
        "gtk-enable-animations", "gtk-application-prefer-dark-theme", "gtk-theme-name", "gtk-interface-reduced-motion"
    ]

    /// Reads the widget's settings into the core and connects to their changes.
    func followDesktopSettings(context: UnsafeMutableRawPointer) {
        guard let settings = gtk_widget_get_settings(area) else { return }
        let instance = UnsafeMutableRawPointer(settings)
        for property in GtkViewHost.followedSettings where tgtk_has_property(instance, property) != 0 {
            connect(
                instance,
                tgtk_connect_notify(
                    instance, property,
                    { _, _, data in
                        GtkViewHost.with(data) { $0.readDesktopSettings() }
                    }, context))
        }
        readDesktopSettings()
    }

    /// Sets the core's motion and colour settings from the widget's GtkSettings now.
    func readDesktopSettings() {
        guard isAttached, let settings = gtk_widget_get_settings(area) else { return }
        var animations: Int32 = 1
        var prefersDark: Int32 = 0
        var darkTheme: Int32 = 0
        var reducedMotion: Int32 = -1
        tgtk_settings_read(UnsafeMutableRawPointer(settings), &animations, &prefersDark, &darkTheme, &reducedMotion)
        core.reducesMotion = animations == 0 || reducedMotion == 1
        core.colorScheme = prefersDark != 0 || darkTheme != 0 ? .dark : .light
    }
}
