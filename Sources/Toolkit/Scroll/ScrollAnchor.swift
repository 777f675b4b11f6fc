/// The view a scroll container's anchoring follows (<doc:ScrollBehaviour> §15) and what held when it was picked.
///
/// The anchor is picked at the first content change of a turn and kept for the whole turn, so that a batch of
/// changes (a view inserted at the top, then every view below it moved down one by one) is followed through the
/// one view that was on screen before the batch, and not through whichever view happens to meet the visible rect
/// halfway through it. A turn ends when the window clock moves on or the offset changes other than by anchoring.
struct ScrollAnchor {
    /// The followed subview (held, so that a removed anchor is recognised rather than freed under us).
    var view: View
    /// Its frame origin when last seen, in content coordinates.
    var origin: Point
    /// The scrolling axis the anchor was picked along.
    var axis: Axis
    /// The content offset when last seen: another value means something else scrolled, and the anchor is picked
    /// again.
    var offset: Point
    /// The window time it was picked at (`nil` without a window).
    var time: Duration?
}
