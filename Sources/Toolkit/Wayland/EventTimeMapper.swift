/// Maps protocol event times (32-bit milliseconds on the compositor's clock) onto the window clock.
///
/// Rule (derivation):
/// - Wayland input events carry `time` in milliseconds with an undefined base that wraps every 2^32 ms
///   (about 49.7 days). Compositors use CLOCK_MONOTONIC in practice, but nothing guarantees it, so the
///   mapping never assumes a shared base.
/// - Raw times are first unwrapped into a 64-bit count: each new raw value is read as a signed 32-bit step
///   from the previous one (`Int32(bitPattern: raw &- last)`), so a wrap-around is a small forward step and a
///   slightly older event (devices are not ordered among themselves) is a small backward step.
/// - `offset = now - unwrapped` is taken at the first event, where `now` is the window clock when the event
///   is dispatched. Later events map to `unwrapped + offset`: the spacing between events is kept exactly,
///   which is what velocity tracking needs.
/// - Re-sync (`offset = now - unwrapped`, the mapped time becomes `now`) when the mapped time runs ahead of
///   `now` (an event cannot happen after it is read: the first event was dispatched late, or the compositor
///   clock runs faster) or lags `now` by more than `maximumLag` (1 s: the compositor clock jumped, or the
///   client stalled; a stale gap must not show up as a huge time step).
/// Pure value type: no clock is read here, `now` is an input.
struct EventTimeMapper: Sendable {
    /// How far behind `now` a mapped time may fall before the mapping re-syncs.
    static let maximumLag: Duration = .seconds(1)

    private var offset: Duration?
    private var lastRaw: UInt32 = 0
    private var unwrappedMilliseconds: Int64 = 0

    init() {}

    /// The window-clock time of an event stamped `milliseconds` and dispatched at `now` (window clock).
    /// The result is never later than `now` and never more than `maximumLag` earlier.
    mutating func map(milliseconds: UInt32, now: Duration) -> Duration {
        if offset == nil {
            unwrappedMilliseconds = Int64(milliseconds)
        } else {
            unwrappedMilliseconds += Int64(Int32(bitPattern: milliseconds &- lastRaw))
        }
        lastRaw = milliseconds
        let eventTime = Duration.milliseconds(unwrappedMilliseconds)
        if let offset {
            let mapped = eventTime + offset
            if mapped <= now && now - mapped <= EventTimeMapper.maximumLag {
                return mapped
            }
        }
        offset = now - eventTime
        return now
    }

    /// Forgets the offset: the next event re-syncs to the clock.
    mutating func reset() {
        offset = nil
    }
}
