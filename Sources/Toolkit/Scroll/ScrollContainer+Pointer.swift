// Scrolling from a pointer (<doc:ScrollBehaviour> §7): wheel detents, touchpad gestures and continuous devices,
// routed here one axis at a time by the window's `PointerRouter`; wheel and key steps; primary-button drags.
// Chaining along one axis (§14) is in ScrollContainer+PointerChaining.swift.

extension ScrollContainer {
    /// Wheel units in one detent (`AxisEvent` values for `.wheel`, as `axis_value120`). Fixed.
    public static let wheelUnitsPerDetent = 120.0
    /// Points scrolled per wheel detent. Fixed.
    public static let wheelDetentDistance = 48.0
    /// How long a smooth wheel or key step takes. Fixed.
    public static let stepAnimationDuration: Duration = .milliseconds(100)

    // MARK: - Who scrolls

    /// Whether a wheel, a continuous device or a key can move the content along `axis`: it needs a real range, so an
    /// `alwaysBounce...` axis with nothing to scroll leaves the wheel to outer containers.
    func canStep(along axis: Axis) -> Bool {
        isScrollEnabled && makePolicy().hasRange(axis)
    }

    /// Whether a touchpad gesture can move the content along `axis` (a range, or `alwaysBounce...`).
    func canTouchpadScroll(along axis: Axis) -> Bool {
        isScrollEnabled && makePolicy().scrollable.contains(axis)
    }

    /// Whether a primary-button drag scrolls this container like one finger: `pointerDragScrolls`, or the
    /// window's `pointerEmulatesTouch`.
    public var dragsWithPointer: Bool {
        pointerDragScrolls || (attachedWindow?.pointerEmulatesTouch ?? false)
    }

    /// Whether the container takes part in the arbitration of touch `id`: fingers whenever scrolling is enabled;
    /// the pointer's press (`Touch.pointerID`) when it drags here or catches a motion (rule 2.8).
    ///
    /// A container tracks fingers or the pointer, never both, so `wl_touch.cancel` leaves a pointer drag alone.
    /// It never joins a sequence an ancestor drags (§2.7): it could later claim the same finger and both would scroll.
    func takesPartInDrag(touch id: Int) -> Bool {
        guard isScrollEnabled, !tracksOtherDevice(than: id), !hasDraggingAncestor(joinedBy: id) else { return false }
        guard id == Touch.pointerID else { return true }
        return dragsWithPointer || arbitration.isMovingWithoutFingers
    }

    func tracksOtherDevice(than id: Int) -> Bool {
        guard hasFingers else { return false }
        return tracksFinger(Touch.pointerID) != (id == Touch.pointerID)
    }

    /// Whether a participant above this one drags a sequence touch `id` joins (one of the same device).
    private func hasDraggingAncestor(joinedBy id: Int) -> Bool {
        var view = superview
        while let current = view {
            if current.touchParticipant?.dragsContent(withDeviceOf: id) == true { return true }
            view = current.superview
        }
        return false
    }

    // MARK: - Wheel

    /// A wheel moved by `value` units (120 per detent; positive increases the offset) along `axis` at `time`.
    func wheelScroll(_ axis: Axis, units value: Double, at time: Duration) {
        guard value.isFinite, value != 0, canStep(along: axis), !arbitration.isTracking else { return }
        // Beyond a million detents nothing changes (the range ends first); bounding keeps the sums exact.
        let units = min(max(value, -1.2e8), 1.2e8)
        let policy = makePolicy()
        var run = currentStepRun(axis, policy: policy)
        if policy.pagingAxes.contains(axis) {
            run.pageUnits += units
            let pages = (run.pageUnits / ScrollContainer.wheelUnitsPerDetent).rounded(.towardZero)
            run.pageUnits -= pages * ScrollContainer.wheelUnitsPerDetent
            pointerScroll.stepTargets[axis] = run
            guard pages != 0 else { return }
            // Detents past the first or last page go up the chain, 48 pt each (<doc:ScrollBehaviour> §14: paging
            // containers chain too).
            let from = policy.nearestPageIndex(to: run.target, axis)
            let room = Double(pages > 0 ? policy.lastPageIndex(axis) - from : from)
            let used = pages > 0 ? min(pages, room) : max(pages, -room)
            if used != 0 { stepPages(axis, by: Int(used), run: run, policy: policy, at: time) }
            if pages != used {
                handWheelOn(axis, distance: (pages - used) * ScrollContainer.wheelDetentDistance, at: time)
            }
            return
        }
        var excess = 0.0
        let target = run.addWheel(
            units, distancePerDetent: ScrollContainer.wheelDetentDistance,
            unitsPerDetent: ScrollContainer.wheelUnitsPerDetent,
            lower: policy.minOffset[axis], upper: policy.maxOffset[axis], excess: &excess)
        finishWheelStep(axis, run: run, target: target, direction: units, excess: excess, policy: policy, at: time)
    }

