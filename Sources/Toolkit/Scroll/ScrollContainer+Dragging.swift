// The container's side of touch routing: the window's `TouchRouter` reports fingers here, the arbitration
// decides, and the `perform(_:at:)` overloads carry its actions out. Content delivery itself (began, moved,
// ended, cancelled) is the router's job; the container only tells it what it holds, claims or releases.

extension ScrollContainer {
    // MARK: - Router entry points

    var holdsContentBack: Bool { arbitration.holdsContent }

    func tracksFinger(_ id: Int) -> Bool { fingers.contains(id) }

    var hasFingers: Bool { !fingers.isEmpty }

    /// A finger touched down on the container or its content; returns what the container wants for its content touch.
    func dragFingerDown(id: Int, at location: Point, time: Duration) -> ContentTouchDisposition {
        // The fling this touch may catch, as it moves at the touch (read before the catch stops it).
        let flingVelocity =
            fingers.isEmpty && arbitration.isDecelerating && !motion.isIdle
            ? motion.velocity(at: time) : nil
        // A finger on a shown bar may scrub it after a rest (`+Scrollbars.swift`); the arbitration tracks it
        // meanwhile, so that moving past the slop first is an ordinary drag.
        let onBar = fingers.isEmpty && scrubTouchDown(id: id, at: location, time: time)
        if fingers.isEmpty {
            endChain()  // a fling caught here hands nothing on any more
            fingers.add(id, at: location, time: time)
            fingers.beginSequence()
            beginResampling(touch: id)
            drag.caughtFling = nil
            // A new sequence catches a zoom animation or bounce where it is.
            stopZoomMotion()
            zoomState.pinch = PinchState()
            // A pointer press here only to catch a motion (the pointer does not drag here) never drags.
            drag.sequenceDrags = id != Touch.pointerID || dragsWithPointer
        } else {
            fingers.add(id, at: location, time: time)
        }
        rebasePinch()
        let action = arbitration.touchDown(at: time, fingers: fingers.count)
        if case .catchAnimation = action, let flingVelocity {
            drag.caughtFling = FlingAcceleration(caughtVelocity: flingVelocity, catchTime: time)
        }
        let disposition = perform(action, at: time)
        finishChange()
        return onBar ? .suppress : disposition
    }

    func dragFingerMoved(id: Int, to location: Point) {
        guard fingers.contains(id), !scrubFingerMoved(id: id, to: location) else { return }
        fingers.move(id, to: location)
        drag.hasPendingMoves = true
    }

    func dragFrameEnded(time: Duration) {
        guard drag.hasPendingMoves else { return }
        drag.hasPendingMoves = false
        fingers.commitMoves(at: time)
        decide(at: time)
        resamplingSampled(at: time)
    }

