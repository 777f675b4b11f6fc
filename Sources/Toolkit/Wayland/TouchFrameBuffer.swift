/// Groups `wl_touch` events into frames and turns them into `InputEvent`s. No Wayland types: tests feed it
/// recorded protocol sequences.
///
/// Rules:
/// - down / motion / up are buffered until `wl_touch.frame`, then emitted in arrival order followed by one
///   `.touchFrame` (stamped with the newest event time of the frame). A frame with nothing buffered emits
///   nothing.
/// - The up that lifts the last finger is also a frame boundary: the buffer is flushed at once. Weston 10
///   sends no `wl_touch.frame` after the last up, so waiting for one would leave the gesture hanging until
///   the next touch; a frame that does follow finds the buffer empty and emits nothing.
/// - Motions of one id within one frame coalesce into one (the newest position and time).
/// - `wl_touch.cancel` drops everything buffered and emits `.touchCancel`; so does losing the touch device
///   while a finger is down.
/// - Bad input is dropped: motion or up for an id that is not down, a down beyond `maximumActiveTouches`.
///   A frame holding more than `capacity` events (a compositor that never sends frames) is flushed early,
///   as if a frame had arrived.
/// Storage is allocated once, at `capacity`; steady-state events never allocate.
struct TouchFrameBuffer {
    /// Events held per frame before an early flush.
    static let capacity = 64
    /// Fingers tracked at once; further downs are ignored until one lifts.
    static let maximumActiveTouches = 16

    private var pending: [InputEvent] = []
    private var active: [Int] = []
    private var newestTimestamp: Duration = .zero

    init() {
        pending.reserveCapacity(TouchFrameBuffer.capacity)
        active.reserveCapacity(TouchFrameBuffer.maximumActiveTouches)
    }

    /// Whether a finger is down (between its down and its up or a cancel).
    var hasActiveTouches: Bool { !active.isEmpty }

    /// Number of events waiting for a frame.
    var bufferedCount: Int { pending.count }

    /// `wl_touch.down`: a finger touched at `location` (surface coordinates, points).
    mutating func down(id: Int, location: Point, timestamp: Duration, emit: (InputEvent) -> Void) {
        guard location.isFinite else { return }
        if !active.contains(id) {
            guard active.count < TouchFrameBuffer.maximumActiveTouches else { return }
            active.append(id)
        }
        append(.touchDown(id: id, location: location, timestamp: timestamp), timestamp: timestamp, emit: emit)
    }

    /// `wl_touch.motion`: a finger that is down moved to `location` (surface coordinates, points).
    mutating func motion(id: Int, location: Point, timestamp: Duration, emit: (InputEvent) -> Void) {
        guard location.isFinite, active.contains(id) else { return }
        // Coalesce with this id's latest buffered event when that is a motion: only the newest position of
        // a frame matters, and it keeps a chatty device within `capacity`.
        var index = pending.count - 1
        while index >= 0 {
            switch pending[index] {
            case .touchMotion(let other, _, _) where other == id:
                pending[index] = .touchMotion(id: id, location: location, timestamp: timestamp)
                newestTimestamp = max(newestTimestamp, timestamp)
                return
            case .touchDown(let other, _, _) where other == id, .touchUp(let other, _) where other == id:
                index = -1
            default:
                index -= 1
            }
        }
        append(.touchMotion(id: id, location: location, timestamp: timestamp), timestamp: timestamp, emit: emit)
    }

    /// `wl_touch.up`: a finger lifted. Lifting the last finger flushes the frame.
    mutating func up(id: Int, timestamp: Duration, emit: (InputEvent) -> Void) {
        guard let index = active.firstIndex(of: id) else { return }
        active.remove(at: index)
        append(.touchUp(id: id, timestamp: timestamp), timestamp: timestamp, emit: emit)
        if active.isEmpty { frame(emit: emit) }
    }

    /// `wl_touch.frame`: emits the buffered events and one `.touchFrame`; nothing when the buffer is empty.
    mutating func frame(emit: (InputEvent) -> Void) {
        guard !pending.isEmpty else { return }
        for event in pending { emit(event) }
        pending.removeAll(keepingCapacity: true)
        emit(.touchFrame(timestamp: newestTimestamp))
    }

    /// `wl_touch.cancel`: drops the buffer and every active touch, emits `.touchCancel`.
    mutating func cancel(timestamp: Duration, emit: (InputEvent) -> Void) {
        pending.removeAll(keepingCapacity: true)
        active.removeAll(keepingCapacity: true)
        emit(.touchCancel(timestamp: timestamp))
    }

    /// The touch device went away (seat capability removed, seat removed): like a cancel when a finger was
    /// down or events were waiting; nothing otherwise.
    mutating func deviceRemoved(timestamp: Duration, emit: (InputEvent) -> Void) {
        guard !active.isEmpty || !pending.isEmpty else { return }
        cancel(timestamp: timestamp, emit: emit)
    }

    private mutating func append(_ event: InputEvent, timestamp: Duration, emit: (InputEvent) -> Void) {
        if pending.count >= TouchFrameBuffer.capacity { frame(emit: emit) }
        if pending.isEmpty { newestTimestamp = timestamp } else { newestTimestamp = max(newestTimestamp, timestamp) }
        pending.append(event)
    }
}
