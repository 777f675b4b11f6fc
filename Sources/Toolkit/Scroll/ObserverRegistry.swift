/// The key-path observers of one object (a `ScrollContainer`), and the rules for calling them
/// (<doc:ScrollBehaviour> §9). The owner calls `rootDidChange(self)` after any mutation, changed or not; then:
/// - a handler runs only when its value differs from the last one that observer saw;
/// - handlers run after the mutation, in the order of the changes, then of registration;
/// - never from inside another handler: a nested `rootDidChange` only queues (<doc:Design>, "Effects after the
///   mutation"), and each observer sees a consistent chain (each old value is the previous new value);
/// - an invalidated observer is never called again; one registered during a pass starts from the current value.
///
/// Handlers that keep changing each other's values would never let a pass end: after `maximumCascadeRounds`
/// nested changes the pass drops its queue and resets each observer to the last value it was handed.
/// The token owns its entry (the registry holds it weakly), so a handler may capture the observed object.
@MainActor
final class ObserverRegistry<Root: AnyObject> {
    /// Nested `rootDidChange` calls with a change that one pass accepts before it cuts the cascade.
    static var maximumCascadeRounds: Int { 1000 }

    private struct WeakEntry {
        weak var entry: (any ObserverEntry<Root>)?
    }

    /// Registered observers in registration order.
    private var entries: [WeakEntry] = []
    /// Deliveries to make from `queueHead` on, one slot per pending change (or `.initial` call) of the entry.
    private var queue: [any ObserverEntry<Root>] = []
    private var queueHead = 0
    /// True during an outermost pass (sampling, then draining the queue).
    private var isDelivering = false
    /// True while key paths are read: a getter that mutates the root must not start another read.
    private var isSampling = false
    private var cascadeRounds = 0
    private var isCascadeCut = false

    init() {
        entries.reserveCapacity(4)
        queue.reserveCapacity(16)
    }

    var isEmpty: Bool {
        var index = 0
        while index < entries.count {
            if let entry = entries[index].entry, !entry.flag.isInvalidated { return false }
            index += 1
        }
        return true
    }

    /// Starts observing `keyPath` of `root` from its current value. With `.initial` the handler is called once with
    /// that value: before this returns, or right after the running handler. It lasts while the token lives.
    @discardableResult
    func observe<Value: Equatable>(
        _ keyPath: KeyPath<Root, Value>,
        on root: Root,
        options: ObservationOptions,
        handler: @escaping @MainActor (Root, ObservedChange<Value>) -> Void
    ) -> Observation {
        let flag = ObservationFlag()
        let entry = TypedObserver(keyPath: keyPath, value: root[keyPath: keyPath], flag: flag, handler: handler)
        let token = Observation(flag: flag, entry: entry)
        if !isDelivering { removeInvalidated() }
        entries.append(WeakEntry(entry: entry))
        if options.contains(.initial) {
            entry.queueInitial()
            queue.append(entry)
            if !isDelivering {
                isDelivering = true
                drain(root)
                endPass()
            }
        }
        return token
    }

    /// Tells the registry that observable state of `root` may have changed. Outside a pass it delivers every change
    /// before returning; inside one it only queues. A call from a key-path getter while values are read is ignored.
    func rootDidChange(_ root: Root) {
        if entries.isEmpty || isSampling { return }
        if isDelivering {
            if isCascadeCut { return }
            if sample(root) {
                cascadeRounds += 1
                if cascadeRounds > Self.maximumCascadeRounds { cutCascade() }
            }
            return
        }
        isDelivering = true
        removeInvalidated()
        if sample(root) { drain(root) }
        endPass()
    }

    /// Reads every live observer once and queues each real change; true if any was queued.
    private func sample(_ root: Root) -> Bool {
        isSampling = true
        defer { isSampling = false }
        var changed = false
        // Indexing (not a for-in over a copy) so that an observer registered by a getter is read as well.
        var index = 0
        while index < entries.count {
            let current = entries[index].entry
            index += 1
            guard let entry = current, !entry.flag.isInvalidated else { continue }
            if entry.sample(root) {
                queue.append(entry)
                changed = true
            }
        }
        return changed
    }

    private func drain(_ root: Root) {
        while queueHead < queue.count {
            let entry = queue[queueHead]
            queueHead += 1
            entry.deliverNext(root)
        }
    }

    private func endPass() {
        queue.removeAll(keepingCapacity: true)
        queueHead = 0
        cascadeRounds = 0
        isCascadeCut = false
        isDelivering = false
    }

    private func cutCascade() {
        isCascadeCut = true
        var index = 0
        while index < entries.count {
            entries[index].entry?.discardPending()
            index += 1
        }
        queue.removeAll(keepingCapacity: true)
        queueHead = 0
    }

    /// Drops the slots of ended observations; only between passes, when the queue is empty.
    private func removeInvalidated() {
        // Index loops on purpose, here and above: the generic `removeAll(where:)` or `for-in` run unspecialized over
        // this existential array and heap-allocate their iterator on every call, which this per-event path must not do.
        var kept = 0
        var index = 0
        while index < entries.count {
            if let entry = entries[index].entry, !entry.flag.isInvalidated {
                if kept != index { entries.swapAt(kept, index) }
                kept += 1
            }
            index += 1
        }
        if kept < entries.count { entries.removeLast(entries.count - kept) }
    }
}
