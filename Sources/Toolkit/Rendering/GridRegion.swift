// A region as sorted bands of boxes, computed without heap allocation.
//
// Representation (the one X11 and pixman regions use, written here so that it fits in fixed storage):
//   the boxes are sorted by y, then x; boxes with the same y0 share the same y1 and form a *band*; bands do
//   not overlap; within a band, boxes are sorted by x and neither overlap nor touch; two touching bands
//   (one's y1 is the next one's y0) never have the same x spans (they would have been merged into one band).
//   This form is unique for a set of pixels, so two regions are equal exactly when their boxes are.
//
// Boolean operations sweep both operands' bands top to bottom: the next band edge of either operand ends the
// current elementary interval [ya, yb), which lies inside at most one band of each operand, so the result's
// spans there are the two sorted span lists combined (union, difference or intersection) in one linear merge.
// A band equal to the band just above it extends that band instead. The sweep visits at most 2·32 + 2·32
// edges, so an operation costs a few thousand comparisons at worst and a few dozen for the usual one or two
// boxes.
//
// Speed (toolkit-bench regions): the boxes are read through `Span`s and written in place, in mutating code.
// Indexing a stored InlineArray of a struct that is only borrowed (a non-mutating method, a parameter) copies
// the whole array (512 bytes) at every access in Swift 6.3's optimized code; inside a mutating method the
// array is addressable and read in place. So the operations run on `self` in place, with the other operand
// as a span, and the result is built in a scratch array and copied back box by box.
//
// Units: one grid type, two unit tags. `DamageRegion` (`GridRegion<PointUnit>`) is the window's damage in whole
// points; `PixelRegion` (`GridRegion<PixelUnit>`) is buffer pixels. Going from one to the other takes a scale and is
// spelled out (`pixels(scale:)`), so a point rectangle can no longer be subtracted from a pixel region by mistake.
// The algorithms below know neither: they work on `RegionBox`es.
//
// Capacity: 32 boxes in place. A union that would need more boxes collapses to its bounding box (damage may
// grow, never shrink); a difference that would need more keeps the minuend (a larger region, never a smaller).

/// The unit a `GridRegion` counts in: `PointUnit` or `PixelUnit`. A tag only; it holds nothing.
public protocol RegionUnit: Sendable {}

/// A `GridRegion` in whole points (window coordinates): the window's damage (`DamageRegion`).
public enum PointUnit: RegionUnit {}

/// A `GridRegion` in whole pixels (buffer coordinates, ready for `wl_surface.damage_buffer`): `PixelRegion`.
public enum PixelUnit: RegionUnit {}

/// The window's damage, in whole points: what `WindowCore.draw(into:)` drew. `pixels(scale:)` gives the
/// buffer's pixels for it.
public typealias DamageRegion = GridRegion<PointUnit>

/// A set of buffer pixels: what a buffer lacks of the presented frame, what a frame reports to the compositor.
public typealias PixelRegion = GridRegion<PixelUnit>

/// One rectangle of whole units, half-open: `x0 ..< x1` by `y0 ..< y1`.
struct RegionBox: Equatable, Sendable {
    var x0: Int32
    var y0: Int32
    var x1: Int32
    var y1: Int32

    /// The empty box at the origin (a literal, so that filling storage with it compiles to a memset).
    static var zero: RegionBox { RegionBox(x0: 0, y0: 0, x1: 0, y1: 0) }

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

