// Scrolling from a pointer (<doc:ScrollBehaviour> §7): wheel detents, touchpad gestures and continuous devices, routed
// here one axis at a time by the window's `PointerRouter`; wheel and key steps; and whether a primary-button
// drag scrolls this container.
//
// Rules (numbers from the spec, the rest chosen here where it is silent):
// - Wheel (`AxisSource.wheel`, 120 units per detent): 48 pt per detent, proportional (40 units scroll 16 pt at
//   once), with exact totals (see `ScrollStepTargets`). Smooth (`smoothWheelScrolling`, default): each event
//   animates to the new target over 0.1 s (`ScrollStepAnimation`); an event during a step extends it from the
//   position and speed the content has, so there is no stutter. Otherwise the offset jumps there. Always
//   clamped to the range: no rubber band and no kinetic tail from a wheel. On a paging axis, each whole detent
//   moves one page (partial detents gather until they make one), with the page snap spring.
// - Touchpad (`AxisSource.finger`): the content follows the fingers 1:1 while they move, velocity tracked with
//   `VelocityTracker` on the accumulated motion. Past an edge, with `bounces`, the overscroll is the rubber band
//   of a touch drag (the gesture "continues" past the edge); without `bounces` it clamps. On `axis_stop` the
//   measured velocity starts the same release motion as a touch fling (`ScrollPolicy`: deceleration with
//   bounce at the edges, spring back from an overscroll, page snap when paging). Notifications: `didScroll` and
//   observers throughout, `willBeginDecelerating` / `didEndDecelerating` around the motion after the stop, and
//   no dragging callbacks (`isDragging` stays false): a touchpad is not a finger on the content (GTK's reading).
//   A new touchpad event during that motion stops it and tracks again; a touch down (or a pointer press)
//   catches it as any motion (rule 2.8). With `isDirectionalLockEnabled`, the gesture and its motion keep to
//   the dominant axis of its first event (vertical on a tie), as a locked drag does.
// - Nested along one axis (§14), a wheel sequence or touchpad swipe latches on the innermost container that can
//   move its way and hands what that one cannot use up the chain: ScrollContainer+PointerChaining.swift.
// - Continuous devices (`AxisSource.continuous`: no `axis_stop` ever comes): 1:1 in points, clamped, applied
//   at once, no kinetic tail (there is no stop to start one from, and nothing would end an overscroll).
// - While fingers on the screen track the container, pointer and key scrolling are ignored: the fingers own
//   the offset.
// - A wheel or key step along one axis replaces a running motion along that axis; a motion along the other axis
//   goes on. A pointer press completes running steps at once (the content jumps to where the step was going)
//   and the press then reaches the content: steps are 0.1 s tweens, not flings to catch.
// - `wl_pointer.axis_relative_direction` (pointer v9, "natural scrolling" on the device) is not available:
//   the system's libwayland (1.21) predates it. Compositors already invert `axis` values for natural
//   scrolling, so values are taken as they come: positive increases `contentOffset`.

extension ScrollContainer {
    /// Wheel units in one detent (`AxisEvent` values for `.wheel`, as `axis_value120`). Fixed.
    public static let wheelUnitsPerDetent = 120.0
    /// Points scrolled per wheel detent. Fixed.
    public static let wheelDetentDistance = 48.0
    /// How long a smooth wheel or key step takes. Fixed.
    public static let stepAnimationDuration: Duration = .milliseconds(100)

    // MARK: - Who scrolls

    /// Whether a wheel, a continuous device or a key can move the content along `axis`: scrolling enabled and
    /// a non-empty range (an `alwaysBounce...` axis with nothing to scroll leaves the wheel to outer containers).
    func canStep(along axis: Axis) -> Bool {
        isScrollEnabled && makePolicy().hasRange(axis)
    }

    /// Whether a touchpad gesture can move the content along `axis`: scrolling enabled and the axis scrollable
    /// (a range, or `alwaysBounce...` for the rubber band).
    func canTouchpadScroll(along axis: Axis) -> Bool {
        isScrollEnabled && makePolicy().scrollable.contains(axis)
    }

