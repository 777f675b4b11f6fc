// The desktop's motion and colour settings (<doc:ScrollBehaviour> §22). A change of scheme walks the view tree once:
// each view whose drawing follows the scheme damages what it draws, so the next frame shows it, and then hears it
// through `View.colorSchemeDidChange()`. Reduced motion is read when a motion starts; nothing is redrawn for it.

extension WindowCore {
    /// Whether the user asked for less motion: animated offsets, row scrolls, paging and snap settling, batch
    /// animations and key or wheel steps finish in one frame, and indicators appear and disappear without fading.
    /// Finger tracking, rubber banding and the momentum of a fling are unchanged. False unless the desktop says so
    /// (the Wayland window reads the settings portal, a GTK host GtkSettings); any host may set it.
    public var reducesMotion: Bool {
        get { desktopSettings.reducesMotion }
        set { desktopSettings.reducesMotion = newValue }
    }

    /// The desktop's colour scheme: the default indicator and scroll-bar style, the refresh control and the
    /// selection and focus colours of lists and grids follow it; a change redraws them in the next frame. `.light`
    /// unless the desktop says so (the settings portal's `color-scheme`, GTK's dark-theme preference); any host may
    /// set it.
    public var colorScheme: ColorScheme {
        get { desktopSettings.colorScheme }
        set {
            guard newValue != desktopSettings.colorScheme else { return }
            desktopSettings.colorScheme = newValue
            rootView.windowColorSchemeDidChange()
        }
    }
}