    /// Ends a wheel step heading for `target`: snap points (§15) move it to the snap offset not behind it in its
    /// `direction` and the run re-anchors there, so each further detent goes on to the next one, as browsers do; then
    /// `excess` (points the range could not hold) goes up the chain (§14).
    func finishWheelStep(
        _ axis: Axis, run: ScrollStepTargets.Run, target: Double, direction: Double,
        excess: Double, policy: ScrollPolicy, at time: Duration
    ) {
        var run = run
        var target = target
        if let snapped = policy.snapTarget(axis, natural: target, direction: direction) {
            run.move(to: snapped)
            target = snapped
        }
        pointerScroll.stepTargets[axis] = run
        step(axis, to: target, paged: false, policy: policy, at: time)
        if excess != 0 { handWheelOn(axis, distance: excess, at: time) }
    }

    // MARK: - Continuous devices

    /// A continuous device moved `distance` points along `axis` (positive increases the offset).
    func continuousScroll(_ axis: Axis, by distance: Double) {
        guard distance.isFinite, distance != 0, canStep(along: axis), !arbitration.isTracking else { return }
        let policy = makePolicy()
        let target = policy.clamp(contentOffset[axis] + distance, axis)
        pointerScroll.stepTargets[axis].restart(at: target)
        applyStepAtOnce(axis, target)
    }

    // MARK: - Touchpad

    var isTouchpadScrolling: Bool { arbitration.isPointerScrolling }

    /// Touchpad fingers (a scroll or a pinch) take the container: a running motion stops where the last frame put
    /// it. False when fingers on the screen own the container (the gesture is ignored).
    func beginPointerGesture() -> Bool {
        switch arbitration.pointerScrollBegan() {
        case .ignore:
            return false
        case .stopAnimation:
            motion = ScrollMotion(start: .zero)
        case .none:
            break
        }
        return true
    }

    /// Touchpad fingers moved by `delta` (points; zero on the axes not routed here) at `time`.
    func touchpadScroll(by delta: Point, at time: Duration) {
        guard delta.isFinite, isScrollEnabled else { return }
        if !arbitration.isPointerScrolling {
            guard beginPointerGesture() else { return }
            pointerScroll.velocityTracker.reset()
            pointerScroll.touchpadTravel = .zero
            pointerScroll.touchpadLock = nil
            showIndicators()
            gatherPointerChain()
        }
        var delta = delta
        if isDirectionalLockEnabled {
            if pointerScroll.touchpadLock == nil && delta != .zero {
                pointerScroll.touchpadLock = abs(delta.x) > abs(delta.y) ? .horizontal : .vertical
            }
            if let locked = pointerScroll.touchpadLock { delta[locked.other] = 0 }
        }
        let policy = makePolicy()
        var offset = contentOffset
        var chained: Axis.Set = []
        for axis in Axis.allCases where delta[axis] != 0 && policy.scrollable.contains(axis) {
            if chainReaches(along: axis) {
                chained.insert(Axis.Set(axis))
                continue
            }
            // Through the "raw" offset, as a touch drag: rubber band outside, no jump back from an overscroll,
            // and an offset the app set during the gesture is where it continues from.
            let raw = policy.raw(displayed: offset[axis], axis) + delta[axis]
            offset[axis] = policy.displayed(raw: raw, axis)
        }
        pointerScroll.touchpadTravel += delta
        pointerScroll.velocityTracker.addSample(pointerScroll.touchpadTravel, at: time)
        applyOffset(offset)
        if !chained.isEmpty {
            for axis in Axis.allCases where chained.contains(Axis.Set(axis)) {
                handOut(delta[axis], along: axis, pointer: true)
            }
            for link in chain.links { link.chainedMotionFinished() }
        }
        finishChange()
    }

    /// The touchpad fingers left (`axis_stop`) at `time`: the measured velocity starts the release motion, handed
    /// on up the chain where this container is at its edge (<doc:ScrollBehaviour> §14). A container that only
    /// follows a chained swipe is ended by the one latched (a stop on its own axis waits for that).
    func touchpadEnded(at time: Duration) {
        guard arbitration.isPointerScrolling, !chain.isFollower else { return }
        let measured = handOffPointerRelease(pointerScroll.velocityTracker.velocity(at: time), at: time)
        releaseTouchpad(measured: measured, at: time)
        endChain(keepingLinks: arbitration.isDecelerating)
    }

    /// Ends a touchpad gesture with `measured` (points per second): a release motion as for a touch fling, or rest.
    func releaseTouchpad(measured: Point, at time: Duration) {
        guard arbitration.isPointerScrolling else { return }
        let policy = makePolicy()
        let velocity = policy.releaseVelocity(measured, lock: .none)
        let target = policy.naturalTarget(from: contentOffset, velocity: velocity)
        let planned = policy.releaseMotion(
            from: contentOffset, velocity: velocity, target: target,
            overridden: [], at: time)
        let action = arbitration.pointerScrollEnded(release: planned.isIdle ? .stays : .moves)
        perform(action, at: time, planned: planned)
        finishChange()
    }

    // MARK: - Steps (wheel and keys)

