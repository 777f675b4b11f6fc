// Prefetching (<doc:ScrollBehaviour> §20): after each layout pass, the items about to come into view are handed to
// the data source ahead of the motion, and cancelled when it turns back (`ItemPrefetcher` decides). The data source
// starts its loads there, off the main thread, and hands the results back to the main actor; the frame never waits
// for them (the view shows a placeholder until they arrive). How: <doc:ScrollBehaviour> §20.

extension LazyItemContainer {
    /// Tells the data source which items to prefetch or cancel after a layout pass.
    func updatePrefetching() {
        let layout = itemLayout
        let height = bounds.height
        guard layout.count > 0, height > 0 else { return }
        let visible = visibleItemRange
        let below = layout.items(meetingTop: bounds.maxY, bottom: bounds.maxY + height)
        let above = layout.items(meetingTop: bounds.minY - height, bottom: bounds.minY)
        let step = items.prefetcher.update(
            offset: contentOffset.y, time: attachedWindow?.now, visible: visible,
            alive: items.first..<items.end, below: below, above: above,
            visibleHeight: height)
        if !step.cancel.isEmpty { send(step.cancel, descending: false, cancel: true) }
        if !step.prefetch.isEmpty { send(step.prefetch, descending: step.descending, cancel: false) }
    }

    /// Fills the kept buffer with `range` (in the order asked) and hands it over.
    private func send(_ range: Range<Int>, descending: Bool, cancel: Bool) {
        var buffer = items.prefetchBuffer
        items.prefetchBuffer = []
        buffer.removeAll(keepingCapacity: true)
        if descending {
            var item = range.upperBound - 1
            while item >= range.lowerBound {
                buffer.append(item)
                item -= 1
            }
        } else {
            for item in range { buffer.append(item) }
        }
        if cancel { cancelPrefetching(buffer) } else { prefetch(buffer) }
        items.prefetchBuffer = buffer
    }
}
