// What a presenter learns from the core (`damage`, `pendingScroll`) and gives back; the core never names one.

extension WindowCore {
    /// What moved since the last frame: the scrolled rectangle (window points), the offset change D (the new frame
    /// shows at w what the presented one showed at w + D), and the view. Nil when nothing scrolled by copy.
    var pendingScroll: (rect: Rect, delta: Point, view: View?)? {
        pendingMove.map { ($0.rect, $0.delta, pendingMoveView) }
    }

    /// Gives back a move `resolvePendingMove(for:addingStrips:)` returned, for a frame a presenter declined: the next
    /// draw takes it instead (at another scale, its rectangle is drawn in full).
    func deferMove(_ move: PixelMove?, view: View?, pixelsPerPoint: Double) {
        deferredMove = DeferredMove(move: move, view: view, pixelsPerPoint: pixelsPerPoint)
    }

    /// Something a presenter shows outside the window's pixels changed without damage: the next frame is needed.
    func presentationDidChange() {
        presentationChanged = true
        requestFrame()
    }

    /// Runs `body`, which damages the window while a frame is drawn, without asking for another frame or leaving a
    /// request standing.
    func withoutFrameRequests<Result>(_ body: () -> Result) -> Result {
        let requested = frameRequested
        frameRequested = true
        defer { frameRequested = requested }
        return body()
    }
}
