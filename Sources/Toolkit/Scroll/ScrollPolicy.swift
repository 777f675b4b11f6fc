/// Decides *where* a scroll container goes and *which* simulation takes it there; it never runs one
/// (<doc:Design>, "Policy apart from simulation"). The rules are <doc:ScrollBehaviour> §1, §3, §5, §6 and §15.
struct ScrollPolicy {
    /// Fastest release velocity kept, per axis, in pt/s.
    static let maximumVelocity = 8000.0
    /// Slowest release velocity that flings, per axis, in pt/s; slower counts as zero.
    static let flingThreshold = 50.0
    /// Release speed along a paging axis from which the next page is chosen, in pt/s.
    static let pagingFlingThreshold = 300.0
    /// Time a page snap takes to reach its page.
    static let pageSnapTime: Duration = .milliseconds(500)
    /// Time a spring back (after a catch or a cancel) takes.
    static let springBackTime: Duration = .milliseconds(500)
    /// Distances below this, points, count as "already there".
    static let restTolerance = 0.001
    /// Smallest page size that pages, points: below it boundaries lie within rounding of each other and indices
    /// overflow.
    static let minimumPageSize = 1.0

    /// A requested page size along one axis as used: below `minimumPageSize` or non-finite, 0 (no paging).
    static func usablePageSize(_ requested: Double) -> Double {
        requested.isFinite && requested >= minimumPageSize ? requested : 0
    }

    /// Smallest offset per axis, points.
    var minOffset: Point
    /// Largest offset per axis (>= `minOffset`), points.
    var maxOffset: Point
    /// The container's size, points: the rubber band's `d`.
    var viewport: Size
    var scrollable: Axis.Set
    /// Page size per axis for `currentPage` (0: one page; see `usablePageSize`), points.
    var pageSize: Size
    /// Axes where resting offsets snap to pages.
    var pagingAxes: Axis.Set
    var bounces: Bool
    var rate: DecelerationRate
    /// Whether resting offsets snap to `snapOffsets` (<doc:ScrollBehaviour> §15); paging axes ignore it.
    var snapping: Snapping = .none
    /// The snap offsets, clamped into the range.
    var snapOffsets = SnapOffsets()
    /// Where a release that starts a refresh rests vertically, whatever its velocity or the delegate's target
    /// (points; nil: where the physics take it).
    var refreshRest: Double?
    /// Whether page and snap settling finish in one frame (`WindowCore.reducesMotion`); a fling's momentum and the
    /// spring back after a pull past an edge are unchanged.
    var reducesMotion = false

    // MARK: - Range

    func clamp(_ value: Double, _ axis: Axis) -> Double {
        min(max(value, minOffset[axis]), maxOffset[axis])
    }

    /// Whether the range along `axis` is not empty: what a wheel or key needs (`scrollable` is also set by
    /// `alwaysBounce...`, for touches to rubber-band).
    func hasRange(_ axis: Axis) -> Bool {
        maxOffset[axis] > minOffset[axis]
    }

    func clamp(_ offset: Point) -> Point {
        Point(x: clamp(offset.x, .horizontal), y: clamp(offset.y, .vertical))
    }

    /// Where the content rests from `offset`: clamped, and on the nearest page boundary when paging.
    func restingOffset(for offset: Point) -> Point {
        var result = clamp(offset)
        for axis in Axis.allCases {
            if pagingAxes.contains(axis) {
                result[axis] = nearestBoundary(to: offset[axis], axis)
            } else if let snapped = snapTarget(axis, natural: result[axis], direction: 0) {
                result[axis] = snapped
            }
        }
        return result
    }

    func isResting(_ offset: Point) -> Bool {
        let rest = restingOffset(for: offset)
        return abs(rest.x - offset.x) <= ScrollPolicy.restTolerance
            && abs(rest.y - offset.y) <= ScrollPolicy.restTolerance
    }

    // MARK: - Dragging

