// How frames reach the screen is a backend's choice: the core says what changed and what moved, and a presenter
// turns that into pixels in buffers, with memory and canvases only (no protocol type): ring buffers, copy-forward,
// onward frames, a band with a base, an indicator overlay. `@_spi(Presentation)`: not the public API.

/// The presentation strategy for one `WindowCore`'s frames: ring buffers, a base buffer and an indicator overlay.
/// The core keeps no state for it; frames through it and through `WindowCore.draw(into:)` may alternate.
@_spi(Presentation)
@MainActor
public final class FramePresenter {
    /// The window whose frames this presents.
    public let core: WindowCore

    /// The container whose vertical indicator goes to an `IndicatorOverlay`. Owning, not weak (weak would slow every
    /// retain of the container); let go of at the next frame once it left the window.
    var overlayContainer: ScrollContainer?
    /// The picture the overlay shows, nil when none yet or it must be drawn again.
    var overlayPicture: IndicatorOverlay.Picture?

    /// A presenter for `core`'s frames.
    public init(core: WindowCore) {
        self.core = core
    }
}
