// Bookkeeping for scrolling by copying pixels (see `View.scrollsByCopyingPixels`).
//
// Between two frames, a view's content offset may change several times (one touch frame each). With D the
// accumulated offset change, the next frame equals the last presented one shifted inside the view's visible
// rectangle M: new[w] = old[w + D] wherever w + D lies in M (window points). What must still be drawn:
//   - the strip of M whose source lies outside M: M \ (M - D);
//   - damage inside M, at the place its pixels moved to. A rectangle r damaged while the content had moved by
//     d so far is stale content; it was at r + d in the presented frame and lands at r + d - D. So damage
//     inside M is kept in presented-frame coordinates (`damageInside`, r + d) and moved by -D at draw time;
//   - what is drawn over the content but does not move with it (indicators, later siblings overlapping M):
//     its place, and the place its old pixels were copied to (the place minus D).
// The content is drawn at its origin rounded to whole pixels (`View.drawingOrigin(pixelsPerPoint:)`), so D as
// drawn is the difference of the rounded origins, a whole number of pixels, whatever the exact offsets.
// With several changes the strips compose: a pixel whose source left M in an earlier change lies in that
// change's strip, moved with the later ones (kept as damage inside M), and the total strip covers the rest.

/// A scroll of one view's content since the last frame, to be applied by copying pixels.
struct ScrollMove {
    /// The view whose content moved, for merging its later changes (`WindowCore.pendingMoveView` holds the
    /// reference itself, which keeps this identity unique; a reference here would cost a retain per copy).
    let viewID: ObjectIdentifier
    /// Its visible rectangle when the first change of the frame was recorded, window points.
    let edges: ClipEdges
    /// `edges.rect`.
    let rect: Rect
    /// The accumulated offset change D, points: new[w] = old[w + D].
    var delta: Point
    /// The view's `bounds.origin` before the first change: with the origin at draw time, the whole pixels the
    /// drawn content moved (`View.drawingOrigin(pixelsPerPoint:)` rounds both).
    let startOrigin: Point
    /// Damage recorded inside `rect` since the first change, in presented-frame coordinates (points).
    var damageInside: DamageRegion
}
