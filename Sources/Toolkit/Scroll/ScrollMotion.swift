/// A running motion of a scroll container's offset: one `AxisMotion` per axis and the window time it
/// started at.
///
/// Sampled at absolute frame times (`time - start`), never by accumulating frame deltas, so a late or
/// skipped frame cannot change where the motion goes (as GTK's kinetic scrolling does).
struct ScrollMotion: Sendable {
    /// Motion of `contentOffset.x`.
    var horizontal: AxisMotion = .none
    /// Motion of `contentOffset.y`.
    var vertical: AxisMotion = .none
    /// Window time at which `t = 0`.
    var start: Duration

    /// An idle motion starting at `start`.
    init(start: Duration) {
        self.start = start
    }

    /// The motion of one axis.
    subscript(axis: Axis) -> AxisMotion {
        get { axis == .horizontal ? horizontal : vertical }
        set { if axis == .horizontal { horizontal = newValue } else { vertical = newValue } }
    }

    /// Whether neither axis moves.
    var isIdle: Bool { horizontal.isNone && vertical.isNone }

    /// Seconds since the start at window time `time` (never negative).
    func elapsed(at time: Duration) -> Double {
        let d = time - start
        let seconds = Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
        return max(0, seconds)
    }

    /// The offset at window time `time`; axes that do not move keep their value in `current`.
    func offset(at time: Duration, current: Point) -> Point {
        let t = elapsed(at: time)
        var p = current
        for axis in Axis.allCases {
            if let value = self[axis].position(at: t), value.isFinite { p[axis] = value }
        }
        return p
    }

    /// The velocity at window time `time`, pt/s.
    func velocity(at time: Duration) -> Point {
        let t = elapsed(at: time)
        return Point(x: horizontal.velocity(at: t), y: vertical.velocity(at: t))
    }

    /// Whether both axes have ended at window time `time`.
    func isDone(at time: Duration) -> Bool {
        let t = elapsed(at: time)
        return horizontal.isDone(at: t) && vertical.isDone(at: t)
    }

    /// The offset where the motion ends; axes that do not move keep their value in `current`.
    func finalOffset(current: Point) -> Point {
        var p = current
        for axis in Axis.allCases {
            if let value = self[axis].finalPosition, value.isFinite { p[axis] = value }
        }
        return p
    }
}
