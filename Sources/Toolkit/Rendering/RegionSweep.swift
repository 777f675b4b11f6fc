// Boolean operations sweep both operands' bands top to bottom: the next band edge of either ends the current
// interval [ya, yb), inside at most one band of each, where the result's spans are the two sorted span lists
// merged in one pass. A band equal to the one above extends it instead.

/// The region algorithms, on spans of banded boxes (the form `GridRegion` describes); unit-free.
enum RegionSweep {
    /// How many boxes a region holds.
    static let capacity = 32

    /// How a sweep combines its two operands.
    enum Operation {
        case union, subtraction, intersection
    }

    /// The smallest box holding the first `count` of `boxes` (banded); `.zero` when `count` is 0.
    static func extents(of boxes: Span<RegionBox>, _ count: Int) -> RegionBox {
        guard count > 0 else { return .zero }
        var x0 = boxes[0].x0
        var x1 = boxes[0].x1
        for index in 1..<count {
            x0 = min(x0, boxes[index].x0)
            x1 = max(x1, boxes[index].x1)
        }
        return RegionBox(x0: x0, y0: boxes[0].y0, x1: x1, y1: boxes[count - 1].y1)
    }

    /// Whether the first `count` of `boxes` (banded) cover every unit of `box`.
    static func covers(_ boxes: Span<RegionBox>, _ count: Int, _ box: RegionBox) -> Bool {
        guard !box.isEmpty else { return true }
        var y = box.y0
        var index = 0
        while index < count && y < box.y1 {
            let band = boxes[index]
            var end = index + 1
            while end < count && boxes[end].y0 == band.y0 { end += 1 }
            defer { index = end }
            if band.y1 <= y { continue }
            if band.y0 > y { return false }
            var spans = false
            for k in index..<end where boxes[k].x0 <= box.x0 && boxes[k].x1 >= box.x1 {
                spans = true
                break
            }
            if !spans { return false }
            y = band.y1
        }
        return y >= box.y1
    }

    /// The end (exclusive) of the band starting at box `start` among the first `count` of `boxes`.
    static func bandEnd(_ boxes: Span<RegionBox>, _ count: Int, from start: Int) -> Int {
        var end = start + 1
        while end < count && boxes[end].y0 == boxes[start].y0 { end += 1 }
        return end
    }

    /// Writes into `out` the first `na` boxes of `a` combined with the first `nb` of `b` by `operation`, banded;
    /// returns how many, or nil when more than `capacity` would be needed.
    static func combine(
        _ a: Span<RegionBox>, _ na: Int, _ b: Span<RegionBox>, _ nb: Int, _ operation: Operation,
        into out: UnsafeMutableBufferPointer<RegionBox>
    ) -> Int? {
        var n = 0
        // Each operand's current band's first box (its bottom below `y`), and where `out`'s last band starts.
        var ia = 0
        var ib = 0
        var previousBand = -1
        var y = min(na > 0 ? a[0].y0 : Int32.max, nb > 0 ? b[0].y0 : Int32.max)
        while ia < na || ib < nb {
            // Past the last band of `a` only a union adds; past `b`'s, an intersection adds nothing.
            if ia >= na && operation != .union { break }
            if ib >= nb && operation == .intersection { break }
            let aTop = ia < na ? a[ia].y0 : Int32.max
            let aBottom = ia < na ? a[ia].y1 : Int32.max
            let bTop = ib < nb ? b[ib].y0 : Int32.max
            let bBottom = ib < nb ? b[ib].y1 : Int32.max
            // The interval [ya, yb): from here to the next edge of either operand.
            let ya = max(y, min(aTop, bTop))
            let hasA = aTop <= ya
            let hasB = bTop <= ya
            let yb = min(hasA ? aBottom : aTop, hasB ? bBottom : bTop)
            let endA = hasA ? bandEnd(a, na, from: ia) : ia
            let endB = hasB ? bandEnd(b, nb, from: ib) : ib
            let start = n
            guard mergeSpans(a, ia, endA, b, ib, endB, operation, ya, yb, into: out, count: &n) else { return nil }
            if n > start {
                // Coalesce with the band above when it touches and has the same spans.
                var same = previousBand >= 0 && out[previousBand].y1 == ya && start - previousBand == n - start
                var k = 0
                while same && k < start - previousBand {
                    let upper = out[previousBand + k]
                    let lower = out[start + k]
                    same = upper.x0 == lower.x0 && upper.x1 == lower.x1
                    k += 1
                }
                if same {
                    for k in previousBand..<start { out[k].y1 = yb }
                    n = start
                } else {
                    previousBand = start
                }
            }
            y = yb
            if hasA && aBottom == yb { ia = endA }
            if hasB && bBottom == yb { ib = endB }
        }
        return n
    }

    /// Appends to `out` the spans over rows [`ya`, `yb`) that `operation` gives for `a[aStart..<aEnd]` and
    /// `b[bStart..<bEnd]`; false when `out` would need more than `capacity`.
    static func mergeSpans(
        _ a: Span<RegionBox>, _ aStart: Int, _ aEnd: Int,
        _ b: Span<RegionBox>, _ bStart: Int, _ bEnd: Int,
        _ operation: Operation, _ ya: Int32, _ yb: Int32,
        into out: UnsafeMutableBufferPointer<RegionBox>, count: inout Int
    ) -> Bool {
        var overflow = false
        func emit(_ x0: Int32, _ x1: Int32) {
            guard x0 < x1, !overflow else { return }
            guard count < capacity else {
                overflow = true
                return
            }
            out[count] = RegionBox(x0: x0, y0: ya, x1: x1, y1: yb)
            count += 1
        }
        var i = aStart
        var j = bStart
        switch operation {
        case .union:
            var current: (Int32, Int32)? = nil
            while i < aEnd || j < bEnd {
                let next: RegionBox
                if j >= bEnd || (i < aEnd && a[i].x0 <= b[j].x0) {
                    next = a[i]
                    i += 1
                } else {
                    next = b[j]
                    j += 1
                }
                if let (x0, x1) = current, next.x0 <= x1 {
                    current = (x0, max(x1, next.x1))
                } else {
                    if let (x0, x1) = current { emit(x0, x1) }
                    current = (next.x0, next.x1)
                }
            }
            if let (x0, x1) = current { emit(x0, x1) }
        case .subtraction:
            while i < aEnd {
                let span = a[i]
                var x = span.x0
                while j < bEnd && b[j].x1 <= x { j += 1 }
                var k = j
                while k < bEnd && b[k].x0 < span.x1 && x < span.x1 {
                    if b[k].x0 > x { emit(x, b[k].x0) }
                    x = max(x, b[k].x1)
                    k += 1
                }
                if x < span.x1 { emit(x, span.x1) }
                i += 1
            }
        case .intersection:
            while i < aEnd && j < bEnd {
                emit(max(a[i].x0, b[j].x0), min(a[i].x1, b[j].x1))
                if a[i].x1 < b[j].x1 { i += 1 } else { j += 1 }
            }
        }
        return !overflow
    }
}