    func intersection(_ other: RegionBox) -> RegionBox {
        RegionBox(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
    }

    func contains(_ other: RegionBox) -> Bool {
        x0 <= other.x0 && y0 <= other.y0 && x1 >= other.x1 && y1 >= other.y1
    }

    /// `rect` times `factor`, rounded outward and clamped; nil when it covers no unit or has a non-finite
    /// coordinate. Non-finite or non-positive factors count as 1.
    static func outward(_ rect: Rect, factor: Double) -> RegionBox? {
        let s = factor.isFinite && factor > 0 ? factor : 1
        let x0 = (rect.minX * s).rounded(.down), y0 = (rect.minY * s).rounded(.down)
        let x1 = (rect.maxX * s).rounded(.up), y1 = (rect.maxY * s).rounded(.up)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, !rect.isEmpty else { return nil }
        let box = RegionBox(x0: Int32(PixelBox.clamp(x0)), y0: Int32(PixelBox.clamp(y0)),
                            x1: Int32(PixelBox.clamp(x1)), y1: Int32(PixelBox.clamp(y1)))
        return box.isEmpty ? nil : box
    }

    /// An integer rectangle clamped into ±`PixelBox.limit`; nil when empty.
    static func clamped(x: Int, y: Int, width: Int, height: Int) -> RegionBox? {
        guard width > 0, height > 0 else { return nil }
        let limit = PixelBox.limit
        let x0 = min(max(x, -limit), limit), y0 = min(max(y, -limit), limit)
        let box = RegionBox(x0: Int32(x0), y0: Int32(y0), x1: Int32(min(x0 + min(width, limit), limit)),
                            y1: Int32(min(y0 + min(height, limit), limit)))
        return box.isEmpty ? nil : box
    }
}

/// A set of whole points or pixels (the `Unit`), as a union of integer rectangles.
///
/// A value type holding up to `maximumRectCount` rectangles in place: no operation allocates memory, so a
/// region can be built, copied and combined in every frame for free (toolkit-bench's `regions` group measures
/// it against `pixman_region32_t`, which allocates as soon as a region holds two rectangles).
///
/// The rectangles are kept in the banded form pixman and X11 use (sorted top to bottom, then left to right;
/// rectangles of one band share their top and bottom; touching bands with the same columns merged), which is
/// unique: two regions covering the same units have the same rectangles.
///
/// When a result would need more than `maximumRectCount` (32) rectangles, the region stays a superset of the
/// truth, never a subset (damage may grow, never shrink):
/// - `add` and `formUnion` give the bounding box of both operands: one rectangle.
/// - `subtract` leaves the region exactly as it was (the minuend).
/// - `clip(toWidth:height:)` and `translate(dx:dy:)` never need more rectangles than the region has.
public struct GridRegion<Unit: RegionUnit>: Sendable, Equatable {
    /// Fixed storage for the boxes; its size is `maximumRectCount`.
    typealias Boxes = InlineArray<32, RegionBox>

    private var boxes: Boxes
    private var count: Int

    /// The most rectangles a region holds. A union that would need more is replaced by its bounding box; a
    /// subtraction that would need more leaves the region as it was (see the type's overview).
    public static var maximumRectCount: Int { RegionSweep.capacity }

    /// An empty region.
    public init() {
        boxes = Boxes(repeating: .zero)
        count = 0
    }

    /// A region of one box (already clamped); an empty box gives an empty region.
    init(box: RegionBox) {
        self.init()
        if !box.isEmpty {
            boxes[0] = box
            count = 1
        }
    }

    // MARK: - Adding

    /// Adds the rectangle `x`, `y`, `width`, `height` (whole units); empty or negative sizes add nothing.
    public mutating func add(x: Int, y: Int, width: Int, height: Int) {
        guard let box = RegionBox.clamped(x: x, y: y, width: width, height: height) else { return }
        addBox(box)
    }

    /// Adds a box, with shortcuts for the common cases: into an empty region, already covered, covering all.
    mutating func addBox(_ box: RegionBox) {
        addBox(box, keepingFirstOnOverflow: false)
    }

    /// Adds `box` only when the result fits in `maximumRectCount` rectangles (otherwise leaves the region as it
    /// was): for a region that must never hold a unit that is not truly in it, such as opaque coverage.
    mutating func addBoxIfItFits(_ box: RegionBox) {
        addBox(box, keepingFirstOnOverflow: true)
    }

