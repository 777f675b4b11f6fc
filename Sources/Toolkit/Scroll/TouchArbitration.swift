/// Who owns the fingers on one scroll container: the content, the container's drag, or neither
/// (<doc:ScrollBehaviour> §2). A value-type state machine; <doc:Design> says why it has this shape.
///
/// *Translation*: how far the fingers' centroid moved since the sequence began, with no jump when a finger joins
/// or leaves (window points). *Dominant axis*: the larger component of it at the slop crossing (vertical on a tie).
struct TouchArbitration {

    // Internal only so that the unit tests can name the state a transition reaches.
    enum State: Equatable {
        /// No finger is down and nothing moves.
        case idle
        /// Fingers are down, the content has not been told; waiting for the delay, the slop or a lift.
        case pending(since: Duration)
        /// Fingers are down and the content tracks them; past the slop the container may still take them.
        case content(since: Duration)
        /// Fingers are down that the content never sees (they caught a motion, or two fingers started a drag).
        case holding
        /// Fingers are down that this container will not scroll for, until they all lift.
        case declined
        /// The content follows the fingers' centroid along the lock's axes.
        case dragging(AxisLock)
        /// No finger is down; the motion after a drag runs (fling, bounce, spring back, page snap).
        case decelerating(AxisLock)
        /// No finger is down; a motion no drag started runs (spring back or page snap after a catch or any
        /// undecided sequence, a wheel or key step, or an animated `setContentOffset` when `programmatic`).
        case settling(programmatic: Bool)
        /// No finger is on the screen; touchpad fingers move the content 1:1 (`wl_pointer.axis` with source
        /// finger, until `axis_stop`).
        case pointerScrolling
    }

    /// The settings in force; the container keeps them in sync with its properties.
    var configuration = Configuration()

    private(set) var state: State = .idle

    private var lastTranslation: Point = .zero

    // MARK: - Queries

    /// Fingers are down on the container (whoever owns them).
    var isTracking: Bool {
        switch state {
        case .pending, .content, .holding, .declined, .dragging: return true
        case .idle, .decelerating, .settling, .pointerScrolling: return false
        }
    }

    /// The container is dragging.
    var isDragging: Bool {
        switch state {
        case .dragging: return true
        case .idle, .pending, .content, .holding, .declined, .decelerating, .settling, .pointerScrolling: return false
        }
    }

    /// The motion after a drag is running.
    var isDecelerating: Bool {
        switch state {
        case .decelerating: return true
        case .idle, .pending, .content, .holding, .declined, .dragging, .settling, .pointerScrolling: return false
        }
    }

    /// A motion (post-drag or settling) is running.
    var isAnimating: Bool {
        switch state {
        case .decelerating, .settling: return true
        case .idle, .pending, .content, .holding, .declined, .dragging, .pointerScrolling: return false
        }
    }

    /// The content moves with no finger on the screen: a motion runs, or touchpad fingers scroll it. A press
    /// of the pointer catches it like a touch would (rule 2.8), whether or not the pointer drags here.
    var isMovingWithoutFingers: Bool {
        switch state {
        case .decelerating, .settling, .pointerScrolling: return true
        case .idle, .pending, .content, .holding, .declined, .dragging: return false
        }
    }

    /// Touchpad fingers are scrolling the content.
    var isPointerScrolling: Bool {
        switch state {
        case .pointerScrolling: return true
        case .idle, .pending, .content, .holding, .declined, .dragging, .decelerating, .settling: return false
        }
    }

    /// An animated `setContentOffset` is running.
    var isAnimatingProgrammatically: Bool {
        switch state {
        case .settling(let programmatic): return programmatic
        case .idle, .pending, .content, .holding, .declined, .dragging, .decelerating, .pointerScrolling:
            return false
        }
    }

    /// The container holds its fingers back from the content.
    var holdsContent: Bool {
        switch state {
        case .pending: return true
        case .idle, .content, .holding, .declined, .dragging, .decelerating, .settling, .pointerScrolling:
            return false
        }
    }

    /// The content tracks the fingers and the container has not decided yet (it may cancel them).
    var contentTracksUndecided: Bool {
        switch state {
        case .content: return true
        case .idle, .pending, .holding, .declined, .dragging, .decelerating, .settling, .pointerScrolling:
            return false
        }
    }

