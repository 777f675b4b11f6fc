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
    /// Owning (the window owns both; the core never refers back here), not weak: a weak reference would put every
    /// retain of the core on the runtime's slow path.
    private var core: WindowCore?
    private var outbox: [InputEvent] = []
    private var flushing = false

    /// Sees every event before the core (tests and diagnostics).
    var observer: ((InputEvent) -> Void)?
    /// Told of every event the core handled, with whether the core then wants a frame (frame latency).
    var latency: FrameLatencyRecorder?

    /// The window's cursor images; nil until the window has `wl_shm` (pointers then set no cursor).
    var cursorTheme: WaylandCursorTheme?
    /// The address of the window's `wl_surface` proxy (0 before it exists): pointer enter / leave, touch down
    /// and keyboard enter for any other surface (a cursor surface, a surface already destroyed, which
    /// libwayland passes as NULL) are not about the window and are dropped.
    var windowSurface: UInt = 0
    /// The `wl_compositor` pointers make their cursor surfaces with.
    var compositor: OpaquePointer?
    /// The bound `zwp_pointer_gestures_v1`, which pointers get their pinch gesture from; nil when not offered.
    var pointerGestures: OpaquePointer?
    /// The whole scale cursor images are drawn at: the window's render scale rounded up.
    var cursorScale = 1

    /// The cursor the core wants for the view under the pointer.
    var currentCursor: Cursor { core?.currentCursor ?? .arrow }

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
        let received = outbox.isEmpty ? .zero : clock.now
        while index < outbox.count {
            let event = outbox[index]
            index += 1
            observer?(event)
            guard let core else { continue }
            core.handle(event)
            latency?.inputDelivered(wantsFrame: core.needsFrame, at: received)
        }
        outbox.removeAll(keepingCapacity: true)
    }
}
