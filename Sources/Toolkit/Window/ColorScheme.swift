/// Whether the desktop wants light or dark surfaces (<doc:ScrollBehaviour> §22): the window's `colorScheme`, which
/// the default bars, the refresh control and a list's or grid's selection follow.
public enum ColorScheme: Sendable, Hashable, CaseIterable {
    /// Dark marks on light surfaces. The default, and what "no preference" means.
    case light
    /// Light marks on dark surfaces.
    case dark
}
