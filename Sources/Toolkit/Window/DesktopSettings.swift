/// The desktop's settings a window follows (<doc:ScrollBehaviour> §22), kept by `WindowCore`: the backend or host
/// sets them from the desktop (the settings portal, GtkSettings), an app may set them itself.
struct DesktopSettings {
    /// Animations finish in one frame and indicators do not fade.
    var reducesMotion = false
    /// The scheme the default bars, the refresh control and the selection colours follow.
    var colorScheme = ColorScheme.light
}