    /// The axes the current drag or deceleration may move along (`.none` when not dragging or decelerating).
    var lock: AxisLock {
        switch state {
        case .dragging(let lock), .decelerating(let lock): return lock
        case .idle, .pending, .content, .holding, .declined, .settling, .pointerScrolling: return .none
        }
    }

    // MARK: - Inputs

    /// A finger touched down; `fingers` is how many are down on the container now, this one included.
    mutating func touchDown(at time: Duration, fingers: Int) -> TouchDownAction {
        switch state {
        case .idle:
            lastTranslation = .zero
            if configuration.minimumNumberOfTouches > 1 {
                // One finger can never drag here (a drawing canvas): the content gets it at once.
                state = .content(since: time)
                return .deliver
            }
            if configuration.delaysContentTouches {
                state = .pending(since: time)
                return .hold(delayUntil: time + configuration.contentTouchDelay)
            }
            state = .content(since: time)
            return .deliver
        case .decelerating, .settling, .pointerScrolling:
            lastTranslation = .zero
            state = .holding
            return .catchAnimation
        case .pending:
            return .hold(delayUntil: nil)
        case .content(let since):
            let c = configuration
            guard c.minimumNumberOfTouches > 1, fingers >= c.minimumNumberOfTouches,
                fingers <= c.maximumNumberOfTouches
            else { return .deliver }
            if time - since <= c.contentTouchDelay {
                state = .holding
                return .cancelContentAndHold
            }
            // Too late: the content touch lasted longer than the delay and keeps the sequence.
            state = .declined
            return .deliver
        case .holding, .dragging:
            return .suppress
        case .declined:
            return .deliver
        }
    }

    /// The content-touch delay that started at a down is due at `time`. A stale delay (from an earlier
    /// sequence, or a timer that fired late) is recognized by its time and ignored.
    mutating func delayElapsed(at time: Duration) -> ContentReleaseAction {
        switch state {
        case .pending(let since):
            guard time >= since + configuration.contentTouchDelay else { return .none }
            state = .content(since: since)
            return .releaseContent
        case .idle, .content, .holding, .declined, .dragging, .decelerating, .settling, .pointerScrolling:
            return .none
        }
    }

    /// The fingers moved (once per touch frame). `contentCancellable`: every content view tracking these fingers
    /// agrees to give them up. `pinches`: two or more fingers on a zoomable container changed their spread by more
    /// than the slop (§11), so they may be claimed with no axis lock, before the centroid crossed the slop.
    mutating func touchMoved(
        translation: Point, fingers: Int, scrollable: Axis.Set,
        contentCancellable: Bool, pinches: Bool = false
    ) -> TouchMoveAction {
        let previous = lastTranslation
        lastTranslation = translation
        switch state {
        case .idle, .decelerating, .settling, .declined, .pointerScrolling:
            return .none
        case .dragging(let lock):
            return .drag(lock: lock)
        case .pending:
            return decide(
                previous: previous, translation: translation, fingers: fingers,
                scrollable: scrollable, contentHasFingers: false, heldHere: true,
                contentCancellable: contentCancellable, pinches: pinches)
        case .content:
            return decide(
                previous: previous, translation: translation, fingers: fingers,
                scrollable: scrollable, contentHasFingers: true, heldHere: false,
                contentCancellable: contentCancellable, pinches: pinches)
        case .holding:
            return decide(
                previous: previous, translation: translation, fingers: fingers,
                scrollable: scrollable, contentHasFingers: false, heldHere: false,
                contentCancellable: contentCancellable, pinches: pinches)
        }
    }