    /// The arbitration decides on the fingers' translation, or the drag follows it; the container's pan
    /// recognizer may hold a beginning drag back (its requirements) or veto it (`shouldBegin`).
    private func decide(at time: Duration) {
        let cancellable = arbitration.contentTracksUndecided ? contentAgreesToCancel() : true
        // One policy for the decision and the drag step it leads to (no view code runs in between).
        let policy = makePolicy()
        let pinches = drag.sequenceDrags && isScrollEnabled && pinchCrossedSlop
        // Two fingers on a zoomable container may pan in any direction: a pinch may follow the pan.
        var scrollable: Axis.Set =
            !(drag.sequenceDrags && isScrollEnabled)
            ? []
            : fingers.count >= 2 && canZoom ? [.horizontal, .vertical] : policy.scrollable
        // Latching (<doc:ScrollBehaviour> §14): undecided, an axis this container cannot move along in the
        // fingers' direction is left to a container around it that can.
        if !arbitration.isDragging { scrollable.subtract(axesPassedOver(policy: policy)) }
        var action: TouchArbitration.TouchMoveAction
        if dragRecognizer.gatesDrag && !arbitration.isDragging {
            // A dry run on a copy: the drag may begin only if the pan recognizer lets it.
            var trial = arbitration
            action = trial.touchMoved(
                translation: fingers.translation, fingers: fingers.count,
                scrollable: scrollable, contentCancellable: cancellable, pinches: pinches)
            if case .beginDrag(let lock, let origin, let cancels) = action {
                switch dragRecognizer.containerDragGate() {
                case .open:
                    arbitration = trial
                    if let waiting = drag.waitingOrigin {
                        // The motion while it waited is applied at once: the drag counts from the crossing.
                        action = .beginDrag(lock: lock, origin: waiting, cancelsContent: cancels)
                    }
                    drag.waitingOrigin = nil
                    dragRecognizer.containerStoppedWaiting()
                case .wait:
                    if drag.waitingOrigin == nil { drag.waitingOrigin = origin }
                    dragRecognizer.containerAwaitsRequirements()
                    action = .none
                case .veto:
                    drag.waitingOrigin = nil
                    dragRecognizer.containerStoppedWaiting()
                    perform(arbitration.otherContainerClaimed(), at: time)
                    dragRecognizer.containerDeclined(at: time)
                    action = .none
                }
            } else {
                arbitration = trial
            }
        } else {
            action = arbitration.touchMoved(
                translation: fingers.translation, fingers: fingers.count,
                scrollable: scrollable, contentCancellable: cancellable,
                pinches: pinches)
        }
        perform(action, at: time, policy: policy)
        if pinches && arbitration.isDragging && !chain.isFollower { beginPinch() }
        finishChange()
    }

    /// Every requirement of `panGestureRecognizer` failed while a drag waited: it begins now, from where the slop
    /// was crossed.
    func requirementsFailedForDrag(at time: Duration) {
        guard hasFingers, !arbitration.isDragging, drag.waitingOrigin != nil else { return }
        decide(at: time)
    }

    func dragRequirementWon(at time: Duration) {
        drag.waitingOrigin = nil
        declineSequence(time: time)
    }

    /// The fingers' velocity now (their release velocity once they lifted), window coordinates, pt/s.
    func fingerVelocity(at time: Duration) -> Point {
        fingers.isEmpty ? drag.lastReleaseVelocity : fingers.velocity(at: time)
    }

    var dragTranslation: Point { fingers.translation }

    func dragFingerLifted(id: Int, time: Duration) {
        guard fingers.contains(id) else { return }
        scrubFingerEnded(id: id, time: time)
        if fingers.count == 1 { applyLastSampleBeforeLift() }
        fingers.remove(id, at: time)
        if fingers.isEmpty { drag.lastReleaseVelocity = fingers.releaseVelocity(at: time) }
        var planned = ScrollMotion(start: time)
        // A scale left past a zoom limit returns to it first; the offset comes to rest after that.
        let bounce = fingers.isEmpty && zoomNeedsBounce
        if fingers.isEmpty {
            if arbitration.isDragging {
                // The content moves against the fingers.
                // A container moved by a chain is not flung by the fingers (the latched one is).
                var measured = chain.isFollower ? chain.releaseVelocity : Point.zero - fingers.releaseVelocity(at: time)
                if let caughtFling = drag.caughtFling, !chain.isFollower {
                    measured = caughtFling.releaseVelocity(measured: measured, releasedAt: time)
                }
                measured = handOffRelease(measured)
                // Before planning: a refresh moves the range's start, where the release then rests.
                let startsRefresh = refreshIfPulled()
                planned = planRelease(at: time, measured: measured, startsRefresh: startsRefresh)
                if bounce { planned = ScrollMotion(start: time) }
            } else if arbitration.isTracking && !bounce {
                planned = makePolicy().settleMotion(from: contentOffset, at: time)
            }
        } else {
            // The remaining fingers carry on from here: no jump of the scale or the offset.
            rebasePinch()
            if arbitration.isDragging { rebaseDrag() }
        }
        let action = arbitration.touchUp(
            at: time, fingers: fingers.count,
            release: planned.isIdle && !bounce ? .stays : .moves)
        perform(action, at: time, planned: planned)
        if fingers.isEmpty {
            finishPinchSequence(at: time, bounce: bounce)
            endChain(keepingLinks: arbitration.isDecelerating)
            endDragRecognizerSequence(cancelled: false, at: time)
        }
        finishChange()
    }

