/// The actions of the container's timers (the content delay, the indicator fade, the scrub delay), made once so
/// that no closure is made per touch. Each refers to the container without owning it (the closures are the
/// container's own) and without a weak reference (which would put every retain of the container on the runtime's
/// slow path): a timer of a window lives only while the container is in that window (`hostWindowDidChange(from:)`
/// cancels them), and the window's tree owns the container meanwhile.
@MainActor
struct TimerActions {
    let delay: @MainActor () -> Void
    let fade: @MainActor () -> Void
    let scrub: @MainActor () -> Void

    init(container: ScrollContainer) {
        delay = { [unowned container] in container.contentDelayElapsed() }
        fade = { [unowned container] in container.startIndicatorFade() }
        scrub = { [unowned container] in container.scrubDelayElapsed() }
    }
}