    /// The displayed offset for a finger-driven ("raw") offset: identical inside the range, rubber band
    /// (or clamp) outside it.
    func displayed(raw: Double, _ axis: Axis) -> Double {
        let lo = minOffset[axis]
        let hi = maxOffset[axis]
        let d = viewport[axis]
        if raw < lo {
            return bounces ? lo - RubberBand.displayed(overscroll: lo - raw, dimension: d) : lo
        }
        if raw > hi {
            return bounces ? hi + RubberBand.displayed(overscroll: raw - hi, dimension: d) : hi
        }
        return raw
    }

    /// The raw offset a finger would be at to display `offset` (inverse of `displayed`).
    func raw(displayed value: Double, _ axis: Axis) -> Double {
        let lo = minOffset[axis]
        let hi = maxOffset[axis]
        let d = viewport[axis]
        guard bounces else { return value }
        if value < lo { return lo - RubberBand.overscroll(displayed: lo - value, dimension: d) }
        if value > hi { return hi + RubberBand.overscroll(displayed: value - hi, dimension: d) }
        return value
    }

    // MARK: - Release

    /// The velocity a release uses: zero on axes the lock or the range forbid, non-finite values dropped,
    /// clamped to ±8000 pt/s, and zero below the 50 pt/s fling threshold.
    func releaseVelocity(_ measured: Point, lock: TouchArbitration.AxisLock) -> Point {
        var v = Point.zero
        for axis in Axis.allCases {
            let raw = measured[axis]
            guard raw.isFinite, lock.allows(axis), scrollable.contains(axis) else { continue }
            let clamped = min(max(raw, -ScrollPolicy.maximumVelocity), ScrollPolicy.maximumVelocity)
            v[axis] = abs(clamped) < ScrollPolicy.flingThreshold ? 0 : clamped
        }
        return v
    }

    /// Where a release at `offset` with `velocity` comes to rest if nobody intervenes (the value offered to
    /// `willEndDragging` as the target).
    func naturalTarget(from offset: Point, velocity: Point) -> Point {
        var target = offset
        for axis in Axis.allCases {
            let x = offset[axis]
            let v = velocity[axis]
            if axis == .vertical, let rest = refreshRest {
                target[axis] = clamp(rest, axis)
            } else if pagingAxes.contains(axis) {
                target[axis] =
                    abs(v) >= ScrollPolicy.pagingFlingThreshold
                    ? boundary(after: x, direction: v, axis) : nearestBoundary(to: x, axis)
            } else if scrollable.contains(axis) {
                let natural = bounce(axis, from: x, velocity: v).finalPosition
                target[axis] = snapTarget(axis, natural: natural, direction: v) ?? natural
            } else {
                target[axis] = clamp(x, axis)
            }
        }
        return target
    }

    /// The motion after a release with `velocity` (already through `releaseVelocity`), ending at `target`;
    /// `overridden`: the axes where the delegate moved the target. Idle when the offset already rests.
    func releaseMotion(
        from offset: Point, velocity: Point, target: Point, overridden: Axis.Set,
        at time: Duration
    ) -> ScrollMotion {
        var motion = ScrollMotion(start: time)
        for axis in Axis.allCases {
            motion[axis] = releaseMotion(
                axis, from: offset[axis], velocity: velocity[axis],
                target: target[axis], overridden: overridden.contains(axis))
        }
        return motion
    }