    /// Every finger is gone at once (compositor cancel, capability lost): no fling, the content settles.
    func dragFingersCancelled(time: Duration) {
        var planned = ScrollMotion(start: time)
        let bounce = zoomNeedsBounce
        if arbitration.isDragging {
            planned = bounce ? ScrollMotion(start: time) : planRelease(at: time, measured: .zero)
        } else if arbitration.isTracking && !bounce {
            planned = makePolicy().settleMotion(from: contentOffset, at: time)
        }
        if let grab = bars.grab, grab.touchID != Touch.pointerID { scrubFingerEnded(id: grab.touchID, time: time) }
        if let pending = bars.pendingScrub { scrubFingerEnded(id: pending.id, time: time) }
        fingers.removeAll()
        drag.hasPendingMoves = false
        cancelDelayTimer()
        let tracked = arbitration.isTracking
        let action = arbitration.touchesCancelled(release: planned.isIdle && !(bounce && tracked) ? .stays : .moves)
        perform(action, at: time, planned: planned)
        if tracked { finishPinchSequence(at: time, bounce: bounce) }
        endChain()
        endDragRecognizerSequence(cancelled: true, at: time)
        finishChange()
    }

    func declineSequence(time: Duration) {
        drag.waitingOrigin = nil
        perform(arbitration.otherContainerClaimed(), at: time)
        if !arbitration.isDragging { dragRecognizer.containerDeclined(at: time) }
        finishChange()
    }

    /// The container leaves touch routing (removed from the window, scrolling disabled): forget the fingers.
    func forgetFingers(time: Duration) {
        if let grab = bars.grab, grab.touchID != Touch.pointerID { scrubFingerEnded(id: grab.touchID, time: time) }
        if let pending = bars.pendingScrub { scrubFingerEnded(id: pending.id, time: time) }
        fingers.removeAll()
        drag.hasPendingMoves = false
        cancelDelayTimer()
        let action = arbitration.reset()
        motion = ScrollMotion(start: .zero)
        perform(action, at: time)
        endChain()
        endDragRecognizerSequence(cancelled: true, at: time)
        finishChange()
    }

    /// The container's sequence is over: its pan recognizer ends, is cancelled or fails, and is `possible` again.
    private func endDragRecognizerSequence(cancelled: Bool, at time: Duration) {
        drag.waitingOrigin = nil
        dragRecognizer.containerStoppedWaiting()
        dragRecognizer.containerSequenceEnded(cancelled: cancelled, at: time)
        dragRecognizer.resetIfFinished()
    }

    /// Whether every content view tracking one of these fingers lets a drag cancel it.
    private func contentAgreesToCancel() -> Bool {
        guard let router = attachedWindow?.touchArena else { return true }
        for index in 0..<fingers.count {
            if let view = router.deliveredView(forTouch: fingers.id(at: index)), !touchesShouldCancel(in: view) {
                return false
            }
        }
        return true
    }

    // MARK: - Delay

    func contentDelayElapsed() {
        drag.delayTimer = nil
        perform(arbitration.delayElapsed(at: drag.delayDeadline), at: drag.delayDeadline)
        finishChange()
    }

    func cancelDelayTimer() {
        guard let timer = drag.delayTimer else { return }
        attachedWindow?.timers.cancel(timer)
        drag.delayTimer = nil
    }

    // MARK: - Drag

    /// Anchors the drag at the current offset and translation (drag start, offset set during a drag,
    /// geometry change): the content does not jump.
    func rebaseDrag() {
        let policy = makePolicy()
        let offset = contentOffset
        drag.startOffset = offset
        drag.startRaw = Point(
            x: policy.raw(displayed: offset.x, .horizontal),
            y: policy.raw(displayed: offset.y, .vertical))
        // The translation the offset shows: a resampled one between frames (`+Resampling`), else the raw one.
        let shown = drag.shownTranslation ?? fingers.translation
        forgetRawChain()
        drag.origin = shown
        chain.translation = shown
    }

