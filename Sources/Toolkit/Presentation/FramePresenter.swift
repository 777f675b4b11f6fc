// How a window's frames reach the screen is a backend's choice, not the core's: the core says what changed (its
// damage, in points) and what moved (a pending scroll: a view's rectangle and its offset change), and a presenter
// turns that into pixels in buffers. This layer holds the strategy the Wayland window uses, in terms of memory
// and canvases only (no protocol type), so that any backend drawing into shared-memory buffers can use it:
// - ring buffers: a full-width vertical scroll moves a buffer's start in its memory (`RingFrameBuffer`);
// - copy-forward: a buffer that holds an older frame first takes what it lacks from the presented one
//   (`PreviousFrame`, `BufferLag`);
// - onward frames: while the compositor holds the presented frame, the next goes on in its memory when it
//   writes none of the held rows (`drawOnward`);
// - a band: the rows around a scrolled band drawn into a base buffer a surface below the band's shows
//   (`FrameBase`, `BandRows`);
// - an overlay: the scrolled container's vertical indicator drawn alone into a buffer of its own
//   (`IndicatorOverlay`).
// Folders below this one (Window/ and down) never name these types; the public API of ToolkitCore does not list
// them (`@_spi(Presentation)`: backends, tests and the benchmarks import them explicitly).

/// The presentation strategy for one `WindowCore`'s frames: draws the core's next frame into ring buffers, a base
/// buffer and an indicator overlay, and answers which band and indicator column the pending scroll would use.
///
/// The core keeps no state for it: the presenter holds the overlay's binding to a container, and reads the
/// core's pending damage and scroll when it draws. Frames drawn through the presenter and through
/// `WindowCore.draw(into:)` may alternate (each resolves the pending scroll for its own canvas).
@_spi(Presentation)
@MainActor
public final class FramePresenter {
    /// The window whose frames this presents.
    public let core: WindowCore

    /// The scroll container whose vertical indicator is drawn into an `IndicatorOverlay`, if any. Owning, not weak
    /// (a weak reference would put every retain of the container on the runtime's slow path, drag events included):
    /// a container that left the window is let go of at the next frame, whose column check finds it gone
    /// (`drawIndicatorOverlay(_:moved:)`).
    var overlayContainer: ScrollContainer?
    /// The picture the overlay shows (committed last), nil when none yet or it must be drawn again.
    var overlayPicture: IndicatorOverlay.Picture?

    /// A presenter for `core`'s frames.
    public init(core: WindowCore) {
        self.core = core
    }
}
