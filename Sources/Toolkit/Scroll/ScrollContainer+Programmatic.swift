// Scrolling asked by the app: animated offsets (0.3 s ease-out, or a spring that keeps the current velocity) and
// scrolling a rectangle into view.

extension ScrollContainer {
    /// How long an animated offset change takes.
    static let programmaticAnimationDuration: Duration = .milliseconds(300)

    /// Moves the content to `offset` (points), at once or over 0.3 s ease-out: as `setContentOffset(_:animation:)`.
    public func setContentOffset(_ offset: Point, animated: Bool) {
        setContentOffset(
            offset,
            animation: animated
                ? .easeOut(duration: ScrollContainer.programmaticAnimationDuration) : .none)
    }

    /// Moves the content to `offset` (points) with `animation` (<doc:ScrollBehaviour> §8 and §15). `.none` sets it as
    /// given; animated, the target is clamped into the range, replaces any running motion, and sends `didScroll` per
    /// frame and `didEndScrollingAnimation` at the end. `.spring` starts with the content's current velocity, so the
    /// motion changes course without a stop. With fingers down or no window it applies at once. Non-finite: ignored.
    public func setContentOffset(_ offset: Point, animation: ScrollAnimation) {
        guard offset.isFinite else { return }
        if case .none = animation {
            contentOffset = offset
            return
        }
        let target = makePolicy().clamp(offset)
        guard let window = attachedWindow else {
            contentOffset = target
            return
        }
        let current = contentOffset
        if target == current && !arbitration.isAnimating { return }
        // The velocity of whatever moves the content now, read before the arbitration forgets that motion.
        let now = window.now
        let velocity = arbitration.isAnimating ? motion.velocity(at: now) : .zero
        switch arbitration.programmaticAnimation() {
        case .startAnimation:
            var planned = ScrollMotion(start: now)
            for axis in Axis.allCases {
                switch animation {
                case .none:
                    break
                case .easeOut(let duration):
                    guard target[axis] != current[axis] else { continue }
                    planned[axis] = .ease(
                        EaseOutAnimation(
                            from: current[axis], to: target[axis],
                            duration: max(.zero, duration).inSeconds))
                case .spring(let response, let dampingRatio):
                    guard target[axis] != current[axis] || velocity[axis] != 0 else { continue }
                    planned[axis] = .dampedSpring(
                        DampedSpringSimulation(
                            position: current[axis], velocity: velocity[axis], target: target[axis],
                            response: response.inSeconds, dampingRatio: dampingRatio))
                }
            }
            // Reduced motion: the same motion, over by the next frame (its notifications all the same).
            startMotion(window.reducesMotion ? planned.jumpingToEnd() : planned)
            finishChange()
        case .applyImmediately:
            contentOffset = target
        }
    }

    /// Scrolls the least amount that shows `rect` (content points), at once or animated; a rect larger than the
    /// container aligns its top-left corner. Clamped into the range, then moved to the nearest snap offset.
    public func scrollRectToVisible(_ rect: Rect, animated: Bool) {
        guard rect.origin.isFinite, rect.size.isFinite else { return }
        let size = bounds.size
        var target = contentOffset
        for axis in Axis.allCases {
            let start = rect.origin[axis]
            let length = max(0, rect.size[axis])
            let visible = size[axis]
            if start < target[axis] || length > visible {
                target[axis] = start
            } else if start + length > target[axis] + visible {
                target[axis] = start + length - visible
            }
        }
        let policy = makePolicy()
        target = policy.clamp(target)
        for axis in Axis.allCases {
            if let snapped = policy.snapTarget(axis, natural: target[axis], direction: 0) { target[axis] = snapped }
        }
        guard target != contentOffset else { return }
        setContentOffset(target, animated: animated)
    }
}