    /// Moves the content with the fingers: 1:1 inside the range, rubber band (or clamp) outside it, only
    /// along the axes the lock and the range allow. `current` is the policy of the current geometry when the
    /// caller has it; `resampled` the fingers' translation a frame shows instead of the raw one, where they were at
    /// `instant` (`+Resampling`).
    func applyDrag(
        policy current: ScrollPolicy? = nil, translation resampled: Point? = nil, at instant: Duration = .zero
    ) {
        guard arbitration.isDragging, isScrollEnabled, !chain.isFollower else { return }
        // Each application starts from the chain as the raw samples left it (`+Resampling`).
        restoreRawChain()
        if resampled != nil { saveRawChain(base: instant) }
        drag.shownTranslation = resampled
        let translation = resampled ?? fingers.translation
        let lock = arbitration.lock
        let policy = current ?? makePolicy()
        let delta = translation - drag.origin
        var offset = contentOffset
        var chained: Axis.Set = []
        for axis in Axis.allCases where lock.allows(axis) && policy.scrollable.contains(axis) {
            if chainReaches(along: axis) {
                chained.insert(Axis.Set(axis))
            } else {
                // No motion since the anchoring keeps its offset exactly (raw and back may round off outside the range).
                offset[axis] =
                    delta[axis] == 0
                    ? drag.startOffset[axis] : policy.displayed(raw: drag.startRaw[axis] - delta[axis], axis)
            }
        }
        applyOffset(offset)
        if !chained.isEmpty { handOffDrag(along: chained, translation: translation) }
    }

    // MARK: - Actions

    // One executor per action enum of the arbitration: overloads, so each switch lists only what its input can
    // produce, with static dispatch and no allocation on the drag path.

    func perform(_ action: TouchArbitration.TouchDownAction, at time: Duration) -> ContentTouchDisposition {
        switch action {
        case .hold(let deadline):
            if let deadline { startDelayTimer(until: deadline) }
            return .hold
        case .deliver:
            return .deliver
        case .suppress:
            return .suppress
        case .catchAnimation:
            // The motion stops where the last frame put it: the content stays still under the finger.
            motion = ScrollMotion(start: .zero)
            return .suppress
        case .cancelContentAndHold:
            cancelDelayTimer()
            attachedWindow?.touchArena.cancelContent(of: dragRecognizer)
            return .suppress
        }
    }

    func perform(_ action: TouchArbitration.ContentReleaseAction, at time: Duration) {
        switch action {
        case .none:
            break
        case .releaseContent:
            releaseContent()
        }
    }

    func perform(_ action: TouchArbitration.TouchMoveAction, at time: Duration, policy: ScrollPolicy) {
        switch action {
        case .none:
            break
        case .beginDrag(_, let origin, _):
            if let arena = attachedWindow?.touchArena,
                !arena.claimFingers(of: dragRecognizer, cancellingContent: true)
            {
                // A recognizer won these fingers first: this container gives the sequence up.
                perform(arbitration.claimRefused(), at: time)
                dragRecognizer.containerDeclined(at: time)
                return
            }
            cancelDelayTimer()
            drag.shownTranslation = nil
            rebaseDrag()
            drag.origin = origin
            chain.translation = origin
            resamplingDragBegan(at: time)
            gatherChain()
            notifications.effects.push(.willBeginDragging)
            showIndicators()
            dragRecognizer.containerDragBegan(at: origin)
            applyDrag()
        case .keepContent:
            attachedWindow?.touchArena.leaveFingersToContent(of: dragRecognizer)
            dragRecognizer.containerDeclined(at: time)
        case .decline(let releasesContent):
            if releasesContent { releaseContent() }
            dragRecognizer.containerDeclined(at: time)
        case .drag:
            dragRecognizer.containerDragChanged()
            if zoomState.pinch.isActive && fingers.count >= 2 {
                drag.shownTranslation = nil
                applyPinch()
            } else {
                applyDrag(policy: policy)
            }
        }
    }