    /// The run of steps along `axis` to extend: the current one while a step runs there (or an immediate step left
    /// the offset on its target), else a new one from the clamped offset.
    func currentStepRun(_ axis: Axis, policy: ScrollPolicy) -> ScrollStepTargets.Run {
        var run = pointerScroll.stepTargets[axis]
        let moving = arbitration.isAnimating && !motion[axis].isNone
        let continues = moving ? motion[axis].isStep : contentOffset[axis] == run.target
        if !continues { run.restart(at: policy.clamp(contentOffset[axis], axis)) }
        return run
    }

    /// Moves the target of `run` along paging `axis` by `pages` pages, from the page it was heading to.
    func stepPages(
        _ axis: Axis, by pages: Int, run: ScrollStepTargets.Run, policy: ScrollPolicy,
        at time: Duration
    ) {
        var run = run
        let last = policy.lastPageIndex(axis)
        let from = policy.nearestPageIndex(to: run.target, axis)
        let index = pages >= 0 ? min(last, from + min(pages, last)) : max(0, from - min(-pages, last))
        let target = policy.boundary(index, axis)
        run.move(to: target)
        pointerScroll.stepTargets[axis] = run
        step(axis, to: target, paged: true, policy: policy, at: time)
    }

    /// Goes to `target` along `axis`: a 0.1 s step (or the page snap spring when `paged`) when
    /// `smoothWheelScrolling` and in a window without reduced motion, else at once.
    func step(_ axis: Axis, to target: Double, paged: Bool, policy: ScrollPolicy, at time: Duration) {
        guard target.isFinite, !arbitration.isTracking else { return }
        guard smoothWheelScrolling, let window = attachedWindow, !window.reducesMotion else {
            applyStepAtOnce(axis, target)
            return
        }
        // Start no earlier than the last frame, so that the new curve continues what is on screen.
        let now = max(time, window.now)
        let wasAnimating = arbitration.isAnimating
        let running = wasAnimating && !motion[axis].isNone && !motion.isDone(axis, at: now)
        let from = running ? (motion.position(axis, at: now) ?? contentOffset[axis]) : contentOffset[axis]
        let speed = running ? motion.velocity(at: now)[axis] : 0
        if !running && abs(target - from) <= ScrollPolicy.restTolerance {
            if target != contentOffset[axis] { applyStepAtOnce(axis, target) }
            return
        }
        guard arbitration.stepAnimation() == .startAnimation else { return }
        if !wasAnimating { motion = ScrollMotion(start: now) }
        let axisMotion: AxisMotion
        if paged, case .spring(let spring) = policy.pageSnap(from: from, velocity: speed, to: target) {
            axisMotion = .pageStep(spring)
        } else {
            let distance = target - from
            // Extending a step the same way: never slower than the step's average speed, so a nearly stopped
            // step does not crawl off again.
            var start: Double?
            if running && speed * distance > 0 {
                let average = distance / ScrollContainer.stepAnimationDuration.inSeconds
                start = abs(speed) > abs(average) ? speed : average
            }
            axisMotion = .step(
                ScrollStepAnimation(
                    from: from, to: target,
                    duration: ScrollContainer.stepAnimationDuration.inSeconds,
                    initialVelocity: start))
        }
        motion.replace(axis, with: axisMotion, startingAt: now)
        showIndicators()
        window.addAnimator(animationDriver)
        finishChange()
    }

    /// Puts `axis` at `target` now. A motion along the other axis goes on; otherwise the content is at rest.
    func applyStepAtOnce(_ axis: Axis, _ target: Double) {
        var offset = contentOffset
        offset[axis] = target
        if arbitration.isAnimating && !motion[axis.other].isNone {
            motion[axis] = .none
            applyOffset(offset)
            finishChange()
        } else {
            assignContentOffset(offset)
        }
    }

    /// A pointer press: running wheel and key steps end at once, at their targets (a tween is not a fling to catch).
    func completeStepAnimations(at time: Duration) {
        guard arbitration.isAnimating, motion.horizontal.isStep || motion.vertical.isStep else { return }
        var offset = contentOffset
        for axis in Axis.allCases where motion[axis].isStep {
            if let end = motion.finalPosition(axis) { offset[axis] = end }
            motion[axis] = .none
        }
        applyOffset(offset)
        if motion.isIdle {
            motion = ScrollMotion(start: .zero)
            // The other axis may rest past an edge (a touchpad overscroll a key step interrupted): spring back first.
            finishMotion(at: time)
        }
        finishChange()
    }
}

extension ScrollContainer {
    /// Wheel steps and touchpad swipes in progress (<doc:ScrollBehaviour> §7).
    struct PointerScrollState {
        /// Touchpad release velocity, fed with the gesture's travel (touch releases use `fingers`, per finger).
        var velocityTracker = VelocityTracker()
        var stepTargets = ScrollStepTargets()
        /// Touchpad motion since the gesture began, points.
        var touchpadTravel: Point = .zero
        /// The axis a locked touchpad gesture keeps to (its first event's dominant one).
        var touchpadLock: Axis?
    }
}
