// The settings and the answers of `TouchArbitration`: one action enum per input, holding only what that input
// can produce.

extension TouchArbitration {
    /// The container settings the decisions depend on (copied from the container's properties).
    struct Configuration: Equatable {
        /// Distance the centroid may move before a drag can start, points (>= 0).
        var touchSlop: Double = 10
        var contentTouchDelay: Duration = .milliseconds(150)
        var delaysContentTouches = true
        var canCancelContentTouches = true
        var isDirectionalLockEnabled = false
        /// Fewest fingers that can drag (>= 1).
        var minimumNumberOfTouches = 1
        /// Most fingers that can start a drag (>= minimum).
        var maximumNumberOfTouches = Int.max
    }

    /// The axes a drag (and the deceleration after it) may move along.
    enum AxisLock: Equatable, Sendable {
        case none
        case locked(Axis)

        func allows(_ axis: Axis) -> Bool {
            switch self {
            case .none: return true
            case .locked(let only): return only == axis
            }
        }
    }

    /// How the container will come to rest when the fingers it tracks are gone. The container computes it
    /// (asking the policy and, after a drag, the delegate) before the input that removes the last finger.
    enum Release: Equatable {
        /// The offset is already where it should rest: nothing moves.
        case stays
        /// A motion follows (fling, bounce, spring back or page snap).
        case moves
    }

    // A case two inputs share means the same thing in both enums.

    /// After `touchDown`.
    enum TouchDownAction: Equatable {
        /// Hold the new finger back from the content; with a deadline, (re)start the content-touch delay.
        case hold(delayUntil: Duration?)
        /// As far as this container is concerned, the new finger may reach the content now.
        case deliver
        /// The new finger never reaches the content.
        case suppress
        /// Stop the running motion where it is; the new finger never reaches the content.
        case catchAnimation
        /// Two fingers arrived in time: cancel the content's touches of these fingers; none reaches it again.
        case cancelContentAndHold
    }

    /// After `delayElapsed` or `otherContainerClaimed`.
    enum ContentReleaseAction: Equatable {
        case none
        /// Stop holding this container's fingers back: the content may get what waited.
        case releaseContent
    }

    /// After `touchMoved`.
    enum TouchMoveAction: Equatable {
        case none
        /// Claim the fingers and start dragging. `origin` is the translation where the slop was crossed
        /// (the first scroll delta is measured from there); `cancelsContent` when the content had them.
        case beginDrag(lock: AxisLock, origin: Point, cancelsContent: Bool)
        /// Claim the fingers for the content: nobody scrolls for this sequence.
        case keepContent
        /// Leave the fingers to other containers; `releasesContent` when they were held back here.
        case decline(releasesContent: Bool)
        /// Move the content with the fingers.
        case drag(lock: AxisLock)
    }

    /// After `touchUp`.
    enum TouchUpAction: Equatable {
        case none
        /// Stop holding this container's fingers back: the content may get what waited.
        case releaseContent
        /// The last finger lifted before the delay: release the content (as `releaseContent`), then start the
        /// motion to the resting offset (the range changed under the finger).
        case releaseContentAndSettle
        /// Start a motion to the resting offset that no drag started (after a catch, a decline, or a sequence
        /// the content kept while the range changed under it).
        case settle
        /// The drag is over; a motion follows when `willDecelerate`.
        case endDrag(willDecelerate: Bool)
    }

    /// After `touchesCancelled`.
    enum TouchesCancelledAction: Equatable {
        case none
        /// Start a motion to the resting offset that no drag started.
        case settle
        /// The drag is over; a motion follows when `willDecelerate`.
        case endDrag(willDecelerate: Bool)
    }

    /// After `animationFinished`.
    enum AnimationFinishedAction: Equatable {
        case none
        case endDeceleration
        /// The settling motion reached its end; `programmatic` for an animated `setContentOffset`.
        case endSettling(programmatic: Bool)
    }

    /// After `programmaticAnimation`.
    enum ProgrammaticAnimationAction: Equatable {
        /// Start an animated offset change.
        case startAnimation
        /// Fingers are down: apply the requested offset at once instead of animating.
        case applyImmediately
    }

    /// After `offsetAssigned`.
    enum OffsetAssignedAction: Equatable {
        case none
        case stopAnimation
        /// The offset was set during a drag: anchor the drag at the new offset.
        case rebaseDrag
    }

    /// After `reset`.
    enum ResetAction: Equatable {
        case none
        /// The drag is over and nothing follows it (as `endDrag(willDecelerate: false)` after a lift).
        case endDrag
        case stopAnimation
    }

    /// After `pointerScrollBegan`.
    enum PointerScrollBeganAction: Equatable {
        case none
        /// Stop the running motion where it is: the touchpad fingers take over.
        case stopAnimation
        /// The gesture is not for this container now: fingers on the screen own the offset.
        case ignore
    }

    /// After `pointerScrollEnded`.
    enum PointerScrollEndedAction: Equatable {
        case none
        /// A touchpad gesture ended (`axis_stop`); a motion follows when `willDecelerate`.
        case endPointerScroll(willDecelerate: Bool)
    }

    /// After `stepAnimation`.
    enum StepAnimationAction: Equatable {
        /// Start the step's animated offset change.
        case startAnimation
        /// A wheel or key input is not for this container now: fingers on the screen own the offset.
        case ignore
    }
}
