// The container's drag as a recognizer (<doc:ScrollBehaviour> §18): the arena meets the container through its
// `panGestureRecognizer`, whose state follows the drag, and which others may require to fail.

extension ScrollContainer {
    /// The container's drag as a pan recognizer: `began` when the container starts to drag, `changed` on each
    /// move, `ended` at the lift (`failed` for a sequence it does not drag). `require(toFail:)` on it makes the
    /// container wait for another recognizer to fail before it drags (the motion meanwhile is applied at once
    /// when it does), its `shouldBegin` can veto a drag, and other recognizers may `require(toFail:)` it.
    /// Setting its `isEnabled` to false stops touches from scrolling the container. It stays with its container
    /// (not listed in `gestureRecognizers`).
    public var panGestureRecognizer: PanGestureRecognizer { dragRecognizer }
}
