/// A window's touch resampling state (`WindowCore+Resampling.swift`): the switch and the display refresh the
/// frame being prepared is drawn for.
struct ResamplingSettings {
    /// `WindowCore.resamplesTouches`.
    var isEnabled = true
    /// The refresh the frame being prepared is drawn for (window clock), if its host said so; else the frame's own
    /// time is used.
    var frameRefresh: Duration?
}
