/// What the input devices of a Wayland window share: the window clock, the protocol-time mapping, the timer
/// queue, and an outbox that hands events to the window core.
///
/// Devices `post` events while updating their own state and the listener calls `flush` when it is done:
/// the core (and the views behind it) then run after the device's mutation, so a view reacting to an event
/// can never re-enter a device in the middle of an update. Storage is reserved once; posting and flushing
/// do not allocate.
@MainActor
final class WaylandInputContext {
    /// The window's timers (key repeat).
    let timers: TimerQueue
    private let clock: MonotonicClock
    private var mapper = EventTimeMapper()
    private weak var core: WindowCore?
    private var outbox: [InputEvent] = []
    private var flushing = false

    /// Sees every event before the core (tests and diagnostics).
    var observer: ((InputEvent) -> Void)?

    init(core: WindowCore, clock: MonotonicClock) {
        self.core = core
        self.clock = clock
        timers = core.timers
        outbox.reserveCapacity(128)
    }

    /// The window clock now.
    var now: Duration { clock.now }

    /// A protocol event time (milliseconds) on the window clock; see `EventTimeMapper` for the rule.
    func eventTime(_ milliseconds: UInt32) -> Duration {
        mapper.map(milliseconds: milliseconds, now: clock.now)
    }

    /// Queues an event for the core.
    func post(_ event: InputEvent) {
        outbox.append(event)
    }

    /// Delivers the queued events, in order. Re-entrant calls (from inside a delivery) return at once; the
    /// outer call delivers what they queued.
    func flush() {
        guard !flushing else { return }
        flushing = true
        defer { flushing = false }
        var index = 0
        while index < outbox.count {
            let event = outbox[index]
            index += 1
            observer?(event)
            core?.handle(event)
        }
        outbox.removeAll(keepingCapacity: true)
    }
}
