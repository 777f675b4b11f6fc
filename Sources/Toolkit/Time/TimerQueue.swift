/// Timers as deadlines on the window clock (a backend waits until `nextDeadline`); equal deadlines keep order.
@MainActor
public final class TimerQueue {
    /// Identifies a scheduled timer, for `cancel(_:)`.
    public struct ID: Hashable, Sendable {
        fileprivate let value: UInt64
    }

    private struct Entry {
        var deadline: Duration
        var id: UInt64
        var action: @MainActor () -> Void
    }

    // Sorted by (deadline, id): few timers live at once, so a sorted array beats a heap.
    private var entries: [Entry] = []
    private var nextID: UInt64 = 1

    /// An empty queue.
    public init() {
        entries.reserveCapacity(16)
    }

    /// The earliest deadline, or nil when no timer is scheduled.
    public var nextDeadline: Duration? { entries.first?.deadline }

    /// Number of scheduled timers.
    public var count: Int { entries.count }

    /// Schedules `action` to run when the clock reaches `deadline`.
    @discardableResult
    public func schedule(at deadline: Duration, _ action: @escaping @MainActor () -> Void) -> ID {
        let id = nextID
        nextID += 1
        let entry = Entry(deadline: deadline, id: id, action: action)
        var index = entries.count
        while index > 0 && entries[index - 1].deadline > deadline { index -= 1 }
        entries.insert(entry, at: index)
        return ID(value: id)
    }

    /// Cancels a timer; cancelling one that already fired or was cancelled does nothing.
    public func cancel(_ id: ID?) {
        guard let id else { return }
        if let index = entries.firstIndex(where: { $0.id == id.value }) {
            entries.remove(at: index)
        }
    }

    /// Whether the timer is still scheduled.
    public func isScheduled(_ id: ID?) -> Bool {
        guard let id else { return false }
        return entries.contains { $0.id == id.value }
    }

    /// Runs, in deadline order, every timer due at or before `now`.
    public func fire(upTo now: Duration) {
        while let first = entries.first, first.deadline <= now {
            entries.removeFirst()
            first.action()
        }
    }

    /// Cancels every timer.
    public func removeAll() {
        entries.removeAll(keepingCapacity: true)
    }
}