    private mutating func decide(
        previous: Point, translation: Point, fingers: Int, scrollable: Axis.Set,
        contentHasFingers: Bool, heldHere: Bool, contentCancellable: Bool,
        pinches: Bool
    ) -> TouchMoveAction {
        let slop = TouchArbitration.sanitizedSlop(configuration.touchSlop)
        guard translation.length > slop || pinches else { return .none }
        let c = configuration
        // Too few or too many fingers: nothing is decided yet (a second finger may still come or go).
        guard fingers >= c.minimumNumberOfTouches, fingers <= c.maximumNumberOfTouches else { return .none }
        let lock: AxisLock
        let origin: Point
        if pinches {
            lock = .none
            origin = translation
        } else {
            let axis: Axis = abs(translation.x) > abs(translation.y) ? .horizontal : .vertical
            guard scrollable.contains(axis) else {
                state = .declined
                return .decline(releasesContent: heldHere)
            }
            lock = c.isDirectionalLockEnabled ? .locked(axis) : .none
            origin = TouchArbitration.slopCrossing(from: previous, to: translation, slop: slop)
        }
        if contentHasFingers {
            guard c.canCancelContentTouches, contentCancellable else {
                state = .declined
                return .keepContent
            }
            state = .dragging(lock)
            return .beginDrag(lock: lock, origin: origin, cancelsContent: true)
        }
        state = .dragging(lock)
        return .beginDrag(lock: lock, origin: origin, cancelsContent: false)
    }

    /// The drag that just began could not take its fingers (a recognizer won them first): the sequence is
    /// declined, and fingers held back may go to the content.
    mutating func claimRefused() -> ContentReleaseAction {
        switch state {
        case .dragging:
            state = .declined
            return .releaseContent
        case .idle, .pending, .content, .holding, .declined, .decelerating, .settling, .pointerScrolling:
            return .none
        }
    }

    /// Another container claimed fingers this one tracks: this one will not scroll for the sequence.
    mutating func otherContainerClaimed() -> ContentReleaseAction {
        switch state {
        case .pending:
            state = .declined
            return .releaseContent
        case .content, .holding:
            state = .declined
            return .none
        case .idle, .declined, .dragging, .decelerating, .settling, .pointerScrolling:
            return .none
        }
    }

    /// A container inside this one, dragging along the same axis, hands this one the part of the fingers' motion
    /// it cannot use (<doc:ScrollBehaviour> §14): a container that had declined the sequence drags from now on
    /// (moved by that container, not by its own fingers). Returns whether it does.
    mutating func chainedDragBegan() -> Bool {
        switch state {
        case .declined:
            state = .dragging(.none)
            return true
        case .idle, .pending, .content, .holding, .dragging, .decelerating, .settling, .pointerScrolling:
            return false
        }
    }

    /// A container inside this one reached its edge while flinging and hands this one its velocity
    /// (<doc:ScrollBehaviour> §14): with no finger on it and no app animation running, it decelerates from it.
    /// Returns whether it does.
    mutating func chainedFlingBegan() -> Bool {
        switch state {
        case .idle, .decelerating, .settling(programmatic: false):
            state = .decelerating(.none)
            return true
        case .pending, .content, .holding, .declined, .dragging, .settling(programmatic: true), .pointerScrolling:
            return false
        }
    }

    /// A finger lifted; `fingers` are still down on the container. `release` tells how the container would
    /// come to rest if this was the last one.
    mutating func touchUp(at time: Duration, fingers: Int, release: Release) -> TouchUpAction {
        switch state {
        case .idle, .decelerating, .settling, .pointerScrolling:
            return .none
        case .pending(let since):
            // A lift before the delay: a quick tap is never lost. Whatever waited goes to the content now.
            guard fingers == 0 else {
                state = .content(since: since)
                return .releaseContent
            }
            // The last finger: the content first, then rest inside the range (§1) if it changed under the finger.
            return finishUndecided(release) ? .releaseContentAndSettle : .releaseContent
        case .content:
            // The range may have changed under the content's fingers (content shrunk during a long press).
            guard fingers == 0 else { return .none }
            return finishUndecided(release) ? .settle : .none
        case .holding, .declined:
            guard fingers == 0 else { return .none }
            return finishUndecided(release) ? .settle : .none
        case .dragging(let lock):
            guard fingers == 0 else { return .none }
            return .endDrag(willDecelerate: finishDrag(lock: lock, release: release))
        }
    }