    private func releaseMotion(
        _ axis: Axis, from x: Double, velocity v: Double, target: Double,
        overridden: Bool
    ) -> AxisMotion {
        if axis == .vertical, let rest = refreshRest {
            let t = clamp(rest, axis)
            if let still = restsOn(t, from: x, velocity: v) { return still }
            return pageSnap(from: x, velocity: v, to: t)
        }
        if overridden {
            let t = clamp(target.isFinite ? target : x, axis)
            if abs(t - x) <= ScrollPolicy.restTolerance && v == 0 { return .none }
            if v != 0, (t - x) * v > 0 {
                return .deceleration(DecelerationSimulation(position: x, velocity: v, rate: rate, target: t))
            }
            return .spring(
                SpringSimulation(
                    position: x, velocity: 0, target: t,
                    settleTime: ScrollPolicy.springBackTime.inSeconds))
        }
        if pagingAxes.contains(axis) {
            if let still = restsOn(target, from: x, velocity: v) { return still }
            return pageSnap(from: x, velocity: v, to: target)
        }
        guard scrollable.contains(axis) else { return springBack(axis, from: x) }
        let simulation = bounce(axis, from: x, velocity: v)
        if let snapped = snapTarget(axis, natural: simulation.finalPosition, direction: v) {
            // A fling reaches its snap offset on the deceleration curve through a target (§5); a slow release, or one
            // whose snap offset is behind it, takes the page snap spring (§6).
            if let still = restsOn(snapped, from: x, velocity: v) { return still }
            if reducesMotion { return .jump(to: snapped) }
            if v != 0, (snapped - x) * v > 0 {
                return .deceleration(DecelerationSimulation(position: x, velocity: v, rate: rate, target: snapped))
            }
            return pageSnap(from: x, velocity: v, to: snapped)
        }
        if simulation.isDone(at: 0), abs(simulation.finalPosition - x) <= ScrollPolicy.restTolerance {
            return .none
        }
        return .bounce(simulation)
    }

    /// A still release within the rest tolerance of an exact place (a page, a snap offset, the refresh rest): no
    /// motion when it is there, else one frame onto it, so the content never rests a hair off a page (a drag whose
    /// translation was resampled onto the touch grid can end a fraction of a 1/256 pt from one). Nil otherwise.
    private func restsOn(_ target: Double, from x: Double, velocity v: Double) -> AxisMotion? {
        guard v == 0, abs(target - x) <= ScrollPolicy.restTolerance else { return nil }
        return target == x ? AxisMotion.none : .jump(to: target)
    }

    /// The motion that brings a content nobody drags (a caught fling, a cancelled sequence) to rest.
    func settleMotion(from offset: Point, at time: Duration) -> ScrollMotion {
        var motion = ScrollMotion(start: time)
        let rest = restingOffset(for: offset)
        for axis in Axis.allCases where rest[axis] != offset[axis] {
            // A hair off its rest (a fling caught a moment before it reached a page): onto it in one frame.
            if let still = restsOn(rest[axis], from: offset[axis], velocity: 0) {
                motion[axis] = still
                continue
            }
            motion[axis] =
                pagingAxes.contains(axis)
                ? pageSnap(from: offset[axis], velocity: 0, to: rest[axis])
                : .spring(
                    SpringSimulation(
                        position: offset[axis], velocity: 0, target: rest[axis],
                        settleTime: ScrollPolicy.springBackTime.inSeconds))
        }
        return motion
    }

    private func springBack(_ axis: Axis, from x: Double) -> AxisMotion {
        let rest = clamp(x, axis)
        guard abs(rest - x) > ScrollPolicy.restTolerance else { return .none }
        return .spring(
            SpringSimulation(
                position: x, velocity: 0, target: rest,
                settleTime: ScrollPolicy.springBackTime.inSeconds))
    }

    private func bounce(_ axis: Axis, from x: Double, velocity v: Double) -> BounceSimulation {
        BounceSimulation(
            position: x, velocity: v, rate: rate, minPosition: minOffset[axis],
            maxPosition: maxOffset[axis], bounces: bounces, dimension: viewport[axis])
    }

