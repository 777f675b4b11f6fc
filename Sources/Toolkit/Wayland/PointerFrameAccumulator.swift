/// Gathers the `wl_pointer` events of one `wl_pointer.frame` and turns them into `InputEvent`s. No Wayland
/// types: the adapter converts fixed-point coordinates and millisecond times first, tests feed it recorded
/// sequences.
///
/// Rules:
/// - Version 5 added `frame`. With `framesEvents == false` (a pointer bound below v5) every event is its own
///   frame and is emitted at once.
/// - Enter, leave, motion and button events are emitted in arrival order; consecutive motions coalesce into
///   the newest. Buttons the toolkit does not name (`PointerButton(linuxCode:)` is nil) are dropped.
/// - All axis information of a frame becomes one `.axis(AxisEvent)`, emitted where the first axis event of
///   the frame arrived.
/// - Wheel amounts, in 1/120 detent (`AxisEvent` for `.wheel`): `axis_value120` when the frame has it (a seat
///   bound at v8; fractions such as 40 then 80 from a high-resolution wheel pass through as they are, the
///   scroll container accumulates them); else `axis_discrete * 120` (v5 to v7); else `value / 15 * 120`,
///   because libinput, and the compositors built on it, report 15 (degrees) of `axis` value per detent.
/// - Finger and continuous sources: `axis` values are surface coordinates, which are points, passed 1:1.
/// - Source: `axis_source` when sent (`wheel_tilt` counts as `.wheel`); without it, `.wheel` when the frame
///   carries discrete or value120 steps, `.finger` when it carries an `axis_stop` (only touchpad-like
///   sources stop), and `.continuous` otherwise (1:1 is the safe reading of a value whose device is
///   unknown).
/// - `axis_stop` sets `stopHorizontal` / `stopVertical`; a frame holding only a stop still emits an
///   `AxisEvent` with zero deltas, so kinetic scrolling can start.
/// - More than `capacity` non-axis events without a frame flush early, as if a frame had arrived.
struct PointerFrameAccumulator {
    /// Non-axis events held per frame before an early flush.
    static let capacity = 32
    /// `axis` value per wheel detent reported by libinput-based compositors (degrees of rotation).
    static let axisValuePerDetent = 15.0

    /// Per-axis scroll information gathered in one frame.
    private struct AxisAccumulator {
        var value = 0.0
        var hasValue = false
        var discrete = 0
        var hasDiscrete = false
        var value120 = 0
        var hasValue120 = false
        var stopped = false

        var isEmpty: Bool { !hasValue && !hasDiscrete && !hasValue120 && !stopped }

        /// The amount in `AxisEvent` units for `source`.
        func amount(for source: AxisSource) -> Double {
            switch source {
            case .wheel:
                if hasValue120 { return Double(value120) }
                if hasDiscrete { return Double(discrete) * 120 }
                return value / PointerFrameAccumulator.axisValuePerDetent * 120
            case .finger, .continuous:
                return value
            }
        }
    }

    /// Whether the pointer sends `wl_pointer.frame` (bound at v5 or later).
    let framesEvents: Bool

    private var pending: [InputEvent] = []
    private var axisSlot: Int?
    private var source: AxisSource?
    private var horizontal = AxisAccumulator()
    private var vertical = AxisAccumulator()
    private var axisTimestamp: Duration = .zero

    init(framesEvents: Bool) {
        self.framesEvents = framesEvents
        pending.reserveCapacity(PointerFrameAccumulator.capacity + 1)
    }

    /// `wl_pointer.enter` at `location` (surface coordinates, points).
    mutating func enter(location: Point, timestamp: Duration, emit: (InputEvent) -> Void) {
        guard location.isFinite else { return }
        append(.pointerEnter(location: location, timestamp: timestamp), emit: emit)
    }

    /// `wl_pointer.leave`.
    mutating func leave(timestamp: Duration, emit: (InputEvent) -> Void) {
        append(.pointerLeave(timestamp: timestamp), emit: emit)
    }

    /// `wl_pointer.motion` to `location` (surface coordinates, points).
    mutating func motion(location: Point, timestamp: Duration, emit: (InputEvent) -> Void) {
        guard location.isFinite else { return }
        let event = InputEvent.pointerMotion(location: location, timestamp: timestamp)
        if framesEvents, let last = pending.indices.last, case .pointerMotion = pending[last] {
            pending[last] = event
            return
        }
        append(event, emit: emit)
    }