    private mutating func addBox(_ box: RegionBox, keepingFirstOnOverflow: Bool) {
        guard !box.isEmpty else { return }
        if count == 0 || box.contains(RegionSweep.extents(of: boxes.span, count)) {
            boxes[0] = box
            count = 1
            return
        }
        let last = boxes[count - 1]
        if box.y0 >= last.y1 {
            // Below every band (rows added top to bottom): a new last band, or the last band grown downward when
            // it is this one span and touches. Growing cannot make it equal to the band above: its spans stay.
            if last.y1 == box.y0 && last.x0 == box.x0 && last.x1 == box.x1
                && (count == 1 || boxes[count - 2].y0 != last.y0) {
                boxes[count - 1].y1 = box.y1
                return
            }
            if count < RegionSweep.capacity {
                boxes[count] = box
                count += 1
                return
            }
        }
        if RegionSweep.covers(boxes.span, count, box) { return }
        let operand: InlineArray<1, RegionBox> = [box]
        combineInPlace(with: operand.span, 1, .union, keepingFirstOnOverflow: keepingFirstOnOverflow)
    }

    /// Adds every unit of `other`.
    public mutating func formUnion(_ other: GridRegion) {
        guard other.count > 0 else { return }
        if count == 0 {
            self = other
            return
        }
        let span = other.boxes.span
        if other.count == 1 {
            addBox(span[0])
            return
        }
        combineInPlace(with: span, other.count, .union)
    }

    /// Removes the rectangle `x`, `y`, `width`, `height` (whole units). When the rest would need more than
    /// `maximumRectCount` rectangles, the region is left exactly as it was (it never shrinks below the truth).
    /// Empty or negative sizes remove nothing.
    public mutating func subtract(x: Int, y: Int, width: Int, height: Int) {
        guard count > 0, let box = RegionBox.clamped(x: x, y: y, width: width, height: height) else { return }
        let extents = RegionSweep.extents(of: boxes.span, count)
        guard !box.intersection(extents).isEmpty else { return }
        if box.contains(extents) {
            removeAll()
            return
        }
        let operand: InlineArray<1, RegionBox> = [box]
        combineInPlace(with: operand.span, 1, .subtraction)
    }

    /// Removes every unit of `other`. When the rest would need more than `maximumRectCount` rectangles, the
    /// region is left exactly as it was (it never shrinks below the truth).
    public mutating func subtract(_ other: GridRegion) {
        guard count > 0, other.count > 0 else { return }
        let span = other.boxes.span
        if RegionSweep.covers(span, other.count, RegionSweep.extents(of: boxes.span, count)) {
            removeAll()
            return
        }
        combineInPlace(with: span, other.count, .subtraction)
    }

    /// Empties the region.
    public mutating func removeAll() {
        count = 0
    }

    /// Keeps only the units inside `0 ..< width` by `0 ..< height` (a buffer's or a window's size); non-positive
    /// sizes empty it.
    public mutating func clip(toWidth width: Int, height: Int) {
        guard count > 0 else { return }
        guard width > 0, height > 0 else {
            removeAll()
            return
        }
        let bounds = RegionBox(x0: 0, y0: 0, x1: Int32(min(width, PixelBox.limit)),
                               y1: Int32(min(height, PixelBox.limit)))
        if bounds.contains(RegionSweep.extents(of: boxes.span, count)) { return }
        let operand: InlineArray<1, RegionBox> = [bounds]
        combineInPlace(with: operand.span, 1, .intersection)
    }

    /// Moves the region by (`dx`, `dy`) units.
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

    /// True when no unit is in the region.
    public var isEmpty: Bool { count == 0 }

    /// The smallest box holding the region; `.zero` when empty.
    var extents: RegionBox { RegionSweep.extents(of: boxes.span, count) }

    /// The smallest rectangle holding the region, in its units; `Rect.zero` when empty.
    public var bounds: Rect {
        guard count > 0 else { return .zero }
        let e = extents
        return Rect(x: Double(e.x0), y: Double(e.y0), width: Double(e.x1 - e.x0), height: Double(e.y1 - e.y0))
    }

    /// How many disjoint rectangles make up the region (0 when empty).
    public var rectCount: Int { count }

    /// Calls `body` with each disjoint rectangle as (x, y, width, height) in whole units, top to bottom, left to
    /// right (for a `PixelRegion`: the arguments of `wl_surface.damage_buffer`).
    public func forEachRect(_ body: (Int32, Int32, Int32, Int32) throws -> Void) rethrows {
        let boxes = self.boxes.span
        for index in 0..<count {
            let b = boxes[index]
            try body(b.x0, b.y0, b.x1 - b.x0, b.y1 - b.y0)
        }
    }

