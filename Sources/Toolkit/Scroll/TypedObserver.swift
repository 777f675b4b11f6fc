/// An observation of one key path with a concrete value type: the typed storage behind `ObserverEntry`.
///
/// `sample` appends real changes to `pending`; `deliverNext` hands the handler the change from `delivered` to the
/// oldest pending value, so the handler sees an unbroken chain even when changes pile up while others run.
@MainActor
final class TypedObserver<Root: AnyObject, Value: Equatable>: ObserverEntry {
    let flag: ObservationFlag
    private let keyPath: KeyPath<Root, Value>
    private let handler: @MainActor (Root, ObservedChange<Value>) -> Void

    /// The new value of the last delivery (at first: the value at registration). The next change's old value.
    private var delivered: Value
    /// The newest value read from the root: the last element of `pending`, or `delivered` when none is pending.
    private var seen: Value
    /// Changes read but not yet delivered, oldest first, from `pendingHead` on.
    private var pending: [Value] = []
    private var pendingHead = 0
    /// True while the `.initial` call is queued and not yet made; it comes before every pending change.
    private var initialPending = false

    init(
        keyPath: KeyPath<Root, Value>, value: Value, flag: ObservationFlag,
        handler: @escaping @MainActor (Root, ObservedChange<Value>) -> Void
    ) {
        self.keyPath = keyPath
        self.handler = handler
        self.flag = flag
        self.delivered = value
        self.seen = value
        // Room for a short burst of changes during one pass, so the common case never grows it.
        pending.reserveCapacity(4)
    }

    func sample(_ root: Root) -> Bool {
        let value = root[keyPath: keyPath]
        if value == seen { return false }
        seen = value
        pending.append(value)
        return true
    }

    func queueInitial() {
        initialPending = true
    }

    func deliverNext(_ root: Root) {
        if flag.isInvalidated {
            // Never call an ended observation, and free what it still holds; its later queue slots find nothing.
            discardPending()
            return
        }
        if initialPending {
            initialPending = false
            handler(root, ObservedChange(oldValue: nil, newValue: delivered))
            return
        }
        guard pendingHead < pending.count else { return }
        let newValue = pending[pendingHead]
        pendingHead += 1
        if pendingHead == pending.count {
            pending.removeAll(keepingCapacity: true)
            pendingHead = 0
        }
        let oldValue = delivered
        delivered = newValue
        // State is updated before the call: the handler may mutate the root, which samples this entry again.
        handler(root, ObservedChange(oldValue: oldValue, newValue: newValue))
    }

    func discardPending() {
        pending.removeAll(keepingCapacity: true)
        pendingHead = 0
        initialPending = false
        seen = delivered
    }
}
