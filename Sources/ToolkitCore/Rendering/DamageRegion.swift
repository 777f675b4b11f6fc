// A region as sorted bands of boxes, computed without heap allocation.
//
// Representation (the one X11 and pixman regions use, written here so that it fits in fixed storage):
//   the boxes are sorted by y, then x; boxes with the same y0 share the same y1 and form a *band*; bands do
//   not overlap; within a band, boxes are sorted by x and neither overlap nor touch; two touching bands
//   (one's y1 is the next one's y0) never have the same x spans (they would have been merged into one band).
//   This form is unique for a set of pixels, so two regions are equal exactly when their boxes are.
//
// Boolean operations sweep the union of both operands' band edges: every elementary interval [ya, yb)
// between consecutive edges lies inside at most one band of each operand, so the result's spans there are
// the two sorted span lists combined (union, difference or intersection) in one linear merge. A band equal
// to the band just above it extends that band instead. The sweep visits at most 2·32 + 2·32 edges, so an
// operation costs a few thousand comparisons at worst and a few dozen for the usual one or two boxes.
//
// Capacity: 32 boxes in place. A union that would need more boxes collapses to its bounding box (damage may
// grow, never shrink); a difference that would need more keeps the minuend (a larger region, never a smaller).

/// A set of pixels that changed, as a union of integer rectangles, in PIXELS (buffer coordinates, ready for
/// `wl_surface.damage_buffer`). `WindowCore` also uses it at scale 1 for damage in points.
///
/// A value type holding up to `maximumRectCount` rectangles in place: no operation allocates memory, so a
/// region can be built, copied and combined in every frame for free. Rectangles given in points are scaled
/// and rounded outward, so the region always covers every pixel a shape may have touched. A region that would
/// need more than `maximumRectCount` rectangles collapses to its bounding box: damage may grow, never shrink.
public struct DamageRegion: Sendable, Equatable {
    /// One rectangle of whole pixels, half-open: `x0 ..< x1` by `y0 ..< y1`.
    struct Box: Equatable, Sendable {
        var x0: Int32
        var y0: Int32
        var x1: Int32
        var y1: Int32

        static let zero = Box(x0: 0, y0: 0, x1: 0, y1: 0)

        var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

        init(x0: Int32, y0: Int32, x1: Int32, y1: Int32) {
            self.x0 = x0
            self.y0 = y0
            self.x1 = x1
            self.y1 = y1
        }

        init(_ box: PixelBox) {
            self.init(x0: Int32(box.x0), y0: Int32(box.y0), x1: Int32(box.x1), y1: Int32(box.y1))
        }

        func intersection(_ other: Box) -> Box {
            Box(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
        }

        func contains(_ other: Box) -> Bool {
            x0 <= other.x0 && y0 <= other.y0 && x1 >= other.x1 && y1 >= other.y1
        }
    }

    /// Fixed storage for the boxes; its size is `maximumRectCount`.
    typealias Boxes = InlineArray<32, Box>

    /// How a sweep combines its two operands.
    enum Operation {
        case union, subtraction, intersection
    }

    private var boxes: Boxes
    private var count: Int

    /// Past this many rectangles, a union is replaced by its bounding box.
    public static let maximumRectCount = 32

    /// An empty region.
    public init() {
        boxes = Boxes(repeating: .zero)
        count = 0
    }

    /// A region covering `rect` (points), scaled by `scale` pixels per point and rounded outward.
    public init(rect: Rect, scale: Int = 1) {
        self.init()
        add(rect, scale: scale)
    }

    /// A region of one box (already clamped); an empty box gives an empty region.
    init(box: Box) {
        self.init()
        if !box.isEmpty {
            boxes[0] = box
            count = 1
        }
    }

    // MARK: - Adding

    /// Adds `rect` (points) times `scale` (pixels per point; values below 1 count as 1), rounded outward to whole
    /// pixels. Empty, negative-size and non-finite rects add nothing.
    public mutating func add(_ rect: Rect, scale: Int = 1) {
        add(rect, pixelsPerPoint: Double(max(scale, 1)))
    }

    /// Adds `rect` (points) times a fractional `pixelsPerPoint` (fractional-scale-v1 buffers), rounded outward to
    /// whole pixels. Non-finite or non-positive factors count as 1; empty, negative-size and non-finite rects add
    /// nothing.
    public mutating func add(_ rect: Rect, pixelsPerPoint: Double) {
        guard let box = DamageRegion.outwardBox(rect, pixelsPerPoint: pixelsPerPoint) else { return }
        addBox(box)
    }

