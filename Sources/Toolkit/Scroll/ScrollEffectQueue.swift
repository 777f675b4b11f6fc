/// A first-in first-out queue of `ScrollEffect`s in storage reserved once.
///
/// Effects pushed while draining are taken by the same loop after the current one, never recursively.
struct ScrollEffectQueue {
    private var items: [ScrollEffect] = []
    private var head = 0

    /// An empty queue with room for a typical burst.
    init() {
        items.reserveCapacity(32)
    }

    var isEmpty: Bool { head >= items.count }

    /// Queues an effect. A `notifyObservers` right after another one is merged with it.
    mutating func push(_ effect: ScrollEffect) {
        if effect == .notifyObservers, head < items.count, items[items.count - 1] == .notifyObservers { return }
        items.append(effect)
    }

    /// Takes the oldest effect.
    mutating func pop() -> ScrollEffect? {
        guard head < items.count else { return nil }
        let effect = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        }
        return effect
    }

    /// Drops everything queued.
    mutating func removeAll() {
        items.removeAll(keepingCapacity: true)
        head = 0
    }
}