    /// Every finger is gone at once (the compositor cancelled, the seat lost its touch capability).
    mutating func touchesCancelled(release: Release) -> TouchesCancelledAction {
        switch state {
        case .idle, .decelerating, .settling, .pointerScrolling:
            return .none
        case .pending, .content, .holding, .declined:
            // Nothing dragged, but the offset may rest outside a range that changed under the fingers.
            return finishUndecided(release) ? .settle : .none
        case .dragging(let lock):
            return .endDrag(willDecelerate: finishDrag(lock: lock, release: release))
        }
    }

    // The last finger of a sequence no drag took is gone. Returns whether a settling motion follows.
    private mutating func finishUndecided(_ release: Release) -> Bool {
        switch release {
        case .stays:
            state = .idle
            return false
        case .moves:
            state = .settling(programmatic: false)
            return true
        }
    }

    // The last finger of a drag is gone. Returns whether a deceleration follows.
    private mutating func finishDrag(lock: AxisLock, release: Release) -> Bool {
        switch release {
        case .stays:
            state = .idle
            return false
        case .moves:
            state = .decelerating(lock)
            return true
        }
    }

    /// The running motion reached its end.
    mutating func animationFinished() -> AnimationFinishedAction {
        switch state {
        case .decelerating:
            state = .idle
            return .endDeceleration
        case .settling(let programmatic):
            state = .idle
            return .endSettling(programmatic: programmatic)
        case .idle, .pending, .content, .holding, .declined, .dragging, .pointerScrolling:
            return .none
        }
    }

    /// The app asked for an animated offset change.
    mutating func programmaticAnimation() -> ProgrammaticAnimationAction {
        switch state {
        case .idle, .decelerating, .settling, .pointerScrolling:
            state = .settling(programmatic: true)
            return .startAnimation
        case .pending, .content, .holding, .declined, .dragging:
            return .applyImmediately
        }
    }

    /// The app set the offset directly.
    mutating func offsetAssigned() -> OffsetAssignedAction {
        switch state {
        case .decelerating, .settling:
            state = .idle
            return .stopAnimation
        case .dragging:
            return .rebaseDrag
        case .idle, .pending, .content, .holding, .declined, .pointerScrolling:
            return .none
        }
    }

    /// The container left the window or stopped scrolling: forget the fingers, stop any motion.
    mutating func reset() -> ResetAction {
        let previous = state
        state = .idle
        lastTranslation = .zero
        switch previous {
        case .dragging:
            return .endDrag
        case .decelerating, .settling:
            return .stopAnimation
        case .idle, .pending, .content, .holding, .declined, .pointerScrolling:
            return .none
        }
    }

    // MARK: - Pointer and keyboard inputs (<doc:ScrollBehaviour> §7)

    /// Touchpad fingers (a `.finger` axis event) want to move the content. A running motion stops where it is
    /// and the fingers take over; while fingers on the screen track the container the event is ignored.
    mutating func pointerScrollBegan() -> PointerScrollBeganAction {
        switch state {
        case .idle:
            state = .pointerScrolling
            return .none
        case .decelerating, .settling:
            state = .pointerScrolling
            return .stopAnimation
        case .pointerScrolling:
            return .none
        case .pending, .content, .holding, .declined, .dragging:
            return .ignore
        }
    }

    /// The touchpad fingers left (`axis_stop`); a motion that follows runs as a deceleration, with no dragging
    /// callbacks.
    mutating func pointerScrollEnded(release: Release) -> PointerScrollEndedAction {
        switch state {
        case .pointerScrolling:
            switch release {
            case .stays:
                state = .idle
                return .endPointerScroll(willDecelerate: false)
            case .moves:
                state = .decelerating(.none)
                return .endPointerScroll(willDecelerate: true)
            }
        case .idle, .pending, .content, .holding, .declined, .dragging, .decelerating, .settling:
            return .none
        }
    }

    /// A wheel or key step wants to animate the offset. It replaces a running motion (a deceleration interrupted
    /// this way sends no `didEndDecelerating`, as when a touch catches it) and ends a touchpad gesture.
    mutating func stepAnimation() -> StepAnimationAction {
        switch state {
        case .idle, .decelerating, .settling, .pointerScrolling:
            state = .settling(programmatic: false)
            return .startAnimation
        case .pending, .content, .holding, .declined, .dragging:
            return .ignore
        }
    }

}
