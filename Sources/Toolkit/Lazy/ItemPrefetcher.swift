// Which items a lazy list or grid asks its data source to prefetch (<doc:ScrollBehaviour> §20), as a value that
// returns what to ask and what to cancel at each layout pass.
//
// Rules:
// - Ahead of the motion: while the content moves down (the offset grows) the items of the lines within one visible
//   height below the visible rect, in item order (nearest first); moving up, those within one visible height above
//   it, in descending order (nearest first). Items already alive are not asked (they are shown or were just shown).
//   Each item is asked once while it stays ahead.
// - The asked items form one run, `pending`, between the visible items and the far end of the window. Items that
//   come into view leave it (they were used). Items the visible rect jumped over without showing (a programmatic
//   jump) are cancelled.
// - When the motion reverses, every pending item is cancelled (the user turned back before reaching them).
// - Faster than `speedLimit` (visible heights per second) nothing new is asked: at that speed the window ahead
//   passes in under a quarter of a second, so a fling would only pass the items it asked for (Flutter defers the
//   same loads above a speed, `ScrollPhysics.recommendDeferredLoading`). When the motion slows down below it, the
//   window ahead is asked for again.
// Speed is measured between layout passes with a new offset on the window clock (passes at the same instant, such
// as anchoring corrections, do not count).

/// The prefetching state of one container; see the rules above.
struct ItemPrefetcher {
    /// Above this many visible heights per second, nothing new is prefetched.
    static let speedLimit = 4.0

    /// What one layout pass asks of the data source: cancel `cancel` (ascending), then prefetch `prefetch`
    /// (ascending, or descending when `descending`: nearest first either way).
    struct Step: Equatable {
        var cancel: Range<Int> = 0..<0
        var prefetch: Range<Int> = 0..<0
        var descending = false
    }

    /// Asked, not shown yet.
    private(set) var pending: Range<Int> = 0..<0
    /// +1: the offset grew last (down), -1: it shrank (up), 0: no motion yet.
    private(set) var direction = 0
    /// The speed at the last pass that moved, points per second (0 before a second pass).
    private(set) var speed = 0.0
    private var lastOffset: Double?
    private var lastTime: Duration?

    /// Forgets every item asked (after a reload or a batch, their numbers mean other items), without cancelling.
    mutating func forget() {
        pending = 0..<0
    }

    /// One layout pass: the offset (y) at window time `time` (nil: no clock, counted as slow), the visible items,
    /// the alive run, the visible height, and the items of the lines within one visible height below and above the
    /// visible rect (`below.upperBound`, `above.lowerBound` are used). Returns what to cancel and ask.
    mutating func update(
        offset: Double, time: Duration?, visible: Range<Int>, alive: Range<Int>,
        below: Range<Int>, above: Range<Int>, visibleHeight: Double
    ) -> Step {
        var step = Step()
        let delta = offset - (lastOffset ?? offset)
        if let time, let lastTime, delta != 0 {
            let seconds = (time - lastTime).inSeconds
            if seconds > 0 { speed = abs(delta) / seconds }
        }
        if delta != 0 || lastOffset == nil {
            lastOffset = offset
            lastTime = time
        }
        if delta != 0 {
            let moving = delta > 0 ? 1 : -1
            if direction != 0 && moving != direction && !pending.isEmpty {
                step.cancel = pending
                pending = 0..<0
            }
            direction = moving
        }
        guard !visible.isEmpty else { return step }
        // Items that came into view were used; items jumped over without being shown are cancelled.
        if !pending.isEmpty && step.cancel.isEmpty {
            if direction >= 0 {
                if pending.lowerBound < visible.lowerBound {
                    step.cancel = pending.lowerBound..<min(pending.upperBound, visible.lowerBound)
                }
                pending = max(pending.lowerBound, visible.upperBound)..<max(pending.upperBound, visible.upperBound)
            } else {
                if pending.upperBound > visible.upperBound {
                    step.cancel = max(pending.lowerBound, visible.upperBound)..<pending.upperBound
                }
                pending = min(pending.lowerBound, visible.lowerBound)..<min(pending.upperBound, visible.lowerBound)
            }
        }
        guard direction != 0, time == nil || speed <= ItemPrefetcher.speedLimit * visibleHeight else { return step }
        if direction > 0 {
            let start = max(visible.upperBound, alive.upperBound, pending.isEmpty ? 0 : pending.upperBound)
            let end = below.upperBound
            guard end > start else { return step }
            step.prefetch = start..<end
            pending = (pending.isEmpty ? start : pending.lowerBound)..<end
        } else {
            let end = min(
                visible.lowerBound, alive.isEmpty ? visible.lowerBound : alive.lowerBound,
                pending.isEmpty ? Int.max : pending.lowerBound)
            let start = above.lowerBound
            guard end > start else { return step }
            step.prefetch = start..<end
            step.descending = true
            pending = start..<(pending.isEmpty ? end : pending.upperBound)
        }
        return step
    }
}
