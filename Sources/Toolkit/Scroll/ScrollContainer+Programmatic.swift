// Scrolling asked by the app: animated offsets (0.3 s ease-out) and scrolling a rectangle into view.

extension ScrollContainer {
    /// How long an animated offset change takes.
    static let programmaticAnimationDuration: Duration = .milliseconds(300)

    /// Moves the content to `offset` (points), at once or over 0.3 s on an ease-out curve.
    ///
    /// Animated: the target is clamped into the scroll range; a running deceleration stops; `didScroll` is
    /// sent every frame and `didEndScrollingAnimation` once at the end; never the dragging callbacks. While
    /// fingers are down on the container, or it is in no window (no frames to animate with), the clamped
    /// target is applied at once instead. Not animated: the offset is set as given, like `contentOffset`.
    /// Non-finite values are ignored.
    public func setContentOffset(_ offset: Point, animated: Bool) {
        guard offset.isFinite else { return }
        guard animated else {
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
        switch arbitration.programmaticAnimation() {
        case .startAnimation:
            var planned = ScrollMotion(start: window.now)
            for axis in Axis.allCases where target[axis] != current[axis] {
                planned[axis] = .ease(EaseOutAnimation(from: current[axis], to: target[axis],
                                                       duration: ScrollContainer.programmaticAnimationDuration.inSeconds))
            }
            startMotion(planned)
            finishChange()
        case .applyImmediately:
            contentOffset = target
        }
    }

    /// Scrolls the least amount that shows `rect` (content coordinates, points), at once or animated. A rect
    /// larger than the container is aligned with its top-left corner. The result is clamped into the range.
    public func scrollRectToVisible(_ rect: Rect, animated: Bool) {
        guard rect.origin.isFinite, rect.size.isFinite else { return }
        let size = bounds.size
        var target = contentOffset
        for axis in Axis.allCases {
            let start = rect.origin[axis], length = max(0, rect.size[axis])
            let visible = size[axis]
            if start < target[axis] || length > visible {
                target[axis] = start
            } else if start + length > target[axis] + visible {
                target[axis] = start + length - visible
            }
        }
        target = makePolicy().clamp(target)
        guard target != contentOffset else { return }
        setContentOffset(target, animated: animated)
    }
}