    /// Carries out what a lift decided; `planned` is the release or settle motion.
    func perform(_ action: TouchArbitration.TouchUpAction, at time: Duration, planned: ScrollMotion) {
        switch action {
        case .none:
            break
        case .releaseContent:
            releaseContent()
        case .releaseContentAndSettle:
            releaseContent()
            startMotion(planned)
        case .settle:
            startMotion(planned)
        case .endDrag(let willDecelerate):
            endDrag(willDecelerate: willDecelerate, planned: planned)
        }
    }

    /// Carries out what a cancel of every finger decided; `planned` is the release or settle motion.
    func perform(_ action: TouchArbitration.TouchesCancelledAction, at time: Duration, planned: ScrollMotion) {
        switch action {
        case .none:
            break
        case .settle:
            startMotion(planned)
        case .endDrag(let willDecelerate):
            endDrag(willDecelerate: willDecelerate, planned: planned)
        }
    }

    /// Carries out the end of a touchpad gesture; `planned` is the motion that follows it.
    func perform(_ action: TouchArbitration.PointerScrollEndedAction, at time: Duration, planned: ScrollMotion) {
        switch action {
        case .none:
            break
        case .endPointerScroll(let willDecelerate):
            decelerateOrRest(willDecelerate: willDecelerate, planned: planned)
        }
    }

    /// Carries out the end of a motion.
    func perform(_ action: TouchArbitration.AnimationFinishedAction, at time: Duration) {
        switch action {
        case .none:
            break
        case .endDeceleration:
            notifications.effects.push(.didEndDecelerating)
            didComeToRest()
        case .endSettling(let programmatic):
            if programmatic { notifications.effects.push(.didEndScrollingAnimation) }
            didComeToRest()
        }
    }

    /// Carries out a reset (the container left the window or stopped scrolling).
    func perform(_ action: TouchArbitration.ResetAction, at time: Duration) {
        switch action {
        case .none:
            break
        case .endDrag:
            endDrag(willDecelerate: false, planned: nil)
        case .stopAnimation:
            motion = ScrollMotion(start: .zero)
        }
    }

    // The content may get what this container held back.
    private func releaseContent() {
        cancelDelayTimer()
        attachedWindow?.touchArena.releaseContent(of: dragRecognizer)
    }

    private func endDrag(willDecelerate: Bool, planned: ScrollMotion?) {
        notifications.effects.push(.didEndDragging(willDecelerate: willDecelerate))
        decelerateOrRest(willDecelerate: willDecelerate, planned: planned)
    }

    private func startDelayTimer(until deadline: Duration) {
        cancelDelayTimer()
        guard let window = attachedWindow else { return }
        drag.delayDeadline = deadline
        drag.delayTimer = window.timers.schedule(at: deadline, timerActions.delay)
    }
}

extension ScrollContainer {
    struct DragState {
        /// The fling this sequence caught, for fling acceleration (<doc:ScrollBehaviour> §5).
        var caughtFling: FlingAcceleration?
        /// The raw (finger) offset and the translation at which the drag was anchored.
        var startRaw: Point = .zero
        var origin: Point = .zero
        /// The offset at which the drag was anchored (`startRaw` as displayed).
        var startOffset: Point = .zero
        var hasPendingMoves = false
        var delayTimer: TimerQueue.ID?
        var delayDeadline: Duration = .zero
        /// False for a pointer press that only caught a motion on a container that does not drag with the pointer.
        var sequenceDrags = true
        /// Where the slop was crossed while the drag waited for a requirement of `panGestureRecognizer` to fail.
        var waitingOrigin: Point?
        /// The fingers' release velocity at the last lift (window, pt/s), for the pan's `velocity(in:)`.
        var lastReleaseVelocity: Point = .zero
        /// Set while the container leaves the arena because scrolling was turned off
        /// (`PanGestureRecognizer.leaveArena`).
        var isWithdrawingToSettle = false
        /// The fingers' translation the offset shows when a frame showed it resampled; nil when it shows the raw one.
        var shownTranslation: Point?
        /// The sequence's touch resampling (`+Resampling`).
        var resample = ResampleState()
    }
}