    /// Calls `body` with each disjoint rectangle as a `Rect` in the region's units, top to bottom, left to right.
    public func forEachRectangle(_ body: (Rect) throws -> Void) rethrows {
        let boxes = self.boxes.span
        for index in 0..<count {
            let b = boxes[index]
            try body(Rect(x: Double(b.x0), y: Double(b.y0), width: Double(b.x1 - b.x0), height: Double(b.y1 - b.y0)))
        }
    }

    /// Whether the unit square at (`x`, `y`) is in the region.
    public func contains(x: Int, y: Int) -> Bool {
        guard let px = Int32(exactly: x), let py = Int32(exactly: y) else { return false }
        let boxes = self.boxes.span
        for index in 0..<count {
            let b = boxes[index]
            if b.y0 > py { return false }
            if py < b.y1 && px >= b.x0 && px < b.x1 { return true }
        }
        return false
    }

    /// Whether every unit of `rect` (in the region's units, rounded outward to whole ones) is in the region; an
    /// empty rect is contained in every region.
    public func contains(_ rect: Rect) -> Bool {
        guard let box = RegionBox.outward(rect, factor: 1) else { return true }
        return contains(box)
    }

    /// Whether every unit of `box` is in the region: the bands over its rows follow each other without a gap,
    /// and each has one box spanning its columns.
    func contains(_ box: RegionBox) -> Bool {
        RegionSweep.covers(boxes.span, count, box)
    }

    /// Regions are equal when they cover the same units (the banded form is unique, so: the same boxes).
    public static func == (lhs: GridRegion, rhs: GridRegion) -> Bool {
        guard lhs.count == rhs.count else { return false }
        let a = lhs.boxes.span, b = rhs.boxes.span
        for index in 0..<lhs.count where a[index] != b[index] { return false }
        return true
    }

    /// Replaces the region by itself combined with the first `otherCount` boxes of `other` (banded) by
    /// `operation`. When the result needs more than `maximumRectCount` boxes, a union gives the bounding box of
    /// both (a superset) unless `keepingFirstOnOverflow`, which leaves the region as it was (a subset); the other
    /// operations leave it as it was (a superset of the truth: the minuend).
    private mutating func combineInPlace(with other: Span<RegionBox>, _ otherCount: Int,
                                         _ operation: RegionSweep.Operation, keepingFirstOnOverflow: Bool = false) {
        // Scratch space on the stack, left uninitialized: combine writes before it reads.
        let combined = withUnsafeTemporaryAllocation(of: RegionBox.self, capacity: RegionSweep.capacity) { out in
            guard let n = RegionSweep.combine(boxes.span, count, other, otherCount, operation, into: out) else {
                return false
            }
            for index in 0..<n { boxes[index] = out[index] }
            count = n
            return true
        }
        if combined { return }
        guard operation == .union, !keepingFirstOnOverflow else { return }
        let ea = RegionSweep.extents(of: boxes.span, count), eb = RegionSweep.extents(of: other, otherCount)
        boxes[0] = count == 0 ? eb : otherCount == 0 ? ea
            : RegionBox(x0: min(ea.x0, eb.x0), y0: min(ea.y0, eb.y0),
                        x1: max(ea.x1, eb.x1), y1: max(ea.y1, eb.y1))
        count = 1
    }
}

// MARK: - Points and pixels

extension GridRegion where Unit == PointUnit {
    /// A region covering `rect` (points), rounded outward to whole points.
    public init(rect: Rect) {
        self.init()
        add(rect)
    }

    /// Adds `rect` (points), rounded outward to whole points. Empty, negative-size and non-finite rects add
    /// nothing.
    public mutating func add(_ rect: Rect) {
        guard let box = RegionBox.outward(rect, factor: 1) else { return }
        addBox(box)
    }

    /// The buffer pixels these points cover at `scale` pixels per point (values below 1 count as 1).
    public func pixels(scale: Int) -> PixelRegion {
        pixels(pixelsPerPoint: Double(max(scale, 1)))
    }

