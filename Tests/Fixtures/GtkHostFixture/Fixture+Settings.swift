import CGtk4
import CToolkitGTK
import GtkExampleSupport
import ToolkitGTK

extension Fixture {
    /// Settings mode: changes the default GtkSettings step by step, as the desktop would, printing what the hosted
    /// core says after each (the notify:: handlers run inside g_object_set).
    func changeSettings(of core: WindowCore) {
        // No default settings (no display): one line instead of the steps, which the test then misses.
        guard let settings = gtk_settings_get_default() else {
            printError("stats: settings unavailable (gtk_settings_get_default gave none)")
            return
        }
        let object = UnsafeMutableRawPointer(settings)
        func report(_ step: String) {
            printError("stats: settings \(step) \(core.colorScheme) \(core.reducesMotion)")
        }
        // A known start whatever the machine's settings: light theme, animations on.
        tgtk_set_string_property(object, "gtk-theme-name", "Adwaita")
        tgtk_set_boolean_property(object, "gtk-application-prefer-dark-theme", 0)
        tgtk_set_boolean_property(object, "gtk-enable-animations", 1)
        report("start")
        tgtk_set_boolean_property(object, "gtk-application-prefer-dark-theme", 1)
        report("prefer-dark")
        tgtk_set_boolean_property(object, "gtk-enable-animations", 0)
        report("no-animations")
        tgtk_set_boolean_property(object, "gtk-application-prefer-dark-theme", 0)
        report("prefer-light")
        tgtk_set_string_property(object, "gtk-theme-name", "Adwaita-dark")
        report("dark-theme")
        tgtk_set_boolean_property(object, "gtk-enable-animations", 1)
        report("animations")
    }
}
