// The container's drag as a recognizer (<doc:ScrollBehaviour> §18): the arena meets the container through its
// `panGestureRecognizer`, whose state follows the drag, and which others may require to fail.

extension ScrollContainer {
    /// The container's drag as a pan recognizer: `began` when the container starts to drag, `ended` at the lift
    /// (`failed` for a sequence it does not drag). `require(toFail:)` and `shouldBegin` on it hold back or veto a
    /// drag; setting `isEnabled` to false stops touches from scrolling. Not listed in `gestureRecognizers`.
    public var panGestureRecognizer: PanGestureRecognizer { dragRecognizer }
}