    /// The buffer pixels these points cover at a fractional `pixelsPerPoint` (fractional-scale-v1 buffers),
    /// each rectangle rounded outward. Non-finite or non-positive factors count as 1.
    public func pixels(pixelsPerPoint: Double) -> PixelRegion {
        var result = PixelRegion()
        forEachRectangle { result.add($0, pixelsPerPoint: pixelsPerPoint) }
        return result
    }
}

extension GridRegion where Unit == PixelUnit {
    /// A region covering `rect` (points) at `scale` pixels per point, rounded outward to whole pixels.
    public init(rect: Rect, scale: Int) {
        self.init()
        add(rect, scale: scale)
    }

    /// Adds `rect` (points) times `scale` (pixels per point; values below 1 count as 1), rounded outward to
    /// whole pixels. Empty, negative-size and non-finite rects add nothing.
    public mutating func add(_ rect: Rect, scale: Int) {
        add(rect, pixelsPerPoint: Double(max(scale, 1)))
    }

    /// Adds `rect` (points) times a fractional `pixelsPerPoint` (fractional-scale-v1 buffers), rounded outward
    /// to whole pixels. Non-finite or non-positive factors count as 1; empty, negative-size and non-finite rects
    /// add nothing.
    public mutating func add(_ rect: Rect, pixelsPerPoint: Double) {
        guard let box = RegionBox.outward(rect, factor: pixelsPerPoint) else { return }
        addBox(box)
    }

    /// Adds every pixel `points` covers at `pixelsPerPoint`.
    public mutating func add(_ points: DamageRegion, pixelsPerPoint: Double) {
        points.forEachRectangle { add($0, pixelsPerPoint: pixelsPerPoint) }
    }
}

// MARK: - Sweep

/// The region algorithms, on spans of banded boxes (see the top of the file); unit-free.
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
        var x0 = boxes[0].x0, x1 = boxes[0].x1
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

    /// Writes into `out` the first `na` boxes of `a` combined with the first `nb` of `b` by `operation`, in
    /// banded form (see the top of the file); returns how many boxes, or nil when more than `capacity`
    /// would be needed.
    static func combine(_ a: Span<RegionBox>, _ na: Int, _ b: Span<RegionBox>, _ nb: Int, _ operation: Operation,
                        into out: UnsafeMutableBufferPointer<RegionBox>) -> Int? {
        var n = 0
        // The first box of each operand's current band (whose bottom is always below `y`), and where the last
        // band written to `out` starts.
        var ia = 0, ib = 0
        var previousBand = -1
        var y = min(na > 0 ? a[0].y0 : Int32.max, nb > 0 ? b[0].y0 : Int32.max)
        while ia < na || ib < nb {
            // Past the last band of `a`, a difference or an intersection adds nothing; past `b`'s, an
            // intersection adds nothing.
            if ia >= na && operation != .union { break }
            if ib >= nb && operation == .intersection { break }
            let aTop = ia < na ? a[ia].y0 : Int32.max, aBottom = ia < na ? a[ia].y1 : Int32.max
            let bTop = ib < nb ? b[ib].y0 : Int32.max, bBottom = ib < nb ? b[ib].y1 : Int32.max
            // The interval [ya, yb): from here to the next edge of either operand.
            let ya = max(y, min(aTop, bTop))
            let hasA = aTop <= ya, hasB = bTop <= ya
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
                    let upper = out[previousBand + k], lower = out[start + k]
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

    /// Appends to `out` (holding `count` boxes) the spans of band rows [`ya`, `yb`) that `operation` gives for
    /// the spans `a[aStart..<aEnd]` and `b[bStart..<bEnd]` (each sorted, disjoint, not touching; an empty range
    /// for an operand with no band there). Returns false when `out` would need more than `capacity`.
    static func mergeSpans(_ a: Span<RegionBox>, _ aStart: Int, _ aEnd: Int,
                           _ b: Span<RegionBox>, _ bStart: Int, _ bEnd: Int,
                           _ operation: Operation, _ ya: Int32, _ yb: Int32,
                           into out: UnsafeMutableBufferPointer<RegionBox>, count: inout Int) -> Bool {
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
        var i = aStart, j = bStart
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