    /// Adds a rectangle given in pixels; empty or negative sizes add nothing.
    public mutating func add(x: Int, y: Int, width: Int, height: Int) {
        guard let box = DamageRegion.clampedBox(x: x, y: y, width: width, height: height) else { return }
        addBox(box)
    }

    /// `rect` (points) times `pixelsPerPoint`, rounded outward and clamped; nil when it covers no pixel or has a
    /// non-finite coordinate.
    static func outwardBox(_ rect: Rect, pixelsPerPoint: Double) -> Box? {
        let s = pixelsPerPoint.isFinite && pixelsPerPoint > 0 ? pixelsPerPoint : 1
        let x0 = (rect.minX * s).rounded(.down), y0 = (rect.minY * s).rounded(.down)
        let x1 = (rect.maxX * s).rounded(.up), y1 = (rect.maxY * s).rounded(.up)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, !rect.isEmpty else { return nil }
        let box = Box(x0: Int32(PixelBox.clamp(x0)), y0: Int32(PixelBox.clamp(y0)), x1: Int32(PixelBox.clamp(x1)),
                      y1: Int32(PixelBox.clamp(y1)))
        return box.isEmpty ? nil : box
    }

    /// A pixel rectangle clamped into ±`PixelBox.limit`; nil when empty.
    static func clampedBox(x: Int, y: Int, width: Int, height: Int) -> Box? {
        guard width > 0, height > 0 else { return nil }
        let limit = PixelBox.limit
        let x0 = min(max(x, -limit), limit), y0 = min(max(y, -limit), limit)
        let box = Box(x0: Int32(x0), y0: Int32(y0), x1: Int32(min(x0 + min(width, limit), limit)),
                      y1: Int32(min(y0 + min(height, limit), limit)))
        return box.isEmpty ? nil : box
    }

    /// Adds a box, with shortcuts for the common cases: into an empty region, already covered, covering all.
    mutating func addBox(_ box: Box) {
        addBox(box, keepingFirstOnOverflow: false)
    }

    /// Adds `box` only when the result fits in `maximumRectCount` rectangles (otherwise leaves the region as it
    /// was): for a region that must never hold a pixel that is not truly in it, such as opaque coverage.
    mutating func addBoxIfItFits(_ box: Box) {
        addBox(box, keepingFirstOnOverflow: true)
    }

    private mutating func addBox(_ box: Box, keepingFirstOnOverflow: Bool) {
        guard !box.isEmpty else { return }
        if count == 0 || box.contains(extents) {
            boxes[0] = box
            count = 1
            return
        }
        if contains(box) { return }
        self = DamageRegion.combine(self, DamageRegion(box: box), .union,
                                    keepingFirstOnOverflow: keepingFirstOnOverflow)
    }

    /// Adds every pixel of `other`.
    public mutating func formUnion(_ other: DamageRegion) {
        guard other.count > 0 else { return }
        if count == 0 {
            self = other
            return
        }
        if other.count == 1 {
            addBox(other.boxes[0])
            return
        }
        self = DamageRegion.combine(self, other, .union)
    }

    /// Removes the pixels of the rectangle `x`, `y`, `width`, `height` (pixels). When the rest would need more
    /// than `maximumRectCount` rectangles, the region is left as it was (it never shrinks below the truth).
    mutating func subtract(x: Int, y: Int, width: Int, height: Int) {
        guard count > 0, let box = DamageRegion.clampedBox(x: x, y: y, width: width, height: height),
              !box.intersection(extents).isEmpty else { return }
        if box.contains(extents) {
            removeAll()
            return
        }
        self = DamageRegion.combine(self, DamageRegion(box: box), .subtraction)
    }

    /// Empties the region.
    public mutating func removeAll() {
        count = 0
    }

    /// Keeps only the pixels inside `0 ..< width` by `0 ..< height` (a buffer's size); non-positive sizes empty it.
    public mutating func clip(toWidth width: Int, height: Int) {
        guard count > 0 else { return }
        guard width > 0, height > 0 else {
            removeAll()
            return
        }
        let bounds = Box(x0: 0, y0: 0, x1: Int32(min(width, PixelBox.limit)), y1: Int32(min(height, PixelBox.limit)))
        if bounds.contains(extents) { return }
        self = DamageRegion.combine(self, DamageRegion(box: bounds), .intersection)
    }

    /// Moves the region by (`dx`, `dy`) pixels.
    public mutating func translate(dx: Int, dy: Int) {
        guard count > 0, dx != 0 || dy != 0 else { return }
        let limit = PixelBox.limit
        let cx = Int32(min(max(dx, -limit), limit)), cy = Int32(min(max(dy, -limit), limit))
        // Coordinates stay within ±2·limit, far inside Int32.
        for index in 0..<count {
            boxes[index].x0 += cx
            boxes[index].x1 += cx
            boxes[index].y0 += cy
            boxes[index].y1 += cy
        }
    }

