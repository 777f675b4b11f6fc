// Touch resampling (<doc:ScrollBehaviour> §22). The drag state follows the raw samples as they come: arbitration,
// slop, rubber band, chaining and the observers that run at event time see exactly what they saw without
// resampling. At each frame a finger drag re-applies the same drag mapping to the fingers' translation resampled at
// the frame's presentation time minus 5 ms, so the offset a frame shows steps evenly; `contentOffset` then reads
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
    }

    /// A touch sequence begins: resampled if the window says so and the fingers are a touchscreen's.
    func beginResampling(touch id: Int) {
        drag.resample.samples.reset()
        drag.resample.isActive = id != Touch.pointerID && (attachedWindow?.resamplesTouches ?? false)
        drag.shownTranslation = nil
    }

    /// The drag begins at `time`: the translation is sampled from here on, so a frame never shows the finger from
    /// before the slop was crossed.
    func resamplingDragBegan(at time: Duration) {
        drag.resample.samples.reset()
        drag.resample.samples.add(fingers.translation, at: time)
    }

    /// A touch frame committed the fingers' moves at `time`: one more sample, and frames while it can change what
    /// they show.
    func resamplingSampled(at time: Duration) {
        guard drag.resample.isActive else { return }
        drag.resample.samples.add(fingers.translation, at: time)
        if arbitration.isDragging, let window = attachedWindow, window.resamplesTouches {
            window.addAnimator(animationDriver)
        }
    }

    /// The last finger is about to lift: the offset shows its last raw sample exactly (nothing is lost), and its
    /// `didScroll` and observers run now, before the release asks `willEndDragging`.
    func applyLastSampleBeforeLift() {
        guard drag.shownTranslation != nil, arbitration.isDragging else { return }
        applyDrag()
        notifications.effects.push(.notifyObservers)
        drainEffects()
    }

    /// At a frame: the drag shows the fingers resampled for the frame's presentation. Returns whether later frames
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
        let instant = window.frameTargetTime - TouchResampler.latency
        guard let resampled = drag.resample.samples.position(at: instant),
            let newest = drag.resample.samples.newest
        else { return false }
        applyDrag(translation: ScrollContainer.onTouchGrid(resampled))
        return instant <= newest.time + TouchResampler.restingGap
    }

    /// Touch coordinates' precision (1/256 pt, Wayland's `wl_fixed`): a resampled translation is rounded to it, so a
    /// chained drag's hand-off arithmetic, exact on such values, lands where the raw samples alone would have put it.
    static let touchGrid = 256.0

    static func onTouchGrid(_ point: Point) -> Point {
        Point(x: (point.x * touchGrid).rounded() / touchGrid, y: (point.y * touchGrid).rounded() / touchGrid)
    }
}
