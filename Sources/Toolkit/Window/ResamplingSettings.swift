/// A window's touch resampling state (`WindowCore+Resampling.swift`): the switch and the presentation time of the
/// frame being prepared.
struct ResamplingSettings {
    /// `WindowCore.resamplesTouches`.
    var isEnabled = true
    /// When the frame being prepared is expected on screen (window clock), if its host said so; else the frame's
    /// own time is used.
    var frameTarget: Duration?
}
