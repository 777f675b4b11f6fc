// Finding the few subviews under a rectangle or a point without visiting all of them.
//
// A list's rows are subviews stacked along one axis in order: subview i + 1 starts at or after subview i. For
// such views, with m[i] the start of subview i's drawn extent along the axis (non-decreasing in i) and
// M[i] = max(end[0], ..., end[i]) the running maximum of the extents' ends (non-decreasing by construction):
//   - subview i can meet the span [lo, hi) only if m[i] < hi and end[i] > lo;
//   - m[i] < hi holds exactly for i < first(m ≥ hi), and end[i] > lo implies M[i] > lo, which holds exactly
//     for i ≥ first(M > lo).
// Both boundaries are binary searches, so the candidates are one contiguous index range [first(M > lo),
// first(m ≥ hi)), in drawing order, found in O(log n). The range is a superset (a long early subview keeps M
// high), and every candidate is still checked exactly by the caller. A point p is the span [p, p] with an
// inclusive upper end: m[i] ≤ p.
//
// Subviews not stacked in order along either axis get no index: callers visit all of them, as before.

/// Candidate ranges of a view's subviews for a span along one axis; see the derivation above.
struct SubviewIndex {
    /// Below this many subviews, visiting all of them is as cheap as keeping an index.
    static let threshold = 32

    /// False after a subview was added, removed or reordered, or a subview's extent changed.
    var isValid = false
    /// The axis the subviews are stacked along, or nil: no index, visit every subview.
    private(set) var axis: Axis?
    /// Start of each subview's extent along `axis` (non-decreasing), points.
    private var starts: [Double] = []
    /// Running maximum of the extents' ends along `axis`, points.
    private var runningEnds: [Double] = []

    /// Rebuilds from the subviews' extents (in the view's coordinates). Keeps the arrays' storage, so a rebuild
    /// for the same number of subviews allocates nothing.
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

    /// Fills the arrays along `along`; false when the starts are not in order (or not finite).
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

    /// The indices of the subviews that may meet `rect` (the view's coordinates), in drawing order; all of
    /// them (`0 ..< count`) without an index.
    func candidates(meeting rect: Rect, count: Int) -> Range<Int> {
        guard let axis, starts.count == count else { return 0..<count }
        let lo = axis == .vertical ? rect.minY : rect.minX
        let hi = axis == .vertical ? rect.maxY : rect.maxX
        guard lo.isFinite, hi.isFinite, lo < hi else { return 0..<0 }
        let first = firstIndex(in: runningEnds) { $0 > lo - SubviewIndex.slack(lo) }
        let end = firstIndex(in: starts) { $0 >= hi + SubviewIndex.slack(hi) }
        return first < end ? first..<end : 0..<0
    }

    /// The indices of the subviews whose extent may contain `point`, in drawing order.
    func candidates(containing point: Point, count: Int) -> Range<Int> {
        guard let axis, starts.count == count else { return 0..<count }
        let p = axis == .vertical ? point.y : point.x
        guard p.isFinite else { return 0..<0 }
        let first = firstIndex(in: runningEnds) { $0 > p - SubviewIndex.slack(p) }
        let end = firstIndex(in: starts) { $0 > p + SubviewIndex.slack(p) }
        return first < end ? first..<end : 0..<0
    }

    /// How much wider than asked a query looks: callers test a subview with other arithmetic (a point minus
    /// the frame's origin against the size, rather than against `minY + height`), whose rounding may differ in
    /// the last bits. A relative billionth is far above that and far below a pixel.
    private static func slack(_ value: Double) -> Double {
        max(1, abs(value)) * 1e-9
    }

    /// The first index whose value satisfies `predicate` (which, over the non-decreasing `values`, is false
    /// then true), or `values.count`.
    private func firstIndex(in values: [Double], where predicate: (Double) -> Bool) -> Int {
        var low = 0, high = values.count
        while low < high {
            let middle = (low + high) / 2
            if predicate(values[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
