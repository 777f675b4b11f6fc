/// The key-path observers of one object (a `ScrollContainer`), and the rules for calling them.
///
/// The owner creates one registry, forwards `observe` to it, and calls `rootDidChange(self)` after *any*
/// mutation of its observable state (it may do so per touch event and per frame, whether or not a value really
/// changed). The registry then:
/// - reads each observed key path once and calls a handler only when its value differs from the last value that
///   observer saw (`Equatable`), so setting a property to its current value calls nobody;
/// - calls handlers after the mutation, in the order the changes happened and, for changes found in the same
///   call, in registration order;
/// - never calls a handler from inside another handler: a handler that mutates the root causes a nested
///   `rootDidChange`, which only reads the values and queues the changes; the outermost call delivers them
///   after the running handler returns (<doc:Design>, "Effects after the mutation");
/// - gives each observer a consistent chain: the old value of each change is the new value of the previous
///   change delivered to that observer;
/// - never calls an invalidated observer again, even when another handler invalidated it in the same pass;
/// - starts an observer registered during a pass from the value current at registration.
///
/// **Cascade cap.** Handlers that keep changing each other's values (A sets x, B resets it, ...) would never
/// let a pass end. A pass therefore accepts at most `maximumCascadeRounds` nested `rootDidChange` calls that
/// found a change; the next one ends the cascade: every queued delivery is dropped, nested calls are ignored
/// for the rest of the pass, and each observer is reset to the last value it was handed, so the next
/// outermost `rootDidChange` reports to it whatever differs by then, still as a consistent chain. Nothing
/// crashes or hangs; a fight simply stops being reported for that pass.
///
/// **Ownership.** The token returned by `observe` owns its entry (and so the handler); the registry refers to each
/// entry weakly. A handler may therefore capture the observed object strongly without keeping it alive: once the
/// token is invalidated or released, nothing but the object's own owners holds it (see `Observation`).
///
/// **Cost.** With no observers `rootDidChange` is one array-emptiness test. With observers it reads each key
/// path once and, in steady state, allocates nothing: values live in each observer's typed storage (no `Any`
/// boxes), and both queues keep their capacity between passes.
@MainActor
final class ObserverRegistry<Root: AnyObject> {
    /// Nested `rootDidChange` calls with a change that one pass accepts before it cuts the cascade.
    static var maximumCascadeRounds: Int { 1000 }

    /// A registered observer, held weakly: its token owns it.
    private struct WeakEntry {
        weak var entry: (any ObserverEntry<Root>)?
    }

    /// Registered observers in registration order; ended ones are removed when no pass runs.
    private var entries: [WeakEntry] = []
    /// Deliveries to make, one slot per pending change (or `.initial` call) of the entry, from `queueHead` on.
    private var queue: [any ObserverEntry<Root>] = []
    private var queueHead = 0
    /// True from the start to the end of an outermost pass (sampling, then draining the queue).
    private var isDelivering = false
    /// True while key paths are read; a getter that mutates the root must not start another read.
    private var isSampling = false
    /// Nested calls with a change in the current pass, for the cascade cap.
    private var cascadeRounds = 0
    /// Set when the current pass hit the cascade cap: nested calls are ignored until the pass ends.
    private var isCascadeCut = false

    init() {
        entries.reserveCapacity(4)
        queue.reserveCapacity(16)
    }

    /// True when no live observation is registered.
    var isEmpty: Bool {
        var index = 0
        while index < entries.count {
            if let entry = entries[index].entry, !entry.flag.isInvalidated { return false }
            index += 1
        }
        return true
    }

    /// Starts observing `keyPath` of `root`; `handler` gets the root and each change of the value.
    ///
    /// The observer starts from the value `root` has now. With `.initial` the handler is called once with that
    /// value and no old value: before this returns, or, when called from inside a handler, right after that
    /// handler returns (like any other delivery). The observation lasts while the returned token lives; the
    /// token owns the handler, so `handler` may capture `root` without keeping it alive after the token.
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

    /// Tells the registry that observable state of `root` may have changed; call it after every mutation.
    ///
    /// Outside a pass this delivers every change before it returns. Inside one (called because a handler
    /// mutated the root) it only queues the changes; the outermost call delivers them when the running handler
    /// has returned. A call made by a key-path getter while values are being read is ignored: the next call
    /// sees that mutation.
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

    /// Reads every live observer once and queues each real change. Returns true if any was queued.
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

    /// Makes the queued deliveries in order, including those handlers queue while it runs.
    private func drain(_ root: Root) {
        while queueHead < queue.count {
            let entry = queue[queueHead]
            queueHead += 1
            entry.deliverNext(root)
        }
    }

    /// Returns to the idle state; the queue keeps its capacity for the next pass.
    private func endPass() {
        queue.removeAll(keepingCapacity: true)
        queueHead = 0
        cascadeRounds = 0
        isCascadeCut = false
        isDelivering = false
    }

    /// Stops a runaway cascade: drops every queued delivery and ignores nested calls until the pass ends.
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

    /// Drops the slots of ended observations (their tokens released the handlers). Only between passes: the queue
    /// is empty then.
    private func removeInvalidated() {
        // In-place compaction keeping order. Plain index loops on purpose, here and above: the generic
        // `contains(where:)` / `removeAll(where:)` / `for-in` run unspecialized over this generic existential
        // array and heap-allocate their iterator on every call, which this per-event path must not do.
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
