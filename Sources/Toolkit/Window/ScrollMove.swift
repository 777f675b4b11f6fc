// Between two frames a view's offset may change several times; with D the accumulated change, the next frame
// equals the presented one shifted inside the view's visible rectangle M: new[w] = old[w + D] where w + D is in M.
// Still to draw: the strip M \ (M - D); damage inside M, kept in presented-frame coordinates (r + d for a
// rectangle damaged after a move d) and moved by -D at draw time; and what is drawn over M without moving (its
// place, and its place minus D). Several changes compose: a pixel whose source left M earlier lies in that
// change's strip, kept as damage. D as drawn is the difference of origins rounded to whole pixels.

/// A scroll of one view's content since the last frame, to be applied by copying pixels.
struct ScrollMove {
    /// The view whose content moved (`pendingMoveView` holds the reference: one here would cost a retain per copy).
    let viewID: ObjectIdentifier
    /// Its visible rectangle when the first change of the frame was recorded, window points.
    let edges: ClipEdges
    let rect: Rect
    /// The accumulated offset change D, points: new[w] = old[w + D].
    var delta: Point
    /// The view's `bounds.origin` before the first change, to compute the whole pixels the drawing moved.
    let startOrigin: Point
    /// Damage recorded inside `rect` since the first change, in presented-frame coordinates (points).
    var damageInside: DamageRegion
}