    /// Whether a primary-button drag scrolls this container like one finger: `pointerDragScrolls`, or the
    /// window's `pointerEmulatesTouch` (the window-wide switch, e.g. the gallery's `--pointer-drag`).
    public var dragsWithPointer: Bool {
        pointerDragScrolls || (attachedWindow?.pointerEmulatesTouch ?? false)
    }

    /// Whether the container takes part in the arbitration of touch `id`. Fingers: whenever scrolling is
    /// enabled. The pointer's primary button (`Touch.pointerID`): when it drags here, or when the
    /// content is moving (the press catches the motion, rule 2.8); otherwise the press goes straight to the
    /// content, which sees it as a touch (a `Button` highlights and fires as under a finger).
    ///
    /// The pointer and the fingers are separate sequences: a container tracks one of them at a time. While
    /// fingers are on it, the pointer's press does not join them (it reaches the content as on a container that
    /// does not drag with the pointer), and while the pointer's press is on it, fingers do not join it. So the
    /// two never share a centroid, and `wl_touch.cancel`, which takes the fingers away, leaves a pointer drag
    /// alone (`TouchRouter.cancelAll`).
    ///
    /// Never while an ancestor container drags a sequence this touch would join (<doc:ScrollBehaviour> §2.7): a finger
    /// landing then joins that drag only (it steers the ancestor's centroid). Were this container to track it
    /// too, it could claim the same finger later and both would scroll with it.
    func takesPartInDrag(touch id: Int) -> Bool {
        guard isScrollEnabled, !tracksOtherDevice(than: id), !hasDraggingAncestor(joinedBy: id) else { return false }
        guard id == Touch.pointerID else { return true }
        return dragsWithPointer || arbitration.isMovingWithoutFingers
    }

    /// Whether the container tracks a sequence of the other device than touch `id` (fingers for the pointer's
    /// press, the pointer's press for a finger).
    private func tracksOtherDevice(than id: Int) -> Bool {
        guard hasFingers else { return false }
        return tracksFinger(Touch.pointerID) != (id == Touch.pointerID)
    }

