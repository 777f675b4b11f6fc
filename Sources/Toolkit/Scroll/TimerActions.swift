/// The actions of the container's timers, made once so that no closure is made per touch. Unowned, not weak (slow
/// retains): a window's timer lives only while the container is in that window, whose tree owns it.
@MainActor
struct TimerActions {
    let delay: @MainActor () -> Void
    let fade: @MainActor () -> Void
    let scrub: @MainActor () -> Void
    let rest: @MainActor () -> Void

    init(container: ScrollContainer) {
        delay = { [unowned container] in container.contentDelayElapsed() }
        fade = { [unowned container] in container.startIndicatorFade() }
        scrub = { [unowned container] in container.scrubDelayElapsed() }
        rest = { [unowned container] in container.resampledFingerRests() }
    }
}
