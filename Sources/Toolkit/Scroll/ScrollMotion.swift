/// A running motion of a scroll container's offset: one `AxisMotion` per axis and the window time each started at.
/// Sampled at absolute frame times, so a late or skipped frame cannot change where it goes (<doc:Design>).
struct ScrollMotion: Sendable {
    var horizontal: AxisMotion = .none
    var vertical: AxisMotion = .none
    /// Window times at which `t = 0` for each axis.
    private var horizontalStart: Duration
    private var verticalStart: Duration
    /// Points added to each axis's simulated position: scroll anchoring (§15) shifts a running motion without
    /// rebuilding it. Reset when an axis gets a new motion.
    private var shift: Point = .zero

    init(start: Duration) {
        horizontalStart = start
        verticalStart = start
    }

    /// Window time at which the motion started (the earlier axis); setting it restarts both axes there.
    var start: Duration {
        get { min(horizontalStart, verticalStart) }
        set {
            horizontalStart = newValue
            verticalStart = newValue
        }
    }

    /// Replaces the motion of `axis` by `motion`, sampled from window time `time`; the other axis is untouched.
    mutating func replace(_ axis: Axis, with motion: AxisMotion, startingAt time: Duration) {
        self[axis] = motion
        if axis == .horizontal { horizontalStart = time } else { verticalStart = time }
    }

    /// Moves the motion of `axis` by `distance` points from now on: positions and the end point shift, the
    /// velocity and timing stay (scroll anchoring).
    mutating func shift(_ axis: Axis, by distance: Double) {
        guard distance.isFinite, !self[axis].isNone else { return }
        shift[axis] += distance
    }

    subscript(axis: Axis) -> AxisMotion {
        get { axis == .horizontal ? horizontal : vertical }
        set {
            if axis == .horizontal { horizontal = newValue } else { vertical = newValue }
            shift[axis] = 0
        }
    }

    var isIdle: Bool { horizontal.isNone && vertical.isNone }

    /// Seconds since `axis` started, never negative.
    func elapsed(_ axis: Axis, at time: Duration) -> Double {
        let d = time - (axis == .horizontal ? horizontalStart : verticalStart)
        return max(0, d.inSeconds)
    }

    /// The offset at window time `time`; axes that do not move keep their value in `current`.
    func offset(at time: Duration, current: Point) -> Point {
        var p = current
        for axis in Axis.allCases {
            if let value = position(axis, at: time) { p[axis] = value }
        }
        return p
    }

    /// The position along `axis` at window time `time`, or nil when that axis does not move.
    func position(_ axis: Axis, at time: Duration) -> Double? {
        guard let value = self[axis].position(at: elapsed(axis, at: time)), value.isFinite else { return nil }
        return value + shift[axis]
    }

    /// The velocity at window time `time`, pt/s.
    func velocity(at time: Duration) -> Point {
        Point(
            x: horizontal.velocity(at: elapsed(.horizontal, at: time)),
            y: vertical.velocity(at: elapsed(.vertical, at: time)))
    }

    /// Whether both axes have ended at window time `time`.
    func isDone(at time: Duration) -> Bool {
        horizontal.isDone(at: elapsed(.horizontal, at: time)) && vertical.isDone(at: elapsed(.vertical, at: time))
    }

    /// Whether `axis` has ended at window time `time` (an axis that does not move has).
    func isDone(_ axis: Axis, at time: Duration) -> Bool {
        self[axis].isDone(at: elapsed(axis, at: time))
    }

    /// The offset where the motion ends; axes that do not move keep their value in `current`.
    func finalOffset(current: Point) -> Point {
        var p = current
        for axis in Axis.allCases {
            if let value = finalPosition(axis) { p[axis] = value }
        }
        return p
    }

    /// The same motion over at once: each moving axis jumps to where it would end (reduced motion).
    func jumpingToEnd() -> ScrollMotion {
        var jumped = ScrollMotion(start: start)
        for axis in Axis.allCases {
            if let end = finalPosition(axis) { jumped[axis] = .jump(to: end) }
        }
        return jumped
    }

    /// Where the motion of `axis` ends (shift included), or nil when that axis does not move.
    func finalPosition(_ axis: Axis) -> Double? {
        guard let value = self[axis].finalPosition, value.isFinite else { return nil }
        return value + shift[axis]
    }
}
