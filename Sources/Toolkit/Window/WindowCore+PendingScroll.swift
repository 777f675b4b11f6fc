// What a presenter (the layer above, which chooses how frames reach the screen) learns from the core, and the few
// things it gives back. The core says what changed (`damage`, points) and what moved (`pendingScroll`); to draw, a
// presenter resolves the scroll for its canvas (`resolvePendingMove(for:addingStrips:)`), moves or copies pixels
// as its strategy says (`copyForward`, `leaveOutDamagedPixels` help a buffer catch up with the presented frame),
// and draws the damage with `draw(_:into:)` and `drawPendingDamage(into:)`. It never sees how the core collected
// either, and the core never names a presenter.

extension WindowCore {
    /// What moved since the last frame: the rectangle of the view's content that scrolled (window points), the
    /// accumulated offset change D (points: the new frame shows at w what the presented one showed at w + D), and
    /// the view whose content moved. Nil when nothing scrolled by copying pixels since the last frame.
    var pendingScroll: (rect: Rect, delta: Point, view: View?)? {
        pendingMove.map { ($0.rect, $0.delta, pendingMoveView) }
    }

    /// Gives a move that `resolvePendingMove(for:addingStrips:)` returned back for the next draw, which takes it
    /// instead of resolving again: the frame it was resolved for was not drawn (a presenter declined it). Its
    /// damage stays pending; `move` nil keeps only that (the move resolved into damage), `view` is the view that
    /// moved, `pixelsPerPoint` the scale it was resolved at (another scale draws its rectangle in full).
    func deferMove(_ move: PixelMove?, view: View?, pixelsPerPoint: Double) {
        deferredMove = DeferredMove(move: move, view: view, pixelsPerPoint: pixelsPerPoint)
    }

    /// Something a presenter shows outside the window's pixels changed though nothing was damaged (a scroll
    /// indicator drawn into an overlay faded): the next frame is needed (`needsFrame`, `onNeedsFrame`).
    func presentationDidChange() {
        presentationChanged = true
        requestFrame()
    }

    /// Runs `body`, which damages the window while a frame is being drawn (the frame covers that damage), without
    /// asking for another frame and without leaving a request standing (after it, no later change could ask the
    /// backend for a frame again, see `prepareFrame(at:)`).
    func withoutFrameRequests<Result>(_ body: () -> Result) -> Result {
        let requested = frameRequested
        frameRequested = true
        defer { frameRequested = requested }
        return body()
    }
}