    /// `wl_pointer.button` with its Linux input code (BTN_LEFT = 0x110).
    mutating func button(code: UInt32, pressed: Bool, timestamp: Duration, emit: (InputEvent) -> Void) {
        guard let button = PointerButton(linuxCode: code) else { return }
        append(.pointerButton(button, pressed: pressed, timestamp: timestamp), emit: emit)
    }

    /// `wl_pointer.axis`: `value` in surface coordinates (for a wheel: 15 per detent with libinput).
    mutating func axis(_ axis: Axis, value: Double, timestamp: Duration, emit: (InputEvent) -> Void) {
        guard value.isFinite else { return }
        markAxis(timestamp: timestamp)
        update(axis) {
            $0.value += value
            $0.hasValue = true
        }
        if !framesEvents { frame(emit: emit) }
    }

    /// `wl_pointer.axis_source`, raw protocol value: 0 wheel, 1 finger, 2 continuous, 3 wheel tilt.
    /// Unknown values are ignored.
    mutating func axisSource(_ raw: UInt32) {
        switch raw {
        case 0, 3: source = .wheel
        case 1: source = .finger
        case 2: source = .continuous
        default: break
        }
    }

    /// `wl_pointer.axis_stop`: the fingers left the touchpad on `axis`.
    mutating func axisStop(_ axis: Axis, timestamp: Duration, emit: (InputEvent) -> Void) {
        markAxis(timestamp: timestamp)
        update(axis) { $0.stopped = true }
        if !framesEvents { frame(emit: emit) }
    }

    /// `wl_pointer.axis_discrete`: whole detents (v5 to v7).
    mutating func axisDiscrete(_ axis: Axis, steps: Int32) {
        markAxis(timestamp: axisTimestamp)
        update(axis) {
            $0.discrete += Int(steps)
            $0.hasDiscrete = true
        }
    }

    /// `wl_pointer.axis_value120`: 1/120 detents (v8).
    mutating func axisValue120(_ axis: Axis, value: Int32) {
        markAxis(timestamp: axisTimestamp)
        update(axis) {
            $0.value120 += Int(value)
            $0.hasValue120 = true
        }
    }

    /// `wl_pointer.frame`: emits what the frame gathered, in order.
    mutating func frame(emit: (InputEvent) -> Void) {
        if let slot = axisSlot {
            if let event = makeAxisEvent() {
                pending[slot] = .axis(event)
            } else {
                pending.remove(at: slot)
            }
        }
        for event in pending { emit(event) }
        pending.removeAll(keepingCapacity: true)
        axisSlot = nil
        source = nil
        horizontal = AxisAccumulator()
        vertical = AxisAccumulator()
    }

    // MARK: - Private

    private mutating func update(_ axis: Axis, _ body: (inout AxisAccumulator) -> Void) {
        switch axis {
        case .horizontal: body(&horizontal)
        case .vertical: body(&vertical)
        }
    }

    /// Reserves the frame's axis slot at the first axis event and keeps the newest axis time.
    private mutating func markAxis(timestamp: Duration) {
        if axisSlot == nil {
            axisSlot = pending.count
            // A placeholder, replaced (or removed) by `frame`.
            pending.append(.axis(AxisEvent(source: .continuous, dx: 0, dy: 0, timestamp: timestamp)))
            axisTimestamp = timestamp
        } else {
            axisTimestamp = max(axisTimestamp, timestamp)
        }
    }

    private func makeAxisEvent() -> AxisEvent? {
        guard !horizontal.isEmpty || !vertical.isEmpty else { return nil }
        let resolved: AxisSource
        if let source {
            resolved = source
        } else if horizontal.hasDiscrete || horizontal.hasValue120 || vertical.hasDiscrete || vertical.hasValue120 {
            resolved = .wheel
        } else if horizontal.stopped || vertical.stopped {
            resolved = .finger
        } else {
            resolved = .continuous
        }
        return AxisEvent(
            source: resolved, dx: horizontal.amount(for: resolved), dy: vertical.amount(for: resolved),
            stopHorizontal: horizontal.stopped, stopVertical: vertical.stopped,
            timestamp: axisTimestamp)
    }

    private mutating func append(_ event: InputEvent, emit: (InputEvent) -> Void) {
        if pending.count >= PointerFrameAccumulator.capacity { frame(emit: emit) }
        pending.append(event)
        if !framesEvents { frame(emit: emit) }
    }
}