    /// A critically damped spring to a page, snap offset or refresh rest. The release velocity carries into it, capped
    /// at w·|distance| toward the target (w: the angular frequency): faster, a critically damped spring crosses its
    /// target once, and a page snap must reach its page from one side.
    func pageSnap(from x: Double, velocity v: Double, to target: Double) -> AxisMotion {
        if reducesMotion { return .jump(to: target) }
        let distance = target - x
        var start = v
        if start * distance > 0 {
            let w = SpringSimulation.settleProduct / ScrollPolicy.pageSnapTime.inSeconds
            let cap = w * abs(distance)
            start = min(max(start, -cap), cap)
        }
        return .spring(
            SpringSimulation(
                position: x, velocity: start, target: target,
                settleTime: ScrollPolicy.pageSnapTime.inSeconds))
    }

    // MARK: - Snap points

    /// The snap offset along `axis` for a motion that would rest at `natural` moving in the sign of `direction`
    /// (0: at rest), or nil when the axis does not snap (paging wins over snapping).
    func snapTarget(_ axis: Axis, natural: Double, direction: Double) -> Double? {
        guard snapping != .none, !pagingAxes.contains(axis), scrollable.contains(axis) else { return nil }
        return snapOffsets.target(
            axis, natural: natural, direction: direction, mode: snapping,
            visibleLength: viewport[axis])
    }

    // MARK: - Pages

    /// Index of the last page boundary on `axis` (0 when not paging there).
    func lastPageIndex(_ axis: Axis) -> Int {
        let p = pageSize[axis]
        guard p >= ScrollPolicy.minimumPageSize else { return 0 }
        let pages = ((maxOffset[axis] - minOffset[axis]) / p - 1e-9).rounded(.up)
        return pages.isFinite ? Int(min(max(0, pages), Double(Int32.max))) : 0
    }

    /// Page boundary `k` on `axis`: `min + k·page`, the last one clamped to `max`.
    func boundary(_ k: Int, _ axis: Axis) -> Double {
        min(minOffset[axis] + Double(k) * pageSize[axis], maxOffset[axis])
    }

    /// The index of the page boundary nearest to `x` (0 when not paging there).
    func nearestPageIndex(to x: Double, _ axis: Axis) -> Int {
        let p = pageSize[axis]
        guard p >= ScrollPolicy.minimumPageSize, x.isFinite else { return 0 }
        let last = lastPageIndex(axis)
        let f = ((x - minOffset[axis]) / p).rounded(.down)
        let k0 = f.isFinite ? Int(min(max(0, f), Double(last))) : 0
        let k1 = min(k0 + 1, last)
        return abs(boundary(k1, axis) - x) < abs(boundary(k0, axis) - x) ? k1 : k0
    }

    func nearestBoundary(to x: Double, _ axis: Axis) -> Double {
        boundary(nearestPageIndex(to: x, axis), axis)
    }

    /// The first page boundary strictly past `x` in the direction of `direction`'s sign (the last one in that
    /// direction when there is none past it): a fling never skips a page.
    func boundary(after x: Double, direction: Double, _ axis: Axis) -> Double {
        let p = pageSize[axis]
        guard p >= ScrollPolicy.minimumPageSize, x.isFinite else { return clamp(x, axis) }
        let last = lastPageIndex(axis)
        let eps = 0.01
        let f = ((x - minOffset[axis]) / p).rounded(.down)
        var k = f.isFinite ? Int(min(max(-1, f), Double(last) + 1)) : 0
        if direction > 0 {
            k = min(max(k, 0), last)
            while k > 0 && boundary(k - 1, axis) > x + eps { k -= 1 }
            while k < last && boundary(k, axis) <= x + eps { k += 1 }
        } else {
            k = min(max(k + 1, 0), last)
            while k < last && boundary(k + 1, axis) < x - eps { k += 1 }
            while k > 0 && boundary(k, axis) >= x - eps { k -= 1 }
        }
        return boundary(k, axis)
    }

    /// The page shown at `offset`: the nearest boundary per axis.
    func page(at offset: Point) -> PageIndex {
        PageIndex(
            column: nearestPageIndex(to: offset.x, .horizontal),
            row: nearestPageIndex(to: offset.y, .vertical))
    }
}
