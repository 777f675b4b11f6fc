// Finding the few subviews under a rectangle or a point among rows stacked in order along one axis. With m[i]
// the start of subview i's extent and M[i] the running maximum of the ends (both non-decreasing), subview i can
// meet [lo, hi) only if m[i] < hi (i < first(m ≥ hi)) and end[i] > lo, which implies M[i] > lo
// (i ≥ first(M > lo)): two binary searches give one contiguous superset range, checked exactly by the caller.

/// Candidate ranges of a view's subviews for a span along one axis; see the derivation above.
struct SubviewIndex {
    /// Below this many subviews, visiting all of them is as cheap as keeping an index.
    static let threshold = 32

    var isValid = false
    private(set) var axis: Axis?
    /// Start of each subview's extent along `axis`, and the running maximum of the ends, points.
    private var starts: [Double] = []
    private var runningEnds: [Double] = []

    /// Rebuilds from the subviews' extents, keeping the arrays' storage (no allocation for the same count).
    mutating func rebuild(extents: (Int) -> Rect, count: Int) {
        isValid = true
        axis = nil
        starts.removeAll(keepingCapacity: true)
        runningEnds.removeAll(keepingCapacity: true)
        guard count > SubviewIndex.threshold else { return }
        if fill(along: .vertical, extents: extents, count: count) {
            axis = .vertical
        } else if fill(along: .horizontal, extents: extents, count: count) {
            axis = .horizontal
        } else {
            starts.removeAll(keepingCapacity: true)
            runningEnds.removeAll(keepingCapacity: true)
        }
    }

    /// Fills the arrays along `along`; false when the starts are not in order or not finite.
    private mutating func fill(along: Axis, extents: (Int) -> Rect, count: Int) -> Bool {
        starts.removeAll(keepingCapacity: true)
        runningEnds.removeAll(keepingCapacity: true)
        starts.reserveCapacity(count)
        runningEnds.reserveCapacity(count)
        var previousStart = -Double.infinity
        var runningEnd = -Double.infinity
        for index in 0..<count {
            let extent = extents(index)
            let start = along == .vertical ? extent.minY : extent.minX
            let end = along == .vertical ? extent.maxY : extent.maxX
            guard start.isFinite, end.isFinite, start >= previousStart else { return false }
            previousStart = start
            runningEnd = max(runningEnd, end)
            starts.append(start)
            runningEnds.append(runningEnd)
        }
        return true
    }

    /// The indices of the subviews that may meet `rect`, in drawing order; all of them without an index.
    func candidates(meeting rect: Rect, count: Int) -> Range<Int> {
        guard let axis, starts.count == count else { return 0..<count }
        let lo = axis == .vertical ? rect.minY : rect.minX
        let hi = axis == .vertical ? rect.maxY : rect.maxX
        guard lo.isFinite, hi.isFinite, lo < hi else { return 0..<0 }
        let first = firstIndex(in: runningEnds) { $0 > lo - SubviewIndex.slack(lo) }
        let end = firstIndex(in: starts) { $0 >= hi + SubviewIndex.slack(hi) }
        return first < end ? first..<end : 0..<0
    }

    func candidates(containing point: Point, count: Int) -> Range<Int> {
        guard let axis, starts.count == count else { return 0..<count }
        let p = axis == .vertical ? point.y : point.x
        guard p.isFinite else { return 0..<0 }
        let first = firstIndex(in: runningEnds) { $0 > p - SubviewIndex.slack(p) }
        let end = firstIndex(in: starts) { $0 > p + SubviewIndex.slack(p) }
        return first < end ? first..<end : 0..<0
    }

    /// Widens a query: callers test subviews with other arithmetic whose rounding may differ in the last bits.
    private static func slack(_ value: Double) -> Double {
        max(1, abs(value)) * 1e-9
    }

    /// The first index whose value satisfies `predicate` (false then true over `values`), or `values.count`.
    private func firstIndex(in values: [Double], where predicate: (Double) -> Bool) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if predicate(values[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
