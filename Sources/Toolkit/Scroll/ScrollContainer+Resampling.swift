// Touch resampling (<doc:ScrollBehaviour> §22). The drag state follows the raw samples as they come: arbitration,
// slop, rubber band, chaining and the observers that run at event time see exactly what they saw without
// resampling. At each frame a finger drag re-applies the same drag mapping to the fingers' translation resampled 5 ms
// before the display refresh the frame is drawn for, so the offset a frame shows steps evenly; `contentOffset` then reads
// that shown value until the next sample applies raw again. `drag.shownTranslation` says which translation the
// offset shows, so a re-anchoring (a finger joining, a resize) keeps it. The lift applies the last raw sample
// exactly before the release is planned from raw velocities. A pointer's drag is never resampled.

extension ScrollContainer {
    /// What a sequence's resampling holds (`drag.resample`).
    struct ResampleState {
        /// The fingers' translation over time (window points), since the drag began.
        var samples = TouchResampler()
        /// Whether this sequence's drag is resampled: a touch (not the pointer) in a window that resamples.
        var isActive = false
        /// Where the raw samples left the chain while a frame shows a resampled translation: the hand-off is
        /// incremental (what a link's range clamps is passed on), so a frame's step ahead and the step back would
        /// split the motion between the links differently. The next application starts from here again.
        var raw: RawChain?
        /// The frame that shows a silent finger resting at its newest sample, once the prediction has stopped.
        var restTimer: TimerQueue.ID?
        /// Where the raw samples left the chain after each recent sample: a frame hands out from there.
        var history = ChainHistory()
    }

    /// The chain as the raw samples left it (`ResampleState.raw`).
    struct RawChain {
        var offset: Point
        var translation: Point
        var overscroll: Point
    }

    /// Before a frame applies a resampled translation for `instant`: remembers where the raw samples left this
    /// container and its chain (once: a state already saved is the raw one), then puts the chain where the raw
    /// samples left it at the newest sample at or before `instant`, for the frame to hand out from.
    func saveRawChain(base instant: Duration) {
        guard !chain.links.isEmpty else { return }
        if drag.resample.raw == nil {
            drag.resample.raw = RawChain(
                offset: contentOffset, translation: chain.translation, overscroll: chain.overscroll)
            chain.rawLinkOffsets.removeAll(keepingCapacity: true)
            for link in chain.links { chain.rawLinkOffsets.append(link.chainedContentOffset) }
        }
        let history = drag.resample.history
        guard let base = history.base(at: instant), history.linkCount(base) == chain.links.count else { return }
        for index in 0..<chain.links.count {
            let offset = history.linkOffset(base, link: index)
            if chain.links[index].chainedContentOffset != offset { chain.links[index].chainedContentOffset = offset }
        }
        chain.translation = history.translation(base)
        chain.overscroll = history.overscroll(base)
        if contentOffset != history.offset(base) { applyOffset(history.offset(base)) }
    }

    /// After the raw samples of `time` applied: where they left the chain (`ChainHistory`).
    func recordRawChain(at time: Duration) {
        guard arbitration.isDragging, !chain.isFollower, !chain.links.isEmpty,
            chain.links.count <= ChainHistory.linkCapacity
        else {
            drag.resample.history.reset()
            return
        }
        restoreRawChain()
        drag.resample.history.add(
            time: time, offset: contentOffset, translation: chain.translation, overscroll: chain.overscroll,
            links: chain.links)
    }

    /// Before the next application (a raw sample, a frame, the lift): the chain goes back to where the raw samples
    /// left it, so at the lift every container is exactly where it would be without resampling.
    func restoreRawChain() {
        guard let raw = drag.resample.raw else { return }
        drag.resample.raw = nil
        for (index, offset) in chain.rawLinkOffsets.enumerated() where index < chain.links.count {
            if chain.links[index].chainedContentOffset != offset { chain.links[index].chainedContentOffset = offset }
        }
        chain.rawLinkOffsets.removeAll(keepingCapacity: true)
        chain.translation = raw.translation
        chain.overscroll = raw.overscroll
        if contentOffset != raw.offset { applyOffset(raw.offset) }
    }

    /// The offsets shown become the base (a re-anchoring): nothing to go back to.
    func forgetRawChain() {
        drag.resample.history.reset()
        guard drag.resample.raw != nil else { return }
        drag.resample.raw = nil
        chain.rawLinkOffsets.removeAll(keepingCapacity: true)
    }