    // MARK: - Reading

    /// True when no pixel is in the region.
    public var isEmpty: Bool { count == 0 }

    /// The smallest box holding the region; `.zero` when empty.
    var extents: Box {
        guard count > 0 else { return .zero }
        var x0 = boxes[0].x0, x1 = boxes[0].x1
        for index in 1..<count {
            x0 = min(x0, boxes[index].x0)
            x1 = max(x1, boxes[index].x1)
        }
        return Box(x0: x0, y0: boxes[0].y0, x1: x1, y1: boxes[count - 1].y1)
    }

    /// The smallest rectangle holding the region, in pixels; `Rect.zero` when empty.
    public var bounds: Rect {
        guard count > 0 else { return .zero }
        let e = extents
        return Rect(x: Double(e.x0), y: Double(e.y0), width: Double(e.x1 - e.x0), height: Double(e.y1 - e.y0))
    }

    /// How many disjoint rectangles make up the region (0 when empty).
    public var rectCount: Int { count }

    /// Calls `body` with each disjoint rectangle as (x, y, width, height) in pixels, top to bottom, left to right:
    /// the arguments of `wl_surface.damage_buffer`.
    public func forEachRect(_ body: (Int32, Int32, Int32, Int32) throws -> Void) rethrows {
        for index in 0..<count {
            let b = boxes[index]
            try body(b.x0, b.y0, b.x1 - b.x0, b.y1 - b.y0)
        }
    }

    /// Whether pixel (`x`, `y`) is in the region.
    public func contains(x: Int, y: Int) -> Bool {
        guard let px = Int32(exactly: x), let py = Int32(exactly: y) else { return false }
        for index in 0..<count {
            let b = boxes[index]
            if b.y0 > py { return false }
            if py < b.y1 && px >= b.x0 && px < b.x1 { return true }
        }
        return false
    }

    /// Whether every pixel of `rect` (points, rounded outward to whole units) is in the region.
    func contains(_ rect: Rect) -> Bool {
        guard let box = DamageRegion.outwardBox(rect, pixelsPerPoint: 1) else { return true }
        return contains(box)
    }

    /// Whether every pixel of `box` is in the region: the bands over its rows follow each other without a gap,
    /// and each has one box spanning its columns.
    func contains(_ box: Box) -> Bool {
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

    /// Regions are equal when they cover the same pixels (the banded form is unique, so: the same boxes).
    public static func == (lhs: DamageRegion, rhs: DamageRegion) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for index in 0..<lhs.count where lhs.boxes[index] != rhs.boxes[index] { return false }
        return true
    }

    // MARK: - Sweep

    /// Writes the band edges of `region` into `edges`, in increasing order without repeats; returns how many.
    private static func appendEdges(of region: DamageRegion, to edges: inout InlineArray<64, Int32>) -> Int {
        var n = 0
        var index = 0
        while index < region.count {
            let band = region.boxes[index]
            if n == 0 || edges[n - 1] != band.y0 {
                edges[n] = band.y0
                n += 1
            }
            edges[n] = band.y1
            n += 1
            index += 1
            while index < region.count && region.boxes[index].y0 == band.y0 { index += 1 }
        }
        return n
    }

    /// The end (exclusive) of the band starting at box `start`.
    private static func bandEnd(_ region: DamageRegion, from start: Int) -> Int {
        var end = start + 1
        while end < region.count && region.boxes[end].y0 == region.boxes[start].y0 { end += 1 }
        return end
    }

