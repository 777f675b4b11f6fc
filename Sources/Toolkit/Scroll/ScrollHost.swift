/// What a scroll container needs from its window beyond what every view needs. `WindowCore` implements it; the
/// container never names the window or its router (<doc:Design>).
@MainActor
protocol ScrollHost: ViewHost {
    /// The arena of the window's touches: content views, recognizers and scroll containers.
    var touchArena: any TouchArena { get }
    /// Whether a primary-button drag scrolls every container like one finger (`WindowCore.pointerEmulatesTouch`).
    var pointerEmulatesTouch: Bool { get }
    /// The modifier keys held now (a list's Ctrl + click and Shift + click).
    var keyboardModifiers: KeyModifiers { get }
    /// Whether a touch drag shows the finger resampled at each frame (`WindowCore.resamplesTouches`).
    var resamplesTouches: Bool { get }
    /// The display refresh the frame being prepared is drawn for (window clock).
    var frameRefreshTime: Duration { get }
}
