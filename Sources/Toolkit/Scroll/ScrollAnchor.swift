/// The view a scroll container's anchoring follows (<doc:ScrollBehaviour> §15) and what held when it was picked.
///
/// Picked at a turn's first content change and kept for the turn, so a batch of changes is followed through the
/// view that was on screen before it. A turn ends when the window clock moves on or something else scrolls.
struct ScrollAnchor {
    /// The followed subview (held, so that a removed anchor is recognised rather than freed under us).
    var view: View
    /// Its frame origin when last seen, in content coordinates.
    var origin: Point
    /// The scrolling axis the anchor was picked along.
    var axis: Axis
    /// The content offset when last seen: another value means something else scrolled.
    var offset: Point
    /// The window time it was picked at (`nil` without a window).
    var time: Duration?
}