    /// `a` combined with `b` by `operation`, in banded form (see the top of the file).
    ///
    /// When the result needs more than `maximumRectCount` boxes, a union gives the bounding box (a superset)
    /// unless `keepingFirstOnOverflow`, which gives `a` (a subset); the other operations give `a`.
    static func combine(_ a: DamageRegion, _ b: DamageRegion, _ operation: Operation,
                        keepingFirstOnOverflow: Bool = false) -> DamageRegion {
        var edgesA = InlineArray<64, Int32>(repeating: 0)
        var edgesB = InlineArray<64, Int32>(repeating: 0)
        let countA = appendEdges(of: a, to: &edgesA)
        let countB = appendEdges(of: b, to: &edgesB)
        var out = DamageRegion()
        var overflow = false
        // Box indices of the current band in each operand, and where the last emitted band starts in `out`.
        var bandA = 0, bandB = 0
        var previousBand = -1
        var ia = 0, ib = 0
        var lastY: Int32? = nil
        // Merge the two sorted edge lists on the fly: each step takes the next distinct edge.
        while (ia < countA || ib < countB) && !overflow {
            let y: Int32
            if ib >= countB || (ia < countA && edgesA[ia] <= edgesB[ib]) {
                y = edgesA[ia]
                if ib < countB && edgesB[ib] == y { ib += 1 }
                ia += 1
            } else {
                y = edgesB[ib]
                ib += 1
            }
            defer { lastY = y }
            guard let ya = lastY, ya < y else { continue }
            let yb = y
            // The operands' bands covering [ya, yb), if any.
            while bandA < a.count && a.boxes[bandA].y1 <= ya { bandA = bandEnd(a, from: bandA) }
            while bandB < b.count && b.boxes[bandB].y1 <= ya { bandB = bandEnd(b, from: bandB) }
            let hasA = bandA < a.count && a.boxes[bandA].y0 <= ya
            let hasB = bandB < b.count && b.boxes[bandB].y0 <= ya
            let endA = hasA ? bandEnd(a, from: bandA) : bandA
            let endB = hasB ? bandEnd(b, from: bandB) : bandB
            let start = out.count
            mergeSpans(a, hasA ? bandA : 0, hasA ? endA : 0, b, hasB ? bandB : 0, hasB ? endB : 0,
                       operation, ya, yb, into: &out, overflow: &overflow)
            if overflow { break }
            guard out.count > start else { continue }
            // Coalesce with the band above when it touches and has the same spans.
            if previousBand >= 0, out.boxes[previousBand].y1 == ya, start - previousBand == out.count - start {
                var same = true
                for k in 0..<(start - previousBand) {
                    let upper = out.boxes[previousBand + k], lower = out.boxes[start + k]
                    if upper.x0 != lower.x0 || upper.x1 != lower.x1 {
                        same = false
                        break
                    }
                }
                if same {
                    for k in previousBand..<start { out.boxes[k].y1 = yb }
                    out.count = start
                    continue
                }
            }
            previousBand = start
        }
        guard overflow else { return out }
        if keepingFirstOnOverflow { return a }
        switch operation {
        case .union:
            let ea = a.extents, eb = b.extents
            let whole = a.count == 0 ? eb : b.count == 0 ? ea
                : Box(x0: min(ea.x0, eb.x0), y0: min(ea.y0, eb.y0), x1: max(ea.x1, eb.x1), y1: max(ea.y1, eb.y1))
            return DamageRegion(box: whole)
        case .subtraction, .intersection:
            // Keeping the minuend is a larger region than the truth, never a smaller one. (An intersection
            // with one box never needs more boxes than `a`, so it does not get here.)
            return a
        }
    }

    /// Appends to `out` the spans of band rows [`ya`, `yb`) that `operation` gives for the spans
    /// `a.boxes[aStart..<aEnd]` and `b.boxes[bStart..<bEnd]` (each sorted, disjoint, not touching).
    private static func mergeSpans(_ a: DamageRegion, _ aStart: Int, _ aEnd: Int,
                                   _ b: DamageRegion, _ bStart: Int, _ bEnd: Int,
                                   _ operation: Operation, _ ya: Int32, _ yb: Int32,
                                   into out: inout DamageRegion, overflow: inout Bool) {
        func emit(_ x0: Int32, _ x1: Int32) {
            guard x0 < x1, !overflow else { return }
            guard out.count < maximumRectCount else {
                overflow = true
                return
            }
            out.boxes[out.count] = Box(x0: x0, y0: ya, x1: x1, y1: yb)
            out.count += 1
        }
        var i = aStart, j = bStart
        switch operation {
        case .union:
            var current: (Int32, Int32)? = nil
            while i < aEnd || j < bEnd {
                let next: Box
                if j >= bEnd || (i < aEnd && a.boxes[i].x0 <= b.boxes[j].x0) {
                    next = a.boxes[i]
                    i += 1
                } else {
                    next = b.boxes[j]
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
                let span = a.boxes[i]
                var x = span.x0
                while j < bEnd && b.boxes[j].x1 <= x { j += 1 }
                var k = j
                while k < bEnd && b.boxes[k].x0 < span.x1 && x < span.x1 {
                    if b.boxes[k].x0 > x { emit(x, b.boxes[k].x0) }
                    x = max(x, b.boxes[k].x1)
                    k += 1
                }
                if x < span.x1 { emit(x, span.x1) }
                i += 1
            }
        case .intersection:
            while i < aEnd && j < bEnd {
                let x0 = max(a.boxes[i].x0, b.boxes[j].x0), x1 = min(a.boxes[i].x1, b.boxes[j].x1)
                emit(x0, x1)
                if a.boxes[i].x1 < b.boxes[j].x1 { i += 1 } else { j += 1 }
            }
        }
    }
}