    /// A touch sequence begins: resampled if the window says so and the fingers are a touchscreen's.
    func beginResampling(touch id: Int) {
        forgetRawChain()
        cancelRestTimer()
        drag.resample.samples.reset()
        drag.resample.isActive = id != Touch.pointerID && (attachedWindow?.resamplesTouches ?? false)
        drag.shownTranslation = nil
    }

    /// The drag begins at `time`: the translation is sampled from here on, so a frame never shows the finger from
    /// before the slop was crossed.
    func resamplingDragBegan(at time: Duration) {
        drag.resample.samples.reset()
        drag.resample.history.reset()
        drag.resample.samples.add(fingers.translation, at: time)
    }

    /// A touch frame committed the fingers' moves at `time`: one more sample, and frames while it can change what
    /// they show.
    func resamplingSampled(at time: Duration) {
        guard drag.resample.isActive else { return }
        cancelRestTimer()
        drag.resample.samples.add(fingers.translation, at: time)
        recordRawChain(at: time)
        if arbitration.isDragging, let window = attachedWindow, window.resamplesTouches {
            window.addAnimator(animationDriver)
        }
    }

    /// The last finger is about to lift: the offset shows its last raw sample exactly (nothing is lost), and its
    /// `didScroll` and observers run now, before the release asks `willEndDragging`.
    func applyLastSampleBeforeLift() {
        cancelRestTimer()
        guard drag.shownTranslation != nil, arbitration.isDragging else { return }
        applyDrag()
        notifications.effects.push(.notifyObservers)
        drainEffects()
    }

    /// At a frame: the drag shows the fingers resampled 5 ms before the refresh the frame is drawn for. Returns whether later frames
    /// may still show something else (until the finger is found resting).
    func stepResampledDrag() -> Bool {
        guard drag.resample.isActive, arbitration.isDragging, hasFingers, isScrollEnabled, !chain.isFollower,
            !zoomState.pinch.isActive, let window = attachedWindow
        else { return false }
        guard window.resamplesTouches else {
            // Turned off during a drag: the raw samples apply again.
            if drag.shownTranslation != nil { applyDrag() }
            return false
        }
        let instant = window.frameRefreshTime - TouchResampler.latency
        guard let resampled = drag.resample.samples.position(at: instant),
            let newest = drag.resample.samples.newest
        else { return false }
        let shown = ScrollContainer.onTouchGrid(resampled)
        applyDrag(translation: shown, at: instant)
        // Past the 8 ms cap the finger shown stands still: no frame until it is found resting at its newest sample
        // (a frame then, if the prediction left it elsewhere), or until the next sample. Nor while what the cap
        // would show is what this frame shows (one sample, or a still finger): such a frame would change nothing.
        let cap = newest.time + TouchResampler.maximumPrediction
        if instant < cap, let ahead = drag.resample.samples.position(at: cap),
            ScrollContainer.onTouchGrid(ahead) != shown
        {
            return true
        }
        if shown != ScrollContainer.onTouchGrid(newest.position), drag.resample.restTimer == nil {
            let rest = newest.time + TouchResampler.restingGap + TouchResampler.latency
            drag.resample.restTimer = window.timers.schedule(at: max(rest, window.now), timerActions.rest)
        }
        return false
    }

    /// The finger has been silent past the resting gap: the offset shows its newest sample (`TouchResampler`).
    func resampledFingerRests() {
        drag.resample.restTimer = nil
        guard drag.resample.isActive, arbitration.isDragging, drag.shownTranslation != nil, hasFingers,
            isScrollEnabled, !chain.isFollower, !zoomState.pinch.isActive,
            let newest = drag.resample.samples.newest
        else { return }
        applyDrag(translation: ScrollContainer.onTouchGrid(newest.position), at: newest.time)
        finishChange()
    }

    func cancelRestTimer() {
        guard let timer = drag.resample.restTimer else { return }
        drag.resample.restTimer = nil
        attachedWindow?.timers.cancel(timer)
    }

    /// Touch coordinates' precision (1/256 pt, Wayland's `wl_fixed`): a resampled translation is rounded to it, so a
    /// chained drag's hand-off arithmetic, exact on such values, lands where the raw samples alone would have put it.
    static let touchGrid = 256.0

    static func onTouchGrid(_ point: Point) -> Point {
        Point(x: (point.x * touchGrid).rounded() / touchGrid, y: (point.y * touchGrid).rounded() / touchGrid)
    }
}
