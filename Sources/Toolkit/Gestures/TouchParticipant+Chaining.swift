// The defaults of a participant that is no link of a same-axis chain (<doc:ScrollBehaviour> §14), and the questions
// a latched container asks the participants around it while the arbitration is undecided.

extension TouchParticipant {
    public func dragsContent(withDeviceOf id: Int) -> Bool { false }
    public func movesContent(along axis: Axis) -> Bool { false }
    public func canMoveContent(along axis: Axis, direction: Double) -> Bool { false }
    public var acceptsChainedDrag: Bool { false }
    public var containsChainedMotion: Bool { true }
    public func bouncesChainedMotion(along axis: Axis) -> Bool { false }
    public func takeChainedMotion(_ delta: Double, along axis: Axis, pointer: Bool) -> Double { delta }
    public func showChainedOverscroll(_ stretch: Double, edgeSign: Double, along axis: Axis, pointer: Bool) -> Bool {
        false
    }
    public func chainedMotionFinished() {}
    public func takeChainedRelease(velocity: Double, along axis: Axis, pointer: Bool) -> Bool { false }
    public func chainedPointerGestureEnded(at time: Duration) {}
    public func takeChainedFling(
        velocity: Double, along axis: Axis, at time: Duration, onward: ArraySlice<any TouchParticipant>
    ) -> Bool { false }
    public var chainedContentOffset: Point {
        get { .zero }
        set {}
    }

    /// Whether a drag passed over from inside along `axis` in the sign of `direction` can move here now.
    func canTakeChainedMotion(along axis: Axis, direction: Double) -> Bool {
        acceptsChainedDrag && canMoveContent(along: axis, direction: direction)
    }

    /// Whether a drag passed over from inside along `axis` stays here even at the edge (it rubber-bands here).
    func keepsChainedMotion(along axis: Axis) -> Bool {
        acceptsChainedDrag && containsChainedMotion && movesContent(along: axis)
    }
}