    /// Whether a scroll container above this one drags a sequence touch `id` joins (one of the same device).
    /// Walks the superview chain (no allocation).
    private func hasDraggingAncestor(joinedBy id: Int) -> Bool {
        var view = superview
        while let current = view {
            if let container = current as? ScrollContainer, container.isDragging,
               !container.tracksOtherDevice(than: id) {
                return true
            }
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
        let target = run.addWheel(units, distancePerDetent: ScrollContainer.wheelDetentDistance,
                                  unitsPerDetent: ScrollContainer.wheelUnitsPerDetent,
                                  lower: policy.minOffset[axis], upper: policy.maxOffset[axis], excess: &excess)
        finishWheelStep(axis, run: run, target: target, direction: units, excess: excess, policy: policy, at: time)
    }

    /// Ends a wheel step (one of its own, or one handed on by a container inside) heading for `target`: snap
    /// points (<doc:ScrollBehaviour> §15) move it to the snap offset not behind it in its `direction`, and the run
    /// re-anchors there, so each further detent goes on to the next one (as browsers do with mandatory snapping)
    /// and the sequence always ends on a snap offset; then what the range could not hold (`excess`, points) goes up
    /// the chain (§14).
    func finishWheelStep(_ axis: Axis, run: ScrollStepTargets.Run, target: Double, direction: Double,
                         excess: Double, policy: ScrollPolicy, at time: Duration) {
        var run = run, target = target
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

    /// Whether touchpad fingers are scrolling the container (between the first event and `axis_stop`).
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
            // Along an axis the chain reaches, the delta is handed out after this loop (<doc:ScrollBehaviour> §14).
            if chainReaches(along: axis) {
                chained.insert(Axis.Set(axis))
                continue
            }
            // Through the finger's "raw" offset, as a touch drag: 1:1 inside, rubber band (or clamp) outside,
            // and back from an overscroll without a jump. Derived from the shown offset every time, so an
            // offset set by the app during the gesture is simply where it continues from.
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
            for link in chain.links where link.chain.isFollower { link.finishChange() }
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
        // A kinetic tail keeps the links, to hand its velocity on at this container's edge.
        endChain(keepingLinks: arbitration.isDecelerating)
    }

    /// Ends a touchpad gesture with `measured` (content points per second): the release motion as for a touch
    /// fling, or rest.
    func releaseTouchpad(measured: Point, at time: Duration) {
        guard arbitration.isPointerScrolling else { return }
        let policy = makePolicy()
        let velocity = policy.releaseVelocity(measured, lock: .none)
        let target = policy.naturalTarget(from: contentOffset, velocity: velocity)
        let planned = policy.releaseMotion(from: contentOffset, velocity: velocity, target: target,
                                           overridden: [], at: time)
        let action = arbitration.pointerScrollEnded(release: planned.isIdle ? .stays : .moves)
        perform(action, at: time, planned: planned)
        finishChange()
    }

    // MARK: - Steps (wheel and keys)

    /// The run of steps along `axis` to extend: the current one while a step runs there (or an immediate step
    /// left the offset on its target), otherwise a new one from the current offset, clamped.
    func currentStepRun(_ axis: Axis, policy: ScrollPolicy) -> ScrollStepTargets.Run {
        var run = pointerScroll.stepTargets[axis]
        let moving = arbitration.isAnimating && !motion[axis].isNone
        let continues = moving ? motion[axis].isStep : contentOffset[axis] == run.target
        if !continues { run.restart(at: policy.clamp(contentOffset[axis], axis)) }
        return run
    }

    /// Moves the target of `run` (from `currentStepRun`) along paging `axis` by `pages` pages, from the page it
    /// was heading to, and goes there with the page snap spring (or at once).
    func stepPages(_ axis: Axis, by pages: Int, run: ScrollStepTargets.Run, policy: ScrollPolicy,
                   at time: Duration) {
        var run = run
        let last = policy.lastPageIndex(axis)
        let from = policy.nearestPageIndex(to: run.target, axis)
        let index = pages >= 0 ? min(last, from + min(pages, last)) : max(0, from - min(-pages, last))
        let target = policy.boundary(index, axis)
        run.move(to: target)
        pointerScroll.stepTargets[axis] = run
        step(axis, to: target, paged: true, policy: policy, at: time)
    }

    /// Goes to `target` along `axis`: smoothly (a 0.1 s step, or the page snap spring when `paged`) when
    /// `smoothWheelScrolling` and in a window, else at once.
    func step(_ axis: Axis, to target: Double, paged: Bool, policy: ScrollPolicy, at time: Duration) {
        guard target.isFinite, !arbitration.isTracking else { return }
        guard smoothWheelScrolling, let window = attachedWindow else {
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
            // Extending a step in the same direction: start at the current speed, but never slower than the
            // step's average speed (a step that had nearly stopped must not crawl off again).
            var start: Double?
            if running && speed * distance > 0 {
                let average = distance / ScrollContainer.stepAnimationDuration.inSeconds
                start = abs(speed) > abs(average) ? speed : average
            }
            axisMotion = .step(ScrollStepAnimation(from: from, to: target,
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

    /// A pointer press: running wheel and key steps end at once, at their targets.
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
            // As at the end of any motion: the other axis may rest past an edge (a touchpad swipe's overscroll
            // that a key step interrupted; found by the fuzzer, Fuzz/), and then springs back first.
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
        /// Where wheel and key steps are heading, per axis (`+Pointer.swift`).
        var stepTargets = ScrollStepTargets()
        /// Touchpad motion since the gesture began, points (the velocity tracker's positions).
        var touchpadTravel: Point = .zero
        /// The axis a touchpad gesture keeps to, with `isDirectionalLockEnabled` (decided by its first event).
        var touchpadLock: Axis?
    }
}
